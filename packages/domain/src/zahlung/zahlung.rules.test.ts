import { describe, expect, it } from "vitest";
import { add, dec, toNumber } from "../money/decimal.ts";
import type { ZahlungszielTerm } from "../zahlungsziel/zahlungsziel.rules.ts";
import {
  faelligAm,
  type MwstAnteil,
  type RestbetragFelder,
  restbetrag,
  type SkontoAngebot,
  skontoAufteilen,
  skontoFuer,
  skontoStufen,
  summe,
  ueberfaelligTage,
  type ZahlungsAuftrag,
  type ZahlungsPosten,
  zahlungHindernis,
  zahlungVerteilen,
} from "./zahlung.rules.ts";

const term = (nettoTage: number, ...skonto: [number, number][]): ZahlungszielTerm => ({
  nettoTage,
  skontoList: skonto.map(([tage, prozent]) => ({ tage, prozent })),
});
/** 30 days net, 3 % within 7 days, 2 % within 14 days. */
const standard = term(30, [7, 3], [14, 2]);

describe("zahlungHindernis: only finalized, open, not cancelled invoices take payments", () => {
  it.each<[string, Parameters<typeof zahlungHindernis>[0], ReturnType<typeof zahlungHindernis>]>([
    ["open invoice", { belegsTyp: "rechnung", freigabe: true, storniert: false, restbetrag: 10 }, null],
    ["draft", { belegsTyp: "rechnung", freigabe: false, storniert: false, restbetrag: 0 }, "notFinalized"],
    ["cancelled", { belegsTyp: "rechnung", freigabe: true, storniert: true, restbetrag: 0 }, "cancelled"],
    ["paid", { belegsTyp: "rechnung", freigabe: true, storniert: false, restbetrag: 0 }, "notOpen"],
    ["credit only", { belegsTyp: "rechnung", freigabe: true, storniert: false, restbetrag: -5 }, "notOpen"],
    [
      "cash invoice",
      { belegsTyp: "barrechnung", freigabe: true, storniert: false, restbetrag: 0 },
      "notPayable",
    ],
    [
      "pro-forma",
      { belegsTyp: "proformarechnung", freigabe: true, storniert: false, restbetrag: 9 },
      "notPayable",
    ],
    [
      "credit note",
      { belegsTyp: "gutschrift", freigabe: true, storniert: false, restbetrag: 0 },
      "notPayable",
    ],
    ["offer", { belegsTyp: "angebot", freigabe: true, storniert: false, restbetrag: 0 }, "notPayable"],
  ])("%s", (_name, beleg, expected) => {
    expect(zahlungHindernis(beleg)).toBe(expected);
  });
});

describe("restbetrag: gross − payments − skonto − credit notes − write-off", () => {
  const b = (felder: Partial<RestbetragFelder>): RestbetragFelder => ({
    summeBrutto: 1000,
    bezahlt: 0,
    skonto: 0,
    gutschriften: 0,
    abgeschrieben: 0,
    storniert: false,
    ...felder,
  });
  it.each<[string, RestbetragFelder, number]>([
    ["unpaid", b({}), 1000],
    ["partly paid (cents exact)", b({ summeBrutto: 100.1, bezahlt: 0.3 }), 99.8],
    ["two parts", b({ bezahlt: 600.01 + 399.99 }), 0],
    ["skonto settles", b({ bezahlt: 970, skonto: 30 }), 0],
    ["credit note", b({ gutschriften: 200 }), 800],
    ["credit note and payment", b({ bezahlt: 500, gutschriften: 200 }), 300],
    ["credit note beyond what is left: the customer's credit", b({ bezahlt: 900, gutschriften: 200 }), -100],
    ["written off", b({ bezahlt: 990, abgeschrieben: 10 }), 0],
    ["cancelled, unpaid: nothing", b({ storniert: true }), 0],
    ["cancelled after a part payment: paid back is owed", b({ storniert: true, bezahlt: 250.5 }), -250.5],
  ])("%s", (_name, felder, expected) => {
    expect(toNumber(restbetrag(felder))).toBe(expected);
  });
});

describe("due dates and overdue days", () => {
  it.each<[ZahlungszielTerm | null, string, string, string, number]>([
    [standard, "2026-01-31", "2026-03-02", "2026-03-01", 0],
    [standard, "2026-01-31", "2026-03-02", "2026-03-02", 0],
    [standard, "2026-01-31", "2026-03-02", "2026-03-05", 3],
    [null, "2026-03-01", "2026-03-01", "2026-04-01", 31],
    [term(14), "2024-02-20", "2024-03-05", "2025-03-05", 365],
  ])("%o from %s: due %s; on %s overdue %i days", (t, belegDatum, faellig, heute, tage) => {
    expect(faelligAm(t, belegDatum)).toBe(faellig);
    expect(ueberfaelligTage(faelligAm(t, belegDatum), heute)).toBe(tage);
  });
});

