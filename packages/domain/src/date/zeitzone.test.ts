import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays } from "./calendar.ts";
import { instantZuLokal, isoWochentag, lokalZuInstant } from "./zeitzone.ts";

const utc = (iso: string) => Date.parse(iso);

describe("lokalZuInstant", () => {
  it.each<[string, string, string | null]>([
    // Winter time: UTC+1.
    ["2026-01-15", "08:00", "2026-01-15T07:00:00Z"],
    ["2026-01-15", "00:00", "2026-01-14T23:00:00Z"],
    // Summer time: UTC+2.
    ["2026-07-01", "08:30", "2026-07-01T06:30:00Z"],
    // Spring forward, 2026-03-29: 02:00 → 03:00.
    ["2026-03-29", "00:00", "2026-03-28T23:00:00Z"],
    ["2026-03-29", "01:59", "2026-03-29T00:59:00Z"],
    ["2026-03-29", "02:00", null],
    ["2026-03-29", "02:30", null],
    ["2026-03-29", "02:59", null],
    ["2026-03-29", "03:00", "2026-03-29T01:00:00Z"],
    ["2026-03-29", "06:00", "2026-03-29T04:00:00Z"],
    // Fall back, 2026-10-25: 03:00 → 02:00; 02:xx happens twice, the first (summer time) is taken.
    ["2026-10-25", "00:00", "2026-10-24T22:00:00Z"],
    ["2026-10-25", "01:59", "2026-10-24T23:59:00Z"],
    ["2026-10-25", "02:00", "2026-10-25T00:00:00Z"],
    ["2026-10-25", "02:30", "2026-10-25T00:30:00Z"],
    ["2026-10-25", "03:00", "2026-10-25T02:00:00Z"],
    ["2026-10-25", "06:00", "2026-10-25T05:00:00Z"],
    // 24:00 is midnight of the next day.
    ["2026-01-15", "24:00", "2026-01-15T23:00:00Z"],
    ["2026-03-28", "24:00", "2026-03-28T23:00:00Z"],
    ["2026-03-29", "24:00", "2026-03-29T22:00:00Z"],
    ["2026-10-25", "24:00", "2026-10-25T23:00:00Z"],
    // Year end and leap day.
    ["2026-12-31", "23:59", "2026-12-31T22:59:00Z"],
    ["2026-12-31", "24:00", "2026-12-31T23:00:00Z"],
    ["2027-01-01", "00:00", "2026-12-31T23:00:00Z"],
    ["2028-02-29", "12:00", "2028-02-29T11:00:00Z"],
  ])("%s %s in Vienna is %s", (datum, uhrzeit, erwartet) => {
    expect(lokalZuInstant(datum, uhrzeit)).toBe(erwartet === null ? null : utc(erwartet));
  });

  it.each<[string, string, string]>([
    ["2026-03-29", "02:30", "Europe/Berlin"],
    ["2026-03-08", "02:30", "America/New_York"],
  ])("%s %s does not exist in %s", (datum, uhrzeit, zone) => {
    expect(lokalZuInstant(datum, uhrzeit, zone)).toBeNull();
  });

  it("works in other zones", () => {
    expect(lokalZuInstant("2026-07-01", "08:00", "UTC")).toBe(utc("2026-07-01T08:00:00Z"));
    expect(lokalZuInstant("2026-11-01", "01:30", "America/New_York")).toBe(utc("2026-11-01T05:30:00Z"));
  });

  it("a day is 23 hours in spring, 25 in autumn, 24 otherwise", () => {
    const laenge = (datum: string) =>
      ((lokalZuInstant(datum, "24:00") ?? 0) - (lokalZuInstant(datum, "00:00") ?? 0)) / 3_600_000;
    expect(laenge("2026-03-29")).toBe(23);
    expect(laenge("2026-10-25")).toBe(25);
    expect(laenge("2026-06-15")).toBe(24);
  });

  it.each<[string, string]>([
    ["2026-01-15", "25:00"],
    ["2026-01-15", "24:01"],
    ["2026-01-15", "08:60"],
    ["2026-01-15", "8:00"],
    ["2026-01-15", ""],
    ["2026-02-30", "08:00"],
  ])("refuses %s %j", (datum, uhrzeit) => {
    expect(() => lokalZuInstant(datum, uhrzeit)).toThrow(RangeError);
  });
});

describe("instantZuLokal", () => {
  it.each<[string, string, string]>([
    ["2026-01-15T07:00:00Z", "2026-01-15", "08:00"],
    ["2026-07-01T06:30:59Z", "2026-07-01", "08:30"],
    ["2026-12-31T23:00:00Z", "2027-01-01", "00:00"],
    ["2026-12-31T22:59:00Z", "2026-12-31", "23:59"],
    ["2026-03-29T00:59:00Z", "2026-03-29", "01:59"],
    ["2026-03-29T01:00:00Z", "2026-03-29", "03:00"],
    ["2026-10-25T00:30:00Z", "2026-10-25", "02:30"],
    ["2026-10-25T01:30:00Z", "2026-10-25", "02:30"],
    ["2026-10-25T02:00:00Z", "2026-10-25", "03:00"],
  ])("%s is %s %s in Vienna", (instant, datum, uhrzeit) => {
    expect(instantZuLokal(utc(instant))).toEqual({ datum, uhrzeit });
  });

  it("round-trips every existing wall time of a year (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 365 * 3 }),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 0, max: 59 }),
        (tage, stunde, minute) => {
          const datum = addDays("2025-01-01", tage);
          const uhrzeit = `${String(stunde).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;
          const ms = lokalZuInstant(datum, uhrzeit);
          if (ms === null) {
            // Only the skipped hour of the spring-forward Sunday is missing.
            expect(stunde).toBe(2);
            expect(isoWochentag(datum)).toBe(7);
            expect(datum.slice(5, 7)).toBe("03");
          } else {
            expect(instantZuLokal(ms)).toEqual({ datum, uhrzeit });
          }
        },
      ),
    );
  });

  it("every instant maps back to itself or to the earlier of a doubled hour (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: utc("2020-01-01T00:00:00Z") / 60_000, max: utc("2030-01-01T00:00:00Z") / 60_000 }),
        (minute) => {
          const ms = minute * 60_000;
          const { datum, uhrzeit } = instantZuLokal(ms);
          const zurueck = lokalZuInstant(datum, uhrzeit);
          expect(zurueck === ms || zurueck === ms - 3_600_000).toBe(true);
        },
      ),
    );
  });
});

describe("isoWochentag", () => {
  it.each<[string, number]>([
    ["1970-01-01", 4],
    ["2026-11-26", 4],
    ["2026-03-29", 7],
    ["2026-11-23", 1],
    ["2028-02-29", 2],
    ["1900-01-01", 1],
    ["2100-12-31", 5],
  ])("%s is weekday %i", (datum, erwartet) => {
    expect(isoWochentag(datum)).toBe(erwartet);
  });

  it("agrees with Date.getUTCDay (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: -80_000, max: 80_000 }), (tage) => {
        const datum = addDays("1970-01-01", tage);
        expect(isoWochentag(datum)).toBe(((new Date(`${datum}T00:00:00Z`).getUTCDay() + 6) % 7) + 1);
      }),
    );
  });
});
