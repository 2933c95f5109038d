import type { TAccountUpdateInput } from "@kontor/domain/account/account.schema";
import type { TAccount, TLangKey } from "@kontor/domain/auth/auth.schema";
import i18next from "i18next";
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
  /** Asked for when the e-mail changes (issue 33): the server wants the owner to sign in again; never stored. */
  currentPassword: string;
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
    currentPassword: "",
  };
}

/** Whether the form's e-mail is another than the saved one (as the server compares: trimmed, case-insensitive). */
export const emailChanged = (values: Pick<SettingsValues, "email">, savedEmail: string): boolean =>
  values.email.trim().toLowerCase() !== savedEmail.toLowerCase();

/**
 * A new e-mail needs the current password (issue 33; the server refuses it without): "required" at the password
 * input while it is empty. Without zod, so the rule is there from the first render.
 */
export function reauthErrors(values: SettingsValues, savedEmail: string): Record<string, string> {
  return emailChanged(values, savedEmail) && values.currentPassword === ""
    ? { currentPassword: i18next.t("required", { ns: "validation" }) }
    : {};
}

/** What POST account gets: the password only with a new e-mail (an unchanged one needs none). */
export function toAccountUpdate(values: SettingsValues, savedEmail: string): TAccountUpdateInput {
  const { currentPassword, ...settings } = values;
  return emailChanged(values, savedEmail) ? { ...settings, currentPassword } : settings;
}

/**
 * SPEC §8 / DESIGN §5: a taken address reads "E-mail is already in use!" at the field; a wrong password (issue 33)
 * "The current password is wrong" at the password input.
 */
export const SETTINGS_PROBLEM_FIELDS = {
  "error.emailUsed": "email",
  "error.passwordWrong": "currentPassword",
} as const;
