import type { Language } from "@kontor/i18n/languages";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { accountKeys, saveLangKey } from "../../features/account/account.queries.ts";
import { applyAccountLanguage, onLanguageChosen } from "../i18n.ts";

/**
 * The language lives on the account: at sign-in the account's language applies (unless one was just picked on
 * the sign-in page — that one is saved), and every switch while signed in is saved, so the next sign-in on any
 * device starts in it. A failed save only costs the remembering; the switch itself has happened.
 */
export function useAccountLanguage(langKey: Language | undefined): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!langKey) return;
    const save = (language: Language) => {
      if (language === langKey) return;
      saveLangKey(language).then(
        () => client.setQueryData(accountKeys.current, (old) => old && { ...old, langKey: language }),
        () => undefined,
      );
    };
    const chosen = applyAccountLanguage(langKey);
    if (chosen) save(chosen);
    return onLanguageChosen(save);
  }, [langKey, client]);
}
