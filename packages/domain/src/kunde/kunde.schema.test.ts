import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { toFieldErrors } from "../http/field-errors.ts";
import type { TFieldError } from "../http/problem.schema.ts";
import { beimSpeichern } from "./kunde.rules.ts";
import {
  type TKundeInput,
  ZAdresse,
  ZFahrzeug,
  ZKunde,
  ZKundeCrm,
  ZKundeKontakt,
  ZKundeSpeichern,
  ZLieferadresse,
} from "./kunde.schema.ts";

function errors(schema: z.ZodType, input: unknown): TFieldError[] {
  const result = schema.safeParse(input);
  return result.success ? [] : toFieldErrors(result.error.issues, input);
}

const adresse = { strasse: "Hauptstraße", hausNummer: "1", plz: "1010", ort: "Wien", land: "AT" };
const firma: TKundeInput = { firma: "firma", bezeichnung: "Muster GmbH", adresseLists: [adresse] };

describe("ZAdresse", () => {
  it("requires the country and normalises it", () => {
    expect(errors(ZAdresse, { ...adresse, land: undefined })).toEqual([{ field: "land", code: "required" }]);
    expect(errors(ZAdresse, { ...adresse, land: null })).toEqual([{ field: "land", code: "required" }]);
    expect(errors(ZAdresse, { ...adresse, land: "Austria" })).toEqual([{ field: "land", code: "pattern" }]);
    expect(errors(ZAdresse, { ...adresse, land: "AA" })).toEqual([{ field: "land", code: "enum" }]);
    expect(ZAdresse.parse({ land: " at " })).toEqual({
      adressZusatz: null,
      plz: null,
      ort: null,
      strasse: null,
      hausNummer: null,
      stiege: null,
      tuer: null,
      land: "AT",
      adressenTyp: "rechnungsadresse",
      aktiv: true,
      bezeichnung: null,
      firmenName: null,
      zuHanden: false,
    });
  });

  it.each<[string, number]>([
    ["hausNummer", 10],
    ["stiege", 10],
    ["tuer", 10],
    ["plz", 10],
    ["adressZusatz", 100],
    ["strasse", 100],
    ["ort", 100],
  ])("%s: at most %i characters", (field, max) => {
    expect(errors(ZAdresse, { ...adresse, [field]: "x".repeat(max) })).toEqual([]);
    expect(errors(ZAdresse, { ...adresse, [field]: ` ${"x".repeat(max)} ` })).toEqual([]);
    expect(errors(ZAdresse, { ...adresse, [field]: "x".repeat(max + 1) })).toEqual([
      { field, code: "maxLength", max },
    ]);
  });

  it("turns blank texts into null", () => {
    expect(ZAdresse.parse({ ...adresse, stiege: "  ", tuer: "" })).toMatchObject({
      stiege: null,
      tuer: null,
    });
  });
});

describe("ZLieferadresse (quick create)", () => {
  it("requires strasse, hausNummer, plz, ort and land and is a delivery address", () => {
    expect(ZLieferadresse.parse(adresse).adressenTyp).toBe("lieferadresse");
    expect(errors(ZLieferadresse, { ...adresse, hausNummer: " " })).toEqual([
      { field: "hausNummer", code: "required" },
    ]);
    expect(errors(ZLieferadresse, {})).toEqual(
      ["land", "strasse", "hausNummer", "plz", "ort"].map((field) => ({ field, code: "required" })),
    );
    expect(ZLieferadresse.safeParse({}).error?.issues).toHaveLength(5);
  });
});

