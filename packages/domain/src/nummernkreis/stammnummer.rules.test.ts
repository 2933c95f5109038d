import { describe, expect, it } from "vitest";
import {
  DEFAULT_STAMMNUMMER_PATTERN,
  ersteSequenz,
  formatStammnummer,
  naechsteSequenz,
  stammnummerDatum,
  stammnummerKandidaten,
  stammnummerPattern,
} from "./stammnummer.rules.ts";

const date = { year: 2031, month: 4 };

describe("stammnummerPattern", () => {
  it.each([
    [null, DEFAULT_STAMMNUMMER_PATTERN],
    [undefined, DEFAULT_STAMMNUMMER_PATTERN],
    ["", DEFAULT_STAMMNUMMER_PATTERN],
    ["   ", DEFAULT_STAMMNUMMER_PATTERN],
    ["K-{NNNN}", "K-{NNNN}"],
    [" {YYYY}/{NNN} ", "{YYYY}/{NNN}"],
    ["K-", DEFAULT_STAMMNUMMER_PATTERN], // no sequence
    ["{N}{N}", DEFAULT_STAMMNUMMER_PATTERN], // two sequences
    ["{X}-{N}", DEFAULT_STAMMNUMMER_PATTERN], // unknown token
  ])("%j → %s", (pattern, expected) => {
    expect(stammnummerPattern(pattern)).toBe(expected);
  });
});

describe("sequence numbers", () => {
  it.each([
    [null, 1],
    [undefined, 1],
    [0, 1],
    [-5, 1],
    [1, 1],
    [100, 100],
  ])("first %j → %i", (first, expected) => {
    expect(ersteSequenz(first)).toBe(expected);
  });

  it.each([
    { last: 0, first: null, next: 1 },
    { last: 0, first: 100, next: 100 },
    { last: 7, first: null, next: 8 },
    { last: 7, first: 100, next: 100 },
    { last: 150, first: 100, next: 151 },
  ])("after $last with first $first → $next", ({ last, first, next }) => {
    expect(naechsteSequenz(last, first)).toBe(next);
  });
});

describe("formatStammnummer", () => {
  it.each([
    [{}, 1, "1"],
    [{ pattern: null }, 42, "42"],
    [{ pattern: "K-{NNNN}" }, 100, "K-0100"],
    [{ pattern: "K-{NN}" }, 12345, "K-12345"],
    [{ pattern: "{YYYY}-{NNN}" }, 5, "2031-005"],
    [{ pattern: "{YY}{MM}-{N}" }, 9, "3104-9"],
    [{ pattern: "kaputt" }, 3, "3"],
  ])("%j, %i → %s", (einstellung, sequence, expected) => {
    expect(formatStammnummer(einstellung, sequence, date)).toBe(expected);
  });
});

describe("stammnummerKandidaten", () => {
  it("gives the numbers after the last one, starting at the first number", () => {
    expect(stammnummerKandidaten({ pattern: "K-{NNNN}", first: 100 }, 0, 3, date)).toEqual([
      { sequence: 100, nummer: "K-0100" },
      { sequence: 101, nummer: "K-0101" },
      { sequence: 102, nummer: "K-0102" },
    ]);
    expect(stammnummerKandidaten({}, 9, 2, date)).toEqual([
      { sequence: 10, nummer: "10" },
      { sequence: 11, nummer: "11" },
    ]);
  });
});

describe("stammnummerDatum", () => {
  it("takes today in Vienna, not in UTC", () => {
    // 31 Dec 2030, 23:30 UTC is already 1 Jan 2031 in Vienna.
    expect(stammnummerDatum(new Date("2030-12-31T23:30:00Z"))).toEqual({ year: 2031, month: 1 });
    expect(stammnummerDatum(new Date("2031-06-15T10:00:00Z"))).toEqual({ year: 2031, month: 6 });
  });
});
