import { addDays, daysBetween } from "../date/calendar.ts";

/**
 * Pure rules of the quarter calendar (issue 23): the quarter's days and ISO weeks (the board's columns), the rule
 * that copies a quarter into another, and the iCalendar text of an export (RFC 5545).
 */

const pad = (n: number) => String(n).padStart(2, "0");

/** First day of a quarter (1–4) of a year. */
export function quartalBeginn(jahr: number, quartal: number): string {
  return `${String(jahr).padStart(4, "0")}-${pad((quartal - 1) * 3 + 1)}-01`;
}

/** Last day of a quarter. */
export function quartalEnde(jahr: number, quartal: number): string {
  return quartal === 4 ? `${jahr}-12-31` : addDays(quartalBeginn(jahr, quartal + 1), -1);
}

/** The quarter a date lies in. */
export function quartalVon(datum: string): { jahr: number; quartal: number } {
  return { jahr: Number(datum.slice(0, 4)), quartal: Math.floor((Number(datum.slice(5, 7)) - 1) / 3) + 1 };
}

/** Whether a date lies in the quarter (ISO dates compare as strings). */
export function imQuartal(datum: string, jahr: number, quartal: number): boolean {
  return datum >= quartalBeginn(jahr, quartal) && datum <= quartalEnde(jahr, quartal);
}

/** ISO weekday: 1 = Monday … 7 = Sunday. */
export function wochentag(datum: string): number {
  // 1970-01-01 was a Thursday (4).
  return ((((daysBetween("1970-01-01", datum) + 3) % 7) + 7) % 7) + 1;
}

/** The Monday of the ISO week a date lies in. */
export function montagDerWoche(datum: string): string {
  return addDays(datum, 1 - wochentag(datum));
}

/** ISO 8601 week: the week (1–53) and its week-based year (the year of the week's Thursday). */
export function isoWoche(datum: string): { jahr: number; woche: number } {
  const donnerstag = addDays(datum, 4 - wochentag(datum));
  const jahr = Number(donnerstag.slice(0, 4));
  const woche = Math.floor(daysBetween(`${donnerstag.slice(0, 4)}-01-01`, donnerstag) / 7) + 1;
  return { jahr, woche };
}

export interface KalenderTag {
  datum: string;
  /** 1 = Monday … 7 = Sunday. */
  wochentag: number;
  /** Saturday or Sunday. */
  wochenende: boolean;
  /** Whether the day belongs to the quarter (the first and last week reach into the neighbours). */
  imQuartal: boolean;
}

export interface KalenderWoche {
  /** ISO week number and its week-based year. */
  woche: number;
  jahr: number;
  montag: string;
  tage: KalenderTag[];
}

/**
 * The board's columns: every ISO week (Monday–Sunday) that has a day in the quarter, in order — 13 weeks, or 14
 * when the quarter starts late in a week and ends early in one (e.g. Q4 2026: Thu 1 Oct … Thu 31 Dec). Days of the
 * first and last week outside the quarter are marked `imQuartal: false` (shown, not plannable).
 */
export function quartalWochen(jahr: number, quartal: number): KalenderWoche[] {
  const beginn = quartalBeginn(jahr, quartal);
  const ende = quartalEnde(jahr, quartal);
  const wochen: KalenderWoche[] = [];
  for (let montag = montagDerWoche(beginn); montag <= ende; montag = addDays(montag, 7)) {
    const tage = Array.from({ length: 7 }, (_, i) => {
      const datum = addDays(montag, i);
      return { datum, wochentag: i + 1, wochenende: i >= 5, imQuartal: datum >= beginn && datum <= ende };
    });
    wochen.push({ ...isoWoche(montag), montag, tage });
  }
  return wochen;
}

// ---------------------------------------------------------------------------------------------------------------
// Copying a quarter

/**
 * The shift of a copy from one quarter into another, in days: the distance between the Mondays of the two quarters'
 * first weeks — always whole weeks, so an entry stays on its weekday (a Monday meeting stays on Monday, and the n-th
 * week of the source becomes the n-th week of the target).
 */
