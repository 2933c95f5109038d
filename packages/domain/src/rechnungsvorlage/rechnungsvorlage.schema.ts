import { z } from "zod";
import {
  base64DecodedLength,
  base64Head,
  cleanFileName,
  SNIFF_BYTES,
  sniffContentType,
  VORLAGE_CONTENT_TYPES,
  VORLAGE_MAX_BYTES,
} from "./rechnungsvorlage.rules.ts";

/**
 * A document template (SPEC §3) as answers show it: the file's metadata, never its bytes (those come from GET
 * rechnungsvorlages/{id}/vorlage). The content type is what the file's content is, decided by the server.
 */
export const ZRechnungsvorlage = z.object({
  id: z.number().int().optional(),
  vorlagename: z.string().trim().min(1).max(100),
  active: z.boolean().default(true),
  vorlageContentType: z
    .enum(VORLAGE_CONTENT_TYPES)
    .nullish()
    .describe("Read-only: the type of the stored file, judged by its content"),
  vorlageDateiname: z.string().nullish().describe("The stored file's name as uploaded"),
  vorlageGroesse: z.number().int().nullish().describe("Read-only: size of the stored file in bytes"),
  lastModifiedDate: z.string().optional().describe("Read-only: last change (ISO 8601)"),
});
export type TRechnungsvorlage = z.infer<typeof ZRechnungsvorlage>;

/** The uploaded file: base64, at most 5 MB decoded ("max"), a PDF, PNG or JPEG by its content ("invalid"). */
export const ZVorlageDatei = z
  .base64()
  .refine((value) => base64DecodedLength(value) <= VORLAGE_MAX_BYTES, {
    params: { code: "max" },
    abort: true,
  })
  .refine((value) => sniffContentType(base64Head(value, SNIFF_BYTES)) !== undefined, {
    params: { code: "invalid" },
  });

/**
 * What PUT rechnungsvorlages accepts: the template and, optionally, a new file with its name. Without `vorlage`
 * an update keeps the stored file (and its name). Read-only fields sent back are ignored.
 */
export const ZRechnungsvorlageInput = z.object({
  id: z.number().int().optional(),
  vorlagename: ZRechnungsvorlage.shape.vorlagename,
  active: ZRechnungsvorlage.shape.active,
  vorlage: ZVorlageDatei.optional().describe("The file (PDF, PNG or JPEG), base64; at most 5 MB"),
  vorlageDateiname: z
    .string()
    .transform(cleanFileName)
    .pipe(z.string().max(255))
    .nullish()
    .describe("The file's name; only stored with a new `vorlage`"),
});
export type TRechnungsvorlageInput = z.infer<typeof ZRechnungsvorlageInput>;
