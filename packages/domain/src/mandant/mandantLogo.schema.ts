import { z } from "zod";

/**
 * The tenant's logo (issue 16): uploaded as base64 JSON (PUT mandants/logo), a PNG or JPEG by its content of at
 * most 2 MB; the server stores it as a PNG at most MANDANT_LOGO_MAX_PIXEL wide and high (transparency kept), the
 * form the document PDF prints. The logo belongs to the selected tenant (X-Mandant-Id).
 */

/** The largest upload (decoded), in bytes: 2 MB. */
export const MANDANT_LOGO_MAX_BYTES = 2 * 1024 * 1024;
/** The stored PNG is at most this wide and this high (a larger picture is scaled down, never up). */
export const MANDANT_LOGO_MAX_PIXEL = 1200;
/** The largest picture decoded at all (width × height): a bigger one is refused before it can fill the memory. */
export const MANDANT_LOGO_MAX_INPUT_PIXELS = 50_000_000;

/** PUT mandants/logo: the picture as base64 (PNG or JPEG by content; the size and the content are checked). */
export const ZMandantLogoUpload = z.object({
  inhalt: z.base64().min(1).describe("The picture (PNG or JPEG), base64; at most 2 MB"),
});
export type TMandantLogoUpload = z.infer<typeof ZMandantLogoUpload>;

/** The stored logo's metadata (the picture itself: GET mandants/logo, image/png). */
export const ZMandantLogo = z.object({
  breite: z.number().int().positive().describe("Width of the stored PNG in pixels"),
  hoehe: z.number().int().positive().describe("Height of the stored PNG in pixels"),
  groesse: z.number().int().positive().describe("Size of the stored PNG in bytes"),
  geaendertAm: z.string().describe("When the logo was uploaded (ISO 8601)"),
});
export type TMandantLogo = z.infer<typeof ZMandantLogo>;
