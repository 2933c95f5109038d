import { add, type Decimal, dec, div, mul, round, sub, toFixedString } from "@kontor/domain/money/decimal";
import { beforeAll, describe, expect, it } from "vitest";
import { ebInterfaceSchreiben, OHNE_UID } from "./ebinterface.ts";
import type { Abschlag, Partei, Position, Rechnung, Steuerzeile, TKategorie } from "./modell.ts";
import { type Befund, fatale, offiziellPruefen } from "./offiziell.testing.ts";

/** One line of a test invoice: the helper computes its net amount (and its allowance from `rabatt` %). */
interface Zeile {
  menge: string;
  preis: string;
  satz?: string;
  kategorie?: TKategorie;
  rabatt?: string;
  preisBasisMenge?: string;
  id?: string;
  name?: string;
  artikelNummer?: string;
}

interface Vorgabe extends Partial<Omit<Rechnung, "positionen" | "abschlaege" | "steuern" | "summen">> {
  zeilen: Zeile[];
  /** A document discount in %, one allowance per VAT category and rate. */
  belegRabatt?: string;
  gruende?: Partial<Record<TKategorie, { text?: string; code?: string }>>;
  vorausbezahlt?: string;
  rundung?: string;
}

const zwei = (d: Decimal) => toFixedString(d, 2);
const anteil = (basis: Decimal, prozent: string) => round(mul(mul(basis, dec(prozent)), dec("0.01")), 2);

const verkaeufer: Partei = {
  name: "Tischlerei Huber & Söhne <GmbH>",
  uid: "ATU12345678",
  registernummer: "FN 123456a",
  kennung: "L-4711",
  elektronischeAdresse: { schema: "EM", wert: "rechnung@huber.at" },
  adresse: { zeile1: "Hauptstraße 1", ort: "Wien", plz: "1010", land: "AT" },
  kontakt: { name: "Anna Huber", telefon: "+43 1 234 56", email: "office@huber.at" },
};

const kaeufer: Partei = {
  name: "Bundesamt für Prüfwesen",
  uid: "ATU87654321",
  kennung: "K-1001",
  adresse: { zeile1: "Ringstraße 5", zeile2: "Stiege 2", ort: "Graz", plz: "8010", land: "AT" },
};

