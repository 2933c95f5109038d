import { describe, expect, it } from "vitest";
import { type Decimal, toFixedString, toNumber } from "../money/decimal.ts";
import type { TMwstKategorie } from "./beleg.codes.ts";
import { stornoVon } from "./beleg.rules.ts";
import {
  type BelegSummen,
  type BelegSummenFelder,
  belegSummen,
  hinweisFeld,
  kategorieAusMwst,
  mwstEinordnung,
  mwstKategorie,
  negiert,
  type PositionSummenFelder,
  type SummenOptionen,
  summenFelder,
} from "./beleg.totals.ts";

const betrag = (wert: Decimal | null) => (wert === null ? null : toFixedString(wert, 2));

/** The totals as readable strings (amounts with two decimals, rates as numbers). */
function lesbar(summen: BelegSummen) {
  return {
    positionen: summen.positionen.map((position) => betrag(position.netto)),
    mwst: summen.mwst.map((zeile) => ({
      satz: toNumber(zeile.satz),
      kategorie: zeile.kategorie,
      basis: betrag(zeile.basis),
      betrag: betrag(zeile.betrag),
      rabatt: betrag(zeile.rabatt),
    })),
    summeNetto: betrag(summen.summeNetto),
    rabatt: betrag(summen.rabatt),
    netto: betrag(summen.netto),
    summeMwst: betrag(summen.summeMwst),
    brutto: betrag(summen.brutto),
    zahlbar: betrag(summen.zahlbar),
  };
}

type Erwartet = ReturnType<typeof lesbar>;

const pos = (menge: number | null | undefined, preis: number | null, mwst: number | null, mehr = {}) =>
  ({ positionsMenge: menge, positionsPreis: preis, positionsMwst: mwst, ...mehr }) as PositionSummenFelder;

const zeile = (
  satz: number,
  basis: string,
  mwst: string,
  rabatt = "0.00",
  kategorie: TMwstKategorie = satz === 0 ? "Z" : "S",
) => ({ satz, kategorie, basis, betrag: mwst, rabatt });

const summe = (
  positionen: (string | null)[],
  mwst: ReturnType<typeof zeile>[],
  t: {
    summeNetto: string;
    rabatt?: string;
    netto: string;
    summeMwst: string;
    brutto: string;
    zahlbar?: string;
  },
): Erwartet => ({
  positionen,
  mwst,
  summeNetto: t.summeNetto,
  rabatt: t.rabatt ?? "0.00",
  netto: t.netto,
  summeMwst: t.summeMwst,
  brutto: t.brutto,
  zahlbar: t.zahlbar ?? t.brutto,
});

