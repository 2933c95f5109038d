import { describe, expect, it } from "vitest";
import { addDays, daysInMonth, isLeapYear, parseIsoDate, todayIso } from "./calendar.ts";

describe("addDays", () => {
  it.each<[string, number, string]>([
    ["2026-11-22", 0, "2026-11-22"],
    ["2026-11-22", 30, "2026-12-22"],
    ["2026-01-31", 1, "2026-02-01"],
    ["2026-01-31", 30, "2026-03-02"],
    ["2028-01-31", 30, "2028-03-01"],
    ["2028-02-28", 1, "2028-02-29"],
    ["2028-02-29", 1, "2028-03-01"],
    ["2026-02-28", 1, "2026-03-01"],
    ["2100-02-28", 1, "2100-03-01"],
    ["2000-02-28", 1, "2000-02-29"],
    ["2026-12-31", 1, "2027-01-01"],
    ["2026-12-15", 30, "2027-01-14"],
    ["2027-01-01", -1, "2026-12-31"],
    ["2028-03-01", -1, "2028-02-29"],
    ["2026-01-01", 365, "2027-01-01"],
    ["2028-01-01", 365, "2028-12-31"],
    ["1970-01-01", 0, "1970-01-01"],
    ["1969-12-31", 1, "1970-01-01"],
    ["2026-06-15", 3650, "2036-06-12"],
  ])("%s + %i days is %s", (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected);
  });

  it("agrees with UTC Date arithmetic over several years", () => {
    const start = Date.UTC(2023, 0, 1);
    for (let d = 0; d < 365 * 8; d += 1) {
      expect(addDays("2023-01-01", d)).toBe(new Date(start + d * 86_400_000).toISOString().slice(0, 10));
    }
  });

  it.each<[string]>([
    ["2026-02-29"],
    ["2026-13-01"],
    ["2026-00-10"],
    ["2026-1-5"],
    ["22.11.2026"],
    [""],
  ])("refuses %j", (date) => {
    expect(() => addDays(date, 1)).toThrow(RangeError);
  });

  it("refuses fractional days", () => {
    expect(() => addDays("2026-01-01", 1.5)).toThrow(RangeError);
  });
});

describe("calendar helpers", () => {
  it.each<[number, boolean]>([
    [2024, true],
    [2026, false],
    [2000, true],
    [1900, false],
  ])("isLeapYear(%i) is %s", (year, expected) => {
    expect(isLeapYear(year)).toBe(expected);
  });

  it.each<[number, number, number]>([
    [2026, 1, 31],
    [2026, 2, 28],
    [2028, 2, 29],
    [2026, 4, 30],
    [2026, 12, 31],
  ])("daysInMonth(%i, %i) is %i", (year, month, expected) => {
    expect(daysInMonth(year, month)).toBe(expected);
  });

  it("parses an ISO date into its parts", () => {
    expect(parseIsoDate("2028-02-29")).toEqual({ year: 2028, month: 2, day: 29 });
  });
});

describe("todayIso", () => {
  it.each([
    // 23:30 UTC on 31 December is already New Year in Vienna (UTC+1).
    ["2026-12-31T23:30:00Z", "Europe/Vienna", "2027-01-01"],
    ["2026-12-31T22:59:00Z", "Europe/Vienna", "2026-12-31"],
    // Summer time: UTC+2.
    ["2026-06-30T22:30:00Z", "Europe/Vienna", "2026-07-01"],
    ["2026-06-30T22:30:00Z", "UTC", "2026-06-30"],
  ])("%s in %s is %s", (instant, zone, expected) => {
    expect(todayIso(new Date(instant), zone)).toBe(expected);
  });
});
