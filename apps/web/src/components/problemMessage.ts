import type { TProblemCode } from "@kontor/domain/http/problem.schema";
import i18next, { type i18n as I18n } from "i18next";
import { useTranslation } from "react-i18next";
import { isApiError } from "../app/api.ts";

/**
 * A translated message for any error: ApiErrors by their stable code (DESIGN §5: translate codes, never parse
 * text); a code this client does not know yet, and any other error, as "unknown". Needs the "errors" texts
 * loaded; it does not wait for them (the login page loads them with its sign-in code, not with the page).
 */
export function problemMessageOf(error: unknown, i18n: I18n = i18next): string {
  const code = isApiError(error) ? error.code : "error.unknown";
  return i18n.t(i18n.exists(code, { ns: "errors" }) ? (code as TProblemCode) : "error.unknown", {
    ns: "errors",
  });
}

/** problemMessageOf for screens that show errors from the start (waits for the "errors" texts). */
export function useProblemMessage(): (error: unknown) => string {
  const { i18n } = useTranslation("errors");
  return (error) => problemMessageOf(error, i18n);
}
