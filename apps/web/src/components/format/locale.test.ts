import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  dateComplete,
  formatDateIn,
  formatDateTimeIn,
  formatMoneyIn,
  formatNumber,
  formatPercentIn,
  isoDateText,
  type Locale,
  type NumberRules,
  parseDate,
  parseNumber,
  problemWhileTyping,
} from "./locale.ts";

const money: NumberRules = { maxDecimals: 2, unit: "€" };
const unitPrice: NumberRules = { maxDecimals: 4, unit: "€" };
const percent: NumberRules = { maxDecimals: 2, unit: "%" };
const quantity: NumberRules = { maxDecimals: 3 };

describe("formatting per language", () => {
  it.each<[number, Locale, string]>([
    [1234.56, "de", "1.234,56 €"],
    [1234.5, "de", "1.234,50 €"],
    [0, "de", "0,00 €"],
    [-1234567.891, "de", "-1.234.567,89 €"],
    [1234.56, "en", "€1,234.56"],
    [-5, "en", "-€5.00"],
    [9_999_999_999.99, "en", "€9,999,999,999.99"],
  ])("money %d in %s reads %j", (value, locale, text) => {
    expect(formatMoneyIn(value, locale)).toBe(text);
  });

  it("unit prices show up to four decimals when they have them", () => {
    expect(formatMoneyIn(1.2345, "de", 4)).toBe("1,2345 €");
    expect(formatMoneyIn(1.5, "de", 4)).toBe("1,50 €");
    expect(formatMoneyIn(1.234, "en", 4)).toBe("€1.234");
  });

  it.each<[number, Locale, string]>([
    [12.5, "de", "12,5 %"],
    [20, "de", "20,0 %"],
    [2.25, "de", "2,25 %"],
    [12.5, "en", "12.5%"],
    [20, "en", "20.0%"],
  ])("percent %d in %s reads %j", (value, locale, text) => {
    expect(formatPercentIn(value, locale)).toBe(text);
  });

  it("numbers: grouping, decimals, no negative zero", () => {
    expect(formatNumber(1234567, "de")).toBe("1.234.567");
    expect(formatNumber(1234567.5, "en", 0, 3)).toBe("1,234,567.5");
    expect(formatNumber(-0.001, "de", 2, 2)).toBe("0,00");
    expect(formatNumber(Number.NaN, "de")).toBe("");
  });

  it("dates and date-times", () => {
    expect(formatDateIn("2026-12-24", "de")).toBe("24.12.2026");
    expect(formatDateIn("2026-12-24", "en")).toBe("24/12/2026");
    expect(formatDateTimeIn(new Date(2026, 11, 24, 14, 5), "de")).toBe("24.12.2026 14:05");
    expect(formatDateTimeIn(new Date(2026, 11, 24, 14, 5), "en")).toBe("24/12/2026 14:05");
    expect(formatDateTimeIn("2026-12-24", "en")).toBe("24/12/2026");
    expect(formatDateIn("no date", "en")).toBe("");
    expect(isoDateText("2026-01-05", "en")).toBe("05/01/2026");
    expect(isoDateText("31.13.", "de")).toBe("31.13.");
  });
});