describe("skontoStufen: what each step leaves to pay", () => {
  it.each<[string, ZahlungszielTerm | null, number, number, SkontoAngebot[]]>([
    [
      "two steps on 1 000",
      standard,
      1000,
      0,
      [
        { datum: "2026-03-08", prozent: 3, zahlbetrag: 970, skonto: 30 },
        { datum: "2026-03-15", prozent: 2, zahlbetrag: 980, skonto: 20 },
      ],
    ],
    [
      "after a part payment: the rest of the reduced amount",
      standard,
      1000,
      500,
      [
        { datum: "2026-03-08", prozent: 3, zahlbetrag: 470, skonto: 30 },
        { datum: "2026-03-15", prozent: 2, zahlbetrag: 480, skonto: 20 },
      ],
    ],
    // 99.99 × 0.97 = 96.9903 → 96.99; skonto 3.00
    [
      "rounded to cents as printed",
      term(30, [7, 3]),
      99.99,
      0,
      [{ datum: "2026-03-08", prozent: 3, zahlbetrag: 96.99, skonto: 3 }],
    ],
    // 0.10 × 0.985 = 0.0985 → 0.10: a step that grants nothing is left out
    ["a step granting nothing", term(30, [7, 1.5]), 0.1, 0, []],
    ["no term", null, 1000, 0, []],
    ["nothing to pay", standard, 0, 0, []],
    [
      "paid beyond the reduced amount",
      standard,
      1000,
      975,
      [{ datum: "2026-03-15", prozent: 2, zahlbetrag: 5, skonto: 20 }],
    ],
  ])("%s", (_name, t, basis, bezahlt, expected) => {
    expect(skontoStufen(t, "2026-03-01", basis, bezahlt)).toEqual(expected);
  });
});

describe("skontoFuer: a payment within a step that equals its amount", () => {
  const stufen = skontoStufen(standard, "2026-03-01", 1000, 0);
  it.each<[string, string, number, number | null]>([
    ["within the first step, 97 %", "2026-03-05", 970, 3],
    ["on the step's last day", "2026-03-08", 970, 3],
    ["a day after the first step: no longer 3 %", "2026-03-09", 970, null],
    ["within the first step paying the second step's amount", "2026-03-05", 980, 2],
    ["within the second step", "2026-03-12", 980, 2],
    ["after every step", "2026-03-16", 980, null],
    ["a part payment within a step", "2026-03-05", 500, null],
    ["a cent less than the step", "2026-03-05", 969.99, null],
    ["the full amount", "2026-03-05", 1000, null],
  ])("%s", (_name, datum, betrag, prozent) => {
    expect(skontoFuer(stufen, datum, betrag)?.prozent ?? null).toBe(prozent);
  });
});

