import { describe, expect, it } from "vitest";
import type { TKunde } from "../kunde/kunde.schema.ts";
import type { TMandant } from "../mandant/mandant.schema.ts";
import { gutschreibend } from "./beleg.codes.ts";
import type { BelegPflichtFelder, BelegRegelFelder, DuplikatFelder } from "./beleg.rules.ts";
import {
  DUPLIKAT_LEERT,
  duplizieren,
  fehlendeFelder,
  fehlendePflichtangaben,
  type KundePflichtFelder,
  type MandantPflichtFelder,
  positionEntfernen,
  positionsNummerNeu,
  stornoVon,
  UmwandlungNichtErlaubt,
  umwandeln,
  ungueltigeFelder,
} from "./beleg.rules.ts";
import type { TBeleg, TBelegSpeichern } from "./beleg.schema.ts";
import type { BelegSummenFelder } from "./beleg.totals.ts";

// The rules read the records as the schemas give them (a compile-time check).
const _beleg: BelegPflichtFelder & DuplikatFelder & BelegSummenFelder = {} as TBeleg;
const _body: BelegRegelFelder & BelegSummenFelder = {} as TBelegSpeichern;
const _mandant: MandantPflichtFelder = {} as TMandant;
const _kunde: KundePflichtFelder = {} as TKunde;
void [_beleg, _body, _mandant, _kunde];

const felder = (gruende: { field: string }[]) => gruende.map((grund) => grund.field);

const mandant: MandantPflichtFelder = {
  bezeichnung: "Kontor Handel GmbH",
  uid: "ATU12345675",
  adresseLists: [{ strasse: "Hauptstraße 1", plz: "1010", ort: "Wien", land: "AT" }],
  hinweisExportDe: "Steuerfreie Ausfuhrlieferung",
  hinweisInnergemeinschaftlichDe: "Steuerfreie innergemeinschaftliche Lieferung",
};

const kunde: KundePflichtFelder = {
  firma: "firma",
  bezeichnung: "Muster GmbH",
  uid: null,
  adresseLists: [
    { id: 10, strasse: "Ring 5", plz: "8010", ort: "Graz", land: "AT" },
    { id: 11, strasse: "", plz: "8020", ort: "Graz", land: "AT" },
  ],
};

const rechnung = {
  belegsTyp: "rechnung",
  belegDatum: "2026-03-01",
  leistungsDatum: "2026-02-27",
  kunde: { id: 4 },
  belegspositionSet: [
    // 2 × 190 = 380 + 20 % = 456 gross: above the small-amount limit of 400
    { positionsBeschreibung: "Beratung", positionsMenge: 2, positionsPreis: 190, positionsMwst: 20 },
    { positionsBeschreibung: "Danke für Ihren Auftrag" },
  ],
};

describe("save rules", () => {
  it("read form values: blanks are missing, a reference may be an id", () => {
    expect(
      felder(
        fehlendeFelder({
          belegsTyp: "",
          belegDatum: " ",
          kunde: "",
          belegspositionSet: [{ positionsBeschreibung: "  ", positionsPreis: "12,50", positionsMwst: "" }],
        }),
      ),
    ).toEqual([
      "belegsTyp",
      "belegDatum",
      "kunde",
      "belegspositionSet.0.positionsBeschreibung",
      "belegspositionSet.0.positionsMwst",
    ]);
    expect(fehlendeFelder({ belegsTyp: "angebot", belegDatum: "2026-03-01", kunde: "4" })).toEqual([]);
  });

  it("a position with an article needs no description; a free-text line no rate", () => {
    expect(
      fehlendeFelder({
        ...rechnung,
        belegspositionSet: [
          { artikel: { id: 3 }, positionsPreis: 5, positionsMwst: 10 },
          { positionsBeschreibung: "Text" },
          null,
        ],
      }),
    ).toEqual([]);
  });

  it("a period ending before it starts, and amounts no column holds, are invalid", () => {
    expect(
      ungueltigeFelder({
        leistungsZeitraumVon: "2026-03-01",
        leistungsZeitraumBis: "2026-02-28",
        belegspositionSet: [{ positionsMenge: 2, positionsPreis: 600_000_000_000, positionsMwst: 0 }],
      }),
    ).toEqual([
      { field: "leistungsZeitraumBis", code: "invalid" },
      { field: "belegspositionSet.0.positionsPreis", code: "max" },
      { field: "belegspositionSet", code: "max" },
    ]);
    expect(
      ungueltigeFelder({
        leistungsZeitraumVon: "2026-03-01",
        leistungsZeitraumBis: "2026-03-01",
        belegspositionSet: [
          { positionsMenge: 1, positionsPreis: 600_000_000_000, positionsMwst: 0 },
          { positionsMenge: 1, positionsPreis: 600_000_000_000, positionsMwst: 0 },
        ],
      }),
    ).toEqual([{ field: "belegspositionSet", code: "max" }]);
  });

  it("values their fields refuse already (a rate with 140 decimals) leave the totals unchecked, never throw", () => {
    expect(
      ungueltigeFelder({
        belegspositionSet: [{ positionsMenge: -1.5e-54, positionsPreis: -0.22, positionsMwst: 4.9e-141 }],
      }),
    ).toEqual([]);
  });
});

