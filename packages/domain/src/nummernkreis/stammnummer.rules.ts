import { BUSINESS_TIME_ZONE, parseIsoDate, todayIso } from "../date/calendar.ts";
import { formatNumber, type NumberDate, parsePattern } from "./nummernmuster.rules.ts";

/**
 * Master-data numbers (SPEC §3 tenant: patternKundennummer / firstKundenNummer for customers,
 * patternArtikelnummer / firstArtikelNummer for articles). A pattern uses the tokens of the numbering engine
 * ({YYYY} {YY} {MM} {N…}); the sequence never restarts. Allocation (row lock per tenant and kind, numbers entered
 * by hand skipped) is the API's job; these rules say which pattern applies and which numbers come next.
 */

/** The kinds of master-data numbers; each has its own counter per tenant. */
export const STAMMNUMMER_ARTEN = ["kunde", "artikel"] as const;
export type TStammnummerArt = (typeof STAMMNUMMER_ARTEN)[number];

/** A tenant without a (valid) pattern numbers 1, 2, 3, … */
export const DEFAULT_STAMMNUMMER_PATTERN = "{N}";

/** What the tenant says about one kind of numbers. */
export interface StammnummerEinstellung {
  pattern?: string | null | undefined;
  first?: number | null | undefined;
}

/**
 * The pattern numbers are formatted with: the tenant's, or the default when it has none or one the engine refuses
 * (the tenant form stores the text unchecked; a broken pattern must not stop records from being saved).
 */
export function stammnummerPattern(pattern: string | null | undefined): string {
  const text = pattern?.trim() ?? "";
  return text !== "" && parsePattern(text).ok ? text : DEFAULT_STAMMNUMMER_PATTERN;
}

/** The first sequence number: `first`, 1 when there is none (or it is below 1). */
export function ersteSequenz(first: number | null | undefined): number {
  return first !== null && first !== undefined && Number.isSafeInteger(first) && first >= 1 ? first : 1;
}

/** The sequence number after `last` (0: none given yet): last + 1, but never below the first number. */
export function naechsteSequenz(last: number, first: number | null | undefined): number {
  return Math.max(last + 1, ersteSequenz(first));
}

/** Year and month of today in the business time zone (Vienna), for the date tokens of a pattern. */
export function stammnummerDatum(now: Date = new Date()): NumberDate {
  const { year, month } = parseIsoDate(todayIso(now, BUSINESS_TIME_ZONE));
  return { year, month };
}

/** The number of a sequence number under the tenant's settings. */
export function formatStammnummer(
  einstellung: StammnummerEinstellung,
  sequence: number,
  date: NumberDate = stammnummerDatum(),
): string {
  return formatNumber(stammnummerPattern(einstellung.pattern), { sequence, date });
}

/**
 * `count` candidate numbers following `last`, in order, each with its sequence number. The API takes the first
 * one no record of the kind has yet (numbers entered by hand are skipped) and stores its sequence as the new last.
 */
export function stammnummerKandidaten(
  einstellung: StammnummerEinstellung,
  last: number,
  count: number,
  date: NumberDate = stammnummerDatum(),
): { sequence: number; nummer: string }[] {
  const start = naechsteSequenz(last, einstellung.first);
  return Array.from({ length: count }, (_, index) => ({
    sequence: start + index,
    nummer: formatStammnummer(einstellung, start + index, date),
  }));
}
