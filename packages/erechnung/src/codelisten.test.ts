import { readFileSync } from "node:fs";
import path from "node:path";
import { MWST_BEFREIUNGSGRUND } from "@kontor/domain/beleg/beleg.codes";
import { EINHEIT_CODES } from "@kontor/domain/einheit/einheit.codes";
import { describe, expect, it } from "vitest";
import {
  BEFREIUNGSCODES,
  EAS_CODES,
  EINHEITEN,
  GUTSCHRIFTS_ARTEN_UBL,
  LAENDER,
  LAENDER_CII,
  NACHLASSGRUENDE,
  PEPPOL_EAS_CODES,
  PEPPOL_GUTSCHRIFTS_ARTEN,
  PEPPOL_RECHNUNGS_ARTEN,
  RECHNUNGS_ARTEN_CII,
  RECHNUNGS_ARTEN_UBL,
  STEUERKATEGORIEN,
  UID_PRAEFIXE,
  UID_PRAEFIXE_CII,
  WAEHRUNGEN,
  WAEHRUNGEN_PEPPOL,
  ZAHLUNGSARTEN,
} from "./codelisten.ts";
import { KATEGORIEN, RECHNUNGS_ARTEN } from "./modell.ts";
import { EINVOICE_TESTDATA } from "./offiziell.testing.ts";
import { REGELN_JE_PROFIL } from "./pruefung.ts";

/**
 * The product's code lists are the official ones (issue 33): read out of the rule files in
 * ../shared/testdata/einvoice/rules and compared, so a new release of the rules that changes a list fails here
 * until codelisten.ts (and the EAS lists in @kontor/domain) follow. Every code-list rule of the official files is
 * either checked by the product (with its list compared here) or named below with the reason it cannot fire.
 */

const regelDatei = (datei: string) => readFileSync(path.join(EINVOICE_TESTDATA, "rules", datei), "utf8");
const CEN = {
  ubl: regelDatei("cen/EN16931-UBL-validation.xslt"),
  cii: regelDatei("cen/EN16931-CII-validation.xslt"),
};
const PEPPOL = {
  ubl: regelDatei("peppol/PEPPOL-EN16931-UBL.xsl"),
  cii: regelDatei("peppol/PEPPOL-EN16931-CII.xsl"),
};

/** The tests of a CEN assert (the ISO skeleton writes `<svrl:failed-assert test="…">` and then its id). */
function cenTests(xslt: string, id: string): string[] {
  const muster = new RegExp(
    `<svrl:failed-assert test="([^"]*)">\\s*<xsl:attribute name="id">${id}</xsl:attribute>`,
    "g",
  );
  return [...xslt.matchAll(muster)].map((m) => m[1]!);
}

/** The code lists (' A B C ') in the one test of a CEN assert, in order. */
function cenListen(xslt: string, id: string): string[][] {
  const tests = cenTests(xslt, id);
  expect(tests, id).toHaveLength(1);
  return [...tests[0]!.matchAll(/'( [^']+ )'/g)].map((m) => m[1]!.trim().split(" "));
}

/** A CEN assert's one code list. */
function cenListe(xslt: string, id: string): string[] {
  const listen = cenListen(xslt, id);
  expect(listen, id).toHaveLength(1);
  return listen[0]!;
}

/** A Peppol code-list variable (`<xsl:variable name="eaid" select="tokenize('…', '\s')"/>`). */
function peppolVariable(xsl: string, name: string): string[] {
  const treffer = new RegExp(`<xsl:variable name="${name}"\\s+select="tokenize\\('([^']*)'`).exec(xsl);
  expect(treffer, name).not.toBeNull();
  return treffer![1]!.trim().split(/\s+/);
}

/** The list a Peppol assert names inline (`some $code in tokenize('…', '\s')`), e.g. P0100. */
function peppolInline(xsl: string, id: string): string[] {
  const treffer = new RegExp(`<xsl:if test="([^"]*)">\\s*<svrl:failed-assert[^>]*id="${id}"`).exec(xsl);
  expect(treffer, id).not.toBeNull();
  return /tokenize\('([^']*)'/.exec(treffer![1]!)![1]!.trim().split(/\s+/);
}

