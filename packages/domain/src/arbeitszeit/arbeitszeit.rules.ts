import { addDays, daysBetween, daysInMonth, isLeapYear, parseIsoDate } from "../date/calendar.ts";
import { isoWochentag } from "../date/zeitzone.ts";
import {
  HOECHSTARBEITSZEIT_TAG_MIN,
  MINDESTRUHEZEIT_MIN,
  type TAbwesenheitArt,
  TAG_HINWEISE,
  type TFeiertagRegion,
  type TTagHinweis,
  type TWochentag,
  WOCHENTAGE,
} from "./arbeitszeit.codes.ts";

/**
 * The working-time rules (issue 22), pure and zod-free (the web bundles them): daily targets, statutory breaks,
 * day flags, absence credits, vacation entitlement, overtime balance. Every duration is whole minutes; a day is an
 * ISO date (YYYY-MM-DD) in the business time zone; records are instants (epoch ms), so a record across a clock
 * change has its true length (00:00–06:00 is 300 minutes on the spring-forward Sunday, 420 on the autumn one).
 *
 * The law:
 * - Austria, Arbeitszeitgesetz §11: more than 6 hours of work → a break of 30 minutes, which may be split into
 *   2 × 15 or 3 × 10 minutes. §9: at most 10 hours a day (12 in special cases — only flagged). §12: 11 hours of
 *   daily rest.
 * - Germany, Arbeitszeitgesetz §4: more than 6 hours → 30 minutes, more than 9 hours → 45 minutes, in parts of at
 *   least 15 minutes. §3: at most 10 hours a day. §5: 11 hours of rest.
 */

/** Whose law applies: from the tenant's region ("AT", or "DE-<state>"). */
export type Land = "AT" | "DE";

/** An employee's settings (zeiterfassungUserData), converted to minutes by the caller. */
export type Einstellung = {
  wochenMinuten: number;
  /** Target of each weekday; null → round(wochenMinuten / 5). */
  tagMinuten: Record<TWochentag, number | null>;
  /** No target before it. */
  eintrittsdatum: string | null;
  /** uberstunden_beginn: balances start here (null → eintrittsdatum; both null → no lower bound). */
  beginn: string | null;
  /** uberstunden_end: no target after it, nothing counted after it. */
  ende: string | null;
  /** Overtime balance carried over at beginn. */
  uebertragMinuten: number;
  /** Vacation days carried over at beginn. */
  urlaubUebertrag: number;
  /** Vacation days per year (half days allowed). */
  urlaubsanspruchJahr: number;
};

/** A holiday of the tenant (statutory or company), by date. */
export type FeiertagTag = { datum: string; halbtag: boolean; bezeichnung: string };

/** A working-time record: epoch ms; bis null = the clock is running (Kommen without Gehen). */
export type Eintrag = { von: number; bis: number | null };

const MINUTE_MS = 60_000;

export function landVonRegion(region: TFeiertagRegion): Land {
  return region === "AT" ? "AT" : "DE";
}

/** The first day the balances count (uberstunden_beginn, else the entry date; null: no lower bound). */
export function bilanzBeginn(e: Einstellung): string | null {
  return e.beginn ?? e.eintrittsdatum;
}

/** The weekday's target minutes of the settings (Saturday and Sunday: 0), ignoring dates and holidays. */
export function wochentagSoll(e: Einstellung, wochentag: number): number {
  const key = WOCHENTAGE[wochentag - 1];
  if (key === undefined) return 0;
  return e.tagMinuten[key] ?? Math.round(e.wochenMinuten / 5);
}

/**
 * A day's target in minutes: 0 on Saturday and Sunday, before the entry date, after the end date and on a full
 * holiday; half (rounded) on a half holiday; otherwise the weekday's minutes.
 */
export function tagSoll(e: Einstellung, datum: string, feiertage: ReadonlyMap<string, FeiertagTag>): number {
  if (e.eintrittsdatum !== null && datum < e.eintrittsdatum) return 0;
  if (e.ende !== null && datum > e.ende) return 0;
  const minuten = wochentagSoll(e, isoWochentag(datum));
  const feiertag = feiertage.get(datum);
  if (!feiertag) return minuten;
  return feiertag.halbtag ? Math.round(minuten / 2) : 0;
}

/** The statutory break of a day with `arbeitMinuten` of work: AT > 6 h → 30; DE > 9 h → 45, > 6 h → 30. */
export function pausePflicht(land: Land, arbeitMinuten: number): number {
  if (land === "AT") return arbeitMinuten > 360 ? 30 : 0;
  if (arbeitMinuten > 540) return 45;
  return arbeitMinuten > 360 ? 30 : 0;
}

