import { describe, expect, it } from "vitest";
import {
  type AdresseRegelFelder,
  anzeigename,
  beimSpeichern,
  istKontaktEmail,
  KUNDE_DEFAULTS,
  type KundeNameFelder,
  type KundeRegelFelder,
  lieferadresseAktiv,
  lieferadresseFehlt,
  neueAdresse,
  neuerKunde,
  speichernBlockiert,
} from "./kunde.rules.ts";
import { ZKunde } from "./kunde.schema.ts";

const adresse = (felder: AdresseRegelFelder = {}): AdresseRegelFelder => ({
  strasse: "Hauptstraße",
  hausNummer: "1",
  plz: "1010",
  ort: "Wien",
  land: "AT",
  ...felder,
});
const firma = (felder: KundeRegelFelder = {}): KundeRegelFelder => ({
  firma: "firma",
  bezeichnung: "Muster GmbH",
  adresseLists: [adresse()],
  ...felder,
});
const privat = (felder: KundeRegelFelder = {}): KundeRegelFelder => ({
  firma: "privatperson",
  vorname: "Max",
  nachname: "Muster",
  geschlecht: "herr",
  adresseLists: [adresse()],
  ...felder,
});
const fields = (kunde: KundeRegelFelder, optionen?: { lieferadresseAktiv: boolean }) =>
  speichernBlockiert(kunde, optionen).map((grund) => {
    expect(grund.code).toBe("required");
    return grund.field;
  });
const billing = ["adresseLists.0.strasse", "adresseLists.0.plz", "adresseLists.0.ort", "adresseLists.0.land"];

describe("speichernBlockiert: firma", () => {
  it.each<[string, KundeRegelFelder, string[]]>([
    ["complete", firma(), []],
    ["without type (default firma)", firma({ firma: undefined }), []],
    ["null type counts as firma", firma({ firma: null, bezeichnung: null }), ["bezeichnung"]],
    ["no bezeichnung", firma({ bezeichnung: undefined }), ["bezeichnung"]],
    ["bezeichnung null", firma({ bezeichnung: null }), ["bezeichnung"]],
    ["bezeichnung empty", firma({ bezeichnung: "" }), ["bezeichnung"]],
    ["bezeichnung blank", firma({ bezeichnung: "  \t " }), ["bezeichnung"]],
    [
      "names do not replace the bezeichnung",
      firma({ bezeichnung: "", vorname: "Max", nachname: "M" }),
      ["bezeichnung"],
    ],
    ["names and salutation are not needed", firma({ vorname: null, nachname: null, geschlecht: null }), []],
    ["no strasse", firma({ adresseLists: [adresse({ strasse: null })] }), ["adresseLists.0.strasse"]],
    ["no plz", firma({ adresseLists: [adresse({ plz: "" })] }), ["adresseLists.0.plz"]],
    ["no ort", firma({ adresseLists: [adresse({ ort: " " })] }), ["adresseLists.0.ort"]],
    ["no land", firma({ adresseLists: [adresse({ land: undefined })] }), ["adresseLists.0.land"]],
    ["hausNummer is not needed", firma({ adresseLists: [adresse({ hausNummer: null })] }), []],
    ["no address list", firma({ adresseLists: undefined }), billing],
    ["empty address list", firma({ adresseLists: [] }), billing],
    ["billing address null", firma({ adresseLists: [null] }), billing],
    ["everything missing", { firma: "firma" }, ["bezeichnung", ...billing]],
  ])("%s", (_name, kunde, expected) => {
    expect(fields(kunde)).toEqual(expected);
  });
});

describe("speichernBlockiert: privatperson", () => {
  it.each<[string, KundeRegelFelder, string[]]>([
    ["complete", privat(), []],
    ["no bezeichnung needed", privat({ bezeichnung: null }), []],
    ["frau", privat({ geschlecht: "frau" }), []],
    ["familie", privat({ geschlecht: "familie" }), []],
    ["divers is a salutation", privat({ geschlecht: "divers" }), []],
    ["no nachname", privat({ nachname: null }), ["nachname"]],
    ["blank nachname", privat({ nachname: "  " }), ["nachname"]],
    ["no vorname", privat({ vorname: undefined }), ["vorname"]],
    ["blank vorname", privat({ vorname: "" }), ["vorname"]],
    ["no geschlecht", privat({ geschlecht: null }), ["geschlecht"]],
    ["empty geschlecht", privat({ geschlecht: "" }), ["geschlecht"]],
    ["unknown geschlecht", privat({ geschlecht: "xyz" }), ["geschlecht"]],
    [
      "a bezeichnung does not replace names",
      privat({ bezeichnung: "Muster", vorname: "", nachname: "" }),
      ["nachname", "vorname"],
    ],
    ["no billing plz", privat({ adresseLists: [adresse({ plz: null })] }), ["adresseLists.0.plz"]],
    ["no billing land", privat({ adresseLists: [adresse({ land: "" })] }), ["adresseLists.0.land"]],
    ["everything missing", { firma: "privatperson" }, ["nachname", "vorname", "geschlecht", ...billing]],
  ])("%s", (_name, kunde, expected) => {
    expect(fields(kunde)).toEqual(expected);
  });
});

