import type { TAccount, TLangKey } from "@kontor/domain/auth/auth.schema";
import { lazyCheck } from "../../components/form/fieldErrors.ts";

/** The settings form's values: what the inputs hold ("" for an empty text). */
export interface SettingsValues {
  firstName: string;
  lastName: string;
  email: string;
  langKey: TLangKey;
  signature: string;
  enablemailtransfer: boolean;
  timermode: boolean;
}

/** The form's rules (settings.rules.ts, with zod): loaded with the screen, not in its first load. */
export const settingsRules = lazyCheck(() =>
  import("./settings.rules.ts").then((module) => module.validateSettings),
);

export function toSettingsValues(account: TAccount): SettingsValues {
  return {
    firstName: account.firstName ?? "",
    lastName: account.lastName ?? "",
    email: account.email,
    langKey: account.langKey,
    signature: account.signature ?? "",
    enablemailtransfer: account.enablemailtransfer,
    timermode: account.timermode,
  };
}

/** SPEC §8 / DESIGN §5: a taken address reads "E-mail is already in use!" at the field. */
export const SETTINGS_PROBLEM_FIELDS = { "error.emailUsed": "email" } as const;
