import { ZKey } from "@kontor/domain/account/account.schema";
import { useParams } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { api } from "../../app/api.ts";
import { OneShotLinkPage } from "../account/OneShotLinkPage.tsx";
import { pendingTwoFactor } from "./twoFactor.state.ts";

/** POST totp/deactivate2fa {key}: switches two-factor off for the user the key was mailed to (204). */
async function deactivateByKey(key: string): Promise<void> {
  await api.post<void>("totp/deactivate2fa", ZKey.parse({ key }), { anonymous: true });
  // A sign-in that waited for a code in this tab is void now: the next sign-in needs no code.
  pendingTwoFactor.clear();
}

/** /disable2fa/{key} (public): the link of the "lost your device" mail (SPEC §4 Two-factor). */
export function Disable2faPage() {
  const { t } = useTranslation("account");
  const { key } = useParams({ from: "/disable2fa/$key" });
  return (
    <OneShotLinkPage
      id={`disable2fa:${key}`}
      call={() => deactivateByKey(key)}
      texts={{
        pending: t("twoFactor.disablePending"),
        failed: t("twoFactor.disableFailed"),
        doneTitle: t("twoFactor.disabledTitle"),
        doneText: t("twoFactor.disabledText"),
      }}
    />
  );
}
