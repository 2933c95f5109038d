/**
 * Code lists and constants of employee working time (Arbeitszeiterfassung, issue 22), import-free: screens and the
 * pure rules use them without zod.
 */

/** Kinds of absence. urlaub and zeitausgleich are requested (approval when the tenant wants it); krank and
 * sonstiges (paid leave: wedding, move, doctor …) are recorded. */
export const ABWESENHEIT_ARTEN = ["urlaub", "zeitausgleich", "krank", "sonstiges"] as const;
export type TAbwesenheitArt = (typeof ABWESENHEIT_ARTEN)[number];

/** State of an absence: requested, approved, refused. */
export const ABWESENHEIT_STATUS = ["beantragt", "genehmigt", "abgelehnt"] as const;
export type TAbwesenheitStatus = (typeof ABWESENHEIT_STATUS)[number];

/**
 * State of an employee's month (approval, tenant setting confirmTimes):
 * offen → eingereicht (employee) → genehmigt (admin; the month is closed) | zurueckgegeben (admin, with comment)
 * → eingereicht …; genehmigt → offen only by the admin reopening it (with comment, in the history).
 */
export const MONAT_STATUS = ["offen", "eingereicht", "zurueckgegeben", "genehmigt"] as const;
export type TMonatStatus = (typeof MONAT_STATUS)[number];

/** Transitions of a month, named by the route that performs them. */
export const MONAT_AKTIONEN = ["einreichen", "genehmigen", "zurueckgeben", "wiedereroeffnen"] as const;
export type TMonatAktion = (typeof MONAT_AKTIONEN)[number];

/** Kind of a holiday entry: statutory public holiday (imported for a region) or company holiday. */
export const FEIERTAG_ARTEN = ["gesetzlich", "betrieblich"] as const;
export type TFeiertagArt = (typeof FEIERTAG_ARTEN)[number];

/** Regions whose statutory public holidays Kontor knows: Austria, and Germany by federal state (ISO 3166-2). */
export const FEIERTAG_REGIONEN = [
  "AT",
  "DE-BW",
  "DE-BY",
  "DE-BE",
  "DE-BB",
  "DE-HB",
  "DE-HH",
  "DE-HE",
  "DE-MV",
  "DE-NI",
  "DE-NW",
  "DE-RP",
  "DE-SL",
  "DE-SN",
  "DE-ST",
  "DE-SH",
  "DE-TH",
] as const;
export type TFeiertagRegion = (typeof FEIERTAG_REGIONEN)[number];

/** Flags of a day the admin should look at. */
export const TAG_HINWEISE = [
  "pauseFehlt", // the statutory break was not taken (and not deducted: tenant setting pausenAbzug off)
  "pauseAbgezogen", // the missing break was deducted automatically
  "ueber10Stunden", // more than 10 hours of work on the day
  "ruhezeit", // less than 11 hours of rest since the last record of the day before
  "offen", // a record was started (Kommen) and not ended (Gehen)
] as const;
export type TTagHinweis = (typeof TAG_HINWEISE)[number];

/** Statutory limits, in minutes. */
export const HOECHSTARBEITSZEIT_TAG_MIN = 600;
export const MINDESTRUHEZEIT_MIN = 660;

/** Weekday keys of the employee settings (SPEC §3 workhoursMon..Fri; Saturday and Sunday have no target). */
export const WOCHENTAGE = ["Mon", "Tue", "Wed", "Thu", "Fri"] as const;
export type TWochentag = (typeof WOCHENTAGE)[number];
