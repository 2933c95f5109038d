import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { RUECKLESEN } from "./ausgabe.ts";
import { PEPPOL_PROZESS, type Rechnung, type TKategorie } from "./modell.ts";
import {
  istWarnung,
  PRUEF_REGELN,
  REGELN_JE_PROFIL,
  regelnPruefen,
  skontoGueltig,
  type TPruefProfil,
  type Verstoss,
} from "./pruefung.ts";

const PROFILE: readonly TPruefProfil[] = ["en16931", "xrechnung", "peppol", "ebinterface"];

/**
 * The EN 16931 rules ebInterface answers its own way (a biller without VAT id is "00000000", its own document types,
 * payment methods and address identifiers, no specification id, the reason text instead of a VATEX code): not
 * expected under the ebInterface profile even where every EN 16931 profile reports them.
 */
const NICHT_IN_EBINTERFACE = [
  "BR-01",
  "BR-CO-26",
  "BR-E-02",
  "BR-E-03",
  "BR-CL-01",
  "BR-CL-03",
  "BR-CL-16",
  "BR-CL-22",
  "BR-CL-25",
];

/**
 * A consistent invoice from Vienna to a German public buyer: two VAT rates (20 % and 10 %), a 5 % document
 * discount on the 20 % lines, a 10 % line discount and a price per 10 kg.
 *   line 1: 10 h × 80.00 = 800.00 − 80.00 discount = 720.00 (20 %)
 *   line 2: 3 × 25.50 = 76.50 (10 %); line 3: 2.5 kg × 12.00 / 10 kg = 3.00 (10 %)
 *   20 %: 720.00 − 36.00 = 684.00 → 136.80; 10 %: 79.50 → 7.95
 *   lines 799.50 − allowances 36.00 = 763.50 net + 144.75 VAT = 908.25
 */
function basis(): Rechnung {
  return {
    nummer: "RE-2025-0042",
    datum: "2025-07-01",
    art: "380",
    waehrung: "EUR",
    prozess: PEPPOL_PROZESS,
    notizen: ["Vielen Dank für Ihren Auftrag."],
    kaeuferReferenz: "04011000-12345-03",
    bestellReferenz: "B-778",
    verkaeufer: {
      name: "Muster Handels GmbH",
      registernummer: "FN 123456a",
      uid: "ATU12345678",
      elektronischeAdresse: { schema: "9914", wert: "ATU12345678" },
      adresse: { zeile1: "Hauptstraße 1", ort: "Wien", plz: "1010", land: "AT" },
      kontakt: { name: "Anna Muster", telefon: "+43 1 234567", email: "anna@muster.at" },
    },
    kaeufer: {
      name: "Beschaffungsamt Berlin",
      uid: "DE123456789",
      elektronischeAdresse: { schema: "0204", wert: "04011000-12345-03" },
      adresse: { zeile1: "Amtsweg 5", ort: "Berlin", plz: "10115", land: "DE" },
    },
    lieferung: { datum: "2025-06-30" },
    zahlung: {
      artCode: "58",
      verwendungszweck: "RE-2025-0042",
      konto: { iban: "AT611904300234573201", bic: "BKAUATWW" },
      bedingungen: "Zahlbar binnen 30 Tagen netto.\n#SKONTO#TAGE=14#PROZENT=2.00#\n",
      faelligAm: "2025-07-31",
    },
    abschlaege: [
      {
        betrag: "36.00",
        basis: "720.00",
        prozent: "5.00",
        kategorie: "S",
        satz: "20",
        grund: "Treuerabatt",
        grundCode: "95",
      },
    ],
    positionen: [
      {
        id: "1",
        menge: "10",
        einheit: "HUR",
        netto: "720.00",
        preis: "80.00",
        abschlag: { betrag: "80.00", grund: "Rabatt", prozent: "10.00", basis: "800.00" },
        kategorie: "S",
        satz: "20",
        name: "Beratung",
      },
      {
        id: "2",
        menge: "3",
        einheit: "C62",
        netto: "76.50",
        preis: "25.50",
        kategorie: "S",
        satz: "10",
        name: "Fachbuch",
      },
      {
        id: "3",
        menge: "2.5",
        einheit: "KGM",
        netto: "3.00",
        preis: "12.00",
        preisBasisMenge: "10",
        kategorie: "S",
        satz: "10",
        name: "Kaffee",
      },
    ],
    steuern: [
      { basis: "684.00", betrag: "136.80", kategorie: "S", satz: "20" },
      { basis: "79.50", betrag: "7.95", kategorie: "S", satz: "10" },
    ],
    summen: {
      positionen: "799.50",
      abschlaege: "36.00",
      netto: "763.50",
      steuer: "144.75",
      brutto: "908.25",
      zahlbar: "908.25",
    },
  };
}