describe("skontoAufteilen: per VAT rate, proportional to the gross, summing exactly", () => {
  const zeile = (satz: number, basis: number, betrag: number, kategorie = "S"): MwstAnteil => ({
    satz,
    kategorie,
    basis,
    betrag,
  });
  it.each<[string, number, MwstAnteil[], { satz: number; brutto: number; netto: number; mwst: number }[]]>([
    ["one rate", 30, [zeile(20, 833.33, 166.67)], [{ satz: 20, brutto: 30, netto: 25, mwst: 5 }]],
    [
      "two rates, even split",
      6.9,
      [zeile(20, 100, 20), zeile(10, 100, 10)],
      [
        // 120/230 × 6.90 = 3.60; 110/230 × 6.90 = 3.30
        { satz: 20, brutto: 3.6, netto: 3, mwst: 0.6 },
        { satz: 10, brutto: 3.3, netto: 3, mwst: 0.3 },
      ],
    ],
    [
      "three rates, the left-over cent to the largest remainder",
      1,
      [zeile(20, 10, 2), zeile(10, 10, 1), zeile(0, 12, 0, "Z")],
      // gross 12 / 11 / 12 of 35: 34.29 / 31.43 / 34.29 cents → 34, 31, 34 = 99, one cent left: remainders
      // 0.2857, 0.4286, 0.2857 → the 10 % line gets it.
      [
        { satz: 20, brutto: 0.34, netto: 0.28, mwst: 0.06 },
        { satz: 10, brutto: 0.32, netto: 0.29, mwst: 0.03 },
        { satz: 0, brutto: 0.34, netto: 0.34, mwst: 0 },
      ],
    ],
    [
      "equal remainders: in the order of the lines",
      0.01,
      [zeile(20, 50, 10), zeile(10, 54.55, 5.45)],
      [
        { satz: 20, brutto: 0.01, netto: 0.01, mwst: 0 },
        { satz: 10, brutto: 0, netto: 0, mwst: 0 },
      ],
    ],
    [
      "a credit line of another rate (negative weight)",
      10,
      [zeile(20, 1000, 200), zeile(10, -100, -10)],
      // 1200/1090 × 10 = 11.009 → 11.00 (floor), −110/1090 × 10 = −1.0092 → −1.01 (floor); 9.99, one cent left:
      // remainders 0.917 and 0.083 (of a cent) → the first line: 11.01
      [
        { satz: 20, brutto: 11.01, netto: 9.17, mwst: 1.84 },
        { satz: 10, brutto: -1.01, netto: -0.92, mwst: -0.09 },
      ],
    ],
    ["no skonto", 0, [zeile(20, 100, 20)], []],
    ["no VAT lines", 5, [], [{ satz: 0, brutto: 5, netto: 5, mwst: 0 }]],
  ])("%s", (_name, skonto, mwst, expected) => {
    const anteile = skontoAufteilen(skonto, mwst);
    expect(
      anteile.map(({ satz, brutto, netto, mwst: steuer }) => ({ satz, brutto, netto, mwst: steuer })),
    ).toEqual(expected);
    expect(toNumber(summe(anteile.map((a) => a.brutto)))).toBe(skonto === 0 ? 0 : skonto);
  });

  it("sums exactly for many amounts and rate mixes", () => {
    const mixe: MwstAnteil[][] = [
      [zeile(20, 123.45, 24.69), zeile(13, 67.89, 8.83), zeile(10, 1.11, 0.11)],
      [zeile(19, 999.99, 190), zeile(7, 0.01, 0)],
      [zeile(20, 3333.33, 666.67), zeile(10, 3333.33, 333.33), zeile(0, 3333.34, 0)],
    ];
    for (const mwst of mixe)
      for (let cent = 1; cent <= 2000; cent += 7) {
        const skonto = cent / 100;
        const anteile = skontoAufteilen(skonto, mwst);
        const brutto = anteile.reduce((acc, a) => add(acc, dec(a.brutto)), dec(0));
        expect(toNumber(brutto)).toBe(skonto);
        for (const a of anteile) expect(toNumber(add(dec(a.netto), dec(a.mwst)))).toBe(a.brutto);
      }
  });
});