const faelle: [string, BelegSummenFelder, SummenOptionen, Erwartet][] = [
  [
    // 2 × 12.50 = 25.00; VAT 25.00 × 20 % = 5.00; gross 30.00
    "single line",
    { belegspositionSet: [pos(2, 12.5, 20)] },
    {},
    summe(["25.00"], [zeile(20, "25.00", "5.00")], {
      summeNetto: "25.00",
      netto: "25.00",
      summeMwst: "5.00",
      brutto: "30.00",
    }),
  ],
  [
    // an absent quantity is the default 1: 1 × 9.90 = 9.90; VAT 1.98; gross 11.88
    "quantity absent counts as 1",
    { belegspositionSet: [pos(undefined, 9.9, 20)] },
    {},
    summe(["9.90"], [zeile(20, "9.90", "1.98")], {
      summeNetto: "9.90",
      netto: "9.90",
      summeMwst: "1.98",
      brutto: "11.88",
    }),
  ],
  [
    // 1.375 × 7.99 = 10.98625 → 10.99; VAT 10.99 × 10 % = 1.099 → 1.10; gross 12.09
    "quantity with three decimals",
    { belegspositionSet: [pos(1.375, 7.99, 10)] },
    {},
    summe(["10.99"], [zeile(10, "10.99", "1.10")], {
      summeNetto: "10.99",
      netto: "10.99",
      summeMwst: "1.10",
      brutto: "12.09",
    }),
  ],
  [
    // rabattierFaehig: 100 × (1 − 10 %) = 90.00; not rabattierFaehig: artikelRabatt ignored, 100.00
    // VAT (90 + 100) × 20 % = 38.00; gross 228.00
    "article discount only for a rabattierFaehig article",
    {
      belegspositionSet: [
        pos(1, 100, 20, { artikelRabatt: 10, artikel: { rabattierFaehig: true } }),
        pos(1, 100, 20, { artikelRabatt: 10, artikel: { rabattierFaehig: false } }),
      ],
    },
    {},
    summe(["90.00", "100.00"], [zeile(20, "190.00", "38.00")], {
      summeNetto: "190.00",
      netto: "190.00",
      summeMwst: "38.00",
      brutto: "228.00",
    }),
  ],
  [
    // successive: 3 × 19.99 = 59.97; × 0.90 (article 10 %) = 53.973; × 0.95 (position 5 %) = 51.27435 → 51.27
    //   (= 59.97 × 0.855, i.e. 14.5 % together, not 15 %: 59.97 × 0.85 = 50.9745 → 50.97)
    // not rabattierFaehig, position discount still counts: 50 × 0.95 = 47.50 (its 10 % article discount not)
    // VAT (51.27 + 47.50) × 20 % = 98.77 × 0.2 = 19.754 → 19.75; gross 118.52
    "position and article discount combine successively",
    {
      belegspositionSet: [
        pos(3, 19.99, 20, { artikelRabatt: 10, rabatt: 5 }),
        pos(1, 50, 20, { artikelRabatt: 10, rabatt: 5, artikel: { rabattierFaehig: false } }),
      ],
    },
    {},
    summe(["51.27", "47.50"], [zeile(20, "98.77", "19.75")], {
      summeNetto: "98.77",
      netto: "98.77",
      summeMwst: "19.75",
      brutto: "118.52",
    }),
  ],
  [
    // 20 %: 100.00, allowance 3 % = 3.00, basis 97.00, VAT 19.40
    // 10 %: 2 × 24.99 = 49.98, allowance 49.98 × 3 % = 1.4994 → 1.50, basis 48.48, VAT 4.848 → 4.85
    // summeNetto 149.98, rabatt 4.50, netto 145.48, VAT 24.25, gross 169.73
    "document discount on two rates",
    { belegspositionSet: [pos(1, 100, 20), pos(2, 24.99, 10)], belegRabatt: 3 },
    {},
    summe(["100.00", "49.98"], [zeile(20, "97.00", "19.40", "3.00"), zeile(10, "48.48", "4.85", "1.50")], {
      summeNetto: "149.98",
      rabatt: "4.50",
      netto: "145.48",
      summeMwst: "24.25",
      brutto: "169.73",
    }),
  ],
  [
    // three lines of 0.05 at 20 %, document discount 10 %:
    //   per line (wrong): each 0.05 × 10 % = 0.005 → 0.01, nets 3 × 0.04 = 0.12, VAT 0.024 → 0.02, gross 0.14
    //   EN 16931 per rate: allowance 0.15 × 10 % = 0.015 → 0.02, basis 0.13, VAT 0.026 → 0.03, gross 0.16
    "document discount rounds per rate, not per line",
    { belegspositionSet: [pos(1, 0.05, 20), pos(1, 0.05, 20), pos(1, 0.05, 20)], belegRabatt: 10 },
    {},
    summe(["0.05", "0.05", "0.05"], [zeile(20, "0.13", "0.03", "0.02")], {
      summeNetto: "0.15",
      rabatt: "0.02",
      netto: "0.13",
      summeMwst: "0.03",
      brutto: "0.16",
    }),
  ],
  [
    // VAT per rate, not summed per line: per line 0.33 × 20 % = 0.066 → 0.07, 3 × 0.07 = 0.21;
    // per rate 0.99 × 20 % = 0.198 → 0.20; gross 1.19
    "VAT once per rate, not summed from lines",
    { belegspositionSet: [pos(1, 0.33, 20), pos(1, 0.33, 20), pos(1, 0.33, 20)] },
    {},
    summe(["0.33", "0.33", "0.33"], [zeile(20, "0.99", "0.20")], {
      summeNetto: "0.99",
      netto: "0.99",
      summeMwst: "0.20",
      brutto: "1.19",
    }),
  ],
  [
    // document discount only on rabattierFaehig lines: base 100 (not the 40 of the fixed-price article)
    // allowance 100 × 5 % = 5.00; basis 140 − 5 = 135.00; VAT 27.00; gross 162.00
    "document discount leaves out articles that are not rabattierFaehig",
    {
      belegspositionSet: [pos(1, 100, 20), pos(1, 40, 20, { artikel: { rabattierFaehig: false } })],
      belegRabatt: 5,
    },
    {},
    summe(["100.00", "40.00"], [zeile(20, "135.00", "27.00", "5.00")], {
      summeNetto: "140.00",
      rabatt: "5.00",
      netto: "135.00",
      summeMwst: "27.00",
      brutto: "162.00",
    }),
  ],
  [
    // 2 × 100 = 200.00; credit line −1 × 50 = −50.00; 1 × −12.345 = −12.345 → −12.35 (half away from zero)
    // 20 %: 150.00, VAT 30.00; 10 %: −12.35, VAT −1.235 → −1.24
    // summeNetto 137.65; VAT 28.76; gross 166.41
    "negative positions",
    { belegspositionSet: [pos(2, 100, 20), pos(-1, 50, 20), pos(1, -12.345, 10)] },
    {},
    summe(["200.00", "-50.00", "-12.35"], [zeile(20, "150.00", "30.00"), zeile(10, "-12.35", "-1.24")], {
      summeNetto: "137.65",
      netto: "137.65",
      summeMwst: "28.76",
      brutto: "166.41",
    }),
  ],
  [
    // 20 %: 3 × 3.33 = 9.99, VAT 1.998 → 2.00; 10 %: 10.00, VAT 1.00; 0 %: 7.50 (category Z), VAT 0
    // 20 % again on a second line: 0.01 → 20 % basis 10.00, VAT 2.00
    // summeNetto 27.50; VAT 3.00; gross 30.50
    "mixed 20 %, 10 % and 0 %",
    { belegspositionSet: [pos(3, 3.33, 20), pos(1, 7.5, 0), pos(1, 10, 10), pos(1, 0.01, 20)] },
    {},
    summe(
      ["9.99", "7.50", "10.00", "0.01"],
      [zeile(20, "10.00", "2.00"), zeile(10, "10.00", "1.00"), zeile(0, "7.50", "0.00")],
      { summeNetto: "27.50", netto: "27.50", summeMwst: "3.00", brutto: "30.50" },
    ),
  ],
  [
    // reverse charge: every position at 0 % in category AE, whatever rate it carries
    // 2 × 500 + 1 × 250 = 1250.00; VAT 0; gross 1250.00
    "0 % with reverse charge",
    { belegspositionSet: [pos(2, 500, 20), pos(1, 250, 10)] },
    { kategorie: "AE" },
    summe(["1000.00", "250.00"], [zeile(0, "1250.00", "0.00", "0.00", "AE")], {
      summeNetto: "1250.00",
      netto: "1250.00",
      summeMwst: "0.00",
      brutto: "1250.00",
    }),
  ],
  [
    // a VAT-free category needs no rate on the position: small business (E), 3 × 15 = 45.00, VAT 0
    "small business: category E, no rate needed",
    { belegspositionSet: [pos(3, 15, null)] },
    { kategorie: "E" },
    summe(["45.00"], [zeile(0, "45.00", "0.00", "0.00", "E")], {
      summeNetto: "45.00",
      netto: "45.00",
      summeMwst: "0.00",
      brutto: "45.00",
    }),
  ],
  [
    // free-text lines carry no amounts: only 1 × 80 at 20 % counts: VAT 16.00, gross 96.00
    "free-text lines",
    {
      belegspositionSet: [
        { positionsBeschreibung: "Montage nach Aufwand" } as PositionSummenFelder,
        pos(1, 80, 20),
        pos(null, null, null),
      ],
    },
    {},
    summe([null, "80.00", null], [zeile(20, "80.00", "16.00")], {
      summeNetto: "80.00",
      netto: "80.00",
      summeMwst: "16.00",
      brutto: "96.00",
    }),
  ],
  [
    // unreadable form values make a line carry no amounts (no exception): only 10 × 1 counts
    "unreadable values while typing",
    {
      belegspositionSet: [
        { positionsMenge: "2,5", positionsPreis: "abc", positionsMwst: 20 },
        { positionsMenge: "", positionsPreis: "4", positionsMwst: 20 },
        { positionsMenge: "10", positionsPreis: "1,00", positionsMwst: "20" },
        { positionsMenge: 1, positionsPreis: 5, positionsMwst: "" },
        null,
      ],
    },
    {},
    summe([null, null, "10.00", null, null], [zeile(20, "10.00", "2.00")], {
      summeNetto: "10.00",
      netto: "10.00",
      summeMwst: "2.00",
      brutto: "12.00",
    }),
  ],
  [
    // amount due: gross 30.00 − 10.00 prepaid = 20.00
    "prepaid amount",
    { belegspositionSet: [pos(2, 12.5, 20)] },
    { vorausbezahlt: 10 },
    summe(["25.00"], [zeile(20, "25.00", "5.00")], {
      summeNetto: "25.00",
      netto: "25.00",
      summeMwst: "5.00",
      brutto: "30.00",
      zahlbar: "20.00",
    }),
  ],
  [
    "empty document",
    { belegspositionSet: [], belegRabatt: 10 },
    {},
    summe([], [], { summeNetto: "0.00", netto: "0.00", summeMwst: "0.00", brutto: "0.00" }),
  ],
];

