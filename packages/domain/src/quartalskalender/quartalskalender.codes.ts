/**
 * Code lists and limits of the quarter calendar (Quartalskalender, issue 23), import-free: screens, the PDF and the
 * pure rules use them without zod.
 */

/** What the rows of a quarter calendar are: the tenant's people (members) or its construction sites. */
export const ZEILEN_ARTEN = ["personen", "baustellen"] as const;
export type TZeilenArt = (typeof ZEILEN_ARTEN)[number];

/** The colour palette of calendar entries (code → hex; the same colours on screen, in the PDF and in the .ics). */
export const FARBEN = {
  blau: "#1c7ed6",
  gruen: "#2f9e44",
  rot: "#e03131",
  orange: "#f76707",
  violett: "#7048e8",
  tuerkis: "#0c8599",
  gelb: "#f08c00",
  grau: "#495057",
} as const;
export const FARB_CODES = Object.keys(FARBEN) as [keyof typeof FARBEN, ...(keyof typeof FARBEN)[]];
export type TFarbe = keyof typeof FARBEN;

/** Quarters 1–4 and the years a calendar may plan. */
export const QUARTALE = [1, 2, 3, 4] as const;
export const KALENDER_JAHRE = { min: 2000, max: 2100 } as const;

/** Text limits. */
export const KALENDER_TEXT_MAX = { bezeichnung: 100, text: 200, notiz: 2000, note: 1000 } as const;
