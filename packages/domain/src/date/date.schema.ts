import { z } from "zod";

/**
 * The one date rule of the HTTP contract (issue 13): a calendar date or a timestamp lies in the years 1900–2199
 * unless a field names other bounds. PostgreSQL takes years from 4713 BC, so without it "0000-01-01" reached the
 * database and failed there; and no business date of Kontor lies outside these years.
 */
export const DATE_YEARS = { min: 1900, max: 2199 } as const;

const yearOf = (iso: string) => Number(iso.slice(0, 4));
const withinYears = (min: number, max: number) => (iso: string) => {
  const year = yearOf(iso);
  return year >= min && year <= max;
};
const dateRange = (min: number, max: number) => ({
  params: { code: "dateRange", min, max },
  abort: true,
});

/** A calendar date YYYY-MM-DD (impossible days like 2026-02-30 refused) within the given years. */
export function isoDateBetween(min: number, max: number) {
  return z.iso.date().refine(withinYears(min, max), dateRange(min, max));
}

/** A calendar date YYYY-MM-DD in the years 1900–2199. */
export const ZIsoDate = isoDateBetween(DATE_YEARS.min, DATE_YEARS.max);

/** An ISO 8601 date-time with offset, in the years 1900–2199. */
export const ZIsoDateTime = z.iso
  .datetime({ offset: true })
  .refine(withinYears(DATE_YEARS.min, DATE_YEARS.max), dateRange(DATE_YEARS.min, DATE_YEARS.max));