describe("reading typed numbers", () => {
  it.each<[string, Locale, NumberRules, number]>([
    // German: what people type and paste (issue 21)
    ["1.234,56", "de", money, 1234.56],
    ["1234,56", "de", money, 1234.56],
    ["1 234,56", "de", money, 1234.56],
    ["1\u00A0234,56", "de", money, 1234.56],
    ["1\u202F234,56", "de", money, 1234.56],
    ["€ 1.234,56", "de", money, 1234.56],
    ["1.234,56 €", "de", money, 1234.56],
    ["1.234,56€", "de", money, 1234.56],
    ["  1.234,56  ", "de", money, 1234.56],
    ["-5", "de", money, -5],
    ["\u22125", "de", money, -5],
    ["- 5,5", "de", money, -5.5],
    ["-€ 5", "de", money, -5],
    ["0,5", "de", money, 0.5],
    [",5", "de", money, 0.5],
    ["5,", "de", money, 5],
    ["1.234", "de", money, 1234],
    ["1.234.567", "de", money, 1234567],
    ["-0", "de", money, 0],
    ["+7", "de", money, 7],
    ["9.999.999.999,99", "de", money, 9_999_999_999.99],
    ["1,2345", "de", unitPrice, 1.2345],
    ["12,5 %", "de", percent, 12.5],
    ["12,5%", "de", percent, 12.5],
    ["1,125", "de", quantity, 1.125],
    // English (en-GB conventions)
    ["1,234.56", "en", money, 1234.56],
    ["1234.56", "en", money, 1234.56],
    ["€1,234.56", "en", money, 1234.56],
    ["€ 1,234.56", "en", money, 1234.56],
    ["-€1,234.56", "en", money, -1234.56],
    ["€-5", "en", money, -5],
    ["1 234.56", "en", money, 1234.56],
    ["0.5", "en", money, 0.5],
    [".5", "en", money, 0.5],
    ["1,234", "en", money, 1234],
    ["12.5%", "en", percent, 12.5],
  ])("%j (%s) is %d", (text, locale, rules, value) => {
    expect(parseNumber(text, locale, rules)).toEqual({ ok: true, value });
  });

  it.each<[string, Locale, NumberRules, string]>([
    ["12a", "de", money, "invalid"],
    ["abc", "de", money, "invalid"],
    ["1,2,3", "de", money, "invalid"],
    ["1,23,4", "de", money, "invalid"],
    ["5 %", "de", money, "invalid"],
    ["5 €", "de", percent, "invalid"],
    ["€ 5 €", "de", money, "invalid"],
    ["--5", "de", money, "invalid"],
    ["1e5", "de", money, "invalid"],
    // The dot in German separates thousands: a dot followed by anything but exactly three digits is refused.
    ["1.5", "de", money, "group"],
    ["1.23", "de", money, "group"],
    ["1.2345", "de", money, "group"],
    ["12.34,5", "de", money, "group"],
    ["1234.56", "de", money, "group"],
    ["1,234.56", "de", money, "group"],
    ["1.234 567", "de", money, "group"],
    ["12 34", "de", money, "group"],
    ["1.", "de", money, "group"],
    // …and the comma in English.
    ["1,5", "en", money, "group"],
    ["1.234,56", "en", money, "group"],
    ["1234,56", "en", money, "group"],
    // Never rounded: more decimals than the field allows.
    ["1,234", "de", money, "decimals"],
    ["0,001", "de", money, "decimals"],
    ["1,23456", "de", unitPrice, "decimals"],
    ["12,555", "de", percent, "decimals"],
    ["1.234", "en", money, "decimals"],
    // Still to come
    ["-", "de", money, "incomplete"],
    ["€", "de", money, "incomplete"],
    [",", "de", money, "incomplete"],
    [".", "en", money, "incomplete"],
  ])("%j (%s) is refused: %s", (text, locale, rules, problem) => {
    expect(parseNumber(text, locale, rules)).toEqual({ ok: false, problem });
  });

  it("empty text is no number and no error", () => {
    expect(parseNumber("  ", "de", money)).toEqual({ ok: false, problem: "empty", empty: true });
  });

  it("reports only final problems while typing", () => {
    expect(problemWhileTyping("1.", "de", "group")).toBe(false);
    expect(problemWhileTyping("1.23", "de", "group")).toBe(false);
    expect(problemWhileTyping("1.2345", "de", "group")).toBe(true);
    expect(problemWhileTyping("1234.5", "de", "group")).toBe(true);
    expect(problemWhileTyping("1.23,5", "de", "group")).toBe(true);
    expect(problemWhileTyping("1,5", "en", "group")).toBe(false);
    expect(problemWhileTyping("12a", "de", "invalid")).toBe(true);
    expect(problemWhileTyping("1,234", "de", "decimals")).toBe(true);
    expect(problemWhileTyping("-", "de", "incomplete")).toBe(false);
  });

  const cents = (max: number, scale: number) =>
    fc.integer({ min: -max * scale, max: max * scale }).map((n) => n / scale);

  it.each<Locale>(["de", "en"])("money round trip (%s): format → parse gives the value back", (locale) => {
    fc.assert(
      fc.property(cents(9_999_999_999, 100), (value) => {
        const text = formatMoneyIn(value, locale);
        expect(parseNumber(text, locale, money)).toEqual({ ok: true, value: value + 0 });
      }),
      { numRuns: 2000 },
    );
  });

  it.each<Locale>(["de", "en"])("unit price round trip with four decimals (%s)", (locale) => {
    fc.assert(
      fc.property(cents(99_999_999, 10_000), (value) => {
        const text = formatMoneyIn(value, locale, 4);
        expect(parseNumber(text, locale, unitPrice)).toEqual({ ok: true, value: value + 0 });
      }),
      { numRuns: 2000 },
    );
  });

  it.each<Locale>(["de", "en"])("percent round trip (%s)", (locale) => {
    fc.assert(
      fc.property(cents(100, 100), (value) => {
        const text = formatPercentIn(value, locale);
        expect(parseNumber(text, locale, percent)).toEqual({ ok: true, value: value + 0 });
      }),
      { numRuns: 2000 },
    );
  });
});

describe("reading typed dates", () => {
  it.each([
    ["24.12.2026", "2026-12-24"],
    ["1.2.2026", "2026-02-01"],
    [" 29.02.2024 ", "2024-02-29"],
    ["24/12/2026", "2026-12-24"],
    ["1/2/2026", "2026-02-01"],
  ])("%j is %s", (text, iso) => {
    expect(parseDate(text)).toBe(iso);
  });

  it.each([
    "31.02.2026",
    "29.02.2023",
    "31.04.2024",
    "24.12.26",
    "24.12/2026",
    "2026-12-24",
    "",
    "abc",
    "0.1.2026",
  ])("%j is no date", (text) => {
    expect(parseDate(text)).toBeNull();
  });

  it("judges a date while typing once the year is complete", () => {
    expect(dateComplete("31.02.2026")).toBe(true);
    expect(dateComplete("1.2.2026")).toBe(true);
    expect(dateComplete("31.02.20")).toBe(false);
  });
});
