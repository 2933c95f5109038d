import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { toFieldErrors } from "../http/field-errors.ts";
import type { TFieldError } from "../http/problem.schema.ts";
import { ZBeleg, ZBelegMwst, ZBelegPosition, ZBelegSpeichern } from "./beleg.schema.ts";
import { belegSummen, summenFelder } from "./beleg.totals.ts";

function errors(schema: z.ZodType, input: unknown): TFieldError[] {
  const result = schema.safeParse(input);
  return result.success ? [] : toFieldErrors(result.error.issues, input);
}

const entwurf = { belegsTyp: "angebot", belegDatum: "2026-03-01", kunde: { id: 4 } };
const position = {
  positionsBeschreibung: "Beratung",
  positionsMenge: 2,
  positionsPreis: 90,
  positionsMwst: 20,
};

describe("ZBelegSpeichern", () => {
  it("accepts a minimal draft and fills the defaults", () => {
    expect(ZBelegSpeichern.parse(entwurf)).toEqual({
      belegsTyp: "angebot",
      belegDatum: "2026-03-01",
      kunde: { id: 4 },
      adresse: null,
      zuHanden: null,
      leistungsDatum: null,
      leistungsZeitraumVon: null,
      leistungsZeitraumBis: null,
      belegspositionSet: [],
      rabatt: null,
      belegRabatt: 0,
      reverseCharge: false,
      bankomat: false,
      rechnungsText: null,
      belegstext2: null,
      belegstext3: null,
      belegFelder: [],
      projektList: [],
      zahlungsziel: null,
      lieferbedingung: null,
      zahlungsbedingung: null,
      fahrzeug: null,
      bestellBelegnummer: null,
      kaeuferReferenz: null,
    });
  });

  it("fills a position's defaults: quantity 1, no discounts", () => {
    const beleg = ZBelegSpeichern.parse({
      ...entwurf,
      belegspositionSet: [{ positionsBeschreibung: "Text" }],
    });
    expect(beleg.belegspositionSet[0]).toEqual({
      artikel: null,
      artikelRabatt: 0,
      positionsBeschreibung: "Text",
      positionsBeschreibungZusatz: null,
      positionsMenge: 1,
      positionsMwst: null,
      positionsPreis: null,
      positionsVersandMenge: null,
      teilversandFinalize: false,
      rabatt: 0,
      zeiteintraege: [],
      belegspositionLieferant: null,
    });
  });

  it("takes a document back as GET answered it, but ignores what the server computes or actions set", () => {
    const parsed = ZBelegSpeichern.parse({
      ...entwurf,
      summeNetto: 100,
      summeBrutto: 120,
      belegMwstSet: [{ satz: 20, kategorie: "S", basis: 100, betrag: 20 }],
      belegNummer: "RE-1",
      freigabe: true,
      bezahlt: true,
      belegspositionSet: [{ ...position, positionsSumme: 180 }],
    });
    // The service reads only the input fields; the computed ones are never written from the body.
    expect(parsed.belegspositionSet[0]!.positionsMenge).toBe(position.positionsMenge ?? 1);
    expect(errors(ZBelegSpeichern, { ...entwurf, gesamtSumme: 1 })).toEqual([
      { field: "gesamtSumme", code: "unknownField" },
    ]);
  });

  it("names every missing field once: type, date, customer, a position's description and rate", () => {
    expect(
      errors(ZBelegSpeichern, {
        belegspositionSet: [
          { positionsPreis: 10 },
          { artikel: { id: 3 }, positionsPreis: 5, positionsMwst: 20 },
        ],
      }),
    ).toEqual([
      { field: "belegDatum", code: "required" },
      { field: "belegsTyp", code: "required" },
      { field: "kunde", code: "required" },
      { field: "belegspositionSet.0.positionsBeschreibung", code: "required" },
      { field: "belegspositionSet.0.positionsMwst", code: "required" },
    ]);
  });

  it("a cash invoice may go without customer", () => {
    expect(errors(ZBelegSpeichern, { ...entwurf, belegsTyp: "barrechnung", kunde: null })).toEqual([]);
  });

  it("checks the service period: both ends, the end not before the start", () => {
    expect(errors(ZBelegSpeichern, { ...entwurf, leistungsZeitraumVon: "2026-02-01" })).toEqual([
      { field: "leistungsZeitraumBis", code: "required" },
    ]);
    expect(
      errors(ZBelegSpeichern, {
        ...entwurf,
        leistungsZeitraumVon: "2026-02-28",
        leistungsZeitraumBis: "2026-02-01",
      }),
    ).toEqual([{ field: "leistungsZeitraumBis", code: "invalid" }]);
    expect(
      errors(ZBelegSpeichern, {
        ...entwurf,
        leistungsZeitraumVon: "2026-02-01",
        leistungsZeitraumBis: "2026-02-28",
      }),
    ).toEqual([]);
    expect(errors(ZBelegSpeichern, { ...entwurf, leistungsDatum: "2026-02-30" })).toEqual([
      { field: "leistungsDatum", code: "pattern" },
    ]);
  });

  it("bounds numbers: decimals, percentages, amounts a line can hold", () => {
    expect(
      errors(ZBelegSpeichern, {
        ...entwurf,
        belegRabatt: 101,
        belegspositionSet: [
          { ...position, positionsMenge: 1.0005, positionsPreis: 1.00001, rabatt: -1 },
          { ...position, positionsMenge: 99_999_999, positionsPreis: 9_999_999_999 },
        ],
      }),
    ).toEqual([
      { field: "belegspositionSet.0.positionsMenge", code: "invalid" },
      { field: "belegspositionSet.0.positionsPreis", code: "invalid" },
      { field: "belegspositionSet.0.rabatt", code: "min", min: 0 },
      { field: "belegRabatt", code: "max", max: 100 },
      { field: "belegspositionSet.1.positionsPreis", code: "max" },
      { field: "belegspositionSet", code: "max" },
    ]);
  });

  it("accepts credit lines (negative quantity or price); a credit note states its credit as positive amounts", () => {
    const gutschriftZeilen = {
      ...entwurf,
      belegspositionSet: [
        { ...position, positionsMenge: -2 },
        { ...position, positionsPreis: -12.3456 },
      ],
    };
    expect(errors(ZBelegSpeichern, { ...gutschriftZeilen, belegsTyp: "rechnung" })).toEqual([]);
    expect(errors(ZBelegSpeichern, { ...gutschriftZeilen, belegsTyp: "gutschrift" })).toEqual([
      { field: "belegspositionSet", code: "negativeCredit" },
    ]);
    expect(
      errors(ZBelegSpeichern, {
        ...entwurf,
        belegsTyp: "gutschrift",
        belegspositionSet: [{ ...position, positionsMenge: 2 }],
      }),
    ).toEqual([]);
  });

  it("does not crash on bodies that are no document", () => {
    expect(errors(ZBelegSpeichern, { ...entwurf, belegspositionSet: "x" })).toEqual([
      { field: "belegspositionSet", code: "invalidType" },
    ]);
    expect(errors(ZBelegSpeichern, { ...entwurf, belegspositionSet: { 0: position } })).toEqual([
      { field: "belegspositionSet", code: "invalidType" },
    ]);
    expect(errors(ZBelegSpeichern, null)).toEqual([{ field: "", code: "required" }]);
  });
});

