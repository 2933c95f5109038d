import { toFieldErrors } from "@kontor/domain/http/field-errors";
import { ZKunde, ZKundeSpeichern } from "@kontor/domain/kunde/kunde.schema";
import { describe, expect, it } from "vitest";
import {
  fehlendeFelder,
  fehlerJeTab,
  istLieferadresseAn,
  type KundeValues,
  kundeFromForm,
  kundeToForm,
  neueLieferadresse,
  neuerKontakt,
  neuerKundeForm,
  neuesFahrzeug,
  pflichtFelder,
  tabOf,
} from "./kunde.form.ts";

const fieldErrors = (values: KundeValues) => {
  const body = kundeFromForm(values);
  const result = ZKundeSpeichern.safeParse(body);
  return result.success ? [] : toFieldErrors(result.error.issues, body).map((e) => `${e.field} ${e.code}`);
};

const rechnungsadresse = { strasse: "Hauptstraße", hausNummer: "1", plz: "1010", ort: "Wien", land: "AT" };

/** A new company customer with a complete billing address. */
function firma(): KundeValues {
  const values = neuerKundeForm();
  values.bezeichnung = "Muster GmbH";
  values.adresseLists[0] = { ...values.adresseLists[0]!, ...rechnungsadresse };
  return values;
}

