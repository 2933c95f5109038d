import { describe, expect, it } from "vitest";
import { toFieldErrors } from "../http/field-errors.ts";
import { ZNumberPattern } from "./nummernkreis.schema.ts";
import {
  DEFAULT_NUMBER_PATTERN,
  formatNumber,
  nextSequence,
  numberRegex,
  type PatternErrorCode,
  parsePattern,
  patternExample,
  previewNumber,
  type SequenceState,
} from "./nummernmuster.rules.ts";

const nov2026 = { year: 2026, month: 11 };

describe("formatNumber", () => {
  it.each<[string, string, number, { year: number; month: number }, string]>([
    ["default pattern, first number", DEFAULT_NUMBER_PATTERN, 1, nov2026, "2026-00001"],
    ["two-digit year and month, width 3", "RE-{YY}{MM}-{NNN}", 7, nov2026, "RE-2611-007"],
    [
      "a sequence longer than its width is printed in full",
      DEFAULT_NUMBER_PATTERN,
      123456,
      nov2026,
      "2026-123456",
    ],
    ["sequence only, width 1", "{N}", 42, nov2026, "42"],
    ["January pads the month", "{YYYY}/{MM}/{NNNN}", 9, { year: 2027, month: 1 }, "2027/01/0009"],
    ["year 2005 as two digits", "{YY}{NN}", 12, { year: 2005, month: 3 }, "0512"],
    ["literal text with # and spaces", "AB #{NNNNN} {YYYY}", 31, nov2026, "AB #00031 2026"],
    ["umlauts are letters", "Gutschrift-Ä_{NNN}", 5, nov2026, "Gutschrift-Ä_005"],
  ])("%s", (_name, pattern, sequence, date, expected) => {
    expect(formatNumber(pattern, { sequence, date })).toBe(expected);
  });

  it.each<[string, number]>([
    ["{YYYY}-{NNNN", 1],
    ["{YYYY}", 1],
    [DEFAULT_NUMBER_PATTERN, -1],
    [DEFAULT_NUMBER_PATTERN, 1.5],
  ])("throws on pattern %j with sequence %s", (pattern, sequence) => {
    expect(() => formatNumber(pattern, { sequence, date: nov2026 })).toThrow(RangeError);
  });
});

describe("parsePattern", () => {
  it("splits a pattern into tokens", () => {
    expect(parsePattern("RE-{YY}{MM}-{NNN}")).toEqual({
      ok: true,
      tokens: [
        { kind: "literal", text: "RE-" },
        { kind: "year2" },
        { kind: "month" },
        { kind: "literal", text: "-" },
        { kind: "sequence", width: 3 },
      ],
    });
  });

  it.each<[string, PatternErrorCode]>([
    ["", "sequenceMissing"],
    ["{YYYY}-", "sequenceMissing"],
    ["RE-{YYYY}", "sequenceMissing"],
    ["{NNN}-{NN}", "sequenceTwice"],
    ["{YYYY}{N}{N}", "sequenceTwice"],
    ["{YYY}-{NNNNN}", "unknownToken"],
    ["{DD}-{NNNNN}", "unknownToken"],
    ["{nnnnn}", "unknownToken"],
    ["{}-{NNNNN}", "unknownToken"],
    ["{NNN", "unknownToken"],
    ["NNN}", "unknownToken"],
    ["{YYYY}-{NN}}", "unknownToken"],
    ["{ NNN }", "unknownToken"],
    ["RE:{NNNNN}", "unknownToken"],
    ["RE%{NNNNN}", "unknownToken"],
    ["<b>{NNNNN}", "unknownToken"],
    [`{YYYY}-{NNNNN}-${"A".repeat(26)}`, "tooLong"],
  ])("refuses %j with %s", (pattern, code) => {
    expect(parsePattern(pattern)).toEqual({ ok: false, code });
  });

  it.each<[string]>([
    [DEFAULT_NUMBER_PATTERN],
    ["{NNNNN}"],
    ["RE-{YY}{MM}-{NNN}"],
    ["A/B_C.D #{NNNNN}"],
    [`{YYYY}-{NNNNN}-${"A".repeat(25)}`],
  ])("accepts %j", (pattern) => {
    expect(parsePattern(pattern).ok).toBe(true);
  });
});

describe("nextSequence", () => {
  const state = (s: Partial<SequenceState>): SequenceState => ({
    last: 0,
    lastJahr: null,
    first: 1,
    nummerProJahr: true,
    ...s,
  });

  it.each<[string, SequenceState, number, { sequence: number; jahr: number }]>([
    ["nothing given yet → first (1)", state({}), 2026, { sequence: 1, jahr: 2026 }],
    ["nothing given yet, first number 1000", state({ first: 1000 }), 2026, { sequence: 1000, jahr: 2026 }],
    [
      "first number 1000 without yearly restart",
      state({ first: 1000, nummerProJahr: false }),
      2026,
      { sequence: 1000, jahr: 2026 },
    ],
    ["same year continues", state({ last: 41, lastJahr: 2026 }), 2026, { sequence: 42, jahr: 2026 }],
    ["new year restarts at 1", state({ last: 41, lastJahr: 2026 }), 2027, { sequence: 1, jahr: 2027 }],
    [
      "new year restarts at 1, not at the first number",
      state({ first: 1000, last: 1041, lastJahr: 2026 }),
      2027,
      { sequence: 1, jahr: 2027 },
    ],
    [
      "new year continues without yearly restart",
      state({ last: 41, lastJahr: 2026, nummerProJahr: false }),
      2027,
      { sequence: 42, jahr: 2027 },
    ],
    [
      "first number used up: continues after it",
      state({ first: 1000, last: 1000, lastJahr: 2026 }),
      2026,
      { sequence: 1001, jahr: 2026 },
    ],
    [
      "numbers given before years were recorded, yearly restart",
      state({ last: 17, lastJahr: null }),
      2026,
      { sequence: 1, jahr: 2026 },
    ],
    [
      "numbers given before years were recorded, no restart",
      state({ last: 17, lastJahr: null, nummerProJahr: false }),
      2026,
      { sequence: 18, jahr: 2026 },
    ],
    ["a first number of 0 counts as 1", state({ first: 0 }), 2026, { sequence: 1, jahr: 2026 }],
  ])("%s", (_name, s, year, expected) => {
    expect(nextSequence(s, year)).toEqual(expected);
  });
});

