import { describe, expect, it } from "vitest";
import {
  type BelegSprache,
  dueDates,
  type ZahlungszielTerm,
  zahlungszielText,
} from "./zahlungsziel.rules.ts";

const term = (nettoTage: number, ...skonto: [number, number][]): ZahlungszielTerm => ({
  nettoTage,
  skontoList: skonto.map(([tage, prozent]) => ({ tage, prozent })),
});

/** 30 days net, 3 % within 3 days, 2 % within 10 days (listed out of order on purpose). */
const standard = term(30, [10, 2], [3, 3]);

describe("zahlungszielText", () => {
  it.each<[string, ZahlungszielTerm, string, BelegSprache, number | undefined, string]>([
    [
      "de, without amount",
      standard,
      "2026-11-22",
      "de",
      undefined,
      "Zahlbar bis 22.12.2026 ohne Abzug. Bei Zahlung bis 25.11.2026 3 % Skonto, bis 02.12.2026 2 % Skonto.",
    ],
    [
      "de, with amount",
      standard,
      "2026-11-22",
      "de",
      1000,
      "Zahlbar bis 22.12.2026 ohne Abzug. Bei Zahlung bis 25.11.2026 3 % Skonto (970,00 €), " +
        "bis 02.12.2026 2 % Skonto (980,00 €).",
    ],
    [
      "en, with amount",
      standard,
      "2026-11-22",
      "en",
      1000,
      "Payable by 22/12/2026 without deduction. If paid by 25/11/2026, 3% discount (€970.00); " +
        "by 02/12/2026, 2% discount (€980.00).",
    ],
    [
      "en, without amount",
      standard,
      "2026-11-22",
      "en",
      undefined,
      "Payable by 22/12/2026 without deduction. If paid by 25/11/2026, 3% discount; by 02/12/2026, 2% discount.",
    ],
    ["de, net only", term(14), "2026-11-22", "de", 500, "Zahlbar bis 06.12.2026 ohne Abzug."],
    ["de, immediately", term(0), "2026-11-22", "de", undefined, "Zahlbar sofort ohne Abzug."],
    ["en, immediately", term(0), "2026-11-22", "en", 99.99, "Payable immediately without deduction."],
    [
      "de, fractional percent, thousands and exact cents",
      term(30, [14, 2.5]),
      "2026-11-22",
      "de",
      1234.57,
      "Zahlbar bis 22.12.2026 ohne Abzug. Bei Zahlung bis 06.12.2026 2,5 % Skonto (1.203,71 €).",
    ],
    [
      "en, fractional percent, thousands and exact cents",
      term(30, [14, 2.5]),
      "2026-11-22",
      "en",
      1234.57,
      "Payable by 22/12/2026 without deduction. If paid by 06/12/2026, 2.5% discount (€1,203.71).",
    ],
    [
      "de, two-decimal percent and a million",
      term(60, [7, 1.75]),
      "2026-11-22",
      "de",
      1_000_000,
      "Zahlbar bis 21.01.2027 ohne Abzug. Bei Zahlung bis 29.11.2026 1,75 % Skonto (982.500,00 €).",
    ],
    [
      "half a cent rounds up (0.25 × 0.98 = 0.245 → 0.25)",
      term(30, [10, 2]),
      "2026-11-22",
      "de",
      0.25,
      "Zahlbar bis 22.12.2026 ohne Abzug. Bei Zahlung bis 02.12.2026 2 % Skonto (0,25 €).",
    ],
    [
      "commercial rounding of the skonto amount (10.05 × 0.97 = 9.7485 → 9.75)",
      term(30, [3, 3]),
      "2026-11-22",
      "de",
      10.05,
      "Zahlbar bis 22.12.2026 ohne Abzug. Bei Zahlung bis 25.11.2026 3 % Skonto (9,75 €).",
    ],
    [
      "credit note (negative amount)",
      term(30, [3, 3]),
      "2026-11-22",
      "en",
      -1000,
      "Payable by 22/12/2026 without deduction. If paid by 25/11/2026, 3% discount (-€970.00).",
    ],
    [
      "month end: 31.01. + 30 days",
      term(30, [10, 2]),
      "2026-01-31",
      "de",
      undefined,
      "Zahlbar bis 02.03.2026 ohne Abzug. Bei Zahlung bis 10.02.2026 2 % Skonto.",
    ],
    [
      "leap year: 28.02.2028 + 1 day",
      term(1),
      "2028-02-28",
      "de",
      undefined,
      "Zahlbar bis 29.02.2028 ohne Abzug.",
    ],
    [
      "year end",
      term(30, [8, 3]),
      "2026-12-24",
      "en",
      undefined,
      "Payable by 23/01/2027 without deduction. If paid by 01/01/2027, 3% discount.",
    ],
  ])("%s", (_name, t, belegDatum, sprache, brutto, expected) => {
    expect(zahlungszielText(t, belegDatum, sprache, brutto)).toBe(expected);
  });

  it("refuses a malformed document date", () => {
    expect(() => zahlungszielText(standard, "22.11.2026", "de")).toThrow(RangeError);
  });
});

describe("dueDates", () => {
  it.each<[string, ZahlungszielTerm, string, ReturnType<typeof dueDates>]>([
    [
      "steps sorted by days",
      standard,
      "2026-11-22",
      {
        netto: "2026-12-22",
        skonto: [
          { datum: "2026-11-25", prozent: 3 },
          { datum: "2026-12-02", prozent: 2 },
        ],
      },
    ],
    ["month end", term(30), "2026-01-31", { netto: "2026-03-02", skonto: [] }],
    ["month end in a leap year", term(30), "2028-01-31", { netto: "2028-03-01", skonto: [] }],
    ["leap day", term(1), "2028-02-28", { netto: "2028-02-29", skonto: [] }],
    [
      "year end",
      term(14, [0, 5]),
      "2026-12-31",
      { netto: "2027-01-14", skonto: [{ datum: "2026-12-31", prozent: 5 }] },
    ],
  ])("%s", (_name, t, belegDatum, expected) => {
    expect(dueDates(t, belegDatum)).toEqual(expected);
  });

  it("leaves the term's list untouched", () => {
    const t = term(30, [10, 2], [3, 3]);
    dueDates(t, "2026-11-22");
    expect(t.skontoList.map((s) => s.tage)).toEqual([10, 3]);
  });
});