/** A consistent invoice: line nets, allowances, VAT breakdown and totals computed exactly from the lines. */
function rechnung(v: Vorgabe): Rechnung {
  const { zeilen, belegRabatt, gruende, vorausbezahlt, rundung, ...kopf } = v;
  const positionen: Position[] = zeilen.map((z, i) => {
    const menge = mul(dec(z.menge), dec(z.preis));
    const basis = z.preisBasisMenge ? div(menge, dec(z.preisBasisMenge), 2) : round(menge, 2);
    const abzug = z.rabatt ? anteil(basis, z.rabatt) : undefined;
    return {
      id: z.id ?? String(i + 1),
      menge: z.menge,
      einheit: "C62",
      preis: z.preis,
      preisBasisMenge: z.preisBasisMenge,
      netto: zwei(abzug ? sub(basis, abzug) : basis),
      abschlag: abzug && { betrag: zwei(abzug), prozent: z.rabatt, grund: "Mengenrabatt" },
      kategorie: z.kategorie ?? "S",
      satz: z.satz ?? "20.00",
      name: z.name ?? `Artikel ${i + 1}`,
      artikelNummer: z.artikelNummer,
    };
  });
  const gruppen = new Map<string, { kategorie: TKategorie; satz: string; summe: Decimal }>();
  for (const p of positionen) {
    const schluessel = `${p.kategorie}/${p.satz}`;
    const g = gruppen.get(schluessel) ?? { kategorie: p.kategorie, satz: p.satz, summe: dec(0) };
    gruppen.set(schluessel, { ...g, summe: add(g.summe, dec(p.netto)) });
  }
  const abschlaege: Abschlag[] = belegRabatt
    ? [...gruppen.values()].map((g) => ({
        betrag: zwei(anteil(g.summe, belegRabatt)),
        basis: zwei(g.summe),
        prozent: belegRabatt,
        kategorie: g.kategorie,
        satz: g.satz,
        grund: "Treuerabatt",
        grundCode: "95",
      }))
    : [];
  const steuern: Steuerzeile[] = [...gruppen.values()].map((g) => {
    const abzug = abschlaege.find((a) => a.kategorie === g.kategorie && a.satz === g.satz)?.betrag ?? "0";
    const basis = sub(g.summe, dec(abzug));
    return {
      basis: zwei(basis),
      betrag: zwei(anteil(basis, g.satz)),
      kategorie: g.kategorie,
      satz: g.satz,
      befreiungsGrund: gruende?.[g.kategorie]?.text,
      befreiungsCode: gruende?.[g.kategorie]?.code,
    };
  });
  const summe = (werte: string[]) => werte.reduce((s, w) => add(s, dec(w)), dec(0));
  const positionenSumme = summe(positionen.map((p) => p.netto));
  const abschlaegeSumme = summe(abschlaege.map((a) => a.betrag));
  const netto = sub(positionenSumme, abschlaegeSumme);
  const steuer = summe(steuern.map((s) => s.betrag));
  const brutto = add(netto, steuer);
  const zahlbar = add(sub(brutto, dec(vorausbezahlt ?? "0")), dec(rundung ?? "0"));
  return {
    nummer: "RE-2026-0001",
    datum: "2026-03-02",
    art: "380",
    waehrung: "EUR",
    notizen: [],
    verkaeufer,
    kaeufer,
    lieferung: { datum: "2026-02-27" },
    zahlung: {
      artCode: "58",
      konto: { iban: "AT61 1904 3002 3457 3201", bic: "BKAUATWW" },
      verwendungszweck: "RE-2026-0001",
      faelligAm: "2026-03-16",
    },
    ...kopf,
    positionen,
    abschlaege,
    steuern,
    summen: {
      positionen: zwei(positionenSumme),
      abschlaege: abschlaege.length > 0 ? zwei(abschlaegeSumme) : undefined,
      netto: zwei(netto),
      steuer: zwei(steuer),
      brutto: zwei(brutto),
      vorausbezahlt,
      rundung,
      zahlbar: zwei(zahlbar),
    },
  };
}

/** The texts of every `element` (leaf) in document order. */
const werte = (xml: string, element: string) =>
  [...xml.matchAll(new RegExp(`<${element}(?: [^>]*)?>([^<]*)</${element}>`, "g"))].map((m) => m[1]!);
/** The first `element` with its content. */
const abschnitt = (xml: string, element: string) =>
  new RegExp(`<${element}(?: [^>]*)?>[\\s\\S]*?</${element}>`).exec(xml)?.[0] ?? "";
const alle = (xml: string, element: string) =>
  [...xml.matchAll(new RegExp(`<${element}(?: [^>]*)?>[\\s\\S]*?</${element}>`, "g"))].map((m) => m[0]);

const standard = rechnung({
  notizen: ["Danke für Ihren Auftrag & bis bald.", "Zweite Zeile"],
  lieferung: {
    datum: "2026-02-27",
    name: "Baustelle <Nord>",
    adresse: { zeile1: "Werkweg 3", ort: "Linz", plz: "4020", land: "AT" },
  },
  zeilen: [
    { menge: "3", preis: "0.1", name: "Schrauben <M6> & Muttern", artikelNummer: "SCH-6" },
    { menge: "2.5", preis: "48.3333", rabatt: "10.00", name: "Montage" },
    { menge: "1", preis: "19.99", satz: "10.00", name: "Fachbuch" },
    { menge: "7", preis: "1.005", satz: "10.00", name: "Kalender" },
  ],
  belegRabatt: "5.00",
});

