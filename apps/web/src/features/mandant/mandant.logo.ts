import { MANDANT_LOGO_MAX_BYTES } from "@kontor/domain/mandant/mandantLogo.schema";
import { sniffImageType } from "../../components/richtext/imageFile.ts";

/** Why a picked logo is refused in the browser already (the server checks the same again, and whether it decodes). */
export type LogoFehler = "empty" | "tooLarge" | "notImage";

/** How many leading bytes the content check reads. */
export const LOGO_ANFANG_LAENGE = 8;

/** The checks before a logo upload: PNG or JPEG by content (never by name), at most 2 MB. null = fine. */
export function logoFehler(datei: { size: number }, anfang: Uint8Array): LogoFehler | null {
  if (datei.size === 0) return "empty";
  if (datei.size > MANDANT_LOGO_MAX_BYTES) return "tooLarge";
  const typ = sniffImageType(anfang);
  return typ === "image/png" || typ === "image/jpeg" ? null : "notImage";
}
