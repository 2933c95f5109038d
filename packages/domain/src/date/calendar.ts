/**
 * Calendar dates as ISO strings (`YYYY-MM-DD`) without time or time zone: a due date is a day on the calendar,
 * and going through `Date` would shift it by a day in some zones. Pure integer arithmetic on the proleptic
 * Gregorian calendar (days-from-civil, after Howard Hinnant).
 */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar date's parts; month and day are 1-based. */
export type CalendarDate = { year: number; month: number; day: number };

/** Gregorian leap years: every 4th, except full centuries not divisible by 400. */
export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Days of a month (1–12) in a year. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Splits an ISO date; throws on a malformed or impossible one ("2026-02-30"). */
export function parseIsoDate(isoDate: string): CalendarDate {
  const match = ISO_DATE.exec(isoDate);
  const year = Number(match?.[1]);
  const month = Number(match?.[2]);
  const day = Number(match?.[3]);
  if (!match || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month))
    throw new RangeError(`Not an ISO date: "${isoDate}"`);
  return { year, month, day };
}

/** The date `days` calendar days later (or earlier, when negative), across month and year ends and leap days. */
export function addDays(isoDate: string, days: number): string {
  if (!Number.isInteger(days)) throw new RangeError(`Not a whole number of days: ${days}`);
  const { year, month, day } = parseIsoDate(isoDate);
  const result = civilFromDays(daysFromCivil(year, month, day) + days);
  return formatIsoDate(result);
}

/** Calendar days from `from` to `to` (negative when `to` is earlier): 2026-03-01 → 2026-03-31 is 30. */
export function daysBetween(from: string, to: string): number {
  const a = parseIsoDate(from);
  const b = parseIsoDate(to);
  return daysFromCivil(b.year, b.month, b.day) - daysFromCivil(a.year, a.month, a.day);
}

function formatIsoDate({ year, month, day }: CalendarDate): string {
  if (year < 0 || year > 9999) throw new RangeError(`Year out of range: ${year}`);
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** Days since 1970-01-01. */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

function civilFromDays(days: number): CalendarDate {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const dayOfEra = z - era * 146097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36524) - Math.floor(dayOfEra / 146096)) /
      365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const mp = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return { year, month, day };
}

/** Where Kontor's business day is counted (SPEC: Austrian and German businesses share the zone). */
export const BUSINESS_TIME_ZONE = "Europe/Vienna";

/**
 * Today's calendar date (YYYY-MM-DD) in the business time zone, whatever the zone of the server or the device:
 * the default document date, the day of the number-circle year, the "once a day" of the news.
 */
export function todayIso(now: Date = new Date(), timeZone = BUSINESS_TIME_ZONE): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(now);
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}

/** A date as documents print it: DD.MM.YYYY (de) or DD/MM/YYYY (en). */
export function datumText(isoDate: string, sprache: "de" | "en"): string {
  const { year, month, day } = parseIsoDate(isoDate);
  const separator = sprache === "de" ? "." : "/";
  return [String(day).padStart(2, "0"), String(month).padStart(2, "0"), String(year).padStart(4, "0")].join(
    separator,
  );
}