const sortiert = (liste: Iterable<string>) => [...liste].sort();

/** The ids of the code-list rules in an official file. */
function codelistenRegeln(xslt: string, muster: RegExp): string[] {
  return [...new Set([...xslt.matchAll(muster)].map((m) => m[1]!))].sort();
}

/** Code-list rules the product does not check, and why they cannot fire on what it writes. */
const NICHT_ANWENDBAR: Readonly<Record<string, string>> = {
  "BR-CL-05": "BT-6 (VAT accounting currency) is not written",
  "BR-CL-06": "BT-8 / the due date type code is not written",
  "BR-CL-07": "BT-18 (invoiced object identifier) is not in the model",
  "BR-CL-08": "BT-21 (invoice note subject code) is not written",
  "BR-CL-10": "BT-29 / BT-46 are written without a scheme (ICD), so no scheme is checked",
  "BR-CL-11": "BT-30 / BT-47 are written without a scheme (ICD)",
  "BR-CL-13": "BT-158 (item classification) is not in the model",
  "BR-CL-15": "BT-159 (country of origin) is not in the model",
  "BR-CL-20": "charges (UNTDID 7161) are not in the model",
  "BR-CL-21": "BT-157 (item standard identifier) is not in the model",
  "BR-CL-24": "attachments (MIME codes) are not in the model",
  "BR-CL-26": "BT-71 (deliver-to location identifier) is not in the model",
  "PEPPOL-EN16931-CL001": "attachments (MIME codes) are not in the model",
  "PEPPOL-EN16931-CL003": "charges (UNTDID 7161) are not in the model",
  "PEPPOL-EN16931-CL006": "the invoicing period's description code is not written",
};