describe("speichernBlockiert: delivery address", () => {
  const leer = { strasse: "", hausNummer: "", plz: "", ort: "", land: "" };
  const delivery = [
    "adresseLists.1.strasse",
    "adresseLists.1.plz",
    "adresseLists.1.ort",
    "adresseLists.1.land",
  ];
  it.each<[string, KundeRegelFelder, { lieferadresseAktiv: boolean } | undefined, string[]]>([
    [
      "switched on, complete",
      firma({ adresseLists: [adresse(), adresse()] }),
      { lieferadresseAktiv: true },
      [],
    ],
    [
      "switched on, empty",
      firma({ adresseLists: [adresse(), leer] }),
      { lieferadresseAktiv: true },
      delivery,
    ],
    ["switched on, absent", firma(), { lieferadresseAktiv: true }, delivery],
    [
      "switched on, blank ort",
      privat({ adresseLists: [adresse(), adresse({ ort: " " })] }),
      undefined,
      ["adresseLists.1.ort"],
    ],
    [
      "switched on, no land",
      firma({ adresseLists: [adresse(), adresse({ land: null })] }),
      undefined,
      ["adresseLists.1.land"],
    ],
    [
      "switched on, no hausNummer (not needed)",
      firma({ adresseLists: [adresse(), adresse({ hausNummer: "" })] }),
      undefined,
      [],
    ],
    ["switched off, empty", firma({ adresseLists: [adresse(), leer] }), { lieferadresseAktiv: false }, []],
    ["default: present and active = on", firma({ adresseLists: [adresse(), leer] }), undefined, delivery],
    [
      "default: deactivated = off",
      firma({ adresseLists: [adresse(), { ...leer, aktiv: false }] }),
      undefined,
      [],
    ],
    ["default: absent = off", firma(), undefined, []],
    [
      "billing and delivery both missing",
      firma({ bezeichnung: "", adresseLists: [leer, leer] }),
      undefined,
      ["bezeichnung", ...billing, ...delivery],
    ],
  ])("%s", (_name, kunde, optionen, expected) => {
    expect(fields(kunde, optionen)).toEqual(expected);
  });

  it.each<[KundeRegelFelder, boolean]>([
    [firma(), false],
    [firma({ adresseLists: [adresse(), null] }), false],
    [firma({ adresseLists: [adresse(), adresse()] }), true],
    [firma({ adresseLists: [adresse(), adresse({ aktiv: true })] }), true],
    [firma({ adresseLists: [adresse(), adresse({ aktiv: null })] }), true],
    [firma({ adresseLists: [adresse(), adresse({ aktiv: false })] }), false],
  ])("lieferadresseAktiv %#", (kunde, expected) => {
    expect(lieferadresseAktiv(kunde)).toBe(expected);
  });
});

describe("lieferadresseFehlt (quick create)", () => {
  it.each<[string, AdresseRegelFelder | null | undefined, string[]]>([
    ["complete", adresse(), []],
    ["no hausNummer", adresse({ hausNummer: null }), ["hausNummer"]],
    ["blank hausNummer", adresse({ hausNummer: "  " }), ["hausNummer"]],
    ["no strasse and plz", adresse({ strasse: "", plz: undefined }), ["strasse", "plz"]],
    ["no ort", adresse({ ort: null }), ["ort"]],
    ["no land", adresse({ land: "" }), ["land"]],
    ["no address", undefined, ["strasse", "hausNummer", "plz", "ort", "land"]],
    ["null", null, ["strasse", "hausNummer", "plz", "ort", "land"]],
  ])("%s", (_name, value, expected) => {
    expect(lieferadresseFehlt(value)).toEqual(expected.map((field) => ({ field, code: "required" })));
  });
});