/** One line of 800.00 in a category without VAT (rate 0) and its breakdown with an exemption reason. */
function ohneSteuer(kategorie: TKategorie, grund?: string): Rechnung {
  const r = basis();
  r.abschlaege = [];
  r.positionen = [
    {
      id: "1",
      menge: "10",
      einheit: "HUR",
      netto: "800.00",
      preis: "80.00",
      kategorie,
      satz: "0",
      name: "Montage",
    },
  ];
  r.steuern = [{ basis: "800.00", betrag: "0.00", kategorie, satz: "0", befreiungsGrund: grund }];
  r.summen = { positionen: "800.00", netto: "800.00", steuer: "0.00", brutto: "800.00", zahlbar: "800.00" };
  return r;
}

function reverseCharge(): Rechnung {
  return ohneSteuer("AE", "Übergang der Steuerschuld auf den Leistungsempfänger");
}

function innergemeinschaftlich(): Rechnung {
  const r = ohneSteuer("K", "Steuerfreie innergemeinschaftliche Lieferung");
  r.lieferung = {
    datum: "2025-06-30",
    adresse: { zeile1: "Lagerweg 1", ort: "Berlin", plz: "10115", land: "DE" },
  };
  return r;
}

function ausfuhr(): Rechnung {
  const r = ohneSteuer("G", "Steuerfreie Ausfuhrlieferung");
  r.kaeufer.uid = undefined;
  r.kaeufer.adresse = { zeile1: "Bahnhofstrasse 1", ort: "Zürich", plz: "8001", land: "CH" };
  return r;
}

/** A small business (Kleinunternehmer): no VAT id, a tax number, exempt. */
function kleinunternehmer(): Rechnung {
  const r = ohneSteuer("E", "Umsatzsteuerbefreit – Kleinunternehmer gemäß § 6 Abs. 1 Z 27 UStG");
  r.verkaeufer.uid = undefined;
  r.verkaeufer.steuernummer = "12 345/6789";
  return r;
}

function nichtSteuerbar(): Rechnung {
  const r = ohneSteuer("O", "Nicht steuerbar");
  r.verkaeufer.uid = undefined;
  r.kaeufer.uid = undefined;
  return r;
}

/** An IGIC invoice (Canary Islands, 7 %). */
function igic(): Rechnung {
  const r = ohneSteuer("L");
  r.positionen[0]!.satz = "7";
  r.steuern = [{ basis: "800.00", betrag: "56.00", kategorie: "L", satz: "7" }];
  r.summen = { positionen: "800.00", netto: "800.00", steuer: "56.00", brutto: "856.00", zahlbar: "856.00" };
  return r;
}

/** Seller and buyer in Germany: Peppol's DE-R rules apply. */
function innerdeutsch(): Rechnung {
  const r = basis();
  r.verkaeufer.uid = "DE987654321";
  r.verkaeufer.adresse = { zeile1: "Marktplatz 2", ort: "München", plz: "80331", land: "DE" };
  return r;
}

interface Fall {
  name: string;
  rechnung?: () => Rechnung;
  aendern?: (r: Rechnung) => void;
  /** Expected in every profile (under ebInterface without NICHT_IN_EBINTERFACE). */
  alle?: string[];
  en16931?: string[];
  xrechnung?: string[];
  peppol?: string[];
  ebinterface?: string[];
}

const R = (n: string) => `PEPPOL-EN16931-${n}`;

