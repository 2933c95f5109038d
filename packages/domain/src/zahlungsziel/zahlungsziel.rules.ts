import { addDays, datumText } from "../date/calendar.ts";
import { type Decimal, dec, div, mul, sub } from "../money/decimal.ts";
import { type DruckSprache, euroText, prozentText } from "../money/format.ts";

/**
 * What a document prints for its payment term (SPEC §7 GET belegtext2/{zahlungszielId}): the net due date and
 * the skonto steps, each with its date and, when the gross amount is known, the amount to pay.
 */

/** At most this many skonto steps per payment term (here, not in the schema: the web's form shows it without zod). */
export const MAX_SKONTO_STUFEN = 3;

/** The parts of a payment term these rules need (SPEC §3 zahlungsziel). */
export type ZahlungszielTerm = { nettoTage: number; skontoList: { tage: number; prozent: number }[] };

/** The languages a document is printed in. */
export type BelegSprache = DruckSprache;

/** The due dates of a term for a document date (ISO dates); skonto steps sorted by days, earliest first. */
export function dueDates(
  term: ZahlungszielTerm,
  belegDatum: string,
): { netto: string; skonto: { datum: string; prozent: number }[] } {
  return {
    netto: addDays(belegDatum, term.nettoTage),
    skonto: sortedSteps(term).map((step) => ({
      datum: addDays(belegDatum, step.tage),
      prozent: step.prozent,
    })),
  };
}

/**
 * The payment-term sentence of a document, e.g. "Zahlbar bis 22.12.2026 ohne Abzug. Bei Zahlung bis
 * 25.11.2026 3 % Skonto (970,00 €), bis 02.12.2026 2 % Skonto (980,00 €)." The amounts after skonto appear
 * only when `brutto` (the document's gross amount in euro) is given; they are exact, rounded to cents.
 */
export function zahlungszielText(
  term: ZahlungszielTerm,
  belegDatum: string,
  sprache: BelegSprache,
  brutto?: number,
): string {
  const dates = dueDates(term, belegDatum);
  const gross = brutto === undefined ? null : dec(brutto);
  const steps = dates.skonto.map((step) => ({
    datum: datumText(step.datum, sprache),
    prozent: prozentText(step.prozent, sprache),
    betrag: gross === null ? null : euroText(afterSkonto(gross, step.prozent), sprache),
  }));
  const netto = datumText(dates.netto, sprache);

  if (sprache === "de") {
    const head = term.nettoTage === 0 ? "Zahlbar sofort ohne Abzug." : `Zahlbar bis ${netto} ohne Abzug.`;
    if (steps.length === 0) return head;
    const parts = steps.map(
      (step, index) =>
        `${index === 0 ? "Bei Zahlung bis" : "bis"} ${step.datum} ${step.prozent} Skonto` +
        (step.betrag === null ? "" : ` (${step.betrag})`),
    );
    return `${head} ${parts.join(", ")}.`;
  }
  const head =
    term.nettoTage === 0
      ? "Payable immediately without deduction."
      : `Payable by ${netto} without deduction.`;
  if (steps.length === 0) return head;
  const parts = steps.map(
    (step, index) =>
      `${index === 0 ? "If paid by" : "by"} ${step.datum}, ${step.prozent} discount` +
      (step.betrag === null ? "" : ` (${step.betrag})`),
  );
  return `${head} ${parts.join("; ")}.`;
}

function sortedSteps(term: ZahlungszielTerm): { tage: number; prozent: number }[] {
  return [...term.skontoList].sort((a, b) => a.tage - b.tage);
}

/** gross × (100 − prozent) / 100, rounded half away from zero to cents (what a skonto step leaves to pay). */
export function afterSkonto(gross: Decimal, prozent: number): Decimal {
  return div(mul(gross, sub(dec(100), dec(prozent))), dec(100), 2);
}
