import { describe, expect, it } from "vitest";
import { centAusEuro, formatiereBetrag, parseBetrag, summeCent, vollstaendigeBetraege } from "./betrag.ts";
import { RksvFehler } from "./fehler.ts";

describe("formatiereBetrag / parseBetrag", () => {
  it.each<[number, string]>([
    [0, "0,00"],
    [5, "0,05"],
    [-5, "-0,05"],
    [1234, "12,34"],
    [-1200, "-12,00"],
    [123456789, "1234567,89"],
  ])("%i cents are %s", (cent, text) => {
    expect(formatiereBetrag(cent)).toBe(text);
    expect(parseBetrag(text)).toBe(cent);
  });

  it.each([
    "12.34",
    "1.234,56",
    "12,3",
    "12,345",
    ",50",
    "-",
    "",
    "1e3,00",
    "+1,00",
  ])("refuses %j", (text) => {
    expect(parseBetrag(text)).toBeNull();
  });
});

describe("centAusEuro", () => {
  it.each<[number, number]>([
    [12.34, 1234],
    [120.34, 12034],
    [0.1, 10],
    [-15.05, -1505],
    [1.005, 101],
    [-2.345, -235],
    [2.344, 234],
    [1e-7, 0],
    [-0.001, 0],
    [0, 0],
    [193.07, 19307],
  ])("%d € are %i cents", (euro, cent) => {
    expect(centAusEuro(euro)).toBe(cent);
  });

  it("refuses what is no amount", () => {
    expect(() => centAusEuro(Number.NaN)).toThrow(RksvFehler);
    expect(() => centAusEuro(1e300)).toThrow(RksvFehler);
  });
});

describe("Betraege", () => {
  it("fills missing sets with 0 and sums in cents", () => {
    const b = vollstaendigeBetraege({ satzNormal: 1000, satzBesonders: -1 });
    expect(b).toEqual({
      satzNormal: 1000,
      satzErmaessigt1: 0,
      satzErmaessigt2: 0,
      satzNull: 0,
      satzBesonders: -1,
    });
    expect(summeCent(b)).toBe(999);
  });

  it("refuses fractions of a cent", () => {
    expect(() => vollstaendigeBetraege({ satzNull: 12.5 })).toThrow(/Centbetrag/);
  });
});