const FAELLE: Fall[] = [
  // Valid variants.
  { name: "credit note", aendern: (r) => (r.art = "381") },
  {
    name: "paid in advance and rounded",
    aendern: (r) => Object.assign(r.summen, { vorausbezahlt: "100.00", rundung: "0.05", zahlbar: "808.30" }),
  },
  {
    name: "VAT a cent off (within the official tolerance)",
    aendern: (r) => {
      Object.assign(r.steuern[1]!, { betrag: "7.96" });
      Object.assign(r.summen, { steuer: "144.76", brutto: "908.26", zahlbar: "908.26" });
    },
  },
  { name: "reverse charge", rechnung: reverseCharge },
  { name: "intra-community supply", rechnung: innergemeinschaftlich },
  { name: "export", rechnung: ausfuhr },
  { name: "small business, exempt", rechnung: kleinunternehmer },
  { name: "not subject to VAT", rechnung: nichtSteuerbar },
  { name: "IGIC", rechnung: igic },
  { name: "zero rated", rechnung: () => ohneSteuer("Z") },
  { name: "seller and buyer in Germany", rechnung: innerdeutsch },
  {
    name: "GLN with a valid check digit",
    aendern: (r) => (r.kaeufer.elektronischeAdresse = { schema: "0088", wert: "4035811991014" }),
  },

  // Mandatory terms.
  {
    name: "number, currency and seller name blank",
    aendern: (r) => {
      Object.assign(r, { nummer: "", waehrung: " " });
      r.verkaeufer.name = "";
    },
    alle: ["BR-02", "BR-05", "BR-06"],
  },
  { name: "buyer without country", aendern: (r) => (r.kaeufer.adresse.land = ""), alle: ["BR-11"] },
  {
    name: "no lines",
    aendern: (r) => (r.positionen = []),
    alle: ["BR-16", "BR-CO-10", "BR-S-08"],
  },
  {
    name: "line without name, negative price",
    aendern: (r) => Object.assign(r.positionen[1]!, { name: "", preis: "-25.50" }),
    alle: ["BR-25", "BR-27"],
    xrechnung: [R("R120")],
    peppol: [R("R120")],
  },
  {
    name: "line discount without reason",
    aendern: (r) => (r.positionen[0]!.abschlag!.grund = undefined),
    alle: ["BR-42", "BR-CO-23"],
  },
  {
    name: "document allowance without reason",
    aendern: (r) => Object.assign(r.abschlaege[0]!, { grund: undefined, grundCode: undefined }),
    alle: ["BR-33", "BR-CO-21"],
  },
  {
    name: "preceding invoice without number",
    aendern: (r) => (r.vorgaenger = { nummer: "", datum: "2025-05-01" }),
    alle: ["BR-55"],
  },
  {
    name: "delivery address without country",
    aendern: (r) => (r.lieferung = { adresse: { ort: "Graz", land: "" } }),
    alle: ["BR-57"],
    xrechnung: ["BR-DE-11"],
  },
  {
    name: "seller electronic address without scheme",
    aendern: (r) => (r.verkaeufer.elektronischeAdresse!.schema = ""),
    alle: ["BR-62"],
  },
  {
    name: "invoicing period reversed",
    aendern: (r) => (r.zeitraum = { von: "2025-06-30", bis: "2025-06-01" }),
    alle: ["BR-29"],
  },

  // Totals.
  {
    name: "line net changed",
    aendern: (r) => (r.positionen[1]!.netto = "86.50"),
    alle: ["BR-CO-10", "BR-S-08"],
    xrechnung: [R("R120")],
    peppol: [R("R120")],
  },
  {
    name: "sum of allowances wrong",
    aendern: (r) => (r.summen.abschlaege = "30.00"),
    alle: ["BR-CO-11", "BR-CO-13"],
  },
  {
    name: "sum of allowances missing",
    aendern: (r) => (r.summen.abschlaege = undefined),
    alle: ["BR-CO-11", "BR-CO-13"],
  },
  {
    name: "total without VAT wrong",
    aendern: (r) => (r.summen.netto = "763.00"),
    alle: ["BR-CO-13", "BR-CO-15"],
  },
  { name: "total VAT wrong", aendern: (r) => (r.summen.steuer = "144.70"), alle: ["BR-CO-14", "BR-CO-15"] },
  {
    name: "total with VAT wrong",
    aendern: (r) => (r.summen.brutto = "908.20"),
    alle: ["BR-CO-15", "BR-CO-16"],
  },
  {
    name: "amount due wrong",
    aendern: (r) => Object.assign(r.summen, { vorausbezahlt: "100.00", zahlbar: "900.00" }),
    alle: ["BR-CO-16"],
  },
  {
    name: "VAT a whole unit off",
    aendern: (r) => {
      Object.assign(r.steuern[0]!, { betrag: "137.80" });
      Object.assign(r.summen, { steuer: "145.75", brutto: "909.25", zahlbar: "909.25" });
    },
    alle: ["BR-CO-17", "BR-S-09"],
  },
  { name: "no VAT breakdown", aendern: (r) => (r.steuern = []), alle: ["BR-CO-18", "BR-S-01"] },
  {
    name: "breakdown without rate",
    aendern: (r) => (r.steuern[1]!.satz = ""),
    alle: ["BR-48", "BR-CO-17"],
    xrechnung: ["BR-DE-14"],
  },
  {
    name: "three decimals",
    aendern: (r) => {
      Object.assign(r.positionen[1]!, { netto: "76.500" });
      r.summen.positionen = "799.500";
    },
    alle: ["BR-DEC-09", "BR-DEC-23"],
  },
  {
    name: "neither due date nor payment terms",
    aendern: (r) => Object.assign(r.zahlung!, { faelligAm: undefined, bedingungen: undefined }),
    alle: ["BR-CO-25"],
  },

  // Parties and categories.
  {
    name: "seller without any identifier",
    aendern: (r) => Object.assign(r.verkaeufer, { uid: undefined, registernummer: undefined }),
    alle: ["BR-CO-26", "BR-S-02", "BR-S-03"],
    xrechnung: ["BR-DE-16"],
  },
  {
    name: "buyer VAT id without country prefix",
    aendern: (r) => (r.kaeufer.uid = "XX123456789"),
    alle: ["BR-CO-09"],
  },
  {
    name: "standard rate 0 on a line",
    aendern: (r) => (r.positionen[1]!.satz = "0"),
    alle: ["BR-S-05", "BR-S-08"],
  },
  {
    name: "exemption reason on standard rate",
    aendern: (r) => (r.steuern[0]!.befreiungsGrund = "steuerfrei"),
    alle: ["BR-S-10"],
  },
  {
    name: "reverse charge without buyer VAT id",
    rechnung: reverseCharge,
    aendern: (r) => (r.kaeufer.uid = undefined),
    alle: ["BR-AE-02"],
  },
  {
    name: "reverse charge with 20 % on the line",
    rechnung: reverseCharge,
    aendern: (r) => (r.positionen[0]!.satz = "20"),
    alle: ["BR-AE-05"],
  },
  {
    name: "reverse charge without reason",
    rechnung: reverseCharge,
    aendern: (r) => (r.steuern[0]!.befreiungsGrund = undefined),
    alle: ["BR-AE-10"],
  },
  {
    name: "reverse charge with VAT",
    rechnung: reverseCharge,
    aendern: (r) => {
      Object.assign(r.steuern[0]!, { betrag: "160.00" });
      Object.assign(r.summen, { steuer: "160.00", brutto: "960.00", zahlbar: "960.00" });
    },
    alle: ["BR-AE-09", "BR-CO-17"],
  },
  {
    name: "two reverse-charge breakdowns",
    rechnung: reverseCharge,
    aendern: (r) => r.steuern.push({ ...r.steuern[0]!, basis: "0.00" }),
    alle: ["BR-AE-01", "BR-AE-08"],
  },
  {
    name: "intra-community without deliver-to country",
    rechnung: innergemeinschaftlich,
    aendern: (r) => (r.lieferung = { datum: "2025-06-30" }),
    alle: ["BR-IC-12"],
  },
  {
    name: "intra-community without delivery",
    rechnung: innergemeinschaftlich,
    aendern: (r) => (r.lieferung = undefined),
    alle: ["BR-IC-11", "BR-IC-12"],
  },
  {
    name: "intra-community without buyer VAT id",
    rechnung: innergemeinschaftlich,
    aendern: (r) => (r.kaeufer.uid = undefined),
    alle: ["BR-IC-02"],
  },
  {
    name: "export without seller VAT id",
    rechnung: ausfuhr,
    aendern: (r) => (r.verkaeufer.uid = undefined),
    alle: ["BR-G-02"],
    xrechnung: ["BR-DE-16"],
  },
  {
    name: "small business without exemption note",
    rechnung: kleinunternehmer,
    aendern: (r) => (r.steuern[0]!.befreiungsGrund = undefined),
    alle: ["BR-E-10"],
  },
  {
    name: "not subject to VAT with buyer VAT id",
    rechnung: nichtSteuerbar,
    aendern: (r) => (r.kaeufer.uid = "DE123456789"),
    alle: ["BR-O-02"],
  },
  {
    name: "zero rated with exemption reason",
    rechnung: () => ohneSteuer("Z", "steuerfrei"),
    alle: ["BR-Z-10"],
  },
  {
    name: "IGIC breakdown basis off",
    rechnung: igic,
    aendern: (r) => Object.assign(r.steuern[0]!, { basis: "798.00" }),
    alle: ["BR-AF-08"],
  },

  // Payment.
  {
    name: "credit transfer without account",
    aendern: (r) => (r.zahlung!.konto = undefined),
    alle: ["BR-61"],
    xrechnung: ["BR-DE-19", "BR-DE-23-a"],
  },
  {
    name: "credit transfer with BIC but no IBAN",
    aendern: (r) => (r.zahlung!.konto = { iban: "", bic: "BKAUATWW" }),
    alle: ["BR-50", "BR-61"],
    xrechnung: ["BR-DE-19"],
  },
  { name: "payment means code blank", aendern: (r) => (r.zahlung!.artCode = ""), alle: ["BR-49"] },
  {
    name: "IBAN check digits wrong",
    aendern: (r) => (r.zahlung!.konto!.iban = "AT611904300234573202"),
    xrechnung: ["BR-DE-19"],
  },
  {
    name: "card payment",
    aendern: (r) => (r.zahlung!.artCode = "48"),
    xrechnung: ["BR-DE-24-a", "BR-DE-24-b"],
  },
  {
    name: "direct debit",
    aendern: (r) => Object.assign(r.zahlung!, { artCode: "59", konto: undefined }),
    xrechnung: ["BR-DE-20", "BR-DE-25-a", R("R061")],
    peppol: [R("R061")],
  },

  // XRechnung.
  { name: "no buyer reference", aendern: (r) => (r.kaeuferReferenz = undefined), xrechnung: ["BR-DE-15"] },
  { name: "no seller contact", aendern: (r) => (r.verkaeufer.kontakt = undefined), xrechnung: ["BR-DE-2"] },
  {
    name: "contact without phone",
    aendern: (r) => (r.verkaeufer.kontakt!.telefon = undefined),
    xrechnung: ["BR-DE-6", "BR-DE-27"],
  },
  {
    name: "contact e-mail malformed",
    aendern: (r) => (r.verkaeufer.kontakt!.email = "anna@muster"),
    xrechnung: ["BR-DE-28"],
  },
  {
    name: "seller address without town and postcode",
    aendern: (r) => (r.verkaeufer.adresse = { zeile1: "Hauptstraße 1", land: "AT" }),
    xrechnung: ["BR-DE-3", "BR-DE-4"],
  },
  {
    name: "buyer address without town and postcode",
    aendern: (r) => (r.kaeufer.adresse = { zeile1: "Amtsweg 5", land: "DE" }),
    xrechnung: ["BR-DE-8", "BR-DE-9"],
  },
  {
    name: "no payment instructions",
    aendern: (r) => (r.zahlung = { artCode: "", faelligAm: "2025-07-31" }),
    xrechnung: ["BR-DE-1"],
  },
  {
    name: "Skonto percentage without decimals",
    aendern: (r) => (r.zahlung!.bedingungen = "#SKONTO#TAGE=14#PROZENT=2#\n"),
    xrechnung: ["BR-DE-18"],
  },
  {
    name: "Skonto line not ended",
    aendern: (r) => (r.zahlung!.bedingungen = "#SKONTO#TAGE=14#PROZENT=2.00#"),
    xrechnung: ["BR-DE-18"],
  },
  {
    name: "type code outside the XRechnung list",
    aendern: (r) => (r.art = "386" as Rechnung["art"]),
    xrechnung: ["BR-DE-17"],
  },
  {
    name: "corrected invoice without preceding invoice",
    aendern: (r) => {
      r.art = "384";
    },
    xrechnung: ["BR-DE-26"],
    peppol: [R("P0112")],
  },
  {
    name: "corrected invoice within Germany",
    rechnung: innerdeutsch,
    aendern: (r) => {
      r.art = "384";
      r.vorgaenger = { nummer: "RE-2025-0041", datum: "2025-06-15" };
    },
  },
  {
    name: "reverse charge with the intra-community exemption code",
    rechnung: reverseCharge,
    aendern: (r) => {
      r.steuern[0]!.befreiungsCode = "VATEX-EU-IC";
    },
    peppol: [R("P0106")],
  },
  {
    name: "plain EN 16931 specification",
    aendern: (r) => (r.spezifikation = "urn:cen.eu:en16931:2017"),
    xrechnung: ["BR-DE-21"],
    peppol: [R("R004")],
  },

  // Peppol (and the rules XRechnung merges).
  {
    name: "no business process",
    aendern: (r) => (r.prozess = undefined),
    xrechnung: [R("R001")],
    peppol: [R("R001"), R("R007")],
  },
  {
    name: "business process malformed",
    aendern: (r) => (r.prozess = "urn:fdc:peppol.eu:2017:poacc:billing:1:1.0"),
    peppol: [R("R007")],
  },
  {
    name: "no buyer electronic address",
    aendern: (r) => (r.kaeufer.elektronischeAdresse = undefined),
    xrechnung: [R("R010")],
    peppol: [R("R010")],
  },
  {
    name: "no seller electronic address",
    aendern: (r) => (r.verkaeufer.elektronischeAdresse = undefined),
    xrechnung: [R("R020")],
    peppol: [R("R020")],
  },
  {
    name: "line discount percentage wrong",
    aendern: (r) => (r.positionen[0]!.abschlag!.prozent = "12.00"),
    xrechnung: [R("R040")],
    peppol: [R("R040")],
  },
  {
    name: "line discount percentage without base",
    aendern: (r) => (r.positionen[0]!.abschlag!.basis = undefined),
    xrechnung: [R("R041")],
    peppol: [R("R041")],
  },
  {
    name: "allowance base without percentage",
    aendern: (r) => (r.abschlaege[0]!.prozent = undefined),
    xrechnung: [R("R042")],
    peppol: [R("R042")],
  },
  {
    name: "negative price base quantity",
    aendern: (r) => (r.positionen[2]!.preisBasisMenge = "-10"),
    xrechnung: [R("R120"), R("R121")],
    peppol: [R("R120"), R("R121")],
  },
  { name: "two notes", aendern: (r) => r.notizen.push("Lieferung frei Haus."), peppol: [R("R002")] },
  {
    name: "two notes between German companies",
    rechnung: innerdeutsch,
    aendern: (r) => r.notizen.push("Lieferung frei Haus."),
  },
  {
    name: "neither buyer reference nor order reference",
    aendern: (r) => Object.assign(r, { kaeuferReferenz: undefined, bestellReferenz: undefined }),
    xrechnung: ["BR-DE-15"],
    peppol: [R("R003")],
  },
  {
    name: "GLN with a wrong check digit",
    aendern: (r) => (r.kaeufer.elektronischeAdresse = { schema: "0088", wert: "4035811991015" }),
    peppol: ["PEPPOL-COMMON-R040"],
  },
  {
    name: "within Germany without buyer reference",
    rechnung: innerdeutsch,
    aendern: (r) => (r.kaeuferReferenz = undefined),
    xrechnung: ["BR-DE-15"],
    peppol: ["DE-R-015"],
  },
  {
    name: "within Germany without contact",
    rechnung: innerdeutsch,
    aendern: (r) => (r.verkaeufer.kontakt = undefined),
    xrechnung: ["BR-DE-2"],
    peppol: ["DE-R-002"],
  },
  {
    name: "within Germany by card",
    rechnung: innerdeutsch,
    aendern: (r) => (r.zahlung!.artCode = "54"),
    xrechnung: ["BR-DE-24-a", "BR-DE-24-b"],
    peppol: ["DE-R-024-1", "DE-R-024-2"],
  },

  // Code lists (codelisten.ts; issue 33).
  {
    name: "buyer known only by an e-mail address (EM: EN 16931 and XRechnung yes, Peppol no)",
    aendern: (r) => (r.kaeufer.elektronischeAdresse = { schema: "EM", wert: "einkauf@uhren-meier.ch" }),
    peppol: [R("CL008")],
  },
  {
    name: "electronic address with a scheme outside the EAS list",
    aendern: (r) => (r.verkaeufer.elektronischeAdresse = { schema: "1234", wert: "abc" }),
    alle: ["BR-CL-25"],
    peppol: [R("CL008")],
  },
  {
    name: "electronic address with a scheme only CEN knows",
    aendern: (r) => (r.kaeufer.elektronischeAdresse = { schema: "0242", wert: "abc" }),
    peppol: [R("CL008")],
  },
  {
    // EN 16931 wants a VAT id, register number or seller identifier (a tax number is not one); ebInterface not.
    name: "small business with only its tax number",
    rechnung: kleinunternehmer,
    aendern: (r) => (r.verkaeufer.registernummer = undefined),
    alle: ["BR-CO-26"],
  },
  {
    name: "small business without VAT id, tax number or register number",
    rechnung: kleinunternehmer,
    aendern: (r) => {
      r.verkaeufer.steuernummer = undefined;
      r.verkaeufer.registernummer = undefined;
    },
    alle: ["BR-CO-26", "BR-E-02"],
    xrechnung: ["BR-DE-16"],
  },
  {
    name: "currency not in ISO 4217",
    aendern: (r) => (r.waehrung = "EURO"),
    alle: ["BR-CL-03", "BR-CL-04"],
    peppol: [R("CL007")],
  },
  {
    name: "currency only CEN's ISO 4217 edition has",
    aendern: (r) => (r.waehrung = "XCG"),
    peppol: [R("CL007")],
  },
  {
    name: "country not in ISO 3166",
    aendern: (r) => (r.kaeufer.adresse.land = "XX"),
    alle: ["BR-CL-14"],
  },
  {
    name: "payment means outside UNTDID 4461",
    aendern: (r) => (r.zahlung!.artCode = "99"),
    alle: ["BR-CL-16"],
  },
  {
    name: "allowance reason code outside UNTDID 5189",
    aendern: (r) => (r.abschlaege[0]!.grundCode = "999"),
    alle: ["BR-CL-19"],
    peppol: [R("CL002")],
  },
  {
    name: "exemption code outside VATEX",
    rechnung: reverseCharge,
    aendern: (r) => (r.steuern[0]!.befreiungsCode = "VATEX-EU-XY"),
    alle: ["BR-CL-22"],
  },
  {
    name: "unit outside UN/ECE Recommendation 20/21",
    aendern: (r) => (r.positionen[0]!.einheit = "Stk"),
    alle: ["BR-CL-23"],
  },
  {
    name: "type code outside UNTDID 1001",
    aendern: (r) => (r.art = "999" as Rechnung["art"]),
    alle: ["BR-CL-01"],
    xrechnung: ["BR-DE-17"],
    peppol: [R("P0100")],
  },
  {
    name: "invoice type code on a credit note",
    aendern: (r) => (r.art = "381"),
  },
];

