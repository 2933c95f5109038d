/** Code lists of the cash book (zod-free, so screens can import them without the schemas). */

/** An entry's type: income raises the cash balance, expense lowers it. */
export const KASSABUCH_TYPEN = ["einnahme", "ausgabe"] as const;
export type TKassabuchTyp = (typeof KASSABUCH_TYPEN)[number];

/** A close freezes one day or a whole month (through its last day). */
export const KASSABUCH_ABSCHLUSS_ARTEN = ["tag", "monat"] as const;
export type TKassabuchAbschlussArt = (typeof KASSABUCH_ABSCHLUSS_ARTEN)[number];

/** The largest amount of one entry (as a document's amounts; numeric(14,2) in the table). */
export const KASSABUCH_BETRAG_MAX = 9_999_999_999.99;

/**
 * The most entries one export (GET kassabuch/export) may hold, per format: a longer period is refused with 400 at
 * `von` (code max, `max` = the limit) before anything is read or rendered. Measured in bench/kassabuch/liste.ts.
 */
export const KASSABUCH_EXPORT_MAX = { csv: 200_000, pdf: 10_000 } as const;
