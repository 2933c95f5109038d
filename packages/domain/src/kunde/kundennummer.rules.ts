import type { NumberDate } from "../numbering/numbering.rules.ts";
import {
  DEFAULT_STAMMNUMMER_PATTERN,
  ersteSequenz,
  formatStammnummer,
  naechsteSequenz,
  stammnummerDatum,
  stammnummerKandidaten,
  stammnummerPattern,
} from "../numbering/stammnummer.rules.ts";

/**
 * Customer numbers (SPEC §3 tenant: patternKundennummer, firstKundenNummer): the master-data number rules
 * (numbering/stammnummer.rules.ts, shared with article numbers) under the customer's names.
 */

/** A tenant without a (valid) pattern numbers its customers 1, 2, 3, … */
export const DEFAULT_KUNDENNUMMER_PATTERN = DEFAULT_STAMMNUMMER_PATTERN;

/** What the tenant says about customer numbers. */
export interface KundennummerEinstellung {
  patternKundennummer?: string | null | undefined;
  firstKundenNummer?: number | null | undefined;
}

const allgemein = (e: KundennummerEinstellung) => ({
  pattern: e.patternKundennummer,
  first: e.firstKundenNummer,
});

/** The pattern customer numbers are formatted with: the tenant's, or the default when it has none or a broken one. */
export const kundennummerPattern = stammnummerPattern;
/** The first sequence number: firstKundenNummer, 1 when there is none (or it is below 1). */
export const ersteKundenSequenz = ersteSequenz;
/** The sequence number after `last` (0: none given yet): last + 1, but never below the first number. */
export const naechsteKundenSequenz = naechsteSequenz;
/** Year and month of today in the business time zone (Vienna), for the date tokens of a pattern. */
export const kundennummerDatum = stammnummerDatum;

/** The customer number of a sequence number under the tenant's settings. */
export function formatKundennummer(
  einstellung: KundennummerEinstellung,
  sequence: number,
  date: NumberDate = kundennummerDatum(),
): string {
  return formatStammnummer(allgemein(einstellung), sequence, date);
}

/** `count` candidate customer numbers following `last`, in order, each with its sequence number. */
export function kundennummerKandidaten(
  einstellung: KundennummerEinstellung,
  last: number,
  count: number,
  date: NumberDate = kundennummerDatum(),
): { sequence: number; kundenNummer: string }[] {
  return stammnummerKandidaten(allgemein(einstellung), last, count, date).map(({ sequence, nummer }) => ({
    sequence,
    kundenNummer: nummer,
  }));
}
