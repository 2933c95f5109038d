import { BUSINESS_TIME_ZONE, parseIsoDate, todayIso } from "@kontor/domain/date/calendar";
import { MAX_LAST_NUMMER } from "@kontor/domain/nummernkreis/nummernkreis.rules";
import {
  type NumberDate,
  type PatternErrorCode,
  parsePattern,
  previewNumber,
} from "@kontor/domain/nummernkreis/nummernmuster.rules";

/**
 * The "next number" of a circle form (SPEC §3), computed in the browser with the domain's engine — the same rules
 * the API answers nextNummer / nextRechnungsnummer with. The year the counter was last given in (lastJahr) is not
 * part of the API's answer, so it is inferred from the server's preview of the saved circle.
 */

/** What the preview depends on, as the form holds it ("" = empty input). */
export interface CircleInput {
  pattern: string;
  last: number | "";
  /** The first number of an invoice circle; number circles start at 1. */
  first: number | "";
  nummerProJahr: boolean;
}

/** The circle as the server last answered it, with its preview of the next number. */
export interface SavedCircle {
  pattern: string;
  last: number;
  first: number;
  nummerProJahr: boolean;
  next?: string | undefined;
}

export type NextNumber =
  | { ok: true; number: string; fromServer: boolean }
  | { ok: false; reason: PatternErrorCode | "counter" };

/** Year and month of today in the business time zone (as the API computes its preview). */
export function todayNumberDate(now: Date = new Date(), timeZone = BUSINESS_TIME_ZONE): NumberDate {
  const { year, month } = parseIsoDate(todayIso(now, timeZone));
  return { year, month };
}

/** The year the API stores with a counter set by hand: this year, or none for 0 (nothing given yet). */
const manualLastJahr = (last: number, today: NumberDate) => (last > 0 ? today.year : null);

/**
 * The year the saved circle's counter was last given in, as far as the server's preview tells: the first of this
 * year, none, last year that gives the server's number (this year first: a circle in use was used this year).
 */
export function savedLastJahr(saved: SavedCircle, today: NumberDate): number | null {
  if (saved.last === 0) return null; // nothing given: only a hand-set 0, which stores no year
  const state = { last: saved.last, first: saved.first, nummerProJahr: saved.nummerProJahr };
  if (saved.next !== undefined && parsePattern(saved.pattern).ok)
    for (const lastJahr of [today.year, null, today.year - 1])
      if (previewNumber(saved.pattern, { ...state, lastJahr }, today) === saved.next) return lastJahr;
  return manualLastJahr(saved.last, today);
}

const sameCircle = (
  input: { pattern: string; last: number; first: number; nummerProJahr: boolean },
  saved: SavedCircle,
) =>
  input.pattern === saved.pattern.trim() &&
  input.last === saved.last &&
  input.first === saved.first &&
  input.nummerProJahr === saved.nummerProJahr;

/**
 * The next number for the form's values: the server's own preview while the form shows the saved circle, else
 * the domain's preview — a counter changed by hand (or a new circle) counts as given this year, as the API stores
 * it. Not a number when the pattern or a counter is invalid.
 */
export function nextNumber(
  input: CircleInput,
  saved: SavedCircle | undefined,
  today: NumberDate,
): NextNumber {
  const pattern = input.pattern.trim();
  const parsed = parsePattern(pattern);
  if (!parsed.ok) return { ok: false, reason: parsed.code };
  const last = input.last === "" ? 0 : input.last;
  const first = input.first === "" ? 1 : input.first;
  const counter = (value: number, min: number) =>
    Number.isInteger(value) && value >= min && value <= MAX_LAST_NUMMER;
  if (!counter(last, 0) || !counter(first, 1)) return { ok: false, reason: "counter" };
  const current = { pattern, last, first, nummerProJahr: input.nummerProJahr };
  if (saved?.next !== undefined && sameCircle(current, saved))
    return { ok: true, number: saved.next, fromServer: true };
  const lastJahr =
    saved !== undefined && last === saved.last ? savedLastJahr(saved, today) : manualLastJahr(last, today);
  return {
    ok: true,
    number: previewNumber(pattern, { last, lastJahr, first, nummerProJahr: input.nummerProJahr }, today),
    fromServer: false,
  };
}
