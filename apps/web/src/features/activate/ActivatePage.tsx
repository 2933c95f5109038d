import { useParams } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { api } from "../../app/api.ts";
import { OneShotLinkPage } from "../account/OneShotLinkPage.tsx";

/** GET activate?key=: activates the account the key was mailed for (200), or 400 error.keyInvalid. */
function activate(key: string): Promise<unknown> {
  return api.get<unknown>("activate", { anonymous: true, query: { key } });
}

/**
 * /activate/{key} (public): the link of the activation mail. Activates at once and shows the activation-success
 * page of SPEC §2 (a header, a text and a login button), or why it failed.
 */
export function ActivatePage() {
  const { t } = useTranslation("account");
  const { slug } = useParams({ from: "/activate/$slug" });
  return (
    <OneShotLinkPage
      id={`activate:${slug}`}
      call={() => activate(slug)}
      texts={{
        pending: t("activate.pending"),
        failed: t("activate.failedTitle"),
        doneTitle: t("activate.title"),
        doneText: t("activate.text"),
      }}
    />
  );
}
