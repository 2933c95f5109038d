import type { TErechnungFormat } from "@kontor/domain/erechnung/erechnung.codes";
import { beforeAll, describe, expect, it } from "vitest";
import type { BelegQuelle } from "./abbilden.ts";
import { belegAbbilden } from "./abbilden.ts";
import { ErechnungUngueltig, mitKennung, pruefenUndSchreiben, schreiben } from "./ausgabe.ts";
import { BEISPIELE } from "./beispiele.testing.ts";
import {
  type Befund,
  fatale,
  offiziellPruefen,
  type Pruefling,
  type Regelwerk,
} from "./offiziell.testing.ts";

/**
 * The cases of issue 33 under the official checkers: an export the official rules reject is never served, and one
 * the product serves passes them. Every format is written twice — checked (pruefenUndSchreiben: served or refused
 * with rules) and unchecked (what the serializer would have written) — and the unchecked XML goes to the official
 * rules: the product refuses exactly where they find a fatal error, naming the same rules.
 *
 * 1. A Swiss customer known only by an e-mail address: XRechnung and Factur-X carry it as EM, Peppol has no e-mail
 *    scheme (PEPPOL-EN16931-CL008) — refused, until the customer's terms name a Peppol id.
 * 2. Its cancellation: the same.
 * 3. A small business (Kleinunternehmer, no VAT id, only its tax number) selling to a private buyer: EN 16931 wants
 *    a VAT id, register number or seller identifier (BR-CO-26), so XRechnung, Factur-X and Peppol are refused;
 *    ebInterface has its own convention ("00000000") and is served, XSD-valid, with the exemption stated.
 */

const FORMATE: readonly { format: TErechnungFormat; syntax: Pruefling["syntax"]; regeln: Regelwerk[] }[] = [
  { format: "xrechnung-ubl", syntax: "ubl", regeln: ["cen", "xrechnung"] },
  { format: "xrechnung-cii", syntax: "cii", regeln: ["cen", "xrechnung"] },
  { format: "zugferd", syntax: "cii", regeln: ["cen"] },
  { format: "peppol", syntax: "ubl", regeln: ["cen", "peppol"] },
  { format: "ebinterface", syntax: "ebinterface", regeln: [] },
];

const ausfuhr = BEISPIELE.export!;
/** The Swiss customer with its e-mail address only (no Peppol id, no VAT id). */
const schweizNurEmail: BelegQuelle = {
  ...ausfuhr,
  kaeufer: { ...ausfuhr.kaeufer, elektronischeAdresse: null, uid: null },
};
const schweizStorno: BelegQuelle = {
  ...schweizNurEmail,
  beleg: {
    ...schweizNurEmail.beleg,
    belegsTyp: "storno",
    belegNummer: "2026-00030",
    vorgaenger: { ...BEISPIELE.storno!.beleg.vorgaenger!, nummer: "2026-00020", datum: "2026-11-20" },
    positionen: schweizNurEmail.beleg.positionen.map((p) => ({
      ...p,
      positionsMenge:
        p.positionsMenge === undefined || p.positionsMenge === null
          ? p.positionsMenge
          : -Number(p.positionsMenge),
    })),
  },
};
/** What the user enters in the customer's terms after the refusal: its GLN as Peppol id. */
const schweizMitPeppolId: BelegQuelle = {
  ...schweizNurEmail,
  kaeufer: { ...schweizNurEmail.kaeufer, elektronischeAdresse: "0088:7612345000008" },
};
const klein = BEISPIELE.kleinunternehmer!;
const kleinunternehmerAnPrivat: BelegQuelle = {
  ...klein,
  verkaeufer: { ...klein.verkaeufer, uid: null, registernummer: null, elektronischeAdresse: null },
  kaeufer: {
    name: "Maria Muster",
    email: "maria.muster@example.at",
    adresse: { strasse: "Gartengasse", hausNummer: "4", plz: "3100", ort: "St. Pölten", land: "AT" },
  },
};

const FAELLE: Record<string, BelegQuelle> = {
  schweizNurEmail,
  schweizStorno,
  schweizMitPeppolId,
  kleinunternehmerAnPrivat,
};

/** The product's verdict: the XML served, or the rules it was refused for. */
function produkt(quelle: BelegQuelle, format: TErechnungFormat): { xml?: string; regeln: string[] } {
  try {
    return { xml: pruefenUndSchreiben(belegAbbilden(quelle), format), regeln: [] };
  } catch (error) {
    if (!(error instanceof ErechnungUngueltig)) throw error;
    return { regeln: error.verstoesse.map((v) => v.regel) };
  }
}

