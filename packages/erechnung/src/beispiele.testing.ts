import type { BelegQuelle, QuellPosition } from "./abbilden.ts";

/**
 * Documents as the product holds them, for the format tests: every case the issue names (mixed rates, discounts
 * and allowances, reverse charge, intra-community supply, export, small business, credit note, cancellation, many
 * positions, a Leitweg-ID) plus cash invoices and service periods. Test code only.
 */

const verkaeuferAT: BelegQuelle["verkaeufer"] = {
  name: "Installateur Huber & Söhne GmbH",
  uid: "ATU13585627",
  registernummer: "FN 123456a",
  email: "rechnung@huber.at",
  telefon: "+43 1 234 56 78",
  kontaktName: "Maria Huber",
  adresse: {
    strasse: "Hauptstraße",
    hausNummer: "12",
    stiege: "2",
    tuer: "5",
    plz: "1010",
    ort: "Wien",
    land: "AT",
  },
  iban: "AT61 1904 3002 3457 3201",
  bic: "BKAUATWW",
};

const verkaeuferDE: BelegQuelle["verkaeufer"] = {
  name: "Schreinerei Maier GmbH",
  uid: "DE136695976",
  registernummer: "HRB 12345",
  email: "buchhaltung@maier.de",
  telefon: "+49 89 123456",
  kontaktName: "Josef Maier",
  adresse: { strasse: "Lindenweg", hausNummer: "3", plz: "80331", ort: "München", land: "DE" },
  iban: "DE89370400440532013000",
  bic: "COBADEFFXXX",
};

const behoerdeDE: BelegQuelle["kaeufer"] = {
  name: "Stadtverwaltung Musterstadt",
  kundenNummer: "K-10001",
  email: "erechnung@musterstadt.de",
  elektronischeAdresse: "0204:04011000-12345-03",
  zuHanden: "Amt für Hochbau",
  adresse: {
    firmenName: "Stadt Musterstadt",
    strasse: "Rathausplatz",
    hausNummer: "1",
    plz: "12345",
    ort: "Musterstadt",
    land: "DE",
  },
};

const firmaAT: BelegQuelle["kaeufer"] = {
  name: "Bäckerei Gruber KG",
  kundenNummer: "K-20002",
  uid: "ATU12345675",
  email: "office@gruber.at",
  adresse: { strasse: "Bahnhofstraße", hausNummer: "7", plz: "4020", ort: "Linz", land: "AT" },
};

const firmaDE: BelegQuelle["kaeufer"] = {
  name: "Bau Schmidt GmbH",
  kundenNummer: "K-30003",
  uid: "DE129273398",
  email: "einkauf@bau-schmidt.de",
  adresse: { strasse: "Industriestraße", hausNummer: "44", plz: "93047", ort: "Regensburg", land: "DE" },
};

const firmaCH: BelegQuelle["kaeufer"] = {
  name: "Uhren Meier AG",
  kundenNummer: "K-40004",
  email: "kreditoren@uhren-meier.ch",
  elektronischeAdresse: "0088:7612345000008",
  adresse: { strasse: "Bahnhofstrasse", hausNummer: "1", plz: "8001", ort: "Zürich", land: "CH" },
};

const artikel = (rabattierFaehig = true) => ({ id: 1, rabattierFaehig });

const standardPositionen: QuellPosition[] = [
  {
    positionsBeschreibung: "Montage Heizkörper\nDurchgeführt am Standort Rathaus",
    positionsMenge: 7.5,
    positionsPreis: 68.5,
    positionsMwst: 20,
    einheit: "HUR",
    artikelNummer: "L-100",
    artikel: artikel(),
  },
  {
    positionsBeschreibung: "Heizkörper Typ 22 <600×1000>",
    positionsMenge: 2,
    positionsPreis: 289.9,
    positionsMwst: 20,
    artikelRabatt: 10,
    rabatt: 5,
    einheit: "C62",
    artikelNummer: "HK-22",
    artikel: artikel(),
  },
  {
    positionsBeschreibung: "Fachbuch Heizungsbau",
    positionsMenge: 1,
    positionsPreis: 49.9,
    positionsMwst: 10,
    einheit: "C62",
    artikel: artikel(),
  },
  {
    positionsBeschreibung: "Entsorgungspauschale (nicht rabattfähig)",
    positionsMenge: 1,
    positionsPreis: 25,
    positionsMwst: 20,
    einheit: "C62",
    artikel: artikel(false),
  },
  { positionsBeschreibung: "Hinweis: Garantie 2 Jahre ab Montage", positionsPreis: null },
  {
    positionsBeschreibung: "Kupferrohr",
    positionsMenge: 12.345,
    positionsPreis: 3.1234,
    positionsMwst: 20,
    einheit: "MTR",
    artikel: artikel(),
  },
  {
    positionsBeschreibung: "Gutschrift Altgerät",
    positionsMenge: 1,
    positionsPreis: -40,
    positionsMwst: 20,
    einheit: "C62",
    artikel: artikel(),
  },
];