describe("anzeigename", () => {
  const person = (felder: KundeNameFelder): KundeNameFelder => ({
    firma: "privatperson",
    vorname: "Max",
    nachname: "Muster",
    bezeichnung: "Ignoriert",
    ...felder,
  });
  it.each<[string, KundeNameFelder, string, string]>([
    ["herr with first name", person({ geschlecht: "herr" }), "Herr Max Muster", "Mr Max Muster"],
    [
      "frau with first name",
      person({ geschlecht: "frau", vorname: "Erika" }),
      "Frau Erika Muster",
      "Ms Erika Muster",
    ],
    ["herr without first name", person({ geschlecht: "herr", vorname: null }), "Herr Muster", "Mr Muster"],
    ["frau with blank first name", person({ geschlecht: "frau", vorname: "  " }), "Frau Muster", "Ms Muster"],
    [
      "familie without first name",
      person({ geschlecht: "familie", vorname: "" }),
      "Familie Muster",
      "Family Muster",
    ],
    ["familie with first name", person({ geschlecht: "familie" }), "Familie Max Muster", "Family Max Muster"],
    ["divers: names, no salutation", person({ geschlecht: "divers" }), "Max Muster", "Max Muster"],
    ["no salutation: names", person({ geschlecht: null }), "Max Muster", "Max Muster"],
    [
      "extra whitespace is collapsed",
      person({ geschlecht: "herr", vorname: " Max  Peter ", nachname: " Muster " }),
      "Herr Max Peter Muster",
      "Mr Max Peter Muster",
    ],
    [
      "private person without names: bezeichnung",
      person({ geschlecht: "herr", vorname: "", nachname: null }),
      "Ignoriert",
      "Ignoriert",
    ],
    [
      "firma: bezeichnung",
      { firma: "firma", bezeichnung: " Muster GmbH ", geschlecht: "herr", nachname: "X" },
      "Muster GmbH",
      "Muster GmbH",
    ],
    [
      "no type: bezeichnung",
      { bezeichnung: "Muster GmbH", vorname: "Max", nachname: "Muster", geschlecht: "herr" },
      "Muster GmbH",
      "Muster GmbH",
    ],
    ["firma without bezeichnung", { firma: "firma" }, "", ""],
  ])("%s", (_name, kunde, de, en) => {
    expect(anzeigename(kunde)).toBe(de);
    expect(anzeigename(kunde, "de")).toBe(de);
    expect(anzeigename(kunde, "en")).toBe(en);
  });
});

describe("beimSpeichern", () => {
  it("firma clears first name, last name and salutation, keeps the rest, returns a new object", () => {
    const kunde = { ...neuerKunde(), bezeichnung: "Muster GmbH", vorname: "Max", nachname: "Muster" };
    kunde.geschlecht = "herr";
    const gespeichert = beimSpeichern(kunde);
    expect(gespeichert).toEqual({ ...kunde, vorname: null, nachname: null, geschlecht: null });
    expect(gespeichert).not.toBe(kunde);
    expect(kunde.vorname).toBe("Max");
  });

  it("privatperson clears the bezeichnung and keeps the names", () => {
    const kunde = {
      firma: "privatperson" as const,
      bezeichnung: "Alt",
      vorname: "Max",
      nachname: "M",
      geschlecht: "herr",
    };
    expect(beimSpeichern(kunde)).toEqual({ ...kunde, bezeichnung: null });
    expect(kunde.bezeichnung).toBe("Alt");
  });

  it("a missing type counts as firma", () => {
    expect(beimSpeichern({ bezeichnung: "B", vorname: "V" })).toEqual({
      bezeichnung: "B",
      vorname: null,
      nachname: null,
      geschlecht: null,
    });
  });
});

describe("contact e-mail pattern", () => {
  it.each<[string | null | undefined, boolean]>([
    ["müller@example.at", true],
    ["Jürgen.Größ@firma.co.at", true],
    ["ÖBB-Kunde@oebb.at", true],
    ["max.muster+rechnung@example.com", true],
    ["", true],
    ["   ", true],
    [null, true],
    [undefined, true],
    ["a@b", false],
    ["müller@", false],
    ["@example.at", false],
    ["max muster@example.at", false],
    ["max..muster@example.at", false],
    [".max@example.at", false],
    ["max@exa_mple.at", false],
    ["max@bücher.at", false],
    ["max@example.a", false],
  ])("%j → %s", (value, expected) => {
    expect(istKontaktEmail(value)).toBe(expected);
  });
});

describe("neuerKunde", () => {
  it("is a complete customer with the SPEC §9 defaults that the contract accepts unchanged", () => {
    const kunde = neuerKunde();
    expect(kunde).toMatchObject({ firma: "firma", lieferant: false, aktiv: true, ...KUNDE_DEFAULTS });
    expect(kunde.belegLangKey).toBe("de");
    expect(kunde.rabattVorschlag).toBe(0);
    expect(kunde.belegVorlageVerwenden).toBe(true);
    expect(kunde.adresseLists).toEqual([neueAdresse("rechnungsadresse", "AT")]);
    expect(ZKunde.parse(kunde)).toEqual(kunde);
    expect(ZKunde.parse({})).toEqual({ ...kunde, adresseLists: [] });
  });

  it("is not yet savable: name and billing address are missing (country preset)", () => {
    expect(fields(neuerKunde())).toEqual([
      "bezeichnung",
      "adresseLists.0.strasse",
      "adresseLists.0.plz",
      "adresseLists.0.ort",
    ]);
  });

  it("takes supplier, country, payment term and field defaults", () => {
    const kunde = neuerKunde({
      lieferant: true,
      land: "DE",
      zahlungsziel: { id: 3 },
      felddefinitionen: [{ id: 1, value: "Gold" }, { id: 2 }, { value: "ohne id" }],
    });
    expect(kunde.lieferant).toBe(true);
    expect(kunde.adresseLists[0]?.land).toBe("DE");
    expect(kunde.zahlungsziel).toEqual({ id: 3 });
    expect(kunde.kundeFelder).toEqual([
      { felddefinitionId: 1, value: "Gold" },
      { felddefinitionId: 2, value: null },
    ]);
    expect(neuerKunde()).not.toBe(neuerKunde());
  });
});
