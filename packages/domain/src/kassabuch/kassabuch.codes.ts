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
 * `von` (code max, `max` = the limit) before anything is read or rendered (bench/README.md "Cash book"). A PDF is
 * laid out in one go on the API's only event loop — on the bench machine ~0.7–1.1 ms and ~20 KB of RSS per entry
 * (4 948 entries: 3.4–5.5 s, ~+90 MB; 9 981: 5.3–6.1 s, ~+140 MB), every other request waiting meanwhile — so its
 * cap holds a very busy month (the bench's busiest: ~4 050 entries, ~135 a day), not a year. A CSV is read and
 * written in parts of 5 000 (the memory of one part plus the file's text; 100 661 entries: ~3 s, ~+100 MB peak
 * where one piece took ~+330 MB) and yields between parts, so it may hold years of a busy register.
 */
export const KASSABUCH_EXPORT_MAX = { csv: 200_000, pdf: 5_000 } as const;
