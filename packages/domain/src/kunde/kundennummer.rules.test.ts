import { describe, expect, it } from "vitest";
import {
  DEFAULT_KUNDENNUMMER_PATTERN,
  ersteKundenSequenz,
  formatKundennummer,
  kundennummerDatum,
  kundennummerKandidaten,
  kundennummerPattern,
  naechsteKundenSequenz,
} from "./kundennummer.rules.ts";

const date = { year: 2031, month: 4 };

describe("kundennummerPattern", () => {
  it.each([
    [null, DEFAULT_KUNDENNUMMER_PATTERN],
    [undefined, DEFAULT_KUNDENNUMMER_PATTERN],
    ["", DEFAULT_KUNDENNUMMER_PATTERN],
    ["   ", DEFAULT_KUNDENNUMMER_PATTERN],
    ["K-{NNNN}", "K-{NNNN}"],
    [" {YYYY}/{NNN} ", "{YYYY}/{NNN}"],
    ["K-", DEFAULT_KUNDENNUMMER_PATTERN], // no sequence
    ["{N}{N}", DEFAULT_KUNDENNUMMER_PATTERN], // two sequences
    ["{X}-{N}", DEFAULT_KUNDENNUMMER_PATTERN], // unknown token
  ])("%j → %s", (pattern, expected) => {
    expect(kundennummerPattern(pattern)).toBe(expected);
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
    expect(ersteKundenSequenz(first)).toBe(expected);
  });

  it.each([
    { last: 0, first: null, next: 1 },
    { last: 0, first: 100, next: 100 },
    { last: 7, first: null, next: 8 },
    { last: 7, first: 100, next: 100 },
    { last: 150, first: 100, next: 151 },
  ])("after $last with first $first → $next", ({ last, first, next }) => {
    expect(naechsteKundenSequenz(last, first)).toBe(next);
  });
});

describe("formatKundennummer", () => {
  it.each([
    [{}, 1, "1"],
    [{ patternKundennummer: null }, 42, "42"],
    [{ patternKundennummer: "K-{NNNN}" }, 100, "K-0100"],
    [{ patternKundennummer: "K-{NN}" }, 12345, "K-12345"],
    [{ patternKundennummer: "{YYYY}-{NNN}" }, 5, "2031-005"],
    [{ patternKundennummer: "{YY}{MM}-{N}" }, 9, "3104-9"],
    [{ patternKundennummer: "kaputt" }, 3, "3"],
  ])("%j, %i → %s", (einstellung, sequence, expected) => {
    expect(formatKundennummer(einstellung, sequence, date)).toBe(expected);
  });
});

describe("kundennummerKandidaten", () => {
  it("gives the numbers after the last one, starting at the first number", () => {
    expect(
      kundennummerKandidaten({ patternKundennummer: "K-{NNNN}", firstKundenNummer: 100 }, 0, 3, date),
    ).toEqual([
      { sequence: 100, kundenNummer: "K-0100" },
      { sequence: 101, kundenNummer: "K-0101" },
      { sequence: 102, kundenNummer: "K-0102" },
    ]);
    expect(kundennummerKandidaten({}, 9, 2, date)).toEqual([
      { sequence: 10, kundenNummer: "10" },
      { sequence: 11, kundenNummer: "11" },
    ]);
  });
});

describe("kundennummerDatum", () => {
  it("takes today in Vienna, not in UTC", () => {
    // 31 Dec 2030, 23:30 UTC is already 1 Jan 2031 in Vienna.
    expect(kundennummerDatum(new Date("2030-12-31T23:30:00Z"))).toEqual({ year: 2031, month: 1 });
    expect(kundennummerDatum(new Date("2031-06-15T10:00:00Z"))).toEqual({ year: 2031, month: 6 });
  });
});