describe("previewNumber", () => {
  it.each<[string, SequenceState, string]>([
    ["fresh circle", { last: 0, lastJahr: null, first: 1, nummerProJahr: true }, "2026-00001"],
    ["running circle", { last: 99, lastJahr: 2026, first: 1, nummerProJahr: true }, "2026-00100"],
    ["after the new year", { last: 99, lastJahr: 2025, first: 1, nummerProJahr: true }, "2026-00001"],
    [
      "invoice circle from 1000",
      { last: 0, lastJahr: null, first: 1000, nummerProJahr: false },
      "2026-01000",
    ],
  ])("%s → %s", (_name, s, expected) => {
    expect(previewNumber(DEFAULT_NUMBER_PATTERN, s, nov2026)).toBe(expected);
  });
});

describe("ZNumberPattern", () => {
  it("trims and accepts a valid pattern", () => {
    expect(ZNumberPattern.parse("  RE-{YY}{MM}-{NNN} ")).toBe("RE-{YY}{MM}-{NNN}");
  });

  it.each<[unknown, string]>([
    ["{YYYY}-", "pattern"],
    ["{NN}{NN}", "pattern"],
    ["{DD}{NNN}", "pattern"],
    ["", "required"],
    ["   ", "required"],
    [`${"A".repeat(41)}{N}`, "maxLength"],
    [undefined, "required"],
  ])("refuses %j with field code %s", (input, code) => {
    const result = ZNumberPattern.safeParse(input);
    expect(result.success).toBe(false);
    if (!result.success) expect(toFieldErrors(result.error.issues, input)[0]?.code).toBe(code);
  });
});

describe("patternExample", () => {
  const date = { year: 2026, month: 3 };
  it.each([
    ["{YYYY}-{NNNNN}", 1, "2026-00001"],
    ["  {YYYY}-{NNNNN}  ", 1, "2026-00001"],
    ["RE{YY}{MM}/{NNN}", 42, "RE2603/042"],
    ["K-{N}", 1234, "K-1234"],
    ["{NN}", 123, "123"],
    ["{NNNNN}", -5, "00001"],
    ["{NNNNN}", 1.5, "00001"],
  ])("%s with %d → %s", (pattern, sequence, number) => {
    expect(patternExample(pattern, date, sequence)).toEqual({ ok: true, number });
  });
  it("numbers from 1 by default and matches formatNumber", () => {
    expect(patternExample(DEFAULT_NUMBER_PATTERN, date)).toEqual({
      ok: true,
      number: formatNumber(DEFAULT_NUMBER_PATTERN, { sequence: 1, date }),
    });
  });
  it.each([
    ["", "sequenceMissing"],
    ["{YYYY}", "sequenceMissing"],
    ["{N}-{N}", "sequenceTwice"],
    ["{DD}-{N}", "unknownToken"],
    [`${"x".repeat(40)}{N}`, "tooLong"],
  ])("%s is refused with %s, never thrown", (pattern, code) => {
    expect(patternExample(pattern, date)).toEqual({ ok: false, code });
  });
});

describe("numberRegex (issue 33: the highest number a pattern gave in a year)", () => {
  const matches = (pattern: string, year: number, number: string) =>
    new RegExp(numberRegex(pattern, year)!).exec(number)?.[1];

  it("matches every number formatNumber gives in the year, the sequence as its one group", () => {
    for (const pattern of [DEFAULT_NUMBER_PATTERN, "RE-{YY}{MM}-{NNN}", "R #{N}/{YYYY}.x", "Ä_{NNNNN} {MM}"])
      for (const sequence of [1, 42, 123456])
        for (const month of [1, 9, 12]) {
          const number = formatNumber(pattern, { sequence, date: { year: 2026, month } });
          expect(Number(matches(pattern, 2026, number)), `${pattern} ${number}`).toBe(sequence);
        }
  });

  it("leaves out other years, other patterns and what the pattern never prints", () => {
    expect(matches(DEFAULT_NUMBER_PATTERN, 2026, "2025-00042")).toBeUndefined();
    expect(matches("RE-{YY}{MM}-{NNN}", 2026, "RE-2513-001")).toBeUndefined();
    expect(matches("RE-{YY}{MM}-{NNN}", 2026, "RE-2611-01")).toBeUndefined();
    expect(matches(DEFAULT_NUMBER_PATTERN, 2026, "AN-2026-00001")).toBeUndefined();
    expect(matches(DEFAULT_NUMBER_PATTERN, 2026, "2026-00001-1")).toBeUndefined();
    // A literal dot is a dot, not any character.
    expect(matches("R.{NNN}", 2026, "Rx001")).toBeUndefined();
    // Without a year token every year's numbers match.
    expect(matches("R{NNN}", 2026, "R007")).toBe("007");
  });

  it("is undefined for an invalid pattern", () => {
    expect(numberRegex("{YYYY}", 2026)).toBeUndefined();
  });
});