describe("belegSummen (EN 16931)", () => {
  it.each(faelle)("%s", (_name, beleg, optionen, erwartet) => {
    expect(lesbar(belegSummen(beleg, optionen))).toEqual(erwartet);
  });

  it("a document without positions at all is empty", () => {
    expect(lesbar(belegSummen({}))).toEqual(
      summe([], [], { summeNetto: "0.00", netto: "0.00", summeMwst: "0.00", brutto: "0.00" }),
    );
  });

  it("the header adds up: netto = summeNetto − rabatt = Σ basis, brutto = netto + Σ VAT", () => {
    const summen = belegSummen({
      belegspositionSet: [pos(7, 13.37, 20, { rabatt: 3 }), pos(2.5, 4.19, 10), pos(-1, 9.99, 20)],
      belegRabatt: 2.5,
    });
    const basis = summen.mwst.reduce((s, z) => s + Math.round(toNumber(z.basis) * 100), 0);
    const mwst = summen.mwst.reduce((s, z) => s + Math.round(toNumber(z.betrag) * 100), 0);
    expect(Math.round(toNumber(summen.netto) * 100)).toBe(basis);
    expect(Math.round(toNumber(summen.summeMwst) * 100)).toBe(mwst);
    expect(toFixedString(summen.brutto, 2)).toBe(
      ((Math.round(toNumber(summen.netto) * 100) + mwst) / 100).toFixed(2),
    );
  });
});

