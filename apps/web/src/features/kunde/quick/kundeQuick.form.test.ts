import { describe, expect, it } from "vitest";
import { kundeListeAus, kundeZeileAus, plzOrt } from "./kundeQuick.api.ts";
import {
  kontaktAusForm,
  kontaktFehler,
  kontaktFehlt,
  kundeAusForm,
  kundeFehlt,
  kundeMitKontakt,
  leereLieferadresse,
  leererKontakt,
  leererKunde,
  lieferadresseFehltIn,
  zeileAusKunde,
} from "./kundeQuick.form.ts";

describe("search answer", () => {
  it.each([
    ["null", null],
    ["a list instead of {kundeList}", [{ id: 1, anzeigename: "A" }]],
    ["kundeList not a list", { kundeList: { id: 1 } }],
    ["a text", "kaputt"],
  ])("%s is an empty list", (_, body) => {
    expect(kundeListeAus(body)).toEqual([]);
  });

  it("keeps rows with an integer id and a name, and fills the rest defensively", () => {
    expect(
      kundeListeAus({ kundeList: [{ id: 1.5, anzeigename: "x" }, { id: 2 }, { id: 3, anzeigename: "C" }] }),
    ).toEqual([
      {
        id: 3,
        kundenNummer: "",
        anzeigename: "C",
        firma: "firma",
        bezeichnung: null,
        vorname: null,
        nachname: null,
        strasse: null,
        hausNummer: null,
        plz: null,
        ort: null,
        land: null,
        email: null,
        telnr: null,
        uid: null,
        lieferant: false,
        aktiv: true,
      },
    ]);
    expect(kundeZeileAus({ id: 4, anzeigename: "D", aktiv: false, lieferant: true })).toMatchObject({
      aktiv: false,
      lieferant: true,
    });
  });

  it("writes PLZ and Ort together, leaving out what is missing", () => {
    expect(plzOrt({ plz: "1010", ort: "Wien" })).toBe("1010 Wien");
    expect(plzOrt({ plz: null, ort: " Wien " })).toBe("Wien");
    expect(plzOrt({ plz: null, ort: null })).toBe("");
  });
});

describe("customer quick create", () => {
  const gefuellt = () => {
    const values = leererKunde("Acme");
    values.adresseLists[0] = { strasse: "Ring", hausNummer: "", plz: "1010", ort: "Wien", land: "AT" };
    return values;
  };

  it("names the missing fields by the SPEC §5 rule, as form paths", () => {
    expect(kundeFehlt(leererKunde())).toEqual([
      "bezeichnung",
      "adresseLists.0.strasse",
      "adresseLists.0.plz",
      "adresseLists.0.ort",
    ]);
    expect(kundeFehlt(gefuellt())).toEqual([]);
    expect(kundeFehlt({ ...gefuellt(), firma: "privatperson" })).toEqual([
      "nachname",
      "vorname",
      "geschlecht",
    ]);
    const ohneLand = gefuellt();
    ohneLand.adresseLists[0].land = "";
    expect(kundeFehlt(ohneLand)).toEqual(["adresseLists.0.land"]);
  });

  it("builds the body from neuerKunde() and clears what the other type uses (SPEC §4)", () => {
    const firma = kundeAusForm({
      ...gefuellt(),
      vorname: "Max",
      geschlecht: "herr",
      email: " ",
      lieferant: true,
    });
    expect(firma).toMatchObject({
      firma: "firma",
      bezeichnung: "Acme",
      vorname: null,
      geschlecht: null,
      email: null,
      lieferant: true,
      rabattVorschlag: 0,
      belegLangKey: "de",
    });
    expect(firma.adresseLists).toEqual([
      expect.objectContaining({
        adressenTyp: "rechnungsadresse",
        strasse: "Ring",
        hausNummer: null,
        land: "AT",
      }),
    ]);
    const privat = kundeAusForm({
      ...gefuellt(),
      firma: "privatperson",
      geschlecht: "frau",
      vorname: " Eva ",
      nachname: "Muster",
    });
    expect(privat).toMatchObject({
      bezeichnung: null,
      geschlecht: "frau",
      vorname: "Eva",
      nachname: "Muster",
    });
  });

  it("makes the list row from the PUT answer, falling back to what was sent", () => {
    const body = kundeAusForm(gefuellt());
    expect(zeileAusKunde({ ...body, id: 9, kundenNummer: "K9", anzeigename: "Acme" }, body)).toMatchObject({
      id: 9,
      kundenNummer: "K9",
      anzeigename: "Acme",
      strasse: "Ring",
      plz: "1010",
      ort: "Wien",
      land: "AT",
    });
    const privat = kundeAusForm({
      ...gefuellt(),
      firma: "privatperson",
      geschlecht: "herr",
      vorname: "Max",
      nachname: "Muster",
    });
    expect(zeileAusKunde({ id: 10 }, privat)).toMatchObject({
      id: 10,
      anzeigename: "Herr Max Muster",
      firma: "privatperson",
      ort: "Wien",
    });
  });
});

describe("contact person quick create", () => {
  it("needs a customer and a last name", () => {
    expect(kontaktFehlt(leererKontakt(), false)).toEqual(["kunde", "nachname"]);
    expect(kontaktFehlt({ ...leererKontakt(), nachname: " Neu " }, true)).toEqual([]);
  });

  it("appends the contact to the customer as loaded and knows its index", () => {
    const kontakt = kontaktAusForm({ ...leererKontakt(), nachname: " Neu ", email: "" });
    expect(kontakt).toEqual({ geschlecht: null, vorname: null, nachname: "Neu", email: null, telnr: null });
    const { body, index } = kundeMitKontakt({ id: 3, kundeKontakte: [{ id: 1, nachname: "Alt" }] }, kontakt);
    expect(index).toBe(1);
    expect(body).toEqual({ id: 3, kundeKontakte: [{ id: 1, nachname: "Alt" }, kontakt] });
    expect(kundeMitKontakt({ id: 4 }, kontakt)).toEqual({
      body: { id: 4, kundeKontakte: [kontakt] },
      index: 0,
    });
  });

  it("splits the server's errors into the new contact's and the customer's own", () => {
    expect(
      kontaktFehler(
        [
          { field: "kundeKontakte.2.email", code: "email" },
          { field: "kundeKontakte.0.nachname", code: "required" },
          { field: "adresseLists.0.plz", code: "required" },
        ],
        2,
      ),
    ).toEqual({
      kontakt: [{ field: "email", code: "email" }],
      kunde: [
        { field: "kundeKontakte.0.nachname", code: "required" },
        { field: "adresseLists.0.plz", code: "required" },
      ],
    });
  });
});

describe("delivery address quick create", () => {
  it("needs strasse, hausNummer, plz, ort and land (blank counts as missing)", () => {
    expect(lieferadresseFehltIn(leereLieferadresse())).toEqual(["strasse", "hausNummer", "plz", "ort"]);
    expect(lieferadresseFehltIn({ ...leereLieferadresse(), land: " " })).toContain("land");
  });
});