const reverseCharge = rechnung({
  nummer: "RE-2026-0002",
  kaeufer: {
    ...kaeufer,
    name: "Bau Deutschland GmbH",
    uid: "DE123456789",
    adresse: { ort: "München", plz: "80331", land: "DE" },
  },
  zeilen: [{ menge: "40", preis: "55.00", kategorie: "AE", satz: "0" }],
  gruende: { AE: { text: "Übergang der Steuerschuld (Reverse Charge)", code: "VATEX-EU-AE" } },
});

const igLieferung = rechnung({
  nummer: "RE-2026-0003",
  kaeufer: {
    ...kaeufer,
    name: "Holzhandel Bayern KG",
    uid: "DE987654321",
    adresse: { ort: "Passau", plz: "94032", land: "DE" },
  },
  zeilen: [{ menge: "12", preis: "120.00", kategorie: "K", satz: "0" }],
  gruende: { K: { text: "Steuerfreie innergemeinschaftliche Lieferung", code: "VATEX-EU-IC" } },
});

const ausfuhr = rechnung({
  nummer: "RE-2026-0004",
  kaeufer: {
    name: "Schreinerei Zürich AG",
    adresse: { zeile1: "Seestrasse 9", ort: "Zürich", plz: "8002", land: "CH" },
  },
  zeilen: [{ menge: "1", preis: "2400.00", kategorie: "G", satz: "0" }],
  gruende: { G: { code: "VATEX-EU-G" } },
});

const kleinunternehmer = rechnung({
  nummer: "RE-2026-0005",
  verkaeufer: { ...verkaeufer, uid: undefined, steuernummer: "12 345/6789" },
  zeilen: [{ menge: "4", preis: "35.00", kategorie: "E", satz: "0" }],
  gruende: { E: { text: "Umsatzsteuerbefreit – Kleinunternehmer gemäß § 6 Abs. 1 Z 27 UStG" } },
});

const gutschrift = rechnung({
  nummer: "GS-2026-0001",
  art: "381",
  vorgaenger: { nummer: "RE-2026-0001", datum: "2026-03-02" },
  zeilen: [{ menge: "1", preis: "19.99", satz: "10.00", name: "Fachbuch (beschädigt)" }],
});

/** The product's storno of `standard`: the same lines negated. */
const storno = rechnung({
  nummer: "ST-2026-0001",
  art: "384",
  datum: "2026-03-05",
  vorgaenger: { nummer: standard.nummer, datum: standard.datum },
  lieferung: standard.lieferung,
  zeilen: [
    { menge: "-3", preis: "0.1", name: "Schrauben <M6> & Muttern", artikelNummer: "SCH-6" },
    { menge: "-2.5", preis: "48.3333", rabatt: "10.00", name: "Montage" },
    { menge: "-1", preis: "19.99", satz: "10.00", name: "Fachbuch" },
    { menge: "-7", preis: "1.005", satz: "10.00", name: "Kalender" },
  ],
  belegRabatt: "5.00",
});

/** The storno of `gutschrift`: a charge. */
const stornoGutschrift = rechnung({
  nummer: "ST-2026-0002",
  art: "384",
  vorgaenger: { nummer: gutschrift.nummer, datum: gutschrift.datum },
  zeilen: [{ menge: "1", preis: "19.99", satz: "10.00", name: "Fachbuch (beschädigt)" }],
});

const stornoOhneDatum = { ...storno, nummer: "ST-2026-0003", vorgaenger: { nummer: standard.nummer } };

const vielePositionen = rechnung({
  nummer: "RE-2026-0500",
  zeilen: Array.from({ length: 500 }, (_, i) => ({
    menge: String((i % 7) + 1),
    preis: `${i + 1}.${String(i % 100).padStart(2, "0")}`,
    satz: i % 3 === 0 ? "10.00" : "20.00",
    rabatt: i % 5 === 0 ? "3.00" : undefined,
  })),
  belegRabatt: "2.00",
});

