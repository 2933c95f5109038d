import { describe, expect, it } from "vitest";
import {
  calculateBackward,
  calculateForward,
  type PreisErgebnis,
  type PreisKalkulation,
  type PreisRueckwaerts,
  type PreisVorwaerts,
} from "./preiskalkulator.rules.ts";

const ok = (figures: PreisKalkulation): PreisErgebnis => ({ ok: true, ...figures });

describe("calculateForward", () => {
  it.each<[string, PreisVorwaerts, PreisErgebnis]>([
    [
      "EK 80, 25 % surcharge, 10 % discount, 20 % VAT",
      { einkaufsPreis: 80, aufschlag: 25, rabatt: 10, mwst: 20 },
      ok({
        verkaufNetto: 111.11,
        verkaufBrutto: 133.33,
        rabattBetrag: 11.11,
        nachRabattNetto: 100,
        gewinn: 20,
        marge: 20,
        aufschlag: 25,
      }),
    ],
    [
      "without discount",
      { einkaufsPreis: 80, aufschlag: 25, rabatt: 0, mwst: 20 },
      ok({
        verkaufNetto: 100,
        verkaufBrutto: 120,
        rabattBetrag: 0,
        nachRabattNetto: 100,
        gewinn: 20,
        marge: 20,
        aufschlag: 25,
      }),
    ],
    [
      "odd cents: EK 12.34, 40 %, 5 %, 20 % (rounding leaves 40.03 % earned)",
      { einkaufsPreis: 12.34, aufschlag: 40, rabatt: 5, mwst: 20 },
      ok({
        verkaufNetto: 18.19,
        verkaufBrutto: 21.83,
        rabattBetrag: 0.91,
        nachRabattNetto: 17.28,
        gewinn: 4.94,
        marge: 28.6,
        aufschlag: 40.03,
      }),
    ],
    [
      "EK 1000, 30 %, 15 %, 10 % VAT",
      { einkaufsPreis: 1000, aufschlag: 30, rabatt: 15, mwst: 10 },
      ok({
        verkaufNetto: 1529.41,
        verkaufBrutto: 1682.35,
        rabattBetrag: 229.41,
        nachRabattNetto: 1300,
        gewinn: 300,
        marge: 23.1,
        aufschlag: 30,
      }),
    ],
    [
      "fractional percentages: EK 49.90, 33.5 %, 2.5 %, 5.5 % VAT",
      { einkaufsPreis: 49.9, aufschlag: 33.5, rabatt: 2.5, mwst: 5.5 },
      // 49.90 × 133.5 / 97.5 = 68.3246… → 68.32; × 1.055 = 72.0776 → 72.08; 68.32 × 2.5 % = 1.708 → 1.71
      ok({
        verkaufNetto: 68.32,
        verkaufBrutto: 72.08,
        rabattBetrag: 1.71,
        nachRabattNetto: 66.61,
        gewinn: 16.71,
        marge: 25.1,
        aufschlag: 33.49,
      }),
    ],
    [
      "unit price with 4 places",
      { einkaufsPreis: 5.9999, aufschlag: 0, rabatt: 0, mwst: 20 },
      ok({
        verkaufNetto: 6,
        verkaufBrutto: 7.2,
        rabattBetrag: 0,
        nachRabattNetto: 6,
        gewinn: 0,
        marge: 0,
        aufschlag: 0,
      }),
    ],
    [
      "selling below cost",
      { einkaufsPreis: 100, aufschlag: -10, rabatt: 0, mwst: 20 },
      ok({
        verkaufNetto: 90,
        verkaufBrutto: 108,
        rabattBetrag: 0,
        nachRabattNetto: 90,
        gewinn: -10,
        marge: -11.1,
        aufschlag: -10,
      }),
    ],
    [
      "purchase price 0: no surcharge, no margin",
      { einkaufsPreis: 0, aufschlag: 25, rabatt: 10, mwst: 20 },
      ok({
        verkaufNetto: 0,
        verkaufBrutto: 0,
        rabattBetrag: 0,
        nachRabattNetto: 0,
        gewinn: 0,
        marge: null,
        aufschlag: null,
      }),
    ],
    [
      "discount 100 %",
      { einkaufsPreis: 80, aufschlag: 25, rabatt: 100, mwst: 20 },
      { ok: false, code: "rabattTooHigh" },
    ],
    [
      "discount above 100 %",
      { einkaufsPreis: 80, aufschlag: 25, rabatt: 120, mwst: 20 },
      { ok: false, code: "rabattTooHigh" },
    ],
  ])("%s", (_name, input, expected) => {
    expect(calculateForward(input)).toEqual(expected);
  });
});