describe("kunde form", () => {
  it("starts a new customer with the defaults, the tenant's payment term and the field defaults", () => {
    const values = neuerKundeForm({
      lieferant: true,
      zahlungsziel: { id: 7 },
      felddefinitionen: [{ id: 3, value: "ja" }, { value: "skipped" }],
    });
    expect(values).toMatchObject({
      firma: "firma",
      lieferant: true,
      aktiv: true,
      zahlungsziel: "7",
      rabattVorschlag: 0,
      belegLangKey: "de",
      belegVorlageVerwenden: true,
      kundeFelder: [{ felddefinitionId: 3, value: "ja" }],
    });
    expect(values.adresseLists).toHaveLength(1);
    expect(values.adresseLists[0]).toMatchObject({ land: "AT", aktiv: true, strasse: "" });
  });

  it("sends a loaded customer back as the schema reads it, without row keys", () => {
    const kunde = ZKunde.parse({
      id: 12,
      kundenNummer: "K-0012",
      firma: "privatperson",
      vorname: "Maria",
      nachname: "Muster",
      geschlecht: "frau",
      adresseLists: [
        { id: 1, ...rechnungsadresse },
        { id: 2, strasse: "Nebenweg", plz: "8010", ort: "Graz", land: "AT", aktiv: false },
      ],
      preisschiene: { id: 4 },
      firmengruppen: [{ id: 2 }, { id: 5 }],
      kundeKontakte: [{ id: 9, nachname: "Huber", email: "müller@example.at" }],
      fahrzeuge: [{ id: 3, kennzeichen: "W-123AB", kilometerstand: 12000, erstZulassung: "2020-03-01" }],
      kundeFelder: [{ felddefinitionId: 1, value: "x" }],
      kundeCrms: [
        { id: 8, text: "Angerufen", datum: "2025-01-02T10:00:00.000Z", user: { id: 1, login: "admin" } },
      ],
      user: { id: 1, login: "admin" },
      kundePdfs: [],
      anzeigename: "Frau Maria Muster",
    });
    const body = kundeFromForm(kundeToForm(kunde));
    expect(JSON.stringify(body)).not.toContain('"key"');
    const again = ZKundeSpeichern.parse(body);
    const { anzeigename: _name, ...rest } = kunde;
    expect(again).toEqual({
      ...rest,
      bezeichnung: null,
      kundeCrms: [{ id: 8, text: "Angerufen", datum: "2025-01-02T10:00:00.000Z" }],
      user: { id: 1 },
    });
  });

  it("clears the other type's fields (SPEC §4) and sends empty inputs as null", () => {
    const values = { ...firma(), vorname: "Max", nachname: "Muster", geschlecht: "herr", uid: "", email: "" };
    const body = kundeFromForm(values);
    expect(body).toMatchObject({
      vorname: null,
      nachname: null,
      geschlecht: null,
      bezeichnung: "Muster GmbH",
    });
    const parsed = ZKundeSpeichern.parse(body);
    expect(parsed).toMatchObject({ uid: null, email: null, preisschiene: null, kundenNummer: null });
    expect(parsed.id).toBeUndefined();
  });

  it("sends a cleared discount suggestion as 0 and empty vehicle numbers as null", () => {
    const values = {
      ...firma(),
      rabattVorschlag: "" as const,
      fahrzeuge: [{ ...neuesFahrzeug(), kennzeichen: "G-1" }],
    };
    const body = kundeFromForm(values);
    expect(body.rabattVorschlag).toBe(0);
    expect(body.fahrzeuge).toEqual([
      expect.objectContaining({ kennzeichen: "G-1", erstZulassung: null, kilometerstand: null }),
    ]);
    expect(fieldErrors(values)).toEqual([]);
  });

  it("names what is missing for saving, with the paths of the inputs", () => {
    const values = neuerKundeForm();
    expect(fehlendeFelder(values).map((grund) => grund.field)).toEqual([
      "bezeichnung",
      "adresseLists.0.strasse",
      "adresseLists.0.plz",
      "adresseLists.0.ort",
    ]);
    const privat = { ...values, firma: "privatperson" as const, adresseLists: [firma().adresseLists[0]!] };
    expect(fehlendeFelder(privat).map((grund) => grund.field)).toEqual(["nachname", "vorname", "geschlecht"]);
    expect(fehlendeFelder(firma())).toEqual([]);
  });

  it("asks for the delivery address only while it is switched on", () => {
    const an = { ...firma(), adresseLists: [...firma().adresseLists, neueLieferadresse("DE")] };
    expect(istLieferadresseAn(an)).toBe(true);
    expect(an.adresseLists[1]?.land).toBe("DE");
    expect(fehlendeFelder(an).map((grund) => grund.field)).toEqual([
      "adresseLists.1.strasse",
      "adresseLists.1.plz",
      "adresseLists.1.ort",
    ]);
    const aus = { ...an, adresseLists: [an.adresseLists[0]!, { ...an.adresseLists[1]!, aktiv: false }] };
    expect(istLieferadresseAn(aus)).toBe(false);
    expect(fehlendeFelder(aus)).toEqual([]);
    // The schema agrees: the same paths as the server's 400 fieldErrors.
    expect(fieldErrors(an)).toEqual([
      "adresseLists.1.strasse required",
      "adresseLists.1.plz required",
      "adresseLists.1.ort required",
    ]);
  });

  it("marks as required what the rules can ask for with the current type", () => {
    const values = firma();
    expect([...pflichtFelder(values)]).toEqual([
      "bezeichnung",
      "adresseLists.0.strasse",
      "adresseLists.0.plz",
      "adresseLists.0.ort",
      "adresseLists.0.land",
    ]);
    expect(pflichtFelder({ ...values, firma: "privatperson" }).has("vorname")).toBe(true);
    expect(pflichtFelder({ ...values, firma: "privatperson" }).has("bezeichnung")).toBe(false);
  });

  it("reports contact and vehicle rules at their rows", () => {
    const values = {
      ...firma(),
      kundeKontakte: [{ ...neuerKontakt(), email: "a@b" }],
      fahrzeuge: [neuesFahrzeug()],
      uid: "ATU12345678",
    };
    expect(fieldErrors(values).sort()).toEqual([
      "fahrzeuge.0.kennzeichen required",
      "kundeKontakte.0.email email",
      "kundeKontakte.0.nachname required",
      "uid checksum",
    ]);
  });

  it("finds the tab of a field path and counts errors per tab", () => {
    expect(tabOf("bezeichnung")).toBe("stammdaten");
    expect(tabOf("adresseLists.1.plz")).toBe("adressen");
    expect(tabOf("kundeKontakte.0.email")).toBe("kontakte");
    expect(tabOf("user")).toBe("konditionen");
    expect(tabOf("kundeFelder.2.value")).toBe("felder");
    expect(
      fehlerJeTab(["uid", "adresseLists.0.plz", "adresseLists.0.ort", "fahrzeuge.0.kennzeichen"]),
    ).toEqual({
      stammdaten: 1,
      adressen: 2,
      fahrzeuge: 1,
    });
  });

  it("gives new rows distinct keys", () => {
    const keys = new Set([
      neuerKontakt().key,
      neuerKontakt().key,
      neuesFahrzeug().key,
      neueLieferadresse().key,
    ]);
    expect(keys.size).toBe(4);
  });
});