function rechnungVon(fall: Fall): Rechnung {
  const r = (fall.rechnung ?? basis)();
  fall.aendern?.(r);
  return r;
}

function erwartet(fall: Fall, profil: TPruefProfil): string[] {
  const alle = (fall.alle ?? []).filter(
    (regel) => profil !== "ebinterface" || !NICHT_IN_EBINTERFACE.includes(regel),
  );
  return [...new Set([...alle, ...(fall[profil] ?? [])])].sort();
}

const regeln = (verstoesse: Verstoss[]) => [...new Set(verstoesse.map((v) => v.regel))].sort();

function texte(sprache: "de" | "en"): Record<string, string> {
  const datei = new URL(`../../i18n/locales/${sprache}/erechnung.json`, import.meta.url);
  return JSON.parse(readFileSync(datei, "utf8")).regel;
}
const platzhalter = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]!);

describe("regelnPruefen", () => {
  it.each(PROFILE)("passes the valid base invoice (%s)", (profil) => {
    expect(regelnPruefen(basis(), profil)).toEqual([]);
  });

  describe.each(FAELLE)("$name", (fall) => {
    it.each(PROFILE)("%s", (profil) => {
      const verstoesse = regelnPruefen(rechnungVon(fall), profil);
      expect(regeln(verstoesse)).toEqual(erwartet(fall, profil));
      for (const v of verstoesse) expect(REGELN_JE_PROFIL[profil], v.regel).toContain(v.regel);
    });
  });

  it("reports the amounts a sum rule compares", () => {
    const r = basis();
    r.positionen[1]!.netto = "86.50";
    expect(regelnPruefen(r, "en16931")).toEqual([
      { regel: "BR-CO-10", bt: "BT-106", werte: { erwartet: "809.50", gefunden: "799.50" } },
      { regel: "BR-S-08", bt: "BT-116", werte: { satz: "10", erwartet: "89.50", gefunden: "79.50" } },
    ]);
  });

  it("rounds like XPath round(): half towards +∞", () => {
    // BT-106 = round(Σ BT-131 × 100) div 100: round(−12.5) is −12 in XPath (commercial rounding: −13).
    const mitSumme = (positionen: string) => {
      const r = basis();
      r.positionen = [
        {
          id: "1",
          menge: "1",
          einheit: "C62",
          netto: "-0.125",
          preis: "0",
          kategorie: "S",
          satz: "20",
          name: "x",
        },
      ];
      r.abschlaege = [];
      r.steuern = [{ basis: "-0.12", betrag: "-0.02", kategorie: "S", satz: "20" }];
      r.summen = { positionen, netto: positionen, steuer: "-0.02", brutto: "-0.14", zahlbar: "-0.14" };
      return regeln(regelnPruefen(r, "en16931"));
    };
    expect(mitSumme("-0.12")).toEqual(["BR-DEC-23"]);
    expect(mitSumme("-0.13")).toEqual(expect.arrayContaining(["BR-CO-10"]));
  });

  it("names the VAT category rule by the syntax written (UBL: BR-CL-17 breakdown, CII: BR-CL-18)", () => {
    const r = basis();
    r.steuern[0]!.kategorie = "X" as TKategorie;
    r.positionen[0]!.kategorie = "X" as TKategorie;
    const codeliste = (syntax: "ubl" | "cii") =>
      regelnPruefen(r, "en16931", syntax).filter((v) => v.regel === "BR-CL-17" || v.regel === "BR-CL-18");
    expect(codeliste("ubl")).toEqual([
      { regel: "BR-CL-17", bt: "BT-118", werte: { kategorie: "X" } },
      { regel: "BR-CL-18", bt: "BT-151", werte: { kategorie: "X" } },
    ]);
    expect(codeliste("cii")).toEqual([
      { regel: "BR-CL-18", bt: "BT-118", werte: { kategorie: "X" } },
      { regel: "BR-CL-18", bt: "BT-151", werte: { kategorie: "X" } },
    ]);
  });

  it("checks countries against the list of the syntax written (UBL has SS, CII the withdrawn AN)", () => {
    const mitLand = (land: string, syntax: "ubl" | "cii") => {
      const r = basis();
      r.kaeufer.adresse.land = land;
      return regeln(regelnPruefen(r, "en16931", syntax)).filter((regel) => regel === "BR-CL-14");
    };
    expect(mitLand("SS", "ubl")).toEqual([]);
    expect(mitLand("SS", "cii")).toEqual(["BR-CL-14"]);
    expect(mitLand("AN", "cii")).toEqual([]);
  });

  it("names the electronic address and its scheme Peppol refuses", () => {
    const r = basis();
    r.kaeufer.elektronischeAdresse = { schema: "EM", wert: "einkauf@uhren-meier.ch" };
    expect(regelnPruefen(r, "peppol")).toEqual([
      {
        regel: "PEPPOL-EN16931-CL008",
        bt: "BT-49",
        werte: { schema: "EM", wert: "einkauf@uhren-meier.ch" },
      },
    ]);
  });

  it("marks the rules the official files only warn about", () => {
    expect(istWarnung("BR-DE-19", "xrechnung")).toBe(true);
    expect(istWarnung("PEPPOL-EN16931-R120", "xrechnung")).toBe(true);
    expect(istWarnung("PEPPOL-EN16931-R120", "peppol")).toBe(false);
    expect(istWarnung("BR-CO-10", "en16931")).toBe(false);
  });
});

