import { type Decimal, dec, round, toFixedString } from "./decimal.ts";

/**
 * Numbers as documents print them (SPEC §9): German "1.234,56 €", "2,5 %", English "€1,234.56", "2.5%". Exact:
 * the digits come from the decimal, never from a float's binary value.
 */

/** The languages a document is printed in. */
export type DruckSprache = "de" | "en";

const alsDecimal = (value: Decimal | number | string): Decimal =>
  typeof value === "object" ? value : dec(value);

/**
 * A number with thousands separators and between `min` and `max` decimals (trailing zeros beyond `min` dropped),
 * rounded half away from zero: zahlText(1234.5, "de", 2, 2) = "1.234,50", zahlText(1.5, "en", 0, 3) = "1.5".
 */
export function zahlText(
  value: Decimal | number | string,
  sprache: DruckSprache,
  min = 2,
  max = min,
): string {
  let fixed = toFixedString(round(alsDecimal(value), max), max);
  const negative = fixed.startsWith("-");
  if (negative) fixed = fixed.slice(1);
  let [whole = "0", decimals = ""] = fixed.split(".");
  while (decimals.length > min && decimals.endsWith("0")) decimals = decimals.slice(0, -1);
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, sprache === "de" ? "." : ",");
  const sign = negative && /[1-9]/.test(whole + decimals) ? "-" : "";
  return `${sign}${grouped}${decimals ? (sprache === "de" ? "," : ".") + decimals : ""}`;
}

/** Euro with two decimals (or up to four, for unit prices): "1.234,56 €" (de), "€1,234.56" (en). */
export function euroText(value: Decimal | number | string, sprache: DruckSprache, maxDecimals = 2): string {
  const text = zahlText(value, sprache, 2, maxDecimals);
  if (sprache === "de") return `${text} €`;
  return text.startsWith("-") ? `-€${text.slice(1)}` : `€${text}`;
}

/** A percentage with up to two decimals, no trailing zeros: "2,5 %" (de), "2.5%" (en). */
export function prozentText(value: Decimal | number | string, sprache: DruckSprache): string {
  const text = zahlText(value, sprache, 0, 2);
  return sprache === "de" ? `${text} %` : `${text}%`;
}