const pruefling: Pruefling[] = [];
for (const [name, quelle] of Object.entries(FAELLE))
  for (const { format, syntax, regeln } of FORMATE) {
    const r = belegAbbilden(quelle);
    pruefling.push({
      name: `${name}.${format}`,
      xml: schreiben(mitKennung(r, format), format),
      syntax,
      regeln,
    });
  }

describe("the product refuses what the official rules reject, and only that (issue 33)", () => {
  let befunde: Map<string, Befund[]>;
  beforeAll(async () => {
    befunde = await offiziellPruefen(pruefling);
  });
  const offiziell = (name: string) => fatale(befunde.get(name)).map((zeile) => zeile.split(" ")[0]!);

  it.each(
    Object.keys(FAELLE),
  )("%s: served ⇔ 0 fatal under the official rules, refusals name their rules", (fall) => {
    for (const { format } of FORMATE) {
      const { xml, regeln } = produkt(FAELLE[fall]!, format);
      const gefunden = offiziell(`${fall}.${format}`);
      expect(xml !== undefined, `${fall} ${format}: product ${regeln} / official ${gefunden}`).toBe(
        gefunden.length === 0,
      );
      for (const regel of regeln) expect(gefunden, `${fall} ${format}`).toContain(regel);
    }
  });

  it("Peppol refuses the Swiss customer known only by e-mail, and its cancellation, with PEPPOL-EN16931-CL008", () => {
    for (const fall of ["schweizNurEmail", "schweizStorno"]) {
      expect(produkt(FAELLE[fall]!, "peppol").regeln, fall).toEqual(["PEPPOL-EN16931-CL008"]);
      expect(offiziell(`${fall}.peppol`), fall).toEqual(["PEPPOL-EN16931-CL008"]);
      // XRechnung and Factur-X accept the e-mail address (EAS EM), ebInterface carries it as an address id.
      for (const format of ["xrechnung-ubl", "xrechnung-cii", "zugferd", "ebinterface"] as const)
        expect(produkt(FAELLE[fall]!, format).regeln, `${fall} ${format}`).toEqual([]);
    }
    const xr = produkt(schweizNurEmail, "xrechnung-ubl").xml!;
    expect(xr).toContain('<cbc:EndpointID schemeID="EM">kreditoren@uhren-meier.ch</cbc:EndpointID>');
    // With a Peppol id in the customer's terms the Peppol export is served.
    const peppol = produkt(schweizMitPeppolId, "peppol").xml!;
    expect(peppol).toContain('<cbc:EndpointID schemeID="0088">7612345000008</cbc:EndpointID>');
    expect(offiziell("schweizMitPeppolId.peppol")).toEqual([]);
  });

  it("serves a small business without VAT id to a private buyer as ebInterface 6.1 (XSD-valid, exemption stated)", () => {
    const { xml, regeln } = produkt(kleinunternehmerAnPrivat, "ebinterface");
    expect(regeln).toEqual([]);
    expect(offiziell("kleinunternehmerAnPrivat.ebinterface")).toEqual([]);
    const x = xml!;
    const biller = /<Biller>[\s\S]*<\/Biller>/.exec(x)![0];
    const empfaenger = /<InvoiceRecipient>[\s\S]*<\/InvoiceRecipient>/.exec(x)![0];
    expect(biller).toContain("<VATIdentificationNumber>00000000</VATIdentificationNumber>");
    expect(biller).toContain(
      '<FurtherIdentification IdentificationType="FASTNR">12 345/6789</FurtherIdentification>',
    );
    expect(empfaenger).toContain("<VATIdentificationNumber>00000000</VATIdentificationNumber>");
    // The exemption as the official sample states it: category E, 0 %, the reason in every tax item.
    const grund = "<Comment>Umsatzsteuerbefreit – Kleinunternehmer gemäß § 6 Abs. 1 Z 27 UStG</Comment>";
    const steuerposten = [...x.matchAll(/<TaxItem>[\s\S]*?<\/TaxItem>/g)].map((m) => m[0]);
    expect(steuerposten.length).toBeGreaterThan(1);
    for (const posten of steuerposten) {
      expect(posten).toContain('<TaxPercent TaxCategoryCode="E">0.00</TaxPercent>');
      expect(posten).toContain(grund);
    }
    // The EN 16931 formats want a VAT id, register number or seller identifier; Peppol an address it knows.
    for (const format of ["xrechnung-ubl", "xrechnung-cii", "zugferd"] as const) {
      expect(produkt(kleinunternehmerAnPrivat, format).regeln, format).toEqual(["BR-CO-26"]);
      expect(offiziell(`kleinunternehmerAnPrivat.${format}`), format).toContain("BR-CO-26");
    }
    expect(produkt(kleinunternehmerAnPrivat, "peppol").regeln).toEqual([
      "BR-CO-26",
      "PEPPOL-EN16931-CL008",
      "PEPPOL-EN16931-CL008",
    ]);
  });
});