/** The shortest gap between records that counts as (part of) a break: AT 3 × 10 minutes allowed, DE 15. */
export const PAUSE_MINDESTTEIL: Record<Land, number> = { AT: 10, DE: 15 };

export type TagAuswertung = {
  /** Minutes of the closed records. */
  brutto: number;
  /** Break taken: the gaps between records of at least PAUSE_MINDESTTEIL. */
  pause: number;
  /** The statutory break for brutto. */
  pausePflicht: number;
  /** Minutes deducted for the missing break (0 when the tenant does not deduct). */
  abzug: number;
  /** Working time counted: brutto − abzug. */
  netto: number;
  hinweise: TTagHinweis[];
};

/**
 * One day of an employee: working time, break, deduction and flags.
 * - brutto: the closed records' minutes (each floored); an open record counts 0 and flags "offen".
 * - pause: the gaps of at least PAUSE_MINDESTTEIL between consecutive closed records.
 * - abzug: the least deduction d (up to the missing break) with d + pause ≥ pausePflicht(brutto − d), so the
 *   deduction never pushes the day below the threshold that required it (DE 370 minutes without a break: 10).
 *   Applied only when the tenant deducts (flag "pauseAbgezogen"); otherwise the day is flagged "pauseFehlt".
 * - "ueber10Stunden": netto above HOECHSTARBEITSZEIT_TAG_MIN; "ruhezeit": the first record starts less than
 *   MINDESTRUHEZEIT_MIN after `vorherigesEnde` (the end of the previous day's last record).
 */
export function tagAuswerten(input: {
  eintraege: readonly Eintrag[];
  vorherigesEnde: number | null;
  land: Land;
  pausenAbzug: boolean;
}): TagAuswertung {
  const { eintraege, vorherigesEnde, land, pausenAbzug } = input;
  const flags = new Set<TTagHinweis>();
  const sortiert = [...eintraege].sort((a, b) => a.von - b.von);
  const geschlossen: { von: number; bis: number }[] = [];
  for (const eintrag of sortiert) {
    if (eintrag.bis === null) flags.add("offen");
    else geschlossen.push({ von: eintrag.von, bis: eintrag.bis });
  }

  let brutto = 0;
  let pause = 0;
  let letztesEnde: number | null = null;
  for (const { von, bis } of geschlossen) {
    brutto += Math.max(0, Math.floor((bis - von) / MINUTE_MS));
    if (letztesEnde !== null) {
      const luecke = Math.floor((von - letztesEnde) / MINUTE_MS);
      if (luecke >= PAUSE_MINDESTTEIL[land]) pause += luecke;
    }
    letztesEnde = letztesEnde === null ? bis : Math.max(letztesEnde, bis);
  }

  const pflicht = pausePflicht(land, brutto);
  const fehlend = Math.max(0, pflicht - pause);
  let abzug = 0;
  if (pausenAbzug) {
    while (abzug < fehlend && abzug + pause < pausePflicht(land, brutto - abzug)) abzug += 1;
    if (abzug > 0) flags.add("pauseAbgezogen");
  } else if (fehlend > 0) {
    flags.add("pauseFehlt");
  }
  const netto = brutto - abzug;

  if (netto > HOECHSTARBEITSZEIT_TAG_MIN) flags.add("ueber10Stunden");
  const erster = sortiert[0];
  if (vorherigesEnde !== null && erster && erster.von - vorherigesEnde < MINDESTRUHEZEIT_MIN * MINUTE_MS)
    flags.add("ruhezeit");

  return {
    brutto,
    pause,
    pausePflicht: pflicht,
    abzug,
    netto,
    hinweise: TAG_HINWEISE.filter((h) => flags.has(h)),
  };
}

/**
 * Minutes an absence day credits as worked: urlaub, krank and sonstiges the day's target (half a day: half of it,
 * rounded); zeitausgleich 0 — the day's target stays and is taken from the overtime balance.
 */
export function gutschrift(art: TAbwesenheitArt, halbtag: boolean, soll: number): number {
  if (art === "zeitausgleich") return 0;
  return halbtag ? Math.round(soll / 2) : soll;
}

/**
 * Working days of an absence from von to bis (inclusive): the days with a target; half a day (von = bis) counts
 * 0.5 when that day has a target. bis before von → 0.
 */
