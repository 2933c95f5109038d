import { Alert, Button, Center, Loader, Text } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { useProblemMessage } from "../../components/problemMessage.ts";
import { PublicFrame } from "./PublicFrame.tsx";
import { type OneShotState, useOneShot } from "./useOneShot.ts";

export interface OneShotLinkTexts {
  pending: string;
  failed: string;
  doneTitle: string;
  doneText: string;
}

/**
 * A page behind a mailed one-time link (activation, switching two-factor off): runs the call once when it opens
 * and shows "working", the reason it failed, or the success with a sign-in button.
 */
export function OneShotLinkPage({
  id,
  call,
  texts,
}: {
  id: string;
  call: () => Promise<unknown>;
  texts: OneShotLinkTexts;
}) {
  const state: OneShotState = useOneShot(id, call);
  const { t } = useTranslation(["account", "common"]);
  const problemMessage = useProblemMessage();

  if (state.kind === "pending") {
    return (
      <PublicFrame title={texts.pending} backToLogin={false}>
        <Center py="md">
          <Loader aria-label={t("common:loading")} />
        </Center>
      </PublicFrame>
    );
  }
  if (state.kind === "failed") {
    return (
      <PublicFrame title={texts.failed} backToLogin={false}>
        <Alert color="red" variant="light" role="alert">
          {problemMessage(state.error)}
        </Alert>
        <Button component={Link} to="/login" variant="light">
          {t("public.toLogin")}
        </Button>
      </PublicFrame>
    );
  }
  return (
    <PublicFrame title={texts.doneTitle} backToLogin={false}>
      <Text>{texts.doneText}</Text>
      <Button component={Link} to="/login">
        {t("activate.login")}
      </Button>
    </PublicFrame>
  );
}
