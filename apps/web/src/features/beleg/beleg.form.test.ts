import { duplizieren } from "@kontor/domain/beleg/beleg.rules";
import { type TBeleg, ZBelegSpeichern } from "@kontor/domain/beleg/beleg.schema";
import { describe, expect, it } from "vitest";
import {
  belegFromForm,
  belegToForm,
  fehlendeBelegFelder,
  gemerkterTyp,
  neuePosition,
  neuerBelegForm,
  typMerken,
  verschiebe,
} from "./beleg.form.ts";

/** A stored invoice as GET beleg/{id} answers it. */
const gespeichert: TBeleg = {
  id: 7,
  belegNummer: null,
  belegDatum: "2026-03-02",
  belegsTyp: "rechnung",
  kunde: { id: 3, anzeigename: "Muster GmbH" },
  adresse: { id: 12 },
  zuHanden: "Frau Berger",
  leistungsDatum: null,
  leistungsZeitraumVon: "2026-02-01",
  leistungsZeitraumBis: "2026-02-28",
  belegspositionSet: [
    {
      id: 41,
      artikel: { id: 5, artikelNummer: "A-1", artikelBezeichnung: "Schraube", rabattierFaehig: true },
      artikelRabatt: 5,
      positionsBeschreibung: "Schraube M6",
      positionsBeschreibungZusatz: null,
      positionsMenge: 10,
      positionsMwst: 20,
      positionsNummer: 1,
      positionsPreis: 0.1234,
      positionsVersandMenge: null,
      teilversandFinalize: false,
      rabatt: 0,
      zeiteintraege: [],
      belegspositionLieferant: null,
      positionsSumme: 1.17,
      stillOpenAmount: 4,
    },
    {
      id: 42,
      artikel: null,
      artikelRabatt: 0,
      positionsBeschreibung: "Nur Text",
      positionsBeschreibungZusatz: null,
      positionsMenge: null,
      positionsMwst: null,
      positionsNummer: 2,
      positionsPreis: null,
      positionsVersandMenge: null,
      teilversandFinalize: false,
      rabatt: 0,
      zeiteintraege: [],
      belegspositionLieferant: null,
      positionsSumme: null,
      stillOpenAmount: null,
    },
  ],
  rabatt: null,
  belegRabatt: 2.5,
  reverseCharge: false,
  bankomat: false,
  rechnungsText: "<p>Danke</p>",
  belegstext2: "Zahlbar in 30 Tagen",
  belegstext3: null,
  belegFelder: [{ felddefinitionId: 9, value: "X" }],
  projektList: [],
  zahlungsziel: { id: 2 },
  lieferbedingung: null,
  zahlungsbedingung: { id: 4 },
  fahrzeug: null,
  bestellBelegnummer: "PO-77",
  kaeuferReferenz: "04011000-12345-03",
  mandant: { id: 1 },
  summeNetto: 1.14,
  summeBrutto: 1.37,
  belegMwstSet: [{ id: 1, satz: 20, kategorie: "S", basis: 1.14, betrag: 0.23, rabatt: 0.03 }],
  freigabe: false,
  bezahlt: false,
  storniert: false,
  stornoRechnungsnummer: null,
  ursprungsBeleg: null,
  rksvBarcode: null,
  docPath: null,
  zahlungList: [],
};