describe("fehlendePflichtangaben (§11 UStG AT, §14 UStG DE)", () => {
  it("a complete invoice lacks nothing; the number is not asked for", () => {
    expect(fehlendePflichtangaben(rechnung, mandant, kunde)).toEqual([]);
  });

  it("other document types have no legal contents", () => {
    expect(fehlendePflichtangaben({ belegsTyp: "angebot" }, {}, null)).toEqual([]);
    expect(fehlendePflichtangaben({ belegsTyp: "proformarechnung" }, {}, null)).toEqual([]);
  });

  it("names everything an empty invoice lacks", () => {
    expect(felder(fehlendePflichtangaben({ belegsTyp: "rechnung" }, {}, null))).toEqual([
      "mandant.bezeichnung",
      "mandant.adresseLists.0.strasse",
      "mandant.adresseLists.0.plz",
      "mandant.adresseLists.0.ort",
      "mandant.adresseLists.0.land",
      "mandant.uid",
      "kunde",
      "belegDatum",
      "leistungsDatum",
      "belegspositionSet",
    ]);
  });

  it("names the buyer's missing name and the address the document prints", () => {
    expect(
      felder(
        fehlendePflichtangaben({ ...rechnung, adresse: { id: 11 } }, mandant, { ...kunde, bezeichnung: " " }),
      ),
    ).toEqual(["kunde.bezeichnung", "kunde.adresseLists.1.strasse"]);
    expect(
      felder(fehlendePflichtangaben(rechnung, mandant, { firma: "privatperson", adresseLists: [] })),
    ).toEqual([
      "kunde.nachname",
      "kunde.adresseLists.0.strasse",
      "kunde.adresseLists.0.plz",
      "kunde.adresseLists.0.ort",
      "kunde.adresseLists.0.land",
    ]);
  });

  it("a service period replaces the date of supply; a period needs both ends", () => {
    const ohneDatum = { ...rechnung, leistungsDatum: null };
    expect(felder(fehlendePflichtangaben(ohneDatum, mandant, kunde))).toEqual(["leistungsDatum"]);
    expect(
      fehlendePflichtangaben(
        { ...ohneDatum, leistungsZeitraumVon: "2026-02-01", leistungsZeitraumBis: "2026-02-28" },
        mandant,
        kunde,
      ),
    ).toEqual([]);
    expect(
      felder(fehlendePflichtangaben({ ...ohneDatum, leistungsZeitraumVon: "2026-02-01" }, mandant, kunde)),
    ).toEqual(["leistungsDatum"]);
  });

  it("each priced position needs quantity, description (its own or the article's) and rate", () => {
    expect(
      felder(
        fehlendePflichtangaben(
          {
            ...rechnung,
            belegspositionSet: [
              { positionsMenge: null, positionsPreis: 10, positionsMwst: 20 },
              { artikel: { artikelBezeichnung: "Schraube" }, positionsPreis: 1, positionsMwst: null },
              { positionsBeschreibung: "Nur Text" },
            ],
          },
          mandant,
          kunde,
        ),
      ),
    ).toEqual([
      "belegspositionSet.0.positionsMenge",
      "belegspositionSet.0.positionsBeschreibung",
      "belegspositionSet.1.positionsMwst",
    ]);
  });

  it("AT: over 10 000 € gross to a business names the buyer's VAT id; to a private person not", () => {
    // 1 × 8 400 net + 20 % = 10 080 gross > 10 000
    const gross = {
      ...rechnung,
      belegspositionSet: [{ ...rechnung.belegspositionSet[0], positionsMenge: 1, positionsPreis: 8400 }],
    };
    expect(felder(fehlendePflichtangaben(gross, mandant, kunde))).toEqual(["kunde.uid"]);
    expect(fehlendePflichtangaben(gross, mandant, { ...kunde, uid: "ATU13585627" })).toEqual([]);
    expect(
      fehlendePflichtangaben(gross, mandant, { ...kunde, firma: "privatperson", nachname: "Muster" }),
    ).toEqual([]);
    // 8 333.33 + 20 % = 9 999.996 → VAT 1 666.67, gross 10 000.00: not over
    const genau = {
      ...gross,
      belegspositionSet: [{ ...gross.belegspositionSet[0], positionsPreis: 8333.33 }],
    };
    expect(fehlendePflichtangaben(genau, mandant, kunde)).toEqual([]);
    // a storno of a large invoice (negative gross) counts by its amount
    expect(
      felder(fehlendePflichtangaben(stornoVon(gross as unknown as TBeleg, "2026-03-05"), mandant, kunde)),
    ).toEqual(["kunde.uid"]);
  });

  it("DE: the buyer's VAT id only for intra-community supplies and reverse charge", () => {
    const deutsch = {
      ...mandant,
      adresseLists: [{ strasse: "Markt 1", plz: "80331", ort: "München", land: "DE" }],
    };
    const gross = {
      ...rechnung,
      belegspositionSet: [{ ...rechnung.belegspositionSet[0], positionsPreis: 90_000 }],
    };
    expect(fehlendePflichtangaben(gross, deutsch, kunde)).toEqual([]);
    expect(felder(fehlendePflichtangaben({ ...rechnung, reverseCharge: true }, deutsch, kunde))).toEqual([
      "kunde.uid",
    ]);
  });

  it("intra-community supply: the buyer's VAT id and the tenant's notice in the document's language", () => {
    const eu = { ...kunde, innergemeinschaftlich: true };
    expect(felder(fehlendePflichtangaben(rechnung, mandant, eu))).toEqual(["kunde.uid"]);
    expect(felder(fehlendePflichtangaben(rechnung, mandant, { ...eu, uid: "DE136695976" }))).toEqual([]);
    expect(
      felder(fehlendePflichtangaben(rechnung, mandant, { ...eu, uid: "DE136695976", belegLangKey: "en" })),
    ).toEqual(["mandant.hinweisInnergemeinschaftlichEn"]);
  });

  it("a given VAT category (a storno's original's) overrides the flags of today", () => {
    // the customer is no longer intra-community, but the original was: the storno still needs uid and notice
    expect(
      felder(
        fehlendePflichtangaben(rechnung, { ...mandant, hinweisInnergemeinschaftlichDe: null }, kunde, "K"),
      ),
    ).toEqual(["kunde.uid", "mandant.hinweisInnergemeinschaftlichDe"]);
    expect(fehlendePflichtangaben(rechnung, mandant, { ...kunde, innergemeinschaftlich: true }, "S")).toEqual(
      [],
    );
  });

  it("small business: no seller VAT id, but the small-business notice", () => {
    const klein = { ...mandant, uid: null, kleinunternehmer: true };
    const gross = {
      ...rechnung,
      belegspositionSet: [{ ...rechnung.belegspositionSet[0], positionsPreis: 900 }],
    };
    expect(felder(fehlendePflichtangaben(gross, klein, kunde))).toEqual([
      "mandant.hinweisKleinunternehmerDe",
    ]);
    expect(
      fehlendePflichtangaben(gross, { ...klein, hinweisKleinunternehmerDe: "Umsatzsteuerbefreit" }, kunde),
    ).toEqual([]);
  });

  it("small-amount invoice (AT ≤ 400 € gross): no buyer and no seller VAT id needed", () => {
    // 2 × 100 + 20 % = 240 gross
    const bar = {
      belegsTyp: "barrechnung",
      belegDatum: "2026-03-01",
      leistungsDatum: "2026-03-01",
      belegspositionSet: [
        { positionsBeschreibung: "Ware", positionsMenge: 2, positionsPreis: 100, positionsMwst: 20 },
      ],
    };
    expect(fehlendePflichtangaben(bar, { ...mandant, uid: null }, null)).toEqual([]);
    // 2 × 200 + 20 % = 480 gross: over the limit
    const teurer = { ...bar, belegspositionSet: [{ ...bar.belegspositionSet[0], positionsPreis: 200 }] };
    expect(felder(fehlendePflichtangaben(teurer, { ...mandant, uid: null }, null))).toEqual([
      "mandant.uid",
      "kunde",
    ]);
  });

  it("small-amount invoice DE (≤ 250 € gross) needs no date of supply", () => {
    const deutsch = {
      ...mandant,
      adresseLists: [{ strasse: "Markt 1", plz: "80331", ort: "München", land: "DE" }],
    };
    const bar = {
      belegsTyp: "barrechnung",
      belegDatum: "2026-03-01",
      belegspositionSet: [
        { positionsBeschreibung: "Ware", positionsMenge: 1, positionsPreis: 100, positionsMwst: 19 },
      ],
    };
    expect(fehlendePflichtangaben(bar, deutsch, null)).toEqual([]);
  });
});

