import { describe, expect, it } from "vitest";
import { toFieldErrors } from "../http/field-errors.ts";
import type { TBelegsTyp } from "../typen/typen.ts";
import { belegsTypsString, normalizeBelegsTyps } from "./nummernkreis.rules.ts";
import { ZBelegnummerkreis, ZRechnungskreis } from "./nummernkreis.schema.ts";

describe("belegsTypsString", () => {
  it.each<[readonly string[], string]>([
    [[], ""],
    [["rechnung"], "Rechnung"],
    [["angebot", "lieferschein"], "Angebot, Lieferschein"],
    [
      ["auftragsbestaetigung", "proformarechnung", "storno"],
      "Auftragsbestaetigung, Proformarechnung, Storno",
    ],
    [["Gutschrift"], "Gutschrift"],
  ])("%j → %j", (typs, expected) => {
    expect(belegsTypsString(typs)).toBe(expected);
  });
});

describe("normalizeBelegsTyps", () => {
  it.each<[TBelegsTyp[], TBelegsTyp[]]>([
    [[], []],
    [
      ["rechnung", "angebot"],
      ["angebot", "rechnung"],
    ],
    [
      ["storno", "storno", "gutschrift"],
      ["gutschrift", "storno"],
    ],
  ])("%j → %j", (typs, expected) => {
    expect(normalizeBelegsTyps(typs)).toEqual(expected);
  });
});

const codes = (schema: typeof ZBelegnummerkreis | typeof ZRechnungskreis, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? [] : toFieldErrors(result.error.issues, input).map((e) => `${e.field}:${e.code}`);
};

describe("ZBelegnummerkreis", () => {
  it("fills the defaults of SPEC §3", () => {
    expect(ZBelegnummerkreis.parse({ belegsTyps: ["rechnung"] })).toEqual({
      belegsTyps: ["rechnung"],
      nummernkreisPattern: "{YYYY}-{NNNNN}",
      lastNummer: 0,
      nummerProJahr: true,
    });
  });

  it.each<[string, unknown, string]>([
    ["no types", { belegsTyps: [] }, "belegsTyps:required"],
    ["types missing", {}, "belegsTyps:required"],
    ["unknown type", { belegsTyps: ["quittung"] }, "belegsTyps.0:enum"],
    [
      "pattern without sequence",
      { belegsTyps: ["angebot"], nummernkreisPattern: "{YYYY}" },
      "nummernkreisPattern:pattern",
    ],
    ["counter below 0", { belegsTyps: ["angebot"], lastNummer: -1 }, "lastNummer:min"],
    ["counter not whole", { belegsTyps: ["angebot"], lastNummer: 1.5 }, "lastNummer:integer"],
    ["counter beyond the column", { belegsTyps: ["angebot"], lastNummer: 2 ** 31 }, "lastNummer:max"],
  ])("%s → %s", (_name, input, expected) => {
    expect(codes(ZBelegnummerkreis, input)).toContain(expected);
  });
});

describe("ZRechnungskreis", () => {
  it("fills the defaults", () => {
    expect(ZRechnungskreis.parse({ rechnungskreisName: " Rechnungen " })).toEqual({
      rechnungskreisName: "Rechnungen",
      rechnungsnummernPattern: "{YYYY}-{NNNNN}",
      firstRechnungsnummer: 1,
      lastRechnungsnummer: 0,
      nummerProJahr: true,
      rksv: false,
      barRechnungOhneRksv: false,
    });
  });

  it.each<[string, unknown, string]>([
    ["name missing", {}, "rechnungskreisName:required"],
    ["name blank", { rechnungskreisName: "  " }, "rechnungskreisName:required"],
    ["name too long", { rechnungskreisName: "x".repeat(101) }, "rechnungskreisName:maxLength"],
    [
      "bad pattern",
      { rechnungskreisName: "R", rechnungsnummernPattern: "{NN}{NN}" },
      "rechnungsnummernPattern:pattern",
    ],
    ["first number 0", { rechnungskreisName: "R", firstRechnungsnummer: 0 }, "firstRechnungsnummer:min"],
    ["counter below 0", { rechnungskreisName: "R", lastRechnungsnummer: -5 }, "lastRechnungsnummer:min"],
  ])("%s → %s", (_name, input, expected) => {
    expect(codes(ZRechnungskreis, input)).toContain(expected);
  });
});