describe("cancellation", () => {
  const original = {
    id: 7,
    belegNummer: "RE-2026-00012",
    belegsTyp: "rechnung" as const,
    belegDatum: "2026-03-01",
    freigabe: true,
    belegRabatt: 3,
    belegspositionSet: [
      { id: 1, positionsMenge: 3, positionsPreis: 19.99, positionsMwst: 20, artikelRabatt: 10, rabatt: 5 },
      { id: 2, positionsMenge: 2, positionsPreis: 24.99, positionsMwst: 10 },
      { id: 3, positionsMenge: 1, positionsPreis: 0.05, positionsMwst: 20 },
      { id: 4, positionsMenge: 1, positionsPreis: -12.345, positionsMwst: 10 },
      { id: 5, positionsPreis: 9.9, positionsMwst: 20 },
      { id: 6, positionsBeschreibung: "Text", positionsPreis: null, positionsMenge: null },
    ],
  };

  it("a storno's totals are exactly the negated original's", () => {
    const summen = belegSummen(original);
    const storno = belegSummen(stornoVon(original, "2026-03-05"));
    expect(storno).toEqual(negiert(summen));
    // original: 20 %: 51.27 + 0.05 + 9.90 = 61.22, allowance 1.8366 → 1.84, basis 59.38, VAT 11.876 → 11.88
    //           10 %: 49.98 − 12.35 = 37.63, allowance 1.1289 → 1.13, basis 36.50, VAT 3.65
    //           netto 95.88, VAT 15.53, gross 111.41
    expect(betrag(summen.brutto)).toBe("111.41");
    expect(betrag(storno.brutto)).toBe("-111.41");
    expect(lesbar(storno).mwst).toEqual([
      zeile(20, "-59.38", "-11.88", "-1.84"),
      zeile(10, "-36.50", "-3.65", "-1.13"),
    ]);
  });

  it("the storno's carried-over stored totals are negated alike, in the original's VAT category", () => {
    const kategorie = "K" as const;
    const gespeichert = (beleg: typeof original) => {
      const felder = summenFelder(belegSummen(beleg, { kategorie }));
      return {
        ...beleg,
        summeNetto: felder.summeNetto,
        summeBrutto: felder.summeBrutto,
        belegMwstSet: felder.belegMwstSet,
        belegspositionSet: beleg.belegspositionSet.map((position, index) => ({
          ...position,
          positionsSumme: felder.positionsSummen[index],
        })),
      };
    };
    const stored = gespeichert(original);
    const storno = stornoVon(stored, "2026-03-05");
    expect(kategorieAusMwst(stored.belegMwstSet)).toBe("K");
    const neu = summenFelder(belegSummen(storno, { kategorie: kategorieAusMwst(storno.belegMwstSet) }));
    expect(storno.summeNetto).toBe(neu.summeNetto);
    expect(storno.summeBrutto).toBe(neu.summeBrutto);
    expect(storno.belegMwstSet).toEqual(neu.belegMwstSet);
    expect(storno.belegspositionSet.map((position) => position.positionsSumme)).toEqual(neu.positionsSummen);
  });

  it("kategorieAusMwst: the VAT-free category of the lines, else S", () => {
    expect(kategorieAusMwst([])).toBe("S");
    expect(kategorieAusMwst(null)).toBe("S");
    expect(kategorieAusMwst([{ kategorie: "S" }, { kategorie: "Z" }])).toBe("S");
    expect(kategorieAusMwst([{ kategorie: "E" }])).toBe("E");
    expect(kategorieAusMwst([{ kategorie: "unbekannt" }])).toBe("S");
  });

  it("negiert keeps rates, categories and free-text lines", () => {
    const summen = negiert(belegSummen({ belegspositionSet: [pos(1, 10, 20), pos(null, null, null)] }));
    expect(lesbar(summen).positionen).toEqual(["-10.00", null]);
    expect(lesbar(summen).mwst).toEqual([zeile(20, "-10.00", "-2.00")]);
    expect(lesbar(negiert(summen))).toEqual(lesbar(belegSummen({ belegspositionSet: [pos(1, 10, 20), {}] })));
  });
});