const zahlungsziel = {
  nettoTage: 30,
  skontoList: [
    { tage: 14, prozent: 2 },
    { tage: 7, prozent: 3 },
  ],
};

function rechnung(
  nummer: string,
  teile: Partial<BelegQuelle["beleg"]> & Pick<BelegQuelle, "verkaeufer" | "kaeufer"> & Partial<BelegQuelle>,
): BelegQuelle {
  const {
    verkaeufer,
    kaeufer,
    zahlungsziel: ziel,
    zahlungstext,
    befreiungsText,
    gutschriftText,
    stornoGutschriftText,
    ...beleg
  } = teile;
  return {
    beleg: {
      belegsTyp: "rechnung",
      belegNummer: nummer,
      belegDatum: "2026-11-20",
      leistungsDatum: "2026-11-18",
      kategorie: "S",
      positionen: standardPositionen,
      // XRechnung needs a buyer reference (BR-DE-15), Peppol one of buyer or order reference (R003).
      kaeuferReferenz: "Ihr Zeichen 42",
      ...beleg,
    },
    verkaeufer,
    kaeufer,
    zahlungsziel: ziel === undefined ? zahlungsziel : ziel,
    zahlungstext: zahlungstext === undefined ? "Zahlbar bis 20.12.2026 ohne Abzug." : zahlungstext,
    befreiungsText: befreiungsText ?? null,
    gutschriftText: gutschriftText ?? "Der Betrag wird Ihrem Konto gutgeschrieben.",
    stornoGutschriftText:
      stornoGutschriftText ?? "Storno der Gutschrift: Der gutgeschriebene Betrag wird wieder verrechnet.",
  };
}

/** Many positions: 500 lines at deterministic prices, rates and discounts. */
const vielePositionen: QuellPosition[] = Array.from({ length: 500 }, (_, i) => ({
  positionsBeschreibung: `Artikel ${i + 1}`,
  positionsMenge: (i % 7) + 1 + (i % 3) * 0.25,
  positionsPreis: ((i * 37) % 1000) / 10 + 0.99,
  positionsMwst: [20, 10, 13, 0][i % 4],
  rabatt: i % 5 === 0 ? 3 : 0,
  einheit: ["C62", "KGM", "HUR", "MTR"][i % 4],
  artikelNummer: `A-${i + 1}`,
  artikel: artikel(i % 9 !== 0),
}));