const referenzen = rechnung({
  nummer: "RE-2026-0006",
  kaeuferReferenz: "Z01-Einkauf",
  bestellReferenz: "4712345678",
  zeilen: [{ menge: "1", preis: "100.00" }],
});

const nurKaeuferReferenz = rechnung({
  nummer: "RE-2026-0007",
  kaeuferReferenz: "04011000-12345-03",
  zeilen: [{ menge: "1", preis: "100.00" }],
});

const skonto = rechnung({
  nummer: "RE-2028-0001",
  datum: "2028-02-20",
  lieferung: { datum: "2028-02-18" },
  zeilen: [
    { menge: "1", preis: "1000.00" },
    { menge: "1", preis: "234.56", satz: "10.00" },
  ],
  zahlung: {
    artCode: "30",
    konto: { iban: "AT611904300234573201", inhaber: "Huber & Söhne" },
    verwendungszweck: "Rechnung RE-2028-0001 vom 20. Februar 2028, Kunde K-1001",
    faelligAm: "2028-03-21",
    bedingungen:
      "Zahlbar binnen 30 Tagen.\n#SKONTO#TAGE=14#PROZENT=3.00#\n#SKONTO#TAGE=30#PROZENT=1.50#BASISBETRAG=1000.00#\nBei Verzug 4 % Zinsen.\n",
  },
});

const sonderfaelle = rechnung({
  nummer: "RE-2026-0008",
  zeitraum: { von: "2026-02-01", bis: "2026-02-28" },
  lieferung: undefined,
  kaeufer: {
    ...kaeufer,
    name: "Verein Ohne Postleitzahl",
    handelsname: "Café Sonne",
    uid: undefined,
    adresse: { ort: "Dublin", land: "IE" },
    kontakt: { telefon: "+353 1 234", email: "info@cafe.ie" },
  },
  zeilen: [
    { menge: "250", preis: "12.50", preisBasisMenge: "100", id: "A-1" },
    { menge: "1.125", preis: "80.00", rabatt: "2.50" },
  ],
  vorausbezahlt: "10.00",
  rundung: "0.01",
  zahlung: { artCode: "10" },
});

const faelle: Record<string, Rechnung> = {
  standard,
  reverseCharge,
  igLieferung,
  ausfuhr,
  kleinunternehmer,
  gutschrift,
  storno,
  stornoGutschrift,
  stornoOhneDatum,
  vielePositionen,
  referenzen,
  nurKaeuferReferenz,
  skonto,
  sonderfaelle,
};
const xml = Object.fromEntries(Object.entries(faelle).map(([name, r]) => [name, ebInterfaceSchreiben(r)]));