describe("position numbers", () => {
  it.each<[string, { positionsNummer?: number | null }[], number]>([
    ["none yet", [], 1],
    ["max + 1", [{ positionsNummer: 1 }, { positionsNummer: 5 }, { positionsNummer: 3 }], 6],
    ["below 1 counts as none", [{ positionsNummer: 0 }, { positionsNummer: -4 }], 1],
    ["rows without number are skipped", [{ positionsNummer: null }, {}, { positionsNummer: 2 }], 3],
  ])("%s", (_name, positionen, erwartet) => {
    expect(positionsNummerNeu(positionen)).toBe(erwartet);
  });

  it("a position is removed by id or by number", () => {
    const positionen = [{ id: 1, positionsNummer: 1 }, { id: 2, positionsNummer: 2 }, { positionsNummer: 3 }];
    expect(positionEntfernen(positionen, { id: 2 })).toEqual([
      { id: 1, positionsNummer: 1 },
      { positionsNummer: 3 },
    ]);
    expect(positionEntfernen(positionen, { positionsNummer: 3 })).toEqual(positionen.slice(0, 2));
  });
});

const finalisiert = {
  id: 7,
  belegNummer: "RE-2026-00012",
  belegsTyp: "rechnung",
  belegDatum: "2026-03-01",
  freigabe: true,
  bezahlt: true,
  storniert: false,
  stornoRechnungsnummer: null,
  bestellBelegnummer: "PO-77",
  rksvBarcode: "_R1-AT1_…",
  docPath: "belege/7.pdf",
  zahlungList: [{ id: 1, zahlungsDatum: "2026-03-10", betrag: 216, kommentar: null }],
  ursprungsBeleg: { id: 5, belegNummer: "AN-2026-00003", belegsTyp: "angebot" },
  belegMwstSet: [{ id: 9, satz: 20, kategorie: "S", basis: 180, betrag: 36, rabatt: 0 }],
  belegspositionSet: [
    {
      id: 1,
      positionsNummer: 1,
      positionsMenge: 2,
      positionsPreis: 90,
      positionsMwst: 20,
      zeiteintraege: [{ id: 3 }],
      positionsVersandMenge: 1,
      stillOpenAmount: 1,
      teilversandFinalize: true,
    },
  ],
} as unknown as TBeleg;

