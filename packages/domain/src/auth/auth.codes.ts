/** Code lists and limits of accounts (zod-free, so screens can import them without the schemas). */

/** SPEC §5: passwords have 5 to 50 characters. */
export const PASSWORD_MIN = 5;
export const PASSWORD_MAX = 50;

/** The languages of the app (an account's `langKey`). */
export const LANG_KEYS = ["de", "en"] as const;
export type TLangKey = (typeof LANG_KEYS)[number];

/** Whether a value is one of the app's languages (e.g. a select's choice). */
export function isLangKey(value: unknown): value is TLangKey {
  return (LANG_KEYS as readonly unknown[]).includes(value);
}
