import { describe, expect, it } from "vitest";
import {
  BELEG_DEFAULT_TYP,
  BELEGS_TYPEN,
  bearbeitbar,
  belegStatus,
  istRechnung,
  nummernQuelle,
  stornierbar,
  type TBelegsTyp,
  UMWANDLUNGEN,
  umwandelbar,
  umwandlungErlaubt,
} from "./beleg.codes.ts";

describe("document types", () => {
  it("are the one list of typen.codes.ts; a new document is an invoice", () => {
    expect(BELEGS_TYPEN).toContain(BELEG_DEFAULT_TYP);
    expect(BELEG_DEFAULT_TYP).toBe("rechnung");
  });

  it("every type has its conversions, and they name known types only", () => {
    expect(Object.keys(UMWANDLUNGEN).sort()).toEqual([...BELEGS_TYPEN].sort());
    for (const ziele of Object.values(UMWANDLUNGEN))
      for (const ziel of ziele) expect(BELEGS_TYPEN).toContain(ziel);
  });

  it.each<[TBelegsTyp, TBelegsTyp, boolean]>([
    ["angebot", "auftragsbestaetigung", true],
    ["auftragsbestaetigung", "lieferschein", true],
    ["lieferschein", "rechnung", true],
    ["angebot", "rechnung", true],
    ["auftragsbestaetigung", "rechnung", true],
    ["proformarechnung", "rechnung", true],
    ["rechnung", "storno", true],
    ["barrechnung", "storno", true],
    ["gutschrift", "storno", true],
    ["rechnung", "gutschrift", true],
    // backwards or sideways: no
    ["rechnung", "angebot", false],
    ["lieferschein", "auftragsbestaetigung", false],
    ["auftragsbestaetigung", "angebot", false],
    ["rechnung", "rechnung", false],
    ["rechnung", "lieferschein", false],
    ["angebot", "storno", false],
    ["lieferschein", "storno", false],
    ["storno", "storno", false],
    ["storno", "rechnung", false],
    ["bestellung", "rechnung", false],
    ["angebot", "bestellung", false],
  ])("%s → %s: %s", (von, nach, erlaubt) => {
    expect(umwandlungErlaubt(von, nach)).toBe(erlaubt);
  });

  it("invoices in the sense of the VAT acts draw from the invoice circle", () => {
    expect(BELEGS_TYPEN.filter(istRechnung)).toEqual(["rechnung", "gutschrift", "storno", "barrechnung"]);
    expect(nummernQuelle("rechnung")).toBe("rechnungskreis");
    expect(nummernQuelle("storno")).toBe("rechnungskreis");
    expect(nummernQuelle("angebot")).toBe("belegnummerkreis");
    expect(nummernQuelle("proformarechnung")).toBe("belegnummerkreis");
    expect(istRechnung(undefined)).toBe(false);
  });
});

describe("status", () => {
  it.each<[string, Parameters<typeof belegStatus>[0], ReturnType<typeof belegStatus>]>([
    ["new", {}, "entwurf"],
    ["draft flags without finalization", { bezahlt: true, storniert: true }, "entwurf"],
    ["finalized", { freigabe: true }, "finalisiert"],
    ["paid", { freigabe: true, bezahlt: true }, "bezahlt"],
    ["cancelled, even when paid", { freigabe: true, bezahlt: true, storniert: true }, "storniert"],
  ])("%s", (_name, beleg, status) => {
    expect(belegStatus(beleg)).toBe(status);
    expect(bearbeitbar(beleg)).toBe(status === "entwurf");
  });

  it("only a finalized, not yet cancelled invoice type can be cancelled", () => {
    expect(stornierbar({ belegsTyp: "rechnung", freigabe: true })).toBe(true);
    expect(stornierbar({ belegsTyp: "gutschrift", freigabe: true })).toBe(true);
    expect(stornierbar({ belegsTyp: "rechnung", freigabe: false })).toBe(false);
    expect(stornierbar({ belegsTyp: "rechnung", freigabe: true, storniert: true })).toBe(false);
    expect(stornierbar({ belegsTyp: "angebot", freigabe: true })).toBe(false);
    expect(stornierbar({ belegsTyp: "storno", freigabe: true })).toBe(false);
    expect(stornierbar({ freigabe: true })).toBe(false);
  });

  it("converting needs the table's consent; crediting a finalized source; a cancelled one converts into nothing", () => {
    expect(umwandelbar({ belegsTyp: "angebot" }, "auftragsbestaetigung")).toBe(true);
    expect(umwandelbar({ belegsTyp: "angebot", freigabe: true }, "rechnung")).toBe(true);
    expect(umwandelbar({ belegsTyp: "angebot" }, "storno")).toBe(false);
    expect(umwandelbar({ belegsTyp: "rechnung" }, "gutschrift")).toBe(false);
    expect(umwandelbar({ belegsTyp: "rechnung", freigabe: true }, "gutschrift")).toBe(true);
    expect(umwandelbar({ belegsTyp: "rechnung", freigabe: true, storniert: true }, "gutschrift")).toBe(false);
    expect(umwandelbar({ belegsTyp: null }, "rechnung")).toBe(false);
  });
});
