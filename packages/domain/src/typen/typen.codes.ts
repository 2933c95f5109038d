/**
 * Code lists of typen.ts without zod: a list screen can name them without loading it. typen.ts re-exports them
 * with their schemas. The order of each list is its id order, so only ever append.
 */

/** Document types (Beleg.belegsTyp). */
export const BELEGS_TYPEN = [
  "angebot",
  "auftragsbestaetigung",
  "lieferschein",
  "rechnung",
  "gutschrift",
  "storno",
  "proformarechnung",
  "barrechnung",
  "bestellung",
] as const;
export type TBelegsTyp = (typeof BELEGS_TYPEN)[number];

/** Layouts a document PDF can be printed in (the tenant's pdfLayout). */
export const PDF_LAYOUTS = ["standard", "kompakt", "modern"] as const;
export type TPdfLayout = (typeof PDF_LAYOUTS)[number];