describe("duplicate", () => {
  it("clears what SPEC §4 lists, the ids of positions and VAT lines, and what belongs to the original", () => {
    const kopie = duplizieren(finalisiert, "2026-04-01");
    expect(kopie).not.toHaveProperty("id");
    expect(kopie).toMatchObject({
      belegDatum: "2026-04-01",
      belegNummer: null,
      bezahlt: false,
      storniert: false,
      stornoRechnungsnummer: null,
      bestellBelegnummer: null,
      freigabe: false,
      rksvBarcode: null,
      docPath: null,
      zahlungList: [],
      ursprungsBeleg: null,
      belegMwstSet: [{ satz: 20, kategorie: "S", basis: 180, betrag: 36, rabatt: 0 }],
    });
    expect(kopie.belegMwstSet[0]).not.toHaveProperty("id");
    expect(kopie.belegspositionSet).toEqual([
      {
        positionsNummer: 1,
        positionsMenge: 2,
        positionsPreis: 90,
        positionsMwst: 20,
        zeiteintraege: [],
        positionsVersandMenge: null,
        stillOpenAmount: null,
        teilversandFinalize: false,
      },
    ]);
    for (const feld of DUPLIKAT_LEERT) expect([undefined, null, false, []]).toContainEqual(kopie[feld]);
  });

  it("keeps the date when none is given, and does not change the original", () => {
    const vorher = JSON.parse(JSON.stringify(finalisiert));
    expect(duplizieren(finalisiert).belegDatum).toBe("2026-03-01");
    expect(finalisiert).toEqual(vorher);
  });
});

