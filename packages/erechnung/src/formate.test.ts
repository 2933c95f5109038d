import { beforeAll, describe, expect, it } from "vitest";
import { belegAbbilden } from "./abbilden.ts";
import { ErechnungUngueltig, mitKennung, PROFIL, pruefenUndSchreiben, schreiben } from "./ausgabe.ts";
import { BEISPIELE } from "./beispiele.testing.ts";
import { ebInterfaceSchreiben } from "./ebinterface.ts";
import { rechnungLesen } from "./lesen.ts";
import { type Befund, fatale, offiziellPruefen, type Pruefling } from "./offiziell.testing.ts";

/**
 * Every format the product writes, for every example document, under the official checkers: the XML Schema and
 * 0 fatal findings under CEN EN 16931, plus XRechnung for the XRechnung formats and Peppol for Peppol BIS.
 * One Saxon run per rule set and syntax for the whole file.
 */
const pruefling: Pruefling[] = [];
for (const [name, quelle] of Object.entries(BEISPIELE)) {
  const r = belegAbbilden(quelle);
  pruefling.push(
    {
      name: `${name}.xrechnung-ubl`,
      xml: schreiben(mitKennung(r, "xrechnung-ubl"), "xrechnung-ubl"),
      syntax: "ubl",
      regeln: ["cen", "xrechnung"],
    },
    {
      name: `${name}.xrechnung-cii`,
      xml: schreiben(mitKennung(r, "xrechnung-cii"), "xrechnung-cii"),
      syntax: "cii",
      regeln: ["cen", "xrechnung"],
    },
    {
      name: `${name}.zugferd`,
      xml: schreiben(mitKennung(r, "zugferd"), "zugferd"),
      syntax: "cii",
      regeln: ["cen"],
    },
    {
      name: `${name}.peppol`,
      xml: schreiben(mitKennung(r, "peppol"), "peppol"),
      syntax: "ubl",
      regeln: ["cen", "peppol"],
    },
    { name: `${name}.ebinterface`, xml: ebInterfaceSchreiben(r), syntax: "ebinterface", regeln: [] },
  );
}

describe("formats under the official rules", () => {
  let befunde: Map<string, Befund[]>;
  beforeAll(async () => {
    befunde = await offiziellPruefen(pruefling);
  });

  it.each(pruefling.map((p) => p.name))("%s: schema valid, 0 fatal", (name) => {
    expect(fatale(befunde.get(name))).toEqual([]);
  });
});

describe("the product's own check on export", () => {
  const formate = Object.keys(PROFIL) as (keyof typeof PROFIL)[];
  it.each(Object.keys(BEISPIELE))("%s: every format passes (no false refusals)", (name) => {
    const r = belegAbbilden(BEISPIELE[name]!);
    for (const format of formate) expect(() => pruefenUndSchreiben(r, format), format).not.toThrow();
  });

  /** What the official rules reject, the product refuses too — before anything is written. */
  const regeln = (r: ReturnType<typeof belegAbbilden>, format: keyof typeof PROFIL) => {
    try {
      pruefenUndSchreiben(r, format);
      return [];
    } catch (error) {
      if (!(error instanceof ErechnungUngueltig)) throw error;
      return error.verstoesse.map((v) => v.regel);
    }
  };
  it("refuses an XRechnung without buyer reference, a reverse charge without the buyer's VAT id, wrong totals", () => {
    const ohneReferenz = belegAbbilden({
      ...BEISPIELE.gemischt!,
      beleg: { ...BEISPIELE.gemischt!.beleg, kaeuferReferenz: null },
    });
    expect(regeln(ohneReferenz, "xrechnung-ubl")).toContain("BR-DE-15");
    expect(regeln(ohneReferenz, "zugferd")).toEqual([]);
    const rc = BEISPIELE.reverseCharge!;
    expect(regeln(belegAbbilden({ ...rc, kaeufer: { ...rc.kaeufer, uid: null } }), "peppol")).toContain(
      "BR-AE-02",
    );
    const falsch = belegAbbilden(BEISPIELE.export!);
    falsch.summen.brutto = "1.00";
    expect(regeln(falsch, "ebinterface")).toContain("BR-CO-15");
  });
});

describe("round trip: export → import gives the same business terms", () => {
  for (const [name, quelle] of Object.entries(BEISPIELE)) {
    const r = belegAbbilden(quelle);
    it(`${name}: XRechnung UBL and CII, Factur-X, Peppol`, () => {
      for (const format of ["xrechnung-ubl", "xrechnung-cii", "zugferd", "peppol"] as const) {
        const erwartet = mitKennung(r, format);
        expect(rechnungLesen(schreiben(erwartet, format)).rechnung, format).toEqual(erwartet);
      }
    });
  }
});