export function kopieVerschiebung(
  von: { jahr: number; quartal: number },
  nach: { jahr: number; quartal: number },
): number {
  return daysBetween(
    montagDerWoche(quartalBeginn(von.jahr, von.quartal)),
    montagDerWoche(quartalBeginn(nach.jahr, nach.quartal)),
  );
}

/**
 * An entry of the source quarter in the target quarter: both days shifted by `tage` (kopieVerschiebung), then cut to
 * the target quarter; null when nothing of it is left inside (a shifted entry that falls wholly into the
 * neighbouring quarter is not copied).
 */
export function eintragVerschieben<T extends { von: string; bis: string }>(
  eintrag: T,
  tage: number,
  nach: { jahr: number; quartal: number },
): T | null {
  const beginn = quartalBeginn(nach.jahr, nach.quartal);
  const ende = quartalEnde(nach.jahr, nach.quartal);
  const von = addDays(eintrag.von, tage);
  const bis = addDays(eintrag.bis, tage);
  if (bis < beginn || von > ende) return null;
  return { ...eintrag, von: von < beginn ? beginn : von, bis: bis > ende ? ende : bis };
}

// ---------------------------------------------------------------------------------------------------------------
// iCalendar (RFC 5545)

/** A text value escaped (§3.3.11): backslash, semicolon, comma; every line break becomes \n. */
export function icsText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

const utf8Laenge = (codePoint: number) =>
  codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;

/**
 * A content line folded (§3.1): at most 75 octets per line (UTF-8), continued lines start with one space; a
 * multi-octet character is never split. Lines end with CRLF.
 */
export function icsFalten(zeile: string): string {
  const teile: string[] = [];
  let aktuell = "";
  let octets = 0;
  let grenze = 75;
  for (const zeichen of zeile) {
    const laenge = utf8Laenge(zeichen.codePointAt(0)!);
    if (octets + laenge > grenze) {
      teile.push(aktuell);
      aktuell = "";
      octets = 0;
      grenze = 74; // the leading space counts
    }
    aktuell += zeichen;
    octets += laenge;
  }
  teile.push(aktuell);
  return `${teile.join("\r\n ")}\r\n`;
}

/** YYYYMMDD of an ISO date. */
export const icsDatum = (datum: string) => datum.replaceAll("-", "");

/** A UTC time stamp YYYYMMDDTHHMMSSZ of an instant. */
export function icsZeitstempel(instant: Date): string {
  return `${instant.toISOString().slice(0, 19).replace(/[-:]/g, "")}Z`;
}

export interface IcsEreignis {
  /** Unique and stable per entry (the same entry exported again updates the event). */
  uid: string;
  /** First and last day (inclusive); the event's DTEND is the day after `bis` (exclusive, §3.6.1). */
  von: string;
  bis: string;
  summary: string;
  description?: string | null | undefined;
  location?: string | null | undefined;
  categories?: string | null | undefined;
}

/**
 * An iCalendar object (VCALENDAR 2.0) with one all-day VEVENT per entry: DTSTART;VALUE=DATE, DTEND;VALUE=DATE the day
 * after the last day, DTSTAMP = `stempel`, texts escaped, lines folded, CRLF.
 */
export function icsKalender(kalender: { name: string; stempel: Date; ereignisse: IcsEreignis[] }): string {
  const stamp = icsZeitstempel(kalender.stempel);
  const zeilen = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Kontor//Quartalskalender//DE",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${icsText(kalender.name)}`,
  ];
  for (const e of kalender.ereignisse) {
    zeilen.push(
      "BEGIN:VEVENT",
      `UID:${icsText(e.uid)}`,
      `DTSTAMP:${stamp}`,
      `DTSTART;VALUE=DATE:${icsDatum(e.von)}`,
      `DTEND;VALUE=DATE:${icsDatum(addDays(e.bis, 1))}`,
      `SUMMARY:${icsText(e.summary)}`,
    );
    if (e.description) zeilen.push(`DESCRIPTION:${icsText(e.description)}`);
    if (e.location) zeilen.push(`LOCATION:${icsText(e.location)}`);
    if (e.categories) zeilen.push(`CATEGORIES:${icsText(e.categories)}`);
    zeilen.push("TRANSP:OPAQUE", "END:VEVENT");
  }
  zeilen.push("END:VCALENDAR");
  return zeilen.map(icsFalten).join("");
}
