import i18next from "i18next";
import { isApiError } from "../../app/api.ts";
import { serverFieldErrors } from "../../components/form/fieldErrors.ts";

/* Without zod: the screens that show a call's field errors need not load it (the password rule is passwordPair.ts). */

/** Several rules' errors as one: the first message per field wins. */
export function mergeErrors(...sets: Record<string, string>[]): Record<string, string> {
  const merged: Record<string, string> = {};
  for (const set of sets) for (const [field, message] of Object.entries(set)) merged[field] ??= message;
  return merged;
}

/**
 * The form errors a failed call puts at fields: the 400's field codes, and problem codes that are about one field
 * (`fieldOfCode`, e.g. error.loginUsed -> login: "Login name already used!"). Empty for anything else, which the
 * caller shows as an alert or a toast.
 */
export function problemFieldErrors(
  error: unknown,
  fieldOfCode: Readonly<Record<string, string>> = {},
): Record<string, string> {
  if (!isApiError(error)) return {};
  const errors = serverFieldErrors(error.fieldErrors);
  const field = fieldOfCode[error.code];
  // The problem's own message is more telling than a generic field code ("invalid") the server sent with it.
  if (field && i18next.exists(error.code, { ns: "errors" })) {
    errors[field] = i18next.t(error.code as "error.unknown", { ns: "errors" });
  }
  return errors;
}