describe("calculateBackward", () => {
  it.each<[string, PreisRueckwaerts, PreisErgebnis]>([
    [
      "from gross 133.33 back to net 111.11 and 25 %",
      { einkaufsPreis: 80, verkaufsPreis: 133.33, basis: "brutto", rabatt: 10, mwst: 20 },
      ok({
        verkaufNetto: 111.11,
        verkaufBrutto: 133.33,
        rabattBetrag: 11.11,
        nachRabattNetto: 100,
        gewinn: 20,
        marge: 20,
        aufschlag: 25,
      }),
    ],
    [
      "from net 111.11",
      { einkaufsPreis: 80, verkaufsPreis: 111.11, basis: "netto", rabatt: 10, mwst: 20 },
      ok({
        verkaufNetto: 111.11,
        verkaufBrutto: 133.33,
        rabattBetrag: 11.11,
        nachRabattNetto: 100,
        gewinn: 20,
        marge: 20,
        aufschlag: 25,
      }),
    ],
    [
      "a shelf price of 119.99 gross",
      { einkaufsPreis: 75, verkaufsPreis: 119.99, basis: "brutto", rabatt: 0, mwst: 20 },
      // 119.99 / 1.2 = 99.9916… → 99.99
      ok({
        verkaufNetto: 99.99,
        verkaufBrutto: 119.99,
        rabattBetrag: 0,
        nachRabattNetto: 99.99,
        gewinn: 24.99,
        marge: 25,
        aufschlag: 33.32,
      }),
    ],
    [
      "reduced VAT 10 %, discount 3 %",
      { einkaufsPreis: 4.2, verkaufsPreis: 6.49, basis: "brutto", rabatt: 3, mwst: 10 },
      // 6.49 / 1.1 = 5.9 exactly; 5.90 × 3 % = 0.177 → 0.18; 5.72 − 4.20 = 1.52; 1.52 / 4.2 = 36.190… %
      ok({
        verkaufNetto: 5.9,
        verkaufBrutto: 6.49,
        rabattBetrag: 0.18,
        nachRabattNetto: 5.72,
        gewinn: 1.52,
        marge: 26.6,
        aufschlag: 36.19,
      }),
    ],
    [
      "a net price with more than 2 places is taken to the cent",
      { einkaufsPreis: 10, verkaufsPreis: 12.345, basis: "netto", rabatt: 0, mwst: 0 },
      ok({
        verkaufNetto: 12.35,
        verkaufBrutto: 12.35,
        rabattBetrag: 0,
        nachRabattNetto: 12.35,
        gewinn: 2.35,
        marge: 19,
        aufschlag: 23.5,
      }),
    ],
    [
      "purchase price 0: surcharge undefined",
      { einkaufsPreis: 0, verkaufsPreis: 12, basis: "brutto", rabatt: 0, mwst: 20 },
      ok({
        verkaufNetto: 10,
        verkaufBrutto: 12,
        rabattBetrag: 0,
        nachRabattNetto: 10,
        gewinn: 10,
        marge: 100,
        aufschlag: null,
      }),
    ],
    [
      "price 0: margin undefined, surcharge −100 %",
      { einkaufsPreis: 50, verkaufsPreis: 0, basis: "brutto", rabatt: 0, mwst: 20 },
      ok({
        verkaufNetto: 0,
        verkaufBrutto: 0,
        rabattBetrag: 0,
        nachRabattNetto: 0,
        gewinn: -50,
        marge: null,
        aufschlag: -100,
      }),
    ],
    [
      "discount 100 %",
      { einkaufsPreis: 80, verkaufsPreis: 133.33, basis: "brutto", rabatt: 100, mwst: 20 },
      { ok: false, code: "rabattTooHigh" },
    ],
  ])("%s", (_name, input, expected) => {
    expect(calculateBackward(input)).toEqual(expected);
  });

  it.each<[PreisVorwaerts]>([
    [{ einkaufsPreis: 80, aufschlag: 25, rabatt: 10, mwst: 20 }],
    [{ einkaufsPreis: 1000, aufschlag: 30, rabatt: 15, mwst: 10 }],
    [{ einkaufsPreis: 3.5, aufschlag: 100, rabatt: 0, mwst: 13 }],
  ])("backward from the forward net price gives the same figures (%j)", (input) => {
    const forward = calculateForward(input);
    if (!forward.ok) throw new Error("expected figures");
    const backward = calculateBackward({
      einkaufsPreis: input.einkaufsPreis,
      verkaufsPreis: forward.verkaufNetto,
      basis: "netto",
      rabatt: input.rabatt,
      mwst: input.mwst,
    });
    expect(backward).toEqual(forward);
  });
});