describe("ZBeleg", () => {
  it("shows the computed and action-set fields", () => {
    const summen = summenFelder(belegSummen({ belegspositionSet: [position] }));
    const beleg = ZBeleg.parse({
      ...entwurf,
      id: 12,
      kunde: { id: 4, anzeigename: "Muster GmbH" },
      belegNummer: "AN-2026-00001",
      freigabe: true,
      summeNetto: summen.summeNetto,
      summeBrutto: summen.summeBrutto,
      belegMwstSet: summen.belegMwstSet,
      belegspositionSet: [
        {
          ...position,
          id: 1,
          positionsNummer: 1,
          positionsSumme: summen.positionsSummen[0],
          artikel: { id: 3, artikelNummer: "A-1", artikelBezeichnung: "Beratung", rabattierFaehig: true },
        },
      ],
      zahlungList: [{ id: 1, zahlungsDatum: "2026-03-10", betrag: 100 }],
    });
    expect(beleg.summeBrutto).toBe(216);
    expect(beleg.belegMwstSet).toEqual([{ satz: 20, kategorie: "S", basis: 180, betrag: 36, rabatt: 0 }]);
    expect(beleg.belegspositionSet[0]?.positionsSumme).toBe(180);
    expect(beleg.belegspositionSet[0]?.artikel?.rabattierFaehig).toBe(true);
    expect(beleg.kunde).toEqual({ id: 4, anzeigename: "Muster GmbH" });
    // The payment's skonto defaults to 0 (issue 17).
    expect(beleg.zahlungList).toEqual([
      { id: 1, zahlungsDatum: "2026-03-10", betrag: 100, kommentar: null, skonto: 0 },
    ]);
    expect(beleg.bezahlt).toBe(false);
  });

  it("a position and a VAT line parse on their own", () => {
    expect(ZBelegPosition.parse({ positionsPreis: null }).positionsSumme).toBeNull();
    expect(errors(ZBelegMwst, { satz: 20, kategorie: "X", basis: 1, betrag: 0.2 })).toEqual([
      { field: "kategorie", code: "enum" },
    ]);
  });
});