export const BEISPIELE: Record<string, BelegQuelle> = {
  /** XRechnung to a German public buyer: Leitweg-ID, order reference, mixed rates, discounts, skonto. */
  gemischt: rechnung("2026-00017", {
    verkaeufer: verkaeuferDE,
    kaeufer: {
      ...behoerdeDE,
      lieferadresse: {
        firmenName: "Baustelle Rathaus",
        strasse: "Marktplatz",
        hausNummer: "2",
        plz: "12345",
        ort: "Musterstadt",
        land: "DE",
      },
    },
    kaeuferReferenz: "04011000-12345-03",
    bestellBelegnummer: "B-2026-4711",
    belegRabatt: 5,
    faelligAm: "2026-12-20",
    text: "Vielen Dank für Ihren Auftrag.",
  }),
  reverseCharge: rechnung("2026-00018", {
    verkaeufer: verkaeuferAT,
    kaeufer: firmaAT,
    kategorie: "AE",
    bestellBelegnummer: "PO-77",
    befreiungsText: "Übergang der Steuerschuld auf den Leistungsempfänger (Reverse Charge)",
  }),
  innergemeinschaftlich: rechnung("2026-00019", {
    verkaeufer: verkaeuferAT,
    kaeufer: firmaDE,
    kategorie: "K",
    kaeuferReferenz: "Einkauf Schmidt",
    leistungsDatum: null,
    befreiungsText: "Steuerfreie innergemeinschaftliche Lieferung",
  }),
  export: rechnung("2026-00020", {
    verkaeufer: verkaeuferAT,
    kaeufer: firmaCH,
    kategorie: "G",
    bestellBelegnummer: "CH-2026-1",
    befreiungsText: "Steuerfreie Ausfuhrlieferung",
  }),
  kleinunternehmer: rechnung("2026-00021", {
    verkaeufer: {
      ...verkaeuferAT,
      uid: null,
      steuernummer: "12 345/6789",
      name: "Anna Berger Grafik",
      elektronischeAdresse: "0088:9012345000004",
    },
    kaeufer: firmaAT,
    kategorie: "E",
    bestellBelegnummer: "Auftrag 12",
    befreiungsText: "Umsatzsteuerbefreit – Kleinunternehmer gemäß § 6 Abs. 1 Z 27 UStG",
  }),
  gutschrift: rechnung("2026-00022", {
    belegsTyp: "gutschrift",
    verkaeufer: verkaeuferDE,
    kaeufer: behoerdeDE,
    kaeuferReferenz: "04011000-12345-03",
    vorgaenger: { nummer: "2026-00017", datum: "2026-11-20" },
    positionen: [
      {
        positionsBeschreibung: "Gutschrift Heizkörper beschädigt",
        positionsMenge: 1,
        positionsPreis: 289.9,
        positionsMwst: 20,
        artikelRabatt: 10,
        einheit: "C62",
        artikel: artikel(),
      },
      {
        positionsBeschreibung: "Gutschrift Fachbuch",
        positionsMenge: 1,
        positionsPreis: 49.9,
        positionsMwst: 10,
        einheit: "C62",
        artikel: artikel(),
      },
    ],
  }),
  storno: rechnung("2026-00023", {
    belegsTyp: "storno",
    verkaeufer: verkaeuferDE,
    kaeufer: behoerdeDE,
    kaeuferReferenz: "04011000-12345-03",
    belegRabatt: 5,
    vorgaenger: { nummer: "2026-00017", datum: "2026-11-20", typ: "rechnung" },
    positionen: standardPositionen.map((p) => ({
      ...p,
      positionsMenge:
        p.positionsMenge === undefined || p.positionsMenge === null
          ? p.positionsMenge
          : -Number(p.positionsMenge),
    })),
  }),
  /** The storno of `gutschrift`: its lines negated (stornoVon); it takes the credit back, a 380. */
  stornoGutschrift: rechnung("2026-00027", {
    belegsTyp: "storno",
    verkaeufer: verkaeuferDE,
    kaeufer: behoerdeDE,
    kaeuferReferenz: "04011000-12345-03",
    vorgaenger: { nummer: "2026-00022", datum: "2026-11-20", typ: "gutschrift" },
    positionen: [
      {
        positionsBeschreibung: "Gutschrift Heizkörper beschädigt",
        positionsMenge: -1,
        positionsPreis: 289.9,
        positionsMwst: 20,
        artikelRabatt: 10,
        einheit: "C62",
        artikel: artikel(),
      },
      {
        positionsBeschreibung: "Gutschrift Fachbuch",
        positionsMenge: -1,
        positionsPreis: 49.9,
        positionsMwst: 10,
        einheit: "C62",
        artikel: artikel(),
      },
    ],
  }),
  vielePositionen: rechnung("2026-00024", {
    verkaeufer: verkaeuferAT,
    kaeufer: firmaAT,
    bestellBelegnummer: "Rahmenvertrag 2026",
    belegRabatt: 2.5,
    positionen: vielePositionen,
  }),
  barrechnung: rechnung("2026-00025", {
    belegsTyp: "barrechnung",
    bankomat: true,
    verkaeufer: verkaeuferAT,
    kaeufer: firmaAT,
    bestellBelegnummer: "Kassa",
    zahlungsziel: null,
    zahlungstext: null,
  }),
  zeitraum: rechnung("2026-00026", {
    verkaeufer: verkaeuferDE,
    kaeufer: firmaDE,
    kaeuferReferenz: "Wartungsvertrag 9",
    leistungsDatum: null,
    leistungsZeitraumVon: "2026-10-01",
    leistungsZeitraumBis: "2026-10-31",
    zahlungsziel: { nettoTage: 14, skontoList: [] },
    zahlungstext: "Zahlbar binnen 14 Tagen.",
    positionen: [
      {
        positionsBeschreibung: "Wartung Oktober",
        positionsMenge: 1,
        positionsPreis: 450,
        positionsMwst: 19,
        einheit: "MON",
        artikel: artikel(),
      },
    ],
  }),
};