describe("conversion and cancellation", () => {
  it("converts into a new draft that references its source", () => {
    const angebot = { ...finalisiert, belegsTyp: "angebot" } as TBeleg;
    const rechnungNeu = umwandeln(angebot, "rechnung", "2026-04-02");
    expect(rechnungNeu).toMatchObject({
      belegsTyp: "rechnung",
      belegDatum: "2026-04-02",
      freigabe: false,
      belegNummer: null,
      ursprungsBeleg: { id: 7, belegNummer: "RE-2026-00012", belegsTyp: "angebot" },
    });
    expect(rechnungNeu.belegspositionSet[0]?.positionsMenge).toBe(2);
  });

  it("refuses a conversion the table does not allow", () => {
    expect(() => umwandeln(finalisiert, "angebot", "2026-04-02")).toThrow(UmwandlungNichtErlaubt);
    expect(() => umwandeln({ belegsTyp: null }, "rechnung", "2026-04-02")).toThrow(UmwandlungNichtErlaubt);
  });

  it("a storno negates the quantities (absent = 1), keeps prices and references the original", () => {
    const storno = stornoVon(
      {
        ...finalisiert,
        belegspositionSet: [
          { positionsMenge: 2, positionsPreis: 90 },
          { positionsPreis: 5 },
          { positionsMenge: "1,5", positionsPreis: 4 },
          { positionsMenge: "-3", positionsPreis: 4 },
          { positionsMenge: null, positionsBeschreibung: "Text" },
          { positionsMenge: 0, positionsPreis: 1 },
        ],
      } as unknown as TBeleg,
      "2026-03-05",
    );
    expect(storno.belegsTyp).toBe("storno");
    expect(storno.ursprungsBeleg).toEqual({ id: 7, belegNummer: "RE-2026-00012", belegsTyp: "rechnung" });
    expect(storno.belegspositionSet.map((position) => position.positionsMenge)).toEqual([
      -2,
      -1,
      "-1,5",
      "3",
      null,
      0,
    ]);
    expect(storno.belegspositionSet.map((position) => position.positionsPreis)).toEqual([
      90,
      5,
      4,
      4,
      undefined,
      1,
    ]);
  });
});

describe("signs (issue 33): credit notes state what they credit as positive amounts", () => {
  const gutschrift = (...mengen: number[]) => ({
    belegsTyp: "gutschrift",
    belegDatum: "2026-03-05",
    kunde: { id: 4 },
    belegspositionSet: mengen.map((positionsMenge, index) => ({
      positionsBeschreibung: `Zeile ${index + 1}`,
      positionsMenge,
      positionsPreis: 25,
      positionsMwst: 20,
    })),
  });

  it("a credit note typed with negative quantities is refused at the positions, not turned round", () => {
    expect(ungueltigeFelder(gutschrift(-1))).toEqual([
      { field: "belegspositionSet", code: "negativeCredit" },
    ]);
    // Positive, or a fee set off against a larger credit: fine. An invoice with a credit line is no credit note.
    expect(ungueltigeFelder(gutschrift(2))).toEqual([]);
    expect(ungueltigeFelder(gutschrift(2, -1))).toEqual([]);
    expect(ungueltigeFelder({ ...gutschrift(-1), belegsTyp: "rechnung" })).toEqual([]);
  });

  it("converting an invoice into a credit note keeps its positive quantities and leaves the payment text behind", () => {
    const mitText = { ...finalisiert, belegstext2: "Zahlbar sofort ohne Abzug." } as TBeleg;
    const neu = umwandeln(mitText, "gutschrift", "2026-04-02");
    expect(neu.belegspositionSet.map((p) => p.positionsMenge)).toEqual([2]);
    expect(neu.belegstext2).toBeNull();
    expect(stornoVon(mitText, "2026-04-02").belegstext2).toBeNull();
    // An offer keeps it on its way to the invoice.
    expect(
      umwandeln({ ...mitText, belegsTyp: "angebot" } as TBeleg, "rechnung", "2026-04-02").belegstext2,
    ).toBe("Zahlbar sofort ohne Abzug.");
  });

  it("the storno of a credit note negates its positive figures: it takes the credit back", () => {
    const gs = { ...finalisiert, belegsTyp: "gutschrift", summeBrutto: 216 } as TBeleg;
    const storno = stornoVon(gs, "2026-04-02");
    expect(storno.belegspositionSet.map((p) => p.positionsMenge)).toEqual([-2]);
    expect(storno.summeBrutto).toBe(-216);
    expect(storno.ursprungsBeleg).toMatchObject({ belegsTyp: "gutschrift" });
  });

  it("which documents credit: a credit note and the storno of anything but a credit note", () => {
    expect(gutschreibend("gutschrift")).toBe(true);
    expect(gutschreibend("storno", "rechnung")).toBe(true);
    expect(gutschreibend("storno", "barrechnung")).toBe(true);
    expect(gutschreibend("storno", null)).toBe(true);
    expect(gutschreibend("storno", "gutschrift")).toBe(false);
    expect(gutschreibend("rechnung")).toBe(false);
    expect(gutschreibend("barrechnung")).toBe(false);
  });
});