describe("zahlungVerteilen: one payment over several documents", () => {
  const offen = (id: number, rest: number, stufen: SkontoAngebot[] = []): ZahlungsPosten => ({
    id,
    restbetrag: rest,
    skontoStufen: stufen,
  });
  const mitSkonto = (id: number, brutto: number, bezahlt = 0) =>
    offen(id, brutto - bezahlt, skontoStufen(standard, "2026-03-01", brutto, bezahlt));
  const auftrag = (betrag: number, extra: Partial<ZahlungsAuftrag> = {}): ZahlungsAuftrag => ({
    zahlungsDatum: "2026-03-05",
    betrag,
    ...extra,
  });
  type Ergebnis = {
    zuordnungen: [number, number, number, number | null][];
    ueberzahlung: number;
    fehler: object[];
  };
  const lesen = (posten: ZahlungsPosten[], a: ZahlungsAuftrag): Ergebnis => {
    const v = zahlungVerteilen(posten, a);
    return {
      zuordnungen: v.zuordnungen.map((z) => [z.id, toNumber(z.betrag), toNumber(z.skonto), z.skontoProzent]),
      ueberzahlung: toNumber(v.ueberzahlung),
      fehler: v.fehler,
    };
  };
  it.each<[string, ZahlungsPosten[], ZahlungsAuftrag, Ergebnis]>([
    [
      "pays one document in full",
      [offen(1, 120)],
      auftrag(120),
      { zuordnungen: [[1, 120, 0, null]], ueberzahlung: 0, fehler: [] },
    ],
    [
      "a part payment",
      [offen(1, 120)],
      auftrag(50.5),
      { zuordnungen: [[1, 50.5, 0, null]], ueberzahlung: 0, fehler: [] },
    ],
    [
      "the second part settles it",
      [offen(1, 69.5)],
      auftrag(69.5),
      { zuordnungen: [[1, 69.5, 0, null]], ueberzahlung: 0, fehler: [] },
    ],
    [
      "skonto within the step settles it",
      [mitSkonto(1, 1000)],
      auftrag(970),
      { zuordnungen: [[1, 970, 30, 3]], ueberzahlung: 0, fehler: [] },
    ],
    [
      "the skonto amount after the step is a part payment",
      [mitSkonto(1, 1000)],
      auftrag(970, { zahlungsDatum: "2026-03-20" }),
      { zuordnungen: [[1, 970, 0, null]], ueberzahlung: 0, fehler: [] },
    ],
    [
      "the second step's amount within the first step",
      [mitSkonto(1, 1000)],
      auftrag(980),
      { zuordnungen: [[1, 980, 20, 2]], ueberzahlung: 0, fehler: [] },
    ],
    [
      "skonto on the rest after a part payment",
      [mitSkonto(1, 1000, 500)],
      auftrag(470),
      { zuordnungen: [[1, 470, 30, 3]], ueberzahlung: 0, fehler: [] },
    ],
    [
      "several documents: each what it needs, skonto where a step is open",
      [offen(1, 100), mitSkonto(2, 1000), offen(3, 50)],
      auftrag(1120),
      {
        zuordnungen: [
          [1, 100, 0, null],
          [2, 970, 30, 3],
          [3, 50, 0, null],
        ],
        ueberzahlung: 0,
        fehler: [],
      },
    ],
    [
      "enough for every document in full: no skonto taken",
      [mitSkonto(1, 1000), offen(2, 500)],
      auftrag(1500),
      {
        zuordnungen: [
          [1, 1000, 0, null],
          [2, 500, 0, null],
        ],
        ueberzahlung: 0,
        fehler: [],
      },
    ],
    [
      "several documents, the last one partly",
      [offen(1, 100), offen(2, 50)],
      auftrag(120),
      {
        zuordnungen: [
          [1, 100, 0, null],
          [2, 20, 0, null],
        ],
        ueberzahlung: 0,
        fehler: [],
      },
    ],
    [
      "a document the amount does not reach",
      [offen(1, 100), offen(2, 50)],
      auftrag(100),
      {
        zuordnungen: [[1, 100, 0, null]],
        ueberzahlung: 0,
        fehler: [{ field: "belegSet.1.betrag", code: "required" }],
      },
    ],
    [
      "more than is open: refused",
      [offen(1, 100)],
      auftrag(150),
      {
        zuordnungen: [[1, 100, 0, null]],
        ueberzahlung: 0,
        fehler: [{ field: "betrag", code: "overpayment", max: 100 }],
      },
    ],
    [
      "more than is open, kept as credit",
      [offen(1, 100)],
      auftrag(150, { ueberzahlung: true }),
      { zuordnungen: [[1, 100, 0, null]], ueberzahlung: 50, fehler: [] },
    ],
    [
      "an explicit share above the open amount",
      [offen(1, 100)],
      auftrag(150, { anteile: [150], ueberzahlung: true }),
      {
        zuordnungen: [],
        ueberzahlung: 0,
        fehler: [{ field: "belegSet.0.betrag", code: "overpayment", max: 100 }],
      },
    ],
    [
      "explicit shares, the rest as credit",
      [offen(1, 100), offen(2, 80)],
      auftrag(200, { anteile: [60, 80], ueberzahlung: true }),
      {
        zuordnungen: [
          [1, 60, 0, null],
          [2, 80, 0, null],
        ],
        ueberzahlung: 60,
        fehler: [],
      },
    ],
    [
      "explicit shares beyond the payment",
      [offen(1, 100), offen(2, 80)],
      auftrag(100, { anteile: [60, 80] }),
      {
        zuordnungen: [
          [1, 60, 0, null],
          [2, 80, 0, null],
        ],
        ueberzahlung: 0,
        fehler: [{ field: "betrag", code: "min", min: 140 }],
      },
    ],
    [
      "an explicit share equal to a skonto step",
      [mitSkonto(1, 1000)],
      auftrag(970, { anteile: [970] }),
      { zuordnungen: [[1, 970, 30, 3]], ueberzahlung: 0, fehler: [] },
    ],
    [
      "a document with nothing open",
      [offen(1, 0), offen(2, -5)],
      auftrag(10),
      {
        zuordnungen: [],
        ueberzahlung: 0,
        fehler: [
          { field: "belegSet.0.id", code: "notOpen" },
          { field: "belegSet.1.id", code: "notOpen" },
        ],
      },
    ],
  ])("%s", (_name, posten, a, expected) => {
    expect(lesen(posten, a)).toEqual(expected);
  });
});