describe("e-mail of customers and contact persons", () => {
  it.each<[string | null | undefined, string | null | "email"]>([
    ["müller@example.at", "müller@example.at"],
    [" müller@example.at ", "müller@example.at"],
    ["", null],
    ["  ", null],
    [null, null],
    [undefined, null],
    ["a@b", "email"],
    ["müller", "email"],
  ])("%j → %j", (email, expected) => {
    for (const [schema, base] of [
      [ZKundeKontakt, { nachname: "Muster" }],
      [ZKunde, {}],
    ] as const) {
      const result = schema.safeParse({ ...base, email });
      if (expected === "email")
        expect(errors(schema, { ...base, email })).toEqual([{ field: "email", code: "email" }]);
      else expect(result.data?.email).toBe(expected);
    }
  });
});

describe("ZKundeKontakt, ZFahrzeug, ZKundeCrm", () => {
  it("a contact person needs a last name", () => {
    expect(errors(ZKundeKontakt, { vorname: "Max" })).toEqual([{ field: "nachname", code: "required" }]);
    expect(ZKundeKontakt.parse({ nachname: " Muster " })).toEqual({
      geschlecht: null,
      vorname: null,
      nachname: "Muster",
      email: null,
      telnr: null,
    });
  });

  it("a vehicle needs its plate; mileage is a whole number from 0; first registration an ISO date", () => {
    expect(errors(ZFahrzeug, { kennzeichen: " " })).toEqual([{ field: "kennzeichen", code: "required" }]);
    expect(errors(ZFahrzeug, { kennzeichen: "W-12345A", kilometerstand: -1 })).toEqual([
      { field: "kilometerstand", code: "min", min: 0 },
    ]);
    expect(errors(ZFahrzeug, { kennzeichen: "W-1", kilometerstand: 1.5 })).toEqual([
      { field: "kilometerstand", code: "integer" },
    ]);
    expect(errors(ZFahrzeug, { kennzeichen: "W-1", erstZulassung: "01.02.2020" })).toEqual([
      { field: "erstZulassung", code: "pattern" },
    ]);
    expect(
      ZFahrzeug.parse({ kennzeichen: "W-1", erstZulassung: "2020-02-01", kilometerstand: 0 }),
    ).toMatchObject({
      erstZulassung: "2020-02-01",
      kilometerstand: 0,
      saveonpdf: false,
    });
  });

  it("a CRM entry needs text; its date is an ISO date-time", () => {
    expect(errors(ZKundeCrm, { text: "" })).toEqual([{ field: "text", code: "required" }]);
    expect(errors(ZKundeCrm, { text: "Anruf", datum: "2024-05-01" })).toEqual([
      { field: "datum", code: "pattern" },
    ]);
    expect(ZKundeCrm.parse({ text: "Anruf", datum: "2024-05-01T10:00:00+02:00" }).datum).toBe(
      "2024-05-01T10:00:00+02:00",
    );
  });
});

describe("ZKunde", () => {
  it("fills the SPEC §9 defaults", () => {
    expect(ZKunde.parse({})).toMatchObject({
      belegLangKey: "de",
      rabattVorschlag: 0,
      belegVorlageVerwenden: true,
      firma: "firma",
      lieferant: false,
      aktiv: true,
      adresseLists: [],
      preisschiene: null,
      zahlungsziel: null,
    });
  });

  it("sets the address types by position", () => {
    const kunde = ZKunde.parse({
      adresseLists: [
        { ...adresse, adressenTyp: "lieferadresse" },
        { ...adresse, adressenTyp: "rechnungsadresse" },
        adresse,
      ],
    });
    expect(kunde.adresseLists.map((a) => a.adressenTyp)).toEqual([
      "rechnungsadresse",
      "lieferadresse",
      "lieferadresse",
    ]);
  });

  it("keeps only the id of references and checks the discount", () => {
    const kunde = ZKunde.parse({
      preisschiene: { id: 2, bezeichnung: "Handel" },
      firmengruppen: [{ id: 1 }],
    });
    expect(kunde.preisschiene).toEqual({ id: 2 });
    expect(errors(ZKunde, { rabattVorschlag: 101 })).toEqual([
      { field: "rabattVorschlag", code: "max", max: 100 },
    ]);
    expect(errors(ZKunde, { geschlecht: "mann" })).toEqual([{ field: "geschlecht", code: "enum" }]);
  });

  it("does not apply the save rules by itself", () => {
    expect(errors(ZKunde, { firma: "firma" })).toEqual([]);
  });
});

