import { describe, expect, it } from "vitest";
import {
  type CircleInput,
  nextNumber,
  type SavedCircle,
  savedLastJahr,
  todayNumberDate,
} from "./nextNumber.ts";

const today = { year: 2026, month: 3 };
const input = (over: Partial<CircleInput> = {}): CircleInput => ({
  pattern: "{YYYY}-{NNNNN}",
  last: 0,
  first: 1,
  nummerProJahr: true,
  ...over,
});
const saved = (over: Partial<SavedCircle> = {}): SavedCircle => ({
  pattern: "{YYYY}-{NNNNN}",
  last: 41,
  first: 1,
  nummerProJahr: true,
  next: "2026-00042",
  ...over,
});

describe("todayNumberDate", () => {
  it("takes year and month in Vienna", () => {
    // 31 Dec 2025 23:30 UTC is already 1 Jan 2026 in Vienna.
    expect(todayNumberDate(new Date("2025-12-31T23:30:00Z"))).toEqual({ year: 2026, month: 1 });
    expect(todayNumberDate(new Date("2026-06-15T10:00:00Z"))).toEqual({ year: 2026, month: 6 });
  });
});

describe("nextNumber of a new circle", () => {
  it.each<[string, Partial<CircleInput>, string]>([
    ["default pattern", {}, "2026-00001"],
    ["typed pattern", { pattern: " RE-{YY}{MM}/{NNN} " }, "RE-2603/001"],
    ["counter set by hand counts as given this year", { last: 99 }, "2026-00100"],
    ["empty counter is 0", { last: "" }, "2026-00001"],
    ["first number of an invoice circle", { first: 500 }, "2026-00500"],
    ["counter beyond the first number", { first: 500, last: 600 }, "2026-00601"],
    ["wider than the token: printed in full", { pattern: "{NN}", last: 123 }, "124"],
  ])("%s", (_name, over, expected) => {
    expect(nextNumber(input(over), undefined, today)).toEqual({
      ok: true,
      number: expected,
      fromServer: false,
    });
  });

  it.each<[Partial<CircleInput>, string]>([
    [{ pattern: "{YYYY}" }, "sequenceMissing"],
    [{ pattern: "" }, "sequenceMissing"],
    [{ pattern: "{NN}{NN}" }, "sequenceTwice"],
    [{ pattern: "{YYYY}-{X}-{NN}" }, "unknownToken"],
    [{ pattern: `${"x".repeat(40)}{N}` }, "tooLong"],
    [{ last: -1 }, "counter"],
    [{ last: 1.5 }, "counter"],
    [{ first: 0 }, "counter"],
  ])("%j → no number (%s)", (over, reason) => {
    expect(nextNumber(input(over), undefined, today)).toEqual({ ok: false, reason });
  });
});

describe("nextNumber of a saved circle", () => {
  it("shows the server's number while the form shows the saved circle", () => {
    expect(nextNumber(input({ last: 41 }), saved({ next: "SERVER" }), today)).toEqual({
      ok: true,
      number: "SERVER",
      fromServer: true,
    });
  });

  it("follows a changed pattern with the saved counter", () => {
    expect(nextNumber(input({ last: 41, pattern: "R{NNN}" }), saved(), today)).toEqual({
      ok: true,
      number: "R042",
      fromServer: false,
    });
  });

  it("keeps the year of a circle last used in an earlier year (restart at 1)", () => {
    const old = saved({ next: "2026-00001" });
    expect(nextNumber(input({ last: 41, pattern: "{YY}/{NNNNN}" }), old, today)).toMatchObject({
      number: "26/00001",
    });
  });

  it("a counter changed by hand counts as given this year", () => {
    expect(nextNumber(input({ last: 10 }), saved({ next: "2026-00001" }), today)).toMatchObject({
      number: "2026-00011",
    });
  });

  it("switching the yearly restart off continues the counter", () => {
    expect(
      nextNumber(input({ last: 41, nummerProJahr: false }), saved({ next: "2026-00001" }), today),
    ).toMatchObject({ number: "2026-00042" });
  });

  it("a new first number applies while nothing was given yet", () => {
    const fresh = saved({ last: 0, first: 1, next: "2026-00001" });
    expect(nextNumber(input({ last: 0, first: 1000 }), fresh, today)).toMatchObject({ number: "2026-01000" });
  });
});

describe("savedLastJahr", () => {
  it.each<[string, Partial<SavedCircle>, number | null]>([
    ["counting on this year", {}, 2026],
    ["restarting: an earlier year (or none)", { next: "2026-00001" }, null],
    ["nothing given yet", { last: 0, next: "2026-00001" }, null],
    ["first number pending", { last: 0, first: 100, next: "2026-00100" }, null],
    ["no server preview: as set by hand", { next: undefined }, 2026],
  ])("%s", (_name, over, expected) => {
    expect(savedLastJahr(saved(over), today)).toBe(expected);
  });
});