describe("document form mapping", () => {
  it("maps a record to form values: empty as '', references as ids, the period chosen", () => {
    const values = belegToForm(gespeichert);
    expect(values).toMatchObject({
      id: 7,
      kunde: { id: 3, anzeigename: "Muster GmbH" },
      adresse: "12",
      zuHanden: "Frau Berger",
      leistungsArt: "zeitraum",
      leistungsDatum: "",
      leistungsZeitraumVon: "2026-02-01",
      zahlungsziel: "2",
      lieferbedingung: "",
      zahlungsbedingung: "4",
      belegRabatt: 2.5,
      belegstext3: "",
    });
    expect(
      values.belegspositionSet.map((p) => [p.positionsNummer, p.positionsMenge, p.positionsPreis]),
    ).toEqual([
      [1, 10, 0.1234],
      [2, "", ""],
    ]);
    expect(values.belegspositionSet[0]?.stillOpenAmount).toBe(4);
  });

  it("maps form values back to a body PUT beleg accepts: the record's input fields, nothing computed", () => {
    const body = belegFromForm(belegToForm(gespeichert));
    const parsed = ZBelegSpeichern.safeParse(body);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    expect(body).toMatchObject({
      id: 7,
      kunde: { id: 3 },
      adresse: { id: 12 },
      leistungsDatum: null,
      leistungsZeitraumVon: "2026-02-01",
      leistungsZeitraumBis: "2026-02-28",
      zahlungsziel: { id: 2 },
      lieferbedingung: null,
      belegstext3: null,
      bestellBelegnummer: "PO-77",
      kaeuferReferenz: "04011000-12345-03",
    });
    expect(body.belegspositionSet).toEqual([
      {
        id: 41,
        artikel: { id: 5 },
        artikelRabatt: 5,
        positionsBeschreibung: "Schraube M6",
        positionsBeschreibungZusatz: null,
        positionsMenge: 10,
        positionsMwst: 20,
        positionsNummer: 1,
        positionsPreis: 0.1234,
        positionsVersandMenge: null,
        teilversandFinalize: false,
        rabatt: 0,
        zeiteintraege: [],
        belegspositionLieferant: null,
      },
      {
        id: 42,
        artikel: null,
        artikelRabatt: 0,
        positionsBeschreibung: "Nur Text",
        positionsBeschreibungZusatz: null,
        positionsMenge: null,
        positionsMwst: null,
        positionsNummer: 2,
        positionsPreis: null,
        positionsVersandMenge: null,
        teilversandFinalize: false,
        rabatt: 0,
        zeiteintraege: [],
        belegspositionLieferant: null,
      },
    ]);
    expect(body).not.toHaveProperty("summeNetto");
    expect(body).not.toHaveProperty("belegNummer");
  });

  it("sends the date of supply or the period, whichever is chosen", () => {
    const values = {
      ...belegToForm(gespeichert),
      leistungsArt: "datum" as const,
      leistungsDatum: "2026-03-01",
    };
    expect(belegFromForm(values)).toMatchObject({
      leistungsDatum: "2026-03-01",
      leistungsZeitraumVon: null,
      leistungsZeitraumBis: null,
    });
  });

  it("a duplicate loses id, number and the ids of its positions and keeps the rest", () => {
    const values = belegToForm(
      duplizieren({ ...gespeichert, belegNummer: "2026-00001", freigabe: true }, "2026-04-01"),
    );
    expect(values.id).toBeUndefined();
    expect(values.belegDatum).toBe("2026-04-01");
    expect(values.belegspositionSet.map((p) => p.id)).toEqual([undefined, undefined]);
    expect(values.belegspositionSet.map((p) => p.positionsBeschreibung)).toEqual(["Schraube M6", "Nur Text"]);
    expect(belegFromForm(values).bestellBelegnummer).toBeNull();
  });

  it("the save rules name the form's paths", () => {
    const values = neuerBelegForm("rechnung", "2026-03-02");
    values.belegspositionSet.push(neuePosition([], { positionsPreis: 10 }));
    expect(fehlendeBelegFelder(values).map((g) => g.field)).toEqual([
      "kunde",
      "belegspositionSet.0.positionsBeschreibung",
      "belegspositionSet.0.positionsMwst",
    ]);
  });

  it("a new position gets the highest number + 1", () => {
    expect(neuePosition([{ positionsNummer: 3 }, { positionsNummer: 7 }]).positionsNummer).toBe(8);
    expect(neuePosition([]).positionsNummer).toBe(1);
  });

  it("moves a row; out of range leaves the order", () => {
    expect(verschiebe(["a", "b", "c"], 2, 0)).toEqual(["c", "a", "b"]);
    expect(verschiebe(["a", "b", "c"], 0, 1)).toEqual(["b", "a", "c"]);
    expect(verschiebe(["a", "b"], 0, 5)).toEqual(["a", "b"]);
  });

  it("remembers the type of a new document per tenant, default rechnung", () => {
    const speicher = new Map<string, string>();
    const storage = {
      getItem: (key: string) => speicher.get(key) ?? null,
      setItem: (key: string, value: string) => void speicher.set(key, value),
    } as Storage;
    expect(gemerkterTyp(1, storage)).toBe("rechnung");
    typMerken(1, "angebot", storage);
    expect(gemerkterTyp(1, storage)).toBe("angebot");
    expect(gemerkterTyp(2, storage)).toBe("rechnung");
  });
});
