import { isApiError } from "../../app/api.ts";
import { fieldErrorMessage } from "../form/fieldErrors.ts";

/**
 * What the server found in an uploaded file — a field error at `field` (too many pixels or pages, encrypted,
 * damaged, …; issue 33) — in the current language, with its bound; undefined for any other failure (then the
 * problem's own message applies).
 */
export function dateiFehler(error: unknown, field = "inhalt"): string | undefined {
  if (!isApiError(error)) return undefined;
  const fehler = error.fieldErrors.find((f) => f.field === field);
  return fehler ? fieldErrorMessage(fehler.code, { max: fehler.max }) : undefined;
}
