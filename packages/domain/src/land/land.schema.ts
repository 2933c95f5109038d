import { z } from "zod";
import { isLaenderKuerzel, LAENDER_KUERZEL } from "./land.codes.ts";

/** A country (ISO 3166-1), installation-wide: code, German and English name, EU membership. */
export const ZLand = z.object({
  id: z.number().int(),
  laenderKuerzel: z.string().describe("ISO 3166-1 alpha-2 code"),
  bezeichnung: z.string().describe("German name"),
  bezeichnungEn: z.string().describe("English name"),
  eu: z.boolean().describe("Member state of the European Union"),
});
export type TLand = z.infer<typeof ZLand>;

/** Two letters, the shape of an ISO 3166-1 alpha-2 code (trimmed, upper-cased): for looking one up (unknown: 404). */
export const ZLaenderKuerzelForm = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/);

/**
 * ISO 3166-1 alpha-2 code, as countries are referenced everywhere: trimmed and upper-cased, two letters (else field
 * code "pattern"), and one of the 249 existing codes (an unknown one like "AA" is field code "enum"). The OpenAPI
 * document lists them as its enum.
 */
export const ZLaenderKuerzel = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, { abort: true })
  .refine((code): boolean => isLaenderKuerzel(code), { params: { code: "enum" } }) // typed string (stored rows)
  .meta({ enum: [...LAENDER_KUERZEL] });
