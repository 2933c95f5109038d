import i18next from "i18next";
import { afterAll, describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatMoney, formatPercent, formatQuantity } from "./format.ts";

describe("display formats (SPEC §9)", () => {
  it("shows dates as DD.MM.YYYY without shifting calendar dates", () => {
    expect(formatDate("2024-03-01")).toBe("01.03.2024");
    expect(formatDate(new Date(2024, 11, 24, 23, 59))).toBe("24.12.2024");
    expect(formatDate(null)).toBe("");
    expect(formatDate("kein Datum")).toBe("");
  });

  it("shows date-times as DD.MM.YYYY HH:mm in local time", () => {
    expect(formatDateTime(new Date(2024, 0, 5, 7, 3))).toBe("05.01.2024 07:03");
    expect(formatDateTime(new Date(2024, 0, 5, 7, 3).toISOString())).toBe("05.01.2024 07:03");
    expect(formatDateTime("2024-01-05")).toBe("05.01.2024");
    expect(formatDateTime(undefined)).toBe("");
  });

  it("shows money as 1.234,56 €", () => {
    expect(formatMoney(1234.5)).toBe("1.234,50 €");
    expect(formatMoney(0)).toBe("0,00 €");
    expect(formatMoney(-1234567.891)).toBe("-1.234.567,89 €");
    expect(formatMoney(null)).toBe("");
  });

  it("shows percentages as 12,5 % (a second decimal only when there is one)", () => {
    expect(formatPercent(20)).toBe("20,0 %");
    expect(formatPercent(12.5)).toBe("12,5 %");
    expect(formatPercent(2.25)).toBe("2,25 %");
    expect(formatPercent(0)).toBe("0,0 %");
    expect(formatPercent(undefined)).toBe("");
  });
});

describe("display formats in English (issue 21, en-GB conventions)", () => {
  afterAll(() => i18next.changeLanguage("de"));

  it("follows the UI language", async () => {
    await i18next.init({ lng: "en", resources: {}, fallbackLng: false, initAsync: false });
    expect(formatMoney(1234.56)).toBe("€1,234.56");
    expect(formatMoney(-5)).toBe("-€5.00");
    expect(formatPercent(12.5)).toBe("12.5%");
    expect(formatDate("2026-12-24")).toBe("24/12/2026");
    expect(formatDateTime(new Date(2026, 11, 24, 14, 5))).toBe("24/12/2026 14:05");
    expect(formatQuantity(1234.5)).toBe("1,234.5");
    await i18next.changeLanguage("de");
    expect(formatMoney(1234.56)).toBe("1.234,56 €");
    expect(formatQuantity(1234.5)).toBe("1.234,5");
  });
});
