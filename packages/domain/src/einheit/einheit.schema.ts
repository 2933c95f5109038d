import { z } from "zod";
import { EINHEIT_CODES, type TEinheitCode } from "./einheit.codes.ts";

/** The unit codes (einheit.codes.ts: without zod, so a list can name them without loading it). */
export { EINHEIT_CODES, type TEinheitCode };

/** A unit code of EINHEIT_CODES (field code "enum" for any other). */
export const ZEinheitCode = z.enum(Object.keys(EINHEIT_CODES) as [TEinheitCode, ...TEinheitCode[]]);

/**
 * A base unit of the tenant (SPEC §3 einheit): the standard code e-invoices carry, the tenant's own name and the
 * symbol printed on documents; one unit is the default for new articles.
 */
export const ZEinheit = z.object({
  id: z.number().int().optional(),
  code: ZEinheitCode.describe("UN/ECE Recommendation 20 code, unique in the tenant, e.g. C62, HUR, KGM"),
  bezeichnung: z.string().trim().min(1).max(100).describe("The tenant's name for it, e.g. Stück"),
  kuerzel: z.string().trim().min(1).max(10).describe("Symbol printed on documents, e.g. Stk, h, kg"),
  defaultEinheit: z.boolean().default(false).describe("Preselected for new articles; one per tenant"),
});
export type TEinheit = z.infer<typeof ZEinheit>;
export type TEinheitInput = z.input<typeof ZEinheit>;
