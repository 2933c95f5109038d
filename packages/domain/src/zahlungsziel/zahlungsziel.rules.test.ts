import { describe, expect, it } from "vitest";
import {
  type BelegSprache,
  belegZahlungstext,
  dueDates,
  istZahlungszielText,
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

describe("the payment text a document prints (issue 33: never a stale amount)", () => {
  /** "14 Tage 2 % Skonto", 30 days net. */
  const skonto14 = term(30, [14, 2]);
  const beleg = (eigenerText: string | null, brutto: number, mitZiel = true) => ({
    eigenerText,
    belegDatum: "2026-11-29",
    brutto,
    mitZiel,
  });

  it("recognises the term's sentence in either language, for any date and with or without amounts", () => {
    for (const [datum, sprache, brutto] of [
      ["2026-11-29", "de", 0],
      ["2026-11-29", "de", undefined],
      ["2026-01-02", "en", 1481.47],
      ["2027-05-31", "en", undefined],
    ] as const)
      expect(istZahlungszielText(zahlungszielText(skonto14, datum, sprache, brutto), skonto14)).toBe(true);
    expect(
      istZahlungszielText(
        "  Zahlbar bis 29.12.2026 ohne Abzug.\n Bei Zahlung bis 13.12.2026 2 % Skonto (0,00 €). ",
        skonto14,
      ),
    ).toBe(true);
    expect(istZahlungszielText(zahlungszielText(term(0), "2026-11-29", "de"), term(0))).toBe(true);
  });

  it("anything else is the user's own text: another term, an added word, another percentage", () => {
    const satz = zahlungszielText(skonto14, "2026-11-29", "de", 0);
    expect(istZahlungszielText(`${satz} Danke!`, skonto14)).toBe(false);
    expect(istZahlungszielText(satz, term(30, [14, 3]))).toBe(false);
    expect(istZahlungszielText(satz, term(30))).toBe(false);
    expect(istZahlungszielText("Zahlbar sofort.", skonto14)).toBe(false);
    expect(istZahlungszielText("", skonto14)).toBe(false);
    expect(istZahlungszielText(null, skonto14)).toBe(false);
  });

  it("a sentence made while the gross was still 0 prints the final amount: 1.481,47 € × 0,98 = 1.451,84 €", () => {
    const veraltet = zahlungszielText(skonto14, "2026-11-29", "de", 0);
    expect(veraltet).toContain("(0,00 €)");
    expect(belegZahlungstext(beleg(veraltet, 1481.47), skonto14, "de")).toBe(
      "Zahlbar bis 29.12.2026 ohne Abzug. Bei Zahlung bis 13.12.2026 2 % Skonto (1.451,84 €).",
    );
    // Without any text the same; in English by the document's language.
    expect(belegZahlungstext(beleg(null, 1481.47), skonto14, "en")).toBe(
      "Payable by 29/12/2026 without deduction. If paid by 13/12/2026, 2% discount (€1,451.84).",
    );
    // The rounding edge: 1 049,75 × 0,98 = 1 028,755 → 1 028,76 (half away from zero; in floats 1028.75).
    expect(belegZahlungstext(beleg(veraltet, 1049.75), skonto14, "de")).toContain("2 % Skonto (1.028,76 €)");
  });

  it("the user's own text stays theirs; a type that prints no term prints only an own text", () => {
    expect(belegZahlungstext(beleg("Zahlbar bei Lieferung.", 1481.47), skonto14, "de")).toBe(
      "Zahlbar bei Lieferung.",
    );
    const satz = zahlungszielText(skonto14, "2026-11-29", "de", 1481.47);
    expect(belegZahlungstext(beleg(satz, 1481.47, false), skonto14, "de")).toBeNull();
    expect(belegZahlungstext(beleg("Wird verrechnet.", 1481.47, false), skonto14, "de")).toBe(
      "Wird verrechnet.",
    );
    expect(belegZahlungstext(beleg(null, 1481.47), null, "de")).toBeNull();
  });
});
