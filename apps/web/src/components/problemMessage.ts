import type { TProblemCode } from "@kontor/domain/http/problem.schema";
import { useTranslation } from "react-i18next";
import { isApiError } from "../app/api.ts";

/**
 * A translated message for any error: ApiErrors by their stable code (DESIGN §5: translate codes, never parse
 * text); a code this client does not know yet, and any other error, as "unknown".
 */
export function useProblemMessage(): (error: unknown) => string {
  const { t, i18n } = useTranslation("errors");
  return (error) => {
    const code = isApiError(error) ? error.code : "error.unknown";
    return t(i18n.exists(code, { ns: "errors" }) ? (code as TProblemCode) : "error.unknown");
  };
}