describe("code lists (the official rules' lists, issue 33)", () => {
  it("every code-list rule of the official files is checked or cannot fire", () => {
    const cen = [
      ...codelistenRegeln(CEN.ubl, /id">(BR-CL-\d+)</g),
      ...codelistenRegeln(CEN.cii, /id">(BR-CL-\d+)</g),
    ];
    const peppol = [
      ...codelistenRegeln(PEPPOL.ubl, /id="(PEPPOL-EN16931-(?:CL\d+|P010[01]))"/g),
      ...codelistenRegeln(PEPPOL.cii, /id="(PEPPOL-EN16931-(?:CL\d+|P010[01]))"/g),
    ];
    const geprueft = new Set([...REGELN_JE_PROFIL.en16931, ...REGELN_JE_PROFIL.peppol]);
    for (const regel of new Set([...cen, ...peppol]))
      expect(geprueft.has(regel) !== regel in NICHT_ANWENDBAR, regel).toBe(true);
  });

  it("EAS (electronic address schemes): CEN's BR-CL-25 with EM, Peppol's CL008 without", () => {
    for (const syntax of ["ubl", "cii"] as const) {
      expect(sortiert(EAS_CODES), syntax).toEqual(sortiert(cenListe(CEN[syntax], "BR-CL-25")));
      expect(sortiert(PEPPOL_EAS_CODES), syntax).toEqual(sortiert(peppolVariable(PEPPOL[syntax], "eaid")));
    }
    expect(EAS_CODES.has("EM")).toBe(true);
    expect(PEPPOL_EAS_CODES.has("EM")).toBe(false);
    for (const code of PEPPOL_EAS_CODES) expect(EAS_CODES.has(code), code).toBe(true);
  });

  it("ISO 4217 currencies: BR-CL-03/04/05 and Peppol's CL007", () => {
    for (const syntax of ["ubl", "cii"] as const) {
      for (const regel of ["BR-CL-03", "BR-CL-04", "BR-CL-05"])
        expect(sortiert(WAEHRUNGEN), `${syntax} ${regel}`).toEqual(sortiert(cenListe(CEN[syntax], regel)));
      expect(sortiert(WAEHRUNGEN_PEPPOL), syntax).toEqual(
        sortiert(peppolVariable(PEPPOL[syntax], "ISO4217")),
      );
    }
  });

  it("ISO 3166 countries (BR-CL-14) and VAT id prefixes (BR-CO-09), per syntax", () => {
    expect(sortiert(LAENDER)).toEqual(sortiert(cenListe(CEN.ubl, "BR-CL-14")));
    expect(sortiert(LAENDER_CII)).toEqual(sortiert(cenListe(CEN.cii, "BR-CL-14")));
    expect(sortiert(UID_PRAEFIXE)).toEqual(sortiert(cenListe(CEN.ubl, "BR-CO-09")));
    expect(sortiert(UID_PRAEFIXE_CII)).toEqual(sortiert(cenListe(CEN.cii, "BR-CO-09")));
  });

  it("UNTDID 1001 document types: BR-CL-01 per UBL root and CII, Peppol's P0100/P0101", () => {
    const [rechnung, gutschrift] = cenListen(CEN.ubl, "BR-CL-01");
    expect(sortiert(RECHNUNGS_ARTEN_UBL)).toEqual(sortiert(rechnung!));
    expect(sortiert(GUTSCHRIFTS_ARTEN_UBL)).toEqual(sortiert(gutschrift!));
    expect(sortiert(RECHNUNGS_ARTEN_CII)).toEqual(sortiert(cenListe(CEN.cii, "BR-CL-01")));
    expect(sortiert(PEPPOL_RECHNUNGS_ARTEN)).toEqual(
      sortiert(peppolInline(PEPPOL.ubl, "PEPPOL-EN16931-P0100")),
    );
    expect(sortiert(PEPPOL_GUTSCHRIFTS_ARTEN)).toEqual(
      sortiert(peppolInline(PEPPOL.ubl, "PEPPOL-EN16931-P0101")),
    );
  });

  it("UNTDID 4461, 5305, 5189, VATEX and the unit codes", () => {
    for (const syntax of ["ubl", "cii"] as const) {
      const liste = (regel: string) => sortiert(cenListe(CEN[syntax], regel));
      expect(sortiert(ZAHLUNGSARTEN), syntax).toEqual(liste("BR-CL-16"));
      expect(sortiert(STEUERKATEGORIEN), syntax).toEqual(liste("BR-CL-17"));
      expect(sortiert(STEUERKATEGORIEN), syntax).toEqual(liste("BR-CL-18"));
      expect(sortiert(NACHLASSGRUENDE), syntax).toEqual(liste("BR-CL-19"));
      expect(sortiert(BEFREIUNGSCODES), syntax).toEqual(liste("BR-CL-22"));
      expect(sortiert(EINHEITEN), syntax).toEqual(liste("BR-CL-23"));
      expect(sortiert(NACHLASSGRUENDE), syntax).toEqual(sortiert(peppolVariable(PEPPOL[syntax], "UNCL5189")));
    }
  });

  it("what the product writes is in the lists: its units, categories, exemption codes, type and payment codes", () => {
    // HAR (hectare, UN/ECE Recommendation 20) is a unit the product offers but EN 16931's list lacks: a line in it is
    // refused by BR-CL-23 (pruefung.ts). No other unit may be missing.
    expect(Object.keys(EINHEIT_CODES).filter((code) => !EINHEITEN.has(code))).toEqual(["HAR"]);
    for (const kategorie of KATEGORIEN) expect(STEUERKATEGORIEN.has(kategorie), kategorie).toBe(true);
    for (const code of Object.values(MWST_BEFREIUNGSGRUND))
      expect(BEFREIUNGSCODES.has(code), code).toBe(true);
    for (const art of RECHNUNGS_ARTEN) expect(RECHNUNGS_ARTEN_CII.has(art), art).toBe(true);
    // abbilden.ts: SEPA credit transfer, cash, "not defined".
    for (const code of ["58", "10", "1"]) expect(ZAHLUNGSARTEN.has(code), code).toBe(true);
    expect(NACHLASSGRUENDE.has("95")).toBe(true);
  });
});
