import { Alert, Button, Center, Loader, Text } from "@mantine/core";
import { Link, useParams } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { api } from "../../app/api.ts";
import { useProblemMessage } from "../../components/problemMessage.ts";
import { PublicFrame } from "../account/PublicFrame.tsx";
import { useOneShot } from "../account/useOneShot.ts";

/** GET activate?key=: activates the account the key was mailed for (200), or 400 error.keyInvalid. */
function activate(key: string): Promise<unknown> {
  return api.get<unknown>("activate", { anonymous: true, query: { key } });
}

/**
 * /activate/{key} (public): the link of the activation mail. Activates at once and shows the activation-success
 * page of SPEC §2 (a header, a text and a login button), or why it failed.
 */
export function ActivatePage() {
  const { t } = useTranslation(["account", "common"]);
  const problemMessage = useProblemMessage();
  const { slug } = useParams({ from: "/activate/$slug" });
  const state = useOneShot(`activate:${slug}`, () => activate(slug));

  if (state.kind === "pending") {
    return (
      <PublicFrame title={t("activate.pending")} backToLogin={false}>
        <Center py="md">
          <Loader aria-label={t("common:loading")} />
        </Center>
      </PublicFrame>
    );
  }
  if (state.kind === "failed") {
    return (
      <PublicFrame title={t("activate.failedTitle")} backToLogin={false}>
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
    <PublicFrame title={t("activate.title")} backToLogin={false}>
      <Text>{t("activate.text")}</Text>
      <Button component={Link} to="/login">
        {t("activate.login")}
      </Button>
    </PublicFrame>
  );
}
