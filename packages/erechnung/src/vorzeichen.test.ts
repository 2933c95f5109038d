import { describe, expect, it } from "vitest";
import { belegAbbilden } from "./abbilden.ts";
import { mitKennung, schreiben } from "./ausgabe.ts";
import { BEISPIELE } from "./beispiele.testing.ts";
import { ebInterfaceSchreiben } from "./ebinterface.ts";
import { rechnungLesen } from "./lesen.ts";

/**
 * The sign convention of issue 33 in the mapping: a credit note is stored with positive figures (what it credits)
 * and stated so as a 381; a storno is stored as its original negated and stated positive the other way round —
 * the storno of an invoice a 381 crediting, the storno of a credit note a 380 charging. (The official checkers run
 * on every example in formate.test.ts, these included.)
 */
const werte = (xml: string, element: string) =>
  [...xml.matchAll(new RegExp(`<${element}>([^<]*)</${element}>`, "g"))].map((m) => m[1]);

describe("signs of credit notes and stornos in the e-invoice", () => {
  it("a credit note as stored (positive quantities) is a 381 with positive amounts", () => {
    const r = belegAbbilden(BEISPIELE.gutschrift!);
    // 1 × 289.90 − 10 % = 260.91 at 20 % (VAT 52.182 → 52.18), 1 × 49.90 at 10 % (VAT 4.99).
    expect(r.art).toBe("381");
    expect(r.summen).toEqual({
      positionen: "310.81",
      netto: "310.81",
      steuer: "57.17",
      brutto: "367.98",
      zahlbar: "367.98",
    });
    expect(r.positionen.map((p) => [p.menge, p.netto])).toEqual([
      ["1", "260.91"],
      ["1", "49.90"],
    ]);
    expect(r.zahlung?.faelligAm).toBeUndefined();
    expect(r.zahlung?.bedingungen).toBe("Der Betrag wird Ihrem Konto gutgeschrieben.");
    for (const format of ["xrechnung-ubl", "xrechnung-cii", "zugferd", "peppol"] as const) {
      const gelesen = rechnungLesen(schreiben(mitKennung(r, format), format)).rechnung;
      expect(gelesen.art, format).toBe("381");
      expect([gelesen.summen.brutto, gelesen.summen.zahlbar], format).toEqual(["367.98", "367.98"]);
    }
    const eb = ebInterfaceSchreiben(r);
    expect(eb).toContain('DocumentType="CreditMemo"');
    expect(werte(eb, "PayableAmount")).toEqual(["367.98"]);
  });

  it("a storno is stated the other way round from what it cancels: of an invoice a 381, of a credit note a 380", () => {
    // The storno of an invoice (stored as the invoice negated) credits the invoice's amounts.
    const rechnung = belegAbbilden(BEISPIELE.gemischt!);
    const stornoRechnung = belegAbbilden(BEISPIELE.storno!);
    expect(stornoRechnung.art).toBe("381");
    expect(stornoRechnung.summen.brutto).toBe(rechnung.summen.brutto);
    expect(stornoRechnung.steuern).toEqual(rechnung.steuern);
    // The storno of a credit note (stored as the credit note negated) charges its amounts, with no payment date.
    const gutschrift = belegAbbilden(BEISPIELE.gutschrift!);
    const storno = belegAbbilden(BEISPIELE.stornoGutschrift!);
    expect(storno.art).toBe("380");
    expect(storno.summen).toEqual(gutschrift.summen);
    expect(storno.positionen.map((p) => [p.menge, p.netto])).toEqual([
      ["1", "260.91"],
      ["1", "49.90"],
    ]);
    expect(storno.vorgaenger).toEqual({ nummer: "2026-00022", datum: "2026-11-20" });
    expect(storno.zahlung?.faelligAm).toBeUndefined();
    expect(storno.zahlung?.bedingungen).toBe(
      "Storno der Gutschrift: Der gutgeschriebene Betrag wird wieder verrechnet.",
    );
    expect(ebInterfaceSchreiben(storno)).toContain('DocumentType="Invoice"');
  });
});
