import { add, compare, type Decimal, dec, div, isZero, mul, round, sub, toNumber } from "../money/decimal.ts";

/**
 * The merchant's price calculator (SPEC /preiskalkulator). The list price must carry the discount the merchant
 * grants, so that after the discount the surcharge on the purchase price is still earned:
 * listenpreisNetto = einkauf × (1 + aufschlag/100) / (1 − rabatt/100). All figures are computed exactly
 * (decimal module) and rounded commercially; inputs and outputs are plain numbers, the UI formats them.
 */

/** The calculated figures, net unless named brutto; amounts to 2 places. */
export type PreisKalkulation = {
  /** List price net (before the customer's discount). */
  verkaufNetto: number;
  /** List price gross: verkaufNetto × (1 + mwst/100). */
  verkaufBrutto: number;
  /** The customer's discount on the net list price. */
  rabattBetrag: number;
  /** What the merchant receives net: verkaufNetto − rabattBetrag. */
  nachRabattNetto: number;
  /** nachRabattNetto − einkaufsPreis. */
  gewinn: number;
  /** Profit in % of nachRabattNetto, 1 place; null when nothing is received. */
  marge: number | null;
  /** Surcharge actually earned in % of the purchase price (after rounding), 2 places; null when it costs 0. */
  aufschlag: number | null;
};

/** Either the figures, or why there are none: a discount of 100 % or more leaves no price to earn anything. */
export type PreisErgebnis = ({ ok: true } & PreisKalkulation) | { ok: false; code: "rabattTooHigh" };

/** Forward: purchase price, surcharge, discount and VAT (percentages) → the prices to ask. */
export type PreisVorwaerts = { einkaufsPreis: number; aufschlag: number; rabatt: number; mwst: number };

/** Backward: a sales price (gross or net, per `basis`), discount, VAT and purchase price → the surcharge. */
export type PreisRueckwaerts = {
  einkaufsPreis: number;
  verkaufsPreis: number;
  basis: "brutto" | "netto";
  rabatt: number;
  mwst: number;
};

const HUNDRED = dec(100);

/** From the purchase price and the wanted surcharge to the list price net and gross (and what remains). */
export function calculateForward(input: PreisVorwaerts): PreisErgebnis {
  const rabatt = dec(input.rabatt);
  if (!rabattBelow100(rabatt)) return { ok: false, code: "rabattTooHigh" };
  const einkauf = dec(input.einkaufsPreis);
  const verkaufNetto = div(mul(einkauf, add100(dec(input.aufschlag))), sub(HUNDRED, rabatt), 2);
  const verkaufBrutto = div(mul(verkaufNetto, add100(dec(input.mwst))), HUNDRED, 2);
  return { ok: true, ...figures(einkauf, verkaufNetto, verkaufBrutto, rabatt) };
}

/**
 * From a sales price back to the surcharge it earns over the purchase price. A gross price is turned net at
 * the VAT rate (rounded to cents, as an invoice would); a net one gets its gross the same way as forward.
 */
export function calculateBackward(input: PreisRueckwaerts): PreisErgebnis {
  const rabatt = dec(input.rabatt);
  if (!rabattBelow100(rabatt)) return { ok: false, code: "rabattTooHigh" };
  const einkauf = dec(input.einkaufsPreis);
  const preis = round(dec(input.verkaufsPreis), 2);
  const factor = add100(dec(input.mwst));
  const verkaufNetto = input.basis === "netto" ? preis : div(mul(preis, HUNDRED), factor, 2);
  const verkaufBrutto = input.basis === "brutto" ? preis : div(mul(preis, factor), HUNDRED, 2);
  return { ok: true, ...figures(einkauf, verkaufNetto, verkaufBrutto, rabatt) };
}

function figures(
  einkauf: Decimal,
  verkaufNetto: Decimal,
  verkaufBrutto: Decimal,
  rabatt: Decimal,
): PreisKalkulation {
  const rabattBetrag = div(mul(verkaufNetto, rabatt), HUNDRED, 2);
  const nachRabattNetto = sub(verkaufNetto, rabattBetrag);
  const gewinn = sub(nachRabattNetto, einkauf);
  return {
    verkaufNetto: toNumber(verkaufNetto),
    verkaufBrutto: toNumber(verkaufBrutto),
    rabattBetrag: toNumber(rabattBetrag),
    nachRabattNetto: toNumber(nachRabattNetto),
    gewinn: toNumber(round(gewinn, 2)),
    marge: isZero(nachRabattNetto) ? null : toNumber(div(mul(gewinn, HUNDRED), nachRabattNetto, 1)),
    aufschlag: isZero(einkauf) ? null : toNumber(div(mul(gewinn, HUNDRED), einkauf, 2)),
  };
}

/** 100 + p: the percentage as a factor of 100 (1 + p/100, kept integral). */
function add100(prozent: Decimal): Decimal {
  return add(HUNDRED, prozent);
}

function rabattBelow100(rabatt: Decimal): boolean {
  return compare(rabatt, HUNDRED) < 0;
}
