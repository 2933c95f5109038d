import { z } from "zod";
import { AUTHORITIES } from "../access/access.schema.ts";
import { BELEGS_TYPEN, PDF_LAYOUTS, type TBelegsTyp, type TPdfLayout } from "./typen.codes.ts";

/**
 * Simple types (SPEC §3 "Simple entities", §7 firmatyp, geschlechtstyp, roletyp, pdflayout, belegstypen,
 * belegstypengui, belegstypbestellung): fixed code lists, no tables. The API answers them as `[{id, name}]` with
 * the code as name; the web translates codes. The order of each list is its id order, so only ever append.
 */

/** Document types (typen.codes.ts: without zod, so a list can name them without loading it). */
export { BELEGS_TYPEN, type TBelegsTyp };
export const ZBelegsTyp = z.enum(BELEGS_TYPEN);

/** Document types a user creates in the editor: all but storno, which only cancelling an invoice creates. */
export const BELEGS_TYPEN_GUI: readonly Exclude<TBelegsTyp, "storno">[] = BELEGS_TYPEN.filter(
  (typ): typ is Exclude<TBelegsTyp, "storno"> => typ !== "storno",
);

/** Document types of the order area (SPEC §4: "A new order has type bestellung"). */
export const BELEGS_TYP_BESTELLUNG = ["bestellung"] as const satisfies readonly TBelegsTyp[];

/** Customer type (Kunde.firma): a company or a private person. */
export const FIRMA_TYPEN = ["firma", "privatperson"] as const;
export const ZFirmaTyp = z.enum(FIRMA_TYPEN);
export type TFirmaTyp = z.infer<typeof ZFirmaTyp>;

/** Salutation (Kunde.geschlecht, contact persons). */
export const GESCHLECHT_TYPEN = ["herr", "frau", "familie", "divers"] as const;
export const ZGeschlechtTyp = z.enum(GESCHLECHT_TYPEN);
export type TGeschlechtTyp = z.infer<typeof ZGeschlechtTyp>;

/** Role types: the authorities of SPEC §6, in their declared order. */
export const ROLE_TYPEN = AUTHORITIES;

/** Layouts a document PDF can be printed in (typen.codes.ts). */
export { PDF_LAYOUTS, type TPdfLayout };
export const ZPdfLayout = z.enum(PDF_LAYOUTS);

/** One entry of a simple type as the API answers it: id = position + 1, name = the code. */
export const ZTyp = z.object({
  id: z.number().int().positive(),
  name: z.string().describe("The code; the web translates it"),
});
export type TTyp = z.infer<typeof ZTyp>;

/** A code list as `[{id, name}]`; ids follow the list order (1-based), so they are stable while lists only grow. */
export function typList(codes: readonly string[]): TTyp[] {
  return codes.map((name, index) => ({ id: index + 1, name }));
}
