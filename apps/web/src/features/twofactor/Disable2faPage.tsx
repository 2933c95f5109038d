import { ZKey } from "@kontor/domain/account/account.schema";
import { Alert, Button, Center, Loader, Text } from "@mantine/core";
import { Link, useParams } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { api } from "../../app/api.ts";
import { useProblemMessage } from "../../components/problemMessage.ts";
import { PublicFrame } from "../account/PublicFrame.tsx";
import { useOneShot } from "../account/useOneShot.ts";
import { pendingTwoFactor } from "./twoFactor.state.ts";

/** POST totp/deactivate2fa {key}: switches two-factor off for the user the key was mailed to (204). */
async function deactivateByKey(key: string): Promise<void> {
  await api.post<void>("totp/deactivate2fa", ZKey.parse({ key }), { anonymous: true });
  // A sign-in that waited for a code in this tab is void now: the next sign-in needs no code.
  pendingTwoFactor.clear();
}

/** /disable2fa/{key} (public): the link of the "lost your device" mail (SPEC §4 Two-factor). */
export function Disable2faPage() {
  const { t } = useTranslation(["account", "common"]);
  const problemMessage = useProblemMessage();
  const { key } = useParams({ from: "/disable2fa/$key" });
  const state = useOneShot(`disable2fa:${key}`, () => deactivateByKey(key));

  if (state.kind === "pending") {
    return (
      <PublicFrame title={t("twoFactor.disablePending")} backToLogin={false}>
        <Center py="md">
          <Loader aria-label={t("common:loading")} />
        </Center>
      </PublicFrame>
    );
  }
  if (state.kind === "failed") {
    return (
      <PublicFrame title={t("twoFactor.disableFailed")} backToLogin={false}>
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
    <PublicFrame title={t("twoFactor.disabledTitle")} backToLogin={false}>
      <Text>{t("twoFactor.disabledText")}</Text>
      <Button component={Link} to="/login">
        {t("activate.login")}
      </Button>
    </PublicFrame>
  );
}