describe("skontoGueltig (BR-DE-18)", () => {
  it.each([
    ["no Skonto line", "Zahlbar binnen 30 Tagen.", true],
    ["one step", "#SKONTO#TAGE=14#PROZENT=2.00#\n", true],
    [
      "two steps and a base amount",
      "#SKONTO#TAGE=7#PROZENT=3.00#\n#SKONTO#TAGE=14#PROZENT=2.00#BASISBETRAG=100.00#\n",
      true,
    ],
    ["surrounding blanks", "  #SKONTO#TAGE=14#PROZENT=2.00#  \n", true],
    ["percentage without decimals", "#SKONTO#TAGE=14#PROZENT=2#\n", false],
    ["lower case", "#skonto#TAGE=14#PROZENT=2.00#\n", false],
    ["not ended by a line break", "#SKONTO#TAGE=14#PROZENT=2.00#", false],
    ["blank inside", "#SKONTO# TAGE=14#PROZENT=2.00#\n", false],
  ])("%s", (_, text, gueltig) => {
    expect(skontoGueltig(text)).toBe(gueltig);
  });
});

describe("texts (i18n namespace erechnung, key regel)", () => {
  const de = texte("de");
  const en = texte("en");

  it("has a German and an English text for every rule the check can report, and no others", () => {
    for (const regel of PRUEF_REGELN) {
      expect(de[regel]?.trim(), `de ${regel}`).toBeTruthy();
      expect(en[regel]?.trim(), `en ${regel}`).toBeTruthy();
    }
    // Besides the rules: the product's read-back check of an export (ausgabe.ts).
    expect(Object.keys(de).sort()).toEqual([...PRUEF_REGELN, RUECKLESEN].sort());
    expect(Object.keys(en).sort()).toEqual([...PRUEF_REGELN, RUECKLESEN].sort());
  });

  it("gets every placeholder of a reported rule's text from the violation's values", () => {
    for (const fall of FAELLE)
      for (const profil of PROFILE)
        for (const v of regelnPruefen(rechnungVon(fall), profil))
          for (const name of [...platzhalter(de[v.regel] ?? ""), ...platzhalter(en[v.regel] ?? "")])
            expect(v.werte ?? {}, `${fall.name}: ${v.regel} {{${name}}}`).toHaveProperty(name);
  });
});