describe("summenFelder", () => {
  it("gives the stored fields as JSON numbers: summeNetto is the total after the document discount", () => {
    const summen = belegSummen({
      belegspositionSet: [pos(1, 100, 20), pos(2, 24.99, 10), {}],
      belegRabatt: 3,
    });
    expect(summenFelder(summen)).toEqual({
      summeNetto: 145.48,
      summeBrutto: 169.73,
      belegMwstSet: [
        { satz: 20, kategorie: "S", basis: 97, betrag: 19.4, rabatt: 3 },
        { satz: 10, kategorie: "S", basis: 48.48, betrag: 4.85, rabatt: 1.5 },
      ],
      positionsSummen: [100, 49.98, null],
    });
  });
});

describe("mwstKategorie", () => {
  it.each<[string, Parameters<typeof mwstKategorie>, ReturnType<typeof mwstKategorie>]>([
    ["standard", [{}, {}, {}], { kategorie: "S", hinweis: null, befreiungsGrund: null }],
    ["no customer yet", [null, null, undefined], { kategorie: "S", hinweis: null, befreiungsGrund: null }],
    [
      "small business wins over every customer flag",
      [{ kleinunternehmer: true }, { export: true, innergemeinschaftlich: true }, { reverseCharge: true }],
      { kategorie: "E", hinweis: "kleinunternehmer", befreiungsGrund: null },
    ],
    [
      "reverse charge on the document",
      [{}, { innergemeinschaftlich: true }, { reverseCharge: true }],
      { kategorie: "AE", hinweis: "reverseCharge", befreiungsGrund: "VATEX-EU-AE" },
    ],
    [
      "export customer",
      [{}, { export: true, innergemeinschaftlich: true }, {}],
      { kategorie: "G", hinweis: "export", befreiungsGrund: "VATEX-EU-G" },
    ],
    [
      "intra-community customer",
      [{ kleinunternehmer: false }, { innergemeinschaftlich: true }, { reverseCharge: false }],
      { kategorie: "K", hinweis: "innergemeinschaftlich", befreiungsGrund: "VATEX-EU-IC" },
    ],
  ])("%s", (_name, args, erwartet) => {
    expect(mwstKategorie(...args)).toEqual(erwartet);
  });

  it("a known category gives its notice and exemption reason", () => {
    expect(mwstEinordnung("K")).toEqual({
      kategorie: "K",
      hinweis: "innergemeinschaftlich",
      befreiungsGrund: "VATEX-EU-IC",
    });
    expect(mwstEinordnung("O")).toEqual({ kategorie: "O", hinweis: null, befreiungsGrund: "VATEX-EU-O" });
    expect(mwstEinordnung("Z")).toEqual({ kategorie: "Z", hinweis: null, befreiungsGrund: null });
  });

  it("names the tenant's notice field per language; reverse charge has none", () => {
    expect(hinweisFeld("kleinunternehmer", "de")).toBe("hinweisKleinunternehmerDe");
    expect(hinweisFeld("export", "en")).toBe("hinweisExportEn");
    expect(hinweisFeld("innergemeinschaftlich", "de")).toBe("hinweisInnergemeinschaftlichDe");
    expect(hinweisFeld("reverseCharge", "de")).toBeNull();
  });
});