describe("ebInterface 6.1", () => {
  let befunde: Map<string, Befund[]>;

  beforeAll(async () => {
    befunde = await offiziellPruefen(
      Object.entries(xml).map(([name, inhalt]) => ({ name, xml: inhalt, syntax: "ebinterface", regeln: [] })),
    );
  });

  it("writes documents the official XSD accepts", () => {
    for (const name of Object.keys(xml)) expect(fatale(befunde.get(name)), name).toEqual([]);
  });

  it("writes the header, the parties and the references", () => {
    const x = xml.standard!;
    expect(x).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<Invoice xmlns="http:\/\/www.ebinterface.at\/schema\/6p1\/"/,
    );
    expect(x).toContain('GeneratingSystem="Kontor" DocumentType="Invoice" InvoiceCurrency="EUR"');
    expect(werte(x, "InvoiceNumber")).toEqual(["RE-2026-0001"]);
    const biller = abschnitt(x, "Biller");
    expect(werte(biller, "VATIdentificationNumber")).toEqual(["ATU12345678"]);
    expect(biller).toContain(
      '<FurtherIdentification IdentificationType="FN">FN 123456a</FurtherIdentification>',
    );
    expect(biller).toContain(
      '<AddressIdentifier AddressIdentifierType="EM">rechnung@huber.at</AddressIdentifier>',
    );
    expect(biller).toContain("<Name>Tischlerei Huber &amp; Söhne &lt;GmbH&gt;</Name>");
    expect(biller).toContain('<Country CountryCode="AT">Österreich</Country>');
    expect(abschnitt(biller, "Contact")).toBe(
      "<Contact><Name>Anna Huber</Name><Phone>+43 1 234 56</Phone><Email>office@huber.at</Email></Contact>",
    );
    expect(werte(biller, "InvoiceRecipientsBillerID")).toEqual(["L-4711"]);
    const empfaenger = abschnitt(x, "InvoiceRecipient");
    expect(werte(empfaenger, "BillersInvoiceRecipientID")).toEqual(["K-1001"]);
    expect(werte(empfaenger, "AdditionalInformation")).toEqual(["Stiege 2"]);
    expect(abschnitt(x, "Delivery")).toBe(
      "<Delivery><Date>2026-02-27</Date><Address><Name>Baustelle &lt;Nord&gt;</Name><Street>Werkweg 3</Street>" +
        '<Town>Linz</Town><ZIP>4020</ZIP><Country CountryCode="AT">Österreich</Country></Address></Delivery>',
    );
    expect(werte(x, "Comment").at(-1)).toBe("Danke für Ihren Auftrag &amp; bis bald.\nZweite Zeile");
  });

  it("writes lines, allowances, VAT and totals that add up exactly", () => {
    const x = xml.standard!;
    const zeilen = alle(x, "ListLineItem");
    expect(zeilen).toHaveLength(4);
    expect(zeilen[0]).toContain("<Description>Schrauben &lt;M6&gt; &amp; Muttern</Description>");
    expect(zeilen[0]).toContain(
      '<ArticleNumber ArticleNumberType="BillersArticleNumber">SCH-6</ArticleNumber>',
    );
    expect(zeilen[0]).toContain('<Quantity Unit="C62">3.00</Quantity><UnitPrice>0.10</UnitPrice>');
    // 3 × 0.1 is 0.30 (not 0.30000000000000004), 7 × 1.005 = 7.035 rounds to 7.04 (floats say 7.03).
    expect(werte(zeilen[0]!, "LineItemAmount")).toEqual(["0.30"]);
    expect(werte(zeilen[3]!, "LineItemAmount")).toEqual(["7.04"]);
    // 2.5 × 48.3333 = 120.83 less 10 %.
    expect(abschnitt(zeilen[1]!, "ReductionListLineItem")).toBe(
      "<ReductionListLineItem><BaseAmount>120.83</BaseAmount><Percentage>10.00</Percentage><Amount>12.08</Amount>" +
        "<Comment>Mengenrabatt</Comment></ReductionListLineItem>",
    );
    expect(abschnitt(zeilen[1]!, "TaxItem")).toBe(
      '<TaxItem><TaxableAmount>108.75</TaxableAmount><TaxPercent TaxCategoryCode="S">20.00</TaxPercent>' +
        "<TaxAmount>21.75</TaxAmount></TaxItem>",
    );
    const reduktionen = alle(x, "Reduction");
    expect(reduktionen).toHaveLength(2);
    expect(reduktionen[0]).toBe(
      "<Reduction><BaseAmount>109.05</BaseAmount><Percentage>5.00</Percentage><Amount>5.45</Amount>" +
        '<Comment>Treuerabatt</Comment><Classification ClassificationSchema="UNTDID 5189">95</Classification>' +
        '<TaxItem><TaxableAmount>5.45</TaxableAmount><TaxPercent TaxCategoryCode="S">20.00</TaxPercent></TaxItem>' +
        "</Reduction>",
    );
    const steuer = alle(abschnitt(x, "Tax"), "TaxItem");
    expect(steuer).toEqual([
      '<TaxItem><TaxableAmount>103.60</TaxableAmount><TaxPercent TaxCategoryCode="S">20.00</TaxPercent><TaxAmount>20.72</TaxAmount></TaxItem>',
      '<TaxItem><TaxableAmount>25.68</TaxableAmount><TaxPercent TaxCategoryCode="S">10.00</TaxPercent><TaxAmount>2.57</TaxAmount></TaxItem>',
    ]);
    // ebInterface's TotalGrossAmount: line amounts − reductions + taxes.
    const summe = (w: string[]) => w.reduce((s, v) => add(s, dec(v)), dec(0));
    const gesamt = add(
      sub(summe(werte(x, "LineItemAmount")), summe(reduktionen.flatMap((r) => werte(r, "Amount")))),
      summe(werte(abschnitt(x, "Tax"), "TaxAmount")),
    );
    expect(werte(x, "TotalGrossAmount")).toEqual([toFixedString(gesamt, 2)]);
    expect(werte(x, "TotalGrossAmount")).toEqual(["152.57"]);
    expect(werte(x, "PayableAmount")).toEqual(["152.57"]);
    expect(abschnitt(x, "PaymentMethod")).toBe(
      "<PaymentMethod><UniversalBankTransaction><BeneficiaryAccount><BIC>BKAUATWW</BIC>" +
        "<IBAN>AT611904300234573201</IBAN><BankAccountOwner>Tischlerei Huber &amp; Söhne &lt;GmbH&gt;</BankAccountOwner>" +
        "</BeneficiaryAccount><PaymentReference>RE-2026-0001</PaymentReference></UniversalBankTransaction></PaymentMethod>",
    );
    expect(abschnitt(x, "PaymentConditions")).toBe(
      "<PaymentConditions><DueDate>2026-03-16</DueDate></PaymentConditions>",
    );
  });

  it("writes zero-rated categories with their exemption reasons", () => {
    const steuer = (name: string) => alle(abschnitt(xml[name]!, "Tax"), "TaxItem");
    expect(steuer("reverseCharge")).toEqual([
      '<TaxItem><TaxableAmount>2200.00</TaxableAmount><TaxPercent TaxCategoryCode="AE">0.00</TaxPercent>' +
        "<TaxAmount>0.00</TaxAmount><Comment>Übergang der Steuerschuld (Reverse Charge)</Comment></TaxItem>",
    ]);
    expect(werte(abschnitt(xml.reverseCharge!, "InvoiceRecipient"), "VATIdentificationNumber")).toEqual([
      "DE123456789",
    ]);
    expect(steuer("igLieferung")[0]).toContain('<TaxPercent TaxCategoryCode="K">0.00</TaxPercent>');
    expect(steuer("igLieferung")[0]).toContain(
      "<Comment>Steuerfreie innergemeinschaftliche Lieferung</Comment>",
    );
    expect(steuer("ausfuhr")[0]).toContain('<TaxPercent TaxCategoryCode="G">0.00</TaxPercent>');
    expect(steuer("ausfuhr")[0]).toContain("<Comment>VATEX-EU-G</Comment>");
    expect(abschnitt(xml.ausfuhr!, "InvoiceRecipient")).toContain(
      `<VATIdentificationNumber>${OHNE_UID}</VATIdentificationNumber>`,
    );
    expect(abschnitt(xml.ausfuhr!, "InvoiceRecipient")).toContain(
      '<Country CountryCode="CH">Schweiz</Country>',
    );
    expect(steuer("kleinunternehmer")).toEqual([
      '<TaxItem><TaxableAmount>140.00</TaxableAmount><TaxPercent TaxCategoryCode="E">0.00</TaxPercent>' +
        "<TaxAmount>0.00</TaxAmount><Comment>Umsatzsteuerbefreit – Kleinunternehmer gemäß § 6 Abs. 1 Z 27 UStG</Comment></TaxItem>",
    ]);
    // As the official sample states a small business's exemption: on every exempt line's tax item too.
    for (const zeile of alle(xml.kleinunternehmer!, "ListLineItem"))
      expect(abschnitt(zeile, "TaxItem")).toContain(
        '<TaxPercent TaxCategoryCode="E">0.00</TaxPercent><TaxAmount>0.00</TaxAmount>' +
          "<Comment>Umsatzsteuerbefreit – Kleinunternehmer gemäß § 6 Abs. 1 Z 27 UStG</Comment>",
      );
    const biller = abschnitt(xml.kleinunternehmer!, "Biller");
    expect(werte(biller, "VATIdentificationNumber")).toEqual(["00000000"]);
    expect(biller).toContain(
      '<FurtherIdentification IdentificationType="FASTNR">12 345/6789</FurtherIdentification>',
    );
  });

  it("writes a credit note as CreditMemo with positive amounts, nothing to pay and its invoice", () => {
    const x = xml.gutschrift!;
    expect(x).toContain('DocumentType="CreditMemo"');
    expect(abschnitt(x, "RelatedDocument")).toBe(
      "<RelatedDocument><InvoiceNumber>RE-2026-0001</InvoiceNumber><InvoiceDate>2026-03-02</InvoiceDate></RelatedDocument>",
    );
    expect(x).not.toContain("CancelledOriginalDocument");
    expect(werte(x, "PayableAmount")).toEqual(["21.99"]);
    expect(abschnitt(x, "PaymentMethod")).toBe("<PaymentMethod><NoPayment/></PaymentMethod>");
  });

  it("writes a storno of an invoice as CreditMemo cancelling it, with the invoice's amounts positive", () => {
    const x = xml.storno!;
    expect(x).toContain('DocumentType="CreditMemo"');
    expect(abschnitt(x, "CancelledOriginalDocument")).toBe(
      "<CancelledOriginalDocument><InvoiceNumber>RE-2026-0001</InvoiceNumber><InvoiceDate>2026-03-02</InvoiceDate>" +
        "<DocumentType>Invoice</DocumentType></CancelledOriginalDocument>",
    );
    expect(x).not.toMatch(/>-/);
    // Everything but the header and the payment is the invoice's.
    const rumpf = (d: string) => d.slice(d.indexOf("<Delivery>"), d.indexOf("<PaymentMethod>"));
    expect(rumpf(x)).toBe(rumpf(xml.standard!));
    expect(abschnitt(x, "PaymentMethod")).toBe("<PaymentMethod><NoPayment/></PaymentMethod>");
    // Without the cancelled invoice's date (required there) the reference is a RelatedDocument.
    expect(xml.stornoOhneDatum).not.toContain("CancelledOriginalDocument");
    expect(abschnitt(xml.stornoOhneDatum!, "RelatedDocument")).toBe(
      "<RelatedDocument><InvoiceNumber>RE-2026-0001</InvoiceNumber></RelatedDocument>",
    );
  });

  it("writes a storno of a credit note as an Invoice cancelling the CreditMemo", () => {
    const x = xml.stornoGutschrift!;
    expect(x).toContain('DocumentType="Invoice"');
    expect(abschnitt(x, "CancelledOriginalDocument")).toContain("<DocumentType>CreditMemo</DocumentType>");
    expect(werte(x, "PayableAmount")).toEqual(["21.99"]);
  });

  it("writes 500 positions", () => {
    const x = xml.vielePositionen!;
    expect(alle(x, "ListLineItem")).toHaveLength(500);
    expect(werte(x, "PositionNumber").at(-1)).toBe("500");
    expect(werte(x, "PayableAmount")).toEqual([vielePositionen.summen.zahlbar]);
  });

  it("puts the order reference and the buyer reference where ebInterface expects them", () => {
    const empfaenger = abschnitt(xml.referenzen!, "InvoiceRecipient");
    expect(abschnitt(empfaenger, "OrderReference")).toBe(
      "<OrderReference><OrderID>4712345678</OrderID></OrderReference>",
    );
    expect(werte(empfaenger, "SubOrganizationID")).toEqual(["Z01-Einkauf"]);
    const nur = abschnitt(xml.nurKaeuferReferenz!, "InvoiceRecipient");
    expect(werte(nur, "OrderID")).toEqual(["04011000-12345-03"]);
    expect(nur).not.toContain("SubOrganizationID");
    expect(xml.standard).not.toContain("<OrderReference>");
  });

  it("turns skonto lines into discounts dated from the invoice date and keeps the rest as text", () => {
    const x = xml.skonto!;
    expect(werte(x, "PayableAmount")).toEqual(["1458.02"]);
    expect(abschnitt(x, "PaymentConditions")).toBe(
      "<PaymentConditions><DueDate>2028-03-21</DueDate>" +
        // 2028 is a leap year: 20 February + 14 days is 5 March.
        "<Discount><PaymentDate>2028-03-05</PaymentDate><BaseAmount>1458.02</BaseAmount><Percentage>3.00</Percentage>" +
        "<Amount>43.74</Amount></Discount>" +
        "<Discount><PaymentDate>2028-03-21</PaymentDate><BaseAmount>1000.00</BaseAmount><Percentage>1.50</Percentage>" +
        "<Amount>15.00</Amount></Discount>" +
        "<Comment>Zahlbar binnen 30 Tagen.\nBei Verzug 4 % Zinsen.</Comment></PaymentConditions>",
    );
    // A reference longer than ebInterface's 35 characters is the payment method's comment; no BIC, the owner given.
    expect(abschnitt(x, "PaymentMethod")).toBe(
      "<PaymentMethod><Comment>Rechnung RE-2028-0001 vom 20. Februar 2028, Kunde K-1001</Comment>" +
        "<UniversalBankTransaction><BeneficiaryAccount><IBAN>AT611904300234573201</IBAN>" +
        "<BankAccountOwner>Huber &amp; Söhne</BankAccountOwner></BeneficiaryAccount></UniversalBankTransaction></PaymentMethod>",
    );
  });

  it("writes periods, prepaid and rounding amounts, price base quantities and incomplete addresses", () => {
    const x = xml.sonderfaelle!;
    expect(abschnitt(x, "Delivery")).toBe(
      "<Delivery><Period><FromDate>2026-02-01</FromDate><ToDate>2026-02-28</ToDate></Period></Delivery>",
    );
    const empfaenger = abschnitt(x, "InvoiceRecipient");
    expect(abschnitt(empfaenger, "Address")).toBe(
      "<Address><Name>Café Sonne</Name><TradingName>Verein Ohne Postleitzahl</TradingName><Town>Dublin</Town><ZIP/>" +
        '<Country CountryCode="IE">Irland</Country><Phone>+353 1 234</Phone><Email>info@cafe.ie</Email></Address>',
    );
    expect(empfaenger).not.toContain("<Contact>");
    const zeilen = alle(x, "ListLineItem");
    expect(zeilen[0]).not.toContain("<PositionNumber>");
    expect(zeilen[0]).toContain(
      '<Quantity Unit="C62">250.00</Quantity><UnitPrice BaseQuantity="100.00">12.50</UnitPrice>',
    );
    expect(werte(zeilen[0]!, "LineItemAmount")).toEqual(["31.25"]);
    expect(zeilen[1]).toContain('<Quantity Unit="C62">1.125</Quantity>');
    expect(werte(zeilen[1]!, "BaseAmount")).toEqual(["90.00"]);
    expect(werte(x, "PrepaidAmount")).toEqual(["10.00"]);
    expect(werte(x, "RoundingAmount")).toEqual(["0.01"]);
    expect(werte(x, "PayableAmount")).toEqual([sonderfaelle.summen.zahlbar]);
    expect(abschnitt(x, "PaymentMethod")).toBe("<PaymentMethod><OtherPayment/></PaymentMethod>");
  });
});
