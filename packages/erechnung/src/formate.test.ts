import { beforeAll, describe, expect, it } from "vitest";
import { belegAbbilden } from "./abbilden.ts";
import { BEISPIELE } from "./beispiele.testing.ts";
import { ciiSchreiben } from "./cii.ts";
import { ebInterfaceSchreiben } from "./ebinterface.ts";
import { rechnungLesen } from "./lesen.ts";
import { type Befund, fatale, offiziellPruefen, type Pruefling } from "./offiziell.testing.ts";
import { ublSchreiben } from "./ubl.ts";

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
      xml: ublSchreiben(r, "xrechnung"),
      syntax: "ubl",
      regeln: ["cen", "xrechnung"],
    },
    {
      name: `${name}.xrechnung-cii`,
      xml: ciiSchreiben(r, "xrechnung"),
      syntax: "cii",
      regeln: ["cen", "xrechnung"],
    },
    { name: `${name}.zugferd`, xml: ciiSchreiben(r, "en16931"), syntax: "cii", regeln: ["cen"] },
    { name: `${name}.peppol`, xml: ublSchreiben(r, "peppol"), syntax: "ubl", regeln: ["cen", "peppol"] },
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

describe("round trip: export → import gives the same business terms", () => {
  const ohneKennung = (r: ReturnType<typeof belegAbbilden>) => {
    const { spezifikation: _s, prozess: _p, ...rest } = r;
    return rest;
  };
  for (const [name, quelle] of Object.entries(BEISPIELE)) {
    const r = belegAbbilden(quelle);
    it(`${name}: XRechnung UBL, XRechnung CII, Factur-X`, () => {
      for (const xml of [
        ublSchreiben(r, "xrechnung"),
        ciiSchreiben(r, "xrechnung"),
        ciiSchreiben(r, "en16931"),
      ])
        expect(ohneKennung(rechnungLesen(xml).rechnung)).toEqual(ohneKennung(r));
    });
  }
});
