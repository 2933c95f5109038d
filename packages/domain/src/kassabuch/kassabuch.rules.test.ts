import { describe, expect, it } from "vitest";
import { toFixedString } from "../money/decimal.ts";
import {
  abschlussBis,
  buchungMoeglich,
  datumsSperre,
  eroeffnung,
  hoechsteAusgabe,
  type KassaBuchung,
  type KassaEinstellungen,
  laufendeSalden,
  saldoAm,
  zeitraum,
} from "./kassabuch.rules.ts";
import { ZKassabuchEintragNeu } from "./kassabuch.schema.ts";

const fix = (d: { units: bigint; scale: number }) => toFixedString(d as never, 2);
const einstellungen = (over: Partial<KassaEinstellungen> = {}): KassaEinstellungen => ({
  kassaBetrag: 100,
  kassaStartdatum: "2025-06-01",
  kassaStartZeroYear: false,
  ...over,
});
let nextId = 1;
const b = (date: string, typ: KassaBuchung["typ"], betrag: number | string): KassaBuchung => ({
  id: nextId++,
  date,
  typ,
  betrag,
});

describe("eroeffnung", () => {
  it.each<[string, Partial<KassaEinstellungen>, string, string]>([
    ["one run: the opening balance in every year", {}, "2027-03-01", "100.00"],
    ["zero years: the start year opens at kassaBetrag", { kassaStartZeroYear: true }, "2025-12-31", "100.00"],
    ["zero years: later years open at zero", { kassaStartZeroYear: true }, "2026-01-01", "0.00"],
    [
      "zero years without a start date: every year opens at zero",
      { kassaStartZeroYear: true, kassaStartdatum: null },
      "2025-07-01",
      "0.00",
    ],
    ["no opening balance: zero", { kassaBetrag: null }, "2025-07-01", "0.00"],
  ])("%s", (_, over, date, expected) => {
    expect(fix(eroeffnung(einstellungen(over), date))).toBe(expected);
  });
});

describe("running balances and the guard", () => {
  const e = einstellungen();
  const book = [
    b("2025-06-02", "ausgabe", 30),
    b("2025-06-05", "einnahme", "0.10"),
    b("2025-06-05", "einnahme", "0.20"),
    b("2025-06-10", "ausgabe", 60),
  ];

  it("sums exactly (0.1 + 0.2 is 0.3)", () => {
    expect(laufendeSalden(e, book).map((s) => fix(s.saldo))).toEqual(["70.00", "70.10", "70.30", "10.30"]);
    expect(fix(saldoAm(e, book, "2025-06-05"))).toBe("70.30");
  });

  it("an expense back-dated before later expenses is limited by the later balances", () => {
    // The end of 06-03 holds 70, but 06-10 would fall below zero with more than 10.30.
    expect(fix(hoechsteAusgabe(e, book, "2025-06-03"))).toBe("10.30");
    expect(buchungMoeglich(e, book, { date: "2025-06-03", typ: "ausgabe", betrag: 10.3 })).toBe(true);
    expect(buchungMoeglich(e, book, { date: "2025-06-03", typ: "ausgabe", betrag: 10.31 })).toBe(false);
    expect(buchungMoeglich(e, book, { date: "2025-06-03", typ: "einnahme", betrag: 1e9 })).toBe(true);
  });

  it("zero years: a later year is not limited by an earlier one, nor the other way round", () => {
    const z = einstellungen({ kassaStartZeroYear: true });
    const zb = [b("2025-12-01", "ausgabe", 100), b("2026-01-02", "einnahme", 50)];
    expect(fix(hoechsteAusgabe(z, zb, "2025-11-01"))).toBe("0.00");
    expect(fix(hoechsteAusgabe(z, zb, "2026-01-05"))).toBe("50.00");
    expect(fix(hoechsteAusgabe(z, zb, "2026-01-01"))).toBe("0.00");
    expect(laufendeSalden(z, zb).map((s) => fix(s.saldo))).toEqual(["0.00", "50.00"]);
  });
});

describe("zeitraum", () => {
  const e = einstellungen();
  const book = [
    b("2025-06-02", "einnahme", 50),
    b("2025-07-01", "ausgabe", 20),
    b("2025-07-15", "einnahme", 5),
    b("2025-08-01", "ausgabe", 1),
  ];
  it("opening before von, the period's sums, closing at bis", () => {
    const z = zeitraum(e, book, "2025-07-01", "2025-07-31", "2025-09-01");
    expect([z.anfangsbestand, z.einnahmen, z.ausgaben, z.endbestand].map(fix)).toEqual([
      "150.00",
      "5.00",
      "20.00",
      "135.00",
    ]);
    expect(z.jahreswechsel).toBe(false);
  });
  it("the whole book: the opening balance to the complete balance", () => {
    const z = zeitraum(e, book, null, null, "2025-09-01");
    expect([z.anfangsbestand, z.einnahmen, z.ausgaben, z.endbestand].map(fix)).toEqual([
      "100.00",
      "55.00",
      "21.00",
      "134.00",
    ]);
  });
  it("zero years: crossing a year is flagged", () => {
    const z = zeitraum(
      einstellungen({ kassaStartZeroYear: true }),
      book,
      "2025-12-01",
      "2026-01-31",
      "2026-02-01",
    );
    expect(z.jahreswechsel).toBe(true);
    expect(fix(z.endbestand)).toBe("0.00");
  });
});

describe("dates and closes", () => {
  it.each<[string | null, string | null, string, ReturnType<typeof datumsSperre>]>([
    ["2025-06-01", null, "2025-05-31", "beforeKassaStart"],
    ["2025-06-01", null, "2025-06-01", null],
    ["2025-06-01", "2025-06-30", "2025-06-30", "periodClosed"],
    ["2025-06-01", "2025-06-30", "2025-07-01", null],
    [null, null, "1999-01-01", null],
  ])("start %s, closed through %s: %s → %s", (start, closed, date, expected) => {
    expect(datumsSperre({ kassaStartdatum: start }, closed, date)).toBe(expected);
  });
  it.each([
    ["tag", "2026-02-10", "2026-02-10"],
    ["monat", "2026-02-10", "2026-02-28"],
    ["monat", "2028-02-01", "2028-02-29"],
    ["monat", "2026-12-31", "2026-12-31"],
  ] as const)("%s %s closes through %s", (art, datum, bis) => {
    expect(abschlussBis(art, datum)).toBe(bis);
  });
});

describe("ZKassabuchEintragNeu", () => {
  const valid = { date: "2026-03-01", text: "Porto", typ: "ausgabe", betrag: 12.5 };
  it.each<[string, object, string]>([
    ["zero", { betrag: 0 }, "min"],
    ["negative", { betrag: -5 }, "min"],
    ["three decimals", { betrag: 1.005 }, "invalid"],
    ["empty text", { text: "  " }, "too_small"],
    ["unknown type", { typ: "transfer" }, "invalid_value"],
  ])("refuses %s", (_, over, code) => {
    const result = ZKassabuchEintragNeu.safeParse({ ...valid, ...over });
    expect(result.success).toBe(false);
    expect(JSON.stringify(result.error?.issues)).toContain(code === "min" ? "too_small" : code);
  });
  it("accepts a minimal entry, optional fields null", () => {
    expect(ZKassabuchEintragNeu.parse(valid)).toMatchObject({
      belegnummer: null,
      kontonummer: null,
      lieferant: null,
      mehrwertssteuer: null,
    });
  });
});
