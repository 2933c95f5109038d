import { formatIban } from "@kontor/domain/bank/iban.rules";
import { EINHEIT_CODES } from "@kontor/domain/einheit/einheit.codes";
import { prozentText, zahlText } from "@kontor/domain/money/format";
import { formatDate, uiLocale } from "../../components/format/format.ts";

/*
 * How an incoming invoice's business terms read on screen (issue 19). The model carries exact decimal strings, so
 * numbers go through the domain's exact formatter (money/format.ts), never through floats; dates through the app's
 * date format (calendar dates, no time zone). In the UI language (issue 21): de 1.234,56 €, 12,5 %, DD.MM.YYYY;
 * en €1,234.56, 12.5%, DD/MM/YYYY. (date/calendar.ts's datumText would do the same; importing it grows the calendar chunk the shell
 * shares by 0.4 KB.)
 */

/** Decimal places a number is written with ("12.50" → 2, "3" → 0). */
const stellen = (wert: string | number) => (String(wert).split(".")[1] ?? "").replace(/e.*$/i, "").length;

/** An amount in the invoice's currency: "1.234,56 €", "1.801,78 NOK" (de); "€1,234.56", "1,801.78 NOK" (en). */
export function betragText(wert: string | number, waehrung: string): string {
  const sprache = uiLocale();
  const text = zahlText(wert, sprache, 2, Math.max(2, stellen(wert)));
  if (waehrung !== "EUR") return `${text} ${waehrung}`;
  if (sprache === "de") return `${text} €`;
  return text.startsWith("-") ? `-€${text.slice(1)}` : `€${text}`;
}

/** A quantity or price exactly as the supplier gave it (no digit lost), at least `min` decimals: "1,5", "0,1234". */
export function zahlGenau(wert: string, min = 0): string {
  return zahlText(wert, uiLocale(), min, Math.max(min, stellen(wert)));
}

/** A VAT rate or percentage: "19 %", "2,5 %". */
export const prozent = (wert: string) => prozentText(wert, uiLocale());

/** A calendar date: DD.MM.YYYY; empty for none. */
export const datum = (iso: string | null | undefined) => formatDate(iso);

/** A UN/ECE unit code by its name where the product knows it (C62 → "Stück" / "Unit"), else the code. */
export function einheitName(code: string, sprache: string): string {
  const bekannt = (EINHEIT_CODES as Record<string, { de: string; en: string }>)[code];
  return bekannt ? bekannt[sprache === "en" ? "en" : "de"] : code;
}

/** An IBAN in groups of four; anything else (another account identifier) as written. */
export const kontoText = (konto: string) =>
  /^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(konto) ? formatIban(konto) : konto;

/** A country's name in the UI language (ISO 3166-1 alpha-2), the code when the browser knows none. */
export function landName(code: string, sprache: string): string {
  try {
    return new Intl.DisplayNames([sprache], { type: "region" }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** One line of the payment terms (BT-20): a skonto step in the XRechnung form, or text. */
export type Bedingung =
  | { art: "skonto"; tage: number; prozent: string; basis?: string }
  | { art: "text"; text: string };

const SKONTO = /^#SKONTO#TAGE=(\d{1,4})#PROZENT=(-?\d+(?:\.\d+)?)#(?:BASISBETRAG=(-?\d+(?:\.\d+)?)#)?\s*$/i;

/** The payment terms line by line, skonto lines ("#SKONTO#TAGE=14#PROZENT=2.00#") read into their parts. */
export function bedingungenLesen(bedingungen: string | undefined): Bedingung[] {
  if (!bedingungen) return [];
  return bedingungen
    .split(/\r?\n/)
    .map((zeile) => zeile.trim())
    .filter((zeile) => zeile !== "")
    .map((zeile): Bedingung => {
      const skonto = SKONTO.exec(zeile);
      if (!skonto) return { art: "text", text: zeile };
      return {
        art: "skonto",
        tage: Number(skonto[1]),
        prozent: skonto[2]!,
        ...(skonto[3] ? { basis: skonto[3] } : {}),
      };
    });
}

/** An invoice note (BT-22) with its subject code (BT-21) when it carries one ("#AAI#text", UBL's form). */
export function notizLesen(notiz: string): { code?: string; text: string } {
  const mit = /^#([A-Za-z0-9]{1,10})#([\s\S]*)$/.exec(notiz);
  return mit ? { code: mit[1]!, text: mit[2]!.trim() } : { text: notiz };
}

/** The last day of a skonto step: invoice date + days (calendar dates, in UTC: no time zone shifts them). */
export function skontoDatum(rechnungsDatum: string, tage: number): string {
  const [jahr, monat, tag] = rechnungsDatum.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(jahr, monat - 1, tag + tage)).toISOString().slice(0, 10);
}