export function abwesenheitTage(
  von: string,
  bis: string,
  halbtag: boolean,
  soll: (datum: string) => number,
): number {
  if (halbtag && von === bis) return soll(von) > 0 ? 0.5 : 0;
  let tage = 0;
  for (let datum = von; datum <= bis; datum = addDays(datum, 1)) if (soll(datum) > 0) tage += 1;
  return tage;
}

const jahrVon = (datum: string) => parseIsoDate(datum).year;
const tageImJahr = (jahr: number) => (isLeapYear(jahr) ? 366 : 365);
const iso = (jahr: number, mmdd: string) => `${String(jahr).padStart(4, "0")}-${mmdd}`;

/**
 * Vacation days an employee earns in a calendar year:
 * - 0 before the entry year and before the year of beginn (what was earned before beginn is in urlaubUebertrag);
 * - the entry year: pro rata by calendar days from the entry date to 31 December over the days of the year;
 * - the year of beginn, when beginn is not 1 January and not the entry year: 0 (it is in urlaubUebertrag);
 * - after the end year 0; the end year: pro rata up to the end date (and from the entry date, in the entry year);
 * - otherwise the full entitlement.
 * Pro rata is rounded to half days, halves up (25 days from 1 July 2026: 184/365 × 25 = 12.60 → 12.5).
 */
export function urlaubsanspruch(e: Einstellung, jahr: number): number {
  const eintrittsjahr = e.eintrittsdatum === null ? null : jahrVon(e.eintrittsdatum);
  const beginnjahr = e.beginn === null ? null : jahrVon(e.beginn);
  const endjahr = e.ende === null ? null : jahrVon(e.ende);
  if (eintrittsjahr !== null && jahr < eintrittsjahr) return 0;
  if (beginnjahr !== null && jahr < beginnjahr) return 0;
  if (endjahr !== null && jahr > endjahr) return 0;

  let von = iso(jahr, "01-01");
  if (jahr === eintrittsjahr && e.eintrittsdatum !== null) von = e.eintrittsdatum;
  else if (jahr === beginnjahr && e.beginn !== null && e.beginn !== von) return 0;
  const bis = jahr === endjahr && e.ende !== null ? e.ende : iso(jahr, "12-31");

  const jahrTage = tageImJahr(jahr);
  const tage = daysBetween(von, bis) + 1;
  if (tage >= jahrTage) return e.urlaubsanspruchJahr;
  if (tage <= 0) return 0;
  // In half days, exactly: round(2 · anspruch · tage / jahrTage), halves up.
  const halbeTage = Math.round(e.urlaubsanspruchJahr * 2);
  return Math.floor((2 * halbeTage * tage + jahrTage) / (2 * jahrTage)) / 2;
}

/** The target of a period [von, bis] (inclusive): the sum of the days' targets. */
export function zeitraumSoll(
  e: Einstellung,
  von: string,
  bis: string,
  feiertage: ReadonlyMap<string, FeiertagTag>,
): number {
  let summe = 0;
  for (let datum = von; datum <= bis; datum = addDays(datum, 1)) summe += tagSoll(e, datum, feiertage);
  return summe;
}

/**
 * The overtime balance at the end of `bis`: the carried-over balance plus the actual minus the target minutes.
 * The caller sums `istSumme` (netto plus absence credits) and `sollSumme` (zeitraumSoll) over
 * [bilanzBeginn(e) (or the first record, when there is no lower bound), min(bis, e.ende)] — nothing before the
 * balance starts and nothing after the end counts. A bis before the balance starts gives the carried-over balance.
 */
export function ueberstundenStand(input: {
  e: Einstellung;
  bis: string;
  sollSumme: number;
  istSumme: number;
}): number {
  const { e, bis, sollSumme, istSumme } = input;
  const beginn = bilanzBeginn(e);
  if (beginn !== null && bis < beginn) return e.uebertragMinuten;
  return e.uebertragMinuten + istSumme - sollSumme;
}

const MONAT = /^(\d{4})-(\d{2})$/;

/** The ISO dates of a month "YYYY-MM", in order. Throws a RangeError on a malformed month. */
export function monatsTage(monat: string): string[] {
  const match = MONAT.exec(monat);
  const jahr = Number(match?.[1]);
  const m = Number(match?.[2]);
  if (!match || m < 1 || m > 12) throw new RangeError(`Not a month: "${monat}"`);
  return Array.from({ length: daysInMonth(jahr, m) }, (_, i) => `${monat}-${String(i + 1).padStart(2, "0")}`);
}