describe("ZKundeSpeichern", () => {
  it.each<[string, TKundeInput, string[]]>([
    ["firma complete", firma, []],
    ["firma without bezeichnung", { ...firma, bezeichnung: "  " }, ["bezeichnung"]],
    [
      "firma without address",
      { firma: "firma", bezeichnung: "X" },
      ["adresseLists.0.strasse", "adresseLists.0.plz", "adresseLists.0.ort", "adresseLists.0.land"],
    ],
    [
      "privatperson without names",
      { firma: "privatperson", adresseLists: [adresse] },
      ["nachname", "vorname", "geschlecht"],
    ],
    [
      "privatperson complete",
      { firma: "privatperson", vorname: "M", nachname: "M", geschlecht: "divers", adresseLists: [adresse] },
      [],
    ],
    [
      "delivery address present and incomplete",
      { ...firma, adresseLists: [adresse, { land: "AT", plz: "1010" }] },
      ["adresseLists.1.strasse", "adresseLists.1.ort"],
    ],
    ["delivery address deactivated", { ...firma, adresseLists: [adresse, { land: "AT", aktiv: false }] }, []],
  ])("%s", (_name, input, expected) => {
    const result = errors(ZKundeSpeichern, input);
    expect(result).toEqual(expected.map((field) => ({ field, code: "required" })));
  });

  it("names every missing field at once, also when other fields are invalid, each once", () => {
    const input = { firma: "firma", email: "a@b", adresseLists: [{ plz: "12345678901" }] };
    expect(errors(ZKundeSpeichern, input)).toEqual([
      { field: "adresseLists.0.plz", code: "maxLength", max: 10 },
      { field: "adresseLists.0.land", code: "required" },
      { field: "email", code: "email" },
      { field: "bezeichnung", code: "required" },
      { field: "adresseLists.0.strasse", code: "required" },
      { field: "adresseLists.0.ort", code: "required" },
    ]);
    const paths = ZKundeSpeichern.safeParse(input).error?.issues.map((issue) => issue.path.join("."));
    expect(new Set(paths).size).toBe(paths?.length);
    expect(
      ZKundeSpeichern.safeParse(input).error?.issues.find(
        (i) => i.path.join(".") === "adresseLists.0.strasse",
      )?.path,
    ).toEqual(["adresseLists", 0, "strasse"]);
  });

  it("answers non-objects with one type error", () => {
    expect(errors(ZKundeSpeichern, null)).toEqual([{ field: "", code: "required" }]);
  });

  it("a valid customer stays valid after the clearing of beimSpeichern", () => {
    const kunde = ZKundeSpeichern.parse({ ...firma, vorname: "Max", geschlecht: "herr" });
    const gespeichert = beimSpeichern(kunde);
    expect(gespeichert).toMatchObject({ vorname: null, geschlecht: null, bezeichnung: "Muster GmbH" });
    expect(ZKundeSpeichern.parse(gespeichert)).toEqual(gespeichert);
  });
});

describe("ZKunde uid", () => {
  it.each<[unknown, string | null | "pattern" | "checksum"]>([
    [undefined, null],
    [null, null],
    ["", null],
    ["  ", null],
    ["atu 123-456.75", "ATU12345675"],
    ["ATU12345676", "checksum"],
    ["ATX", "pattern"],
  ])("%j → %j", (uid, expected) => {
    if (expected === "pattern" || expected === "checksum")
      expect(errors(ZKunde, { uid })).toEqual([{ field: "uid", code: expected }]);
    else expect(ZKunde.parse({ uid }).uid).toBe(expected);
  });
});
