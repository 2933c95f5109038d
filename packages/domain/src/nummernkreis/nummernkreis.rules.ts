import { BELEGS_TYPEN, type TBelegsTyp } from "../typen/typen.codes.ts";

/**
 * A list of document types as shown in tables (SPEC §3 belegsTypsString): each code capitalised, comma-joined,
 * e.g. "Angebot, Lieferschein". Used by number circles and document field definitions alike.
 */
export function belegsTypsString(typs: readonly string[]): string {
  return typs.map((typ) => typ.charAt(0).toUpperCase() + typ.slice(1)).join(", ");
}

/** Document types once each, in the order of BELEGS_TYPEN (how a circle stores and shows them). */
export function normalizeBelegsTyps(typs: readonly TBelegsTyp[]): TBelegsTyp[] {
  return BELEGS_TYPEN.filter((typ) => typs.includes(typ));
}

/**
 * The highest last number a circle may hold: the counter is a PostgreSQL integer and the next number must still
 * fit into it.
 */
export const MAX_LAST_NUMMER = 2_147_483_646;
