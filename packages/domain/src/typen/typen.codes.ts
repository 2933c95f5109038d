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
