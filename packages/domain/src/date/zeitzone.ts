import { BUSINESS_TIME_ZONE, daysBetween, parseIsoDate } from "./calendar.ts";

/**
 * Local wall time in a time zone (Europe/Vienna by default), with `Intl` only — no time-zone library. Working-time
 * records are instants (epoch ms); the day view types local times ("08:00"–"16:30"), and on the two days a year
 * the clocks change a day is 23 or 25 hours long:
 * - spring forward (last Sunday of March, Vienna 02:00 → 03:00): 02:00–02:59 does not exist → `null`;
 * - fall back (last Sunday of October, 03:00 → 02:00): 02:00–02:59 happens twice → the first (summer time).
 * "24:00" is 00:00 of the next day (the end of a record that runs to midnight).
 */

const UHRZEIT = /^(\d{2}):(\d{2})$/;
const MINUTE_MS = 60_000;
const STUNDE_MS = 60 * MINUTE_MS;

const formate = new Map<string, Intl.DateTimeFormat>();

function format(zone: string): Intl.DateTimeFormat {
  let f = formate.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formate.set(zone, f);
  }
  return f;
}

/** The wall clock of an instant in a zone, as if it were UTC (epoch ms), plus its parts. */
function wanduhr(ms: number, zone: string): { alsUtc: number; jahr: number; monat: number; tag: number } {
  const teile: Record<string, number> = {};
  for (const teil of format(zone).formatToParts(new Date(ms))) {
    if (teil.type !== "literal") teile[teil.type] = Number(teil.value);
  }
  const jahr = teile.year ?? 0;
  const monat = teile.month ?? 1;
  const tag = teile.day ?? 1;
  // Some engines print midnight as "24" even with h23; Date.UTC rolls it over correctly either way.
  const alsUtc = Date.UTC(jahr, monat - 1, tag, teile.hour ?? 0, teile.minute ?? 0, teile.second ?? 0);
  return { alsUtc, jahr, monat, tag };
}

/** The zone's offset from UTC at an instant, in ms (Vienna: +1 h in winter, +2 h in summer). */
function versatz(ms: number, zone: string): number {
  // Whole seconds only: the wall clock is read to the second.
  const sekunde = Math.floor(ms / 1000) * 1000;
  return wanduhr(sekunde, zone).alsUtc - sekunde;
}

/**
 * Epoch ms of the local wall time `uhrzeit` ("HH:MM", 00:00–24:00) on `datum` (YYYY-MM-DD) in `zone`.
 * A wall time the clocks skip (spring forward) → null; one they pass twice (fall back) → the earlier instant.
 * Throws a RangeError on a malformed date or time (callers validate with the zod contract first).
 */
export function lokalZuInstant(datum: string, uhrzeit: string, zone = BUSINESS_TIME_ZONE): number | null {
  const { year, month, day } = parseIsoDate(datum);
  const match = UHRZEIT.exec(uhrzeit);
  const stunde = Number(match?.[1]);
  const minute = Number(match?.[2]);
  if (!match || minute > 59 || stunde > 24 || (stunde === 24 && minute !== 0))
    throw new RangeError(`Not a time of day: "${uhrzeit}"`);
  // The wall time as if it were UTC; 24:00 rolls over to the next day.
  const ziel = Date.UTC(year, month - 1, day, stunde, minute);
  // The offsets in force around that wall time: a zone changes its offset at most once within a day or so, so
  // the offsets a day before and after (and at) the wall time are every candidate.
  const versaetze = new Set([
    versatz(ziel - 26 * STUNDE_MS, zone),
    versatz(ziel, zone),
    versatz(ziel + 26 * STUNDE_MS, zone),
  ]);
  let ergebnis: number | null = null;
  for (const v of versaetze) {
    const kandidat = ziel - v;
    if (versatz(kandidat, zone) === v && (ergebnis === null || kandidat < ergebnis)) ergebnis = kandidat;
  }
  return ergebnis;
}

/** The local date and wall time ("HH:MM", seconds cut off) of an instant in `zone`. */
export function instantZuLokal(ms: number, zone = BUSINESS_TIME_ZONE): { datum: string; uhrzeit: string } {
  if (!Number.isFinite(ms)) throw new RangeError(`Not an instant: ${ms}`);
  const { alsUtc } = wanduhr(ms, zone);
  const iso = new Date(alsUtc).toISOString();
  return { datum: iso.slice(0, 10), uhrzeit: iso.slice(11, 16) };
}

/** ISO weekday of a date: 1 = Monday … 7 = Sunday (1970-01-01 was a Thursday). */
export function isoWochentag(datum: string): number {
  const tage = daysBetween("1970-01-01", datum);
  return ((((tage + 3) % 7) + 7) % 7) + 1;
}
