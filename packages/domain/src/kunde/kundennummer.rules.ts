import { BUSINESS_TIME_ZONE, parseIsoDate, todayIso } from "../date/calendar.ts";
import { formatNumber, type NumberDate, parsePattern } from "../numbering/numbering.rules.ts";

/**
 * Customer numbers (SPEC §3 tenant: patternKundennummer, firstKundenNummer). The tenant's pattern uses the tokens
 * of the numbering engine ({YYYY} {YY} {MM} {N…}); the sequence never restarts. Allocation (row lock, numbers
 * entered by hand skipped) is the API's job; these rules say which pattern applies and which numbers come next.
 */

/** A tenant without a (valid) pattern numbers its customers 1, 2, 3, … */
export const DEFAULT_KUNDENNUMMER_PATTERN = "{N}";

/** What the tenant says about customer numbers. */
export interface KundennummerEinstellung {
  patternKundennummer?: string | null | undefined;
  firstKundenNummer?: number | null | undefined;
}

/**
 * The pattern customer numbers are formatted with: the tenant's, or the default when it has none or one the engine
 * refuses (the tenant form stores the text unchecked; a broken pattern must not stop customers from being saved).
 */
export function kundennummerPattern(pattern: string | null | undefined): string {
  const text = pattern?.trim() ?? "";
  return text !== "" && parsePattern(text).ok ? text : DEFAULT_KUNDENNUMMER_PATTERN;
}

/** The first sequence number: firstKundenNummer, 1 when there is none (or it is below 1). */
export function ersteKundenSequenz(first: number | null | undefined): number {
  return first !== null && first !== undefined && Number.isSafeInteger(first) && first >= 1 ? first : 1;
}

/** The sequence number after `last` (0: none given yet): last + 1, but never below the first number. */
export function naechsteKundenSequenz(last: number, first: number | null | undefined): number {
  return Math.max(last + 1, ersteKundenSequenz(first));
}

/** Year and month of today in the business time zone (Vienna), for the date tokens of a pattern. */
export function kundennummerDatum(now: Date = new Date()): NumberDate {
  const { year, month } = parseIsoDate(todayIso(now, BUSINESS_TIME_ZONE));
  return { year, month };
}

/** The customer number of a sequence number under the tenant's settings. */
export function formatKundennummer(
  einstellung: KundennummerEinstellung,
  sequence: number,
  date: NumberDate = kundennummerDatum(),
): string {
  return formatNumber(kundennummerPattern(einstellung.patternKundennummer), { sequence, date });
}

/**
 * `count` candidate numbers following `last`, in order, each with its sequence number. The API takes the first
 * one no customer has yet (numbers entered by hand are skipped) and stores its sequence as the new last one.
 */
export function kundennummerKandidaten(
  einstellung: KundennummerEinstellung,
  last: number,
  count: number,
  date: NumberDate = kundennummerDatum(),
): { sequence: number; kundenNummer: string }[] {
  const start = naechsteKundenSequenz(last, einstellung.firstKundenNummer);
  return Array.from({ length: count }, (_, index) => ({
    sequence: start + index,
    kundenNummer: formatKundennummer(einstellung, start + index, date),
  }));
}
