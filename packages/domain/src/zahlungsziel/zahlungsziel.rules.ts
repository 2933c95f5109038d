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
  return satz(
    term.nettoTage === 0,
    datumText(dates.netto, sprache),
    dates.skonto.map((step) => ({
      datum: datumText(step.datum, sprache),
      prozent: prozentText(step.prozent, sprache),
      betrag: gross === null ? null : euroText(afterSkonto(gross, step.prozent), sprache),
    })),
    sprache,
  );
}

/** The sentence from its formatted parts (zahlungszielText, and the pattern that recognises it). */
function satz(
  sofort: boolean,
  netto: string,
  steps: { datum: string; prozent: string; betrag: string | null }[],
  sprache: BelegSprache,
): string {
  if (sprache === "de") {
    const head = sofort ? "Zahlbar sofort ohne Abzug." : `Zahlbar bis ${netto} ohne Abzug.`;
    if (steps.length === 0) return head;
    const parts = steps.map(
      (step, index) =>
        `${index === 0 ? "Bei Zahlung bis" : "bis"} ${step.datum} ${step.prozent} Skonto` +
        (step.betrag === null ? "" : ` (${step.betrag})`),
    );
    return `${head} ${parts.join(", ")}.`;
  }
  const head = sofort ? "Payable immediately without deduction." : `Payable by ${netto} without deduction.`;
  if (steps.length === 0) return head;
  const parts = steps.map(
    (step, index) =>
      `${index === 0 ? "If paid by" : "by"} ${step.datum}, ${step.prozent} discount` +
      (step.betrag === null ? "" : ` (${step.betrag})`),
  );
  return `${head} ${parts.join("; ")}.`;
}

const DATUM = "\u0001";
const BETRAG = "\u0002";
const DATUM_MUSTER: Record<BelegSprache, string> = {
  de: "\\d{2}\\.\\d{2}\\.\\d{4}",
  en: "\\d{2}/\\d{2}/\\d{4}",
};
const leerzeichen = (text: string) => text.trim().replace(/\s+/g, " ");

/**
 * Whether `text` is the sentence zahlungszielText makes for this term — in either language, for any document date
 * and with or without amounts: a text made earlier (GET belegtext2, an editor before the positions or the date
 * were final) whose dates and amounts may be stale. White space does not count; any other change makes it the
 * user's own text.
 */
export function istZahlungszielText(text: string | null | undefined, term: ZahlungszielTerm): boolean {
  const gesucht = leerzeichen(text ?? "");
  if (gesucht === "") return false;
  return (["de", "en"] as const).some((sprache) => {
    const vorlage = satz(
      term.nettoTage === 0,
      DATUM,
      sortedSteps(term).map((step) => ({
        datum: DATUM,
        prozent: prozentText(step.prozent, sprache),
        betrag: BETRAG,
      })),
      sprache,
    );
    const muster = vorlage
      .replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")
      .replaceAll(` \\(${BETRAG}\\)`, "(?: \\([^()]*\\))?")
      .replaceAll(DATUM, DATUM_MUSTER[sprache]);
    return new RegExp(`^${muster}$`).test(gesucht);
  });
}

/** What a document needs for its payment text. */
export interface ZahlungstextBeleg {
  /** The document's own payment text (belegstext2), if any. */
  eigenerText: string | null | undefined;
  belegDatum: string;
  /** The document's gross amount (its final totals). */
  brutto: number;
  /** Whether the document's type prints its payment term (zahlungszielGedruckt): an invoice, an offer, … */
  mitZiel: boolean;
}

/**
 * The payment text a document prints — on its PDF, in its e-invoice (BT-20) and wherever else it is shown: the
 * user's own text as written; otherwise, when the type prints its term, the term's sentence with the document's
 * date and gross amount as they are now. A stored text that is the term's own sentence (istZahlungszielText) is no
 * own text: it was made before the document was final and is made again, so its amounts can never be stale.
 * null: nothing to print.
 */
export function belegZahlungstext(
  beleg: ZahlungstextBeleg,
  term: ZahlungszielTerm | null | undefined,
  sprache: BelegSprache,
): string | null {
  const eigen = beleg.eigenerText?.trim() ?? "";
  if (eigen !== "" && !(term && istZahlungszielText(eigen, term))) return eigen;
  return term && beleg.mitZiel ? zahlungszielText(term, beleg.belegDatum, sprache, beleg.brutto) : null;
}

function sortedSteps(term: ZahlungszielTerm): { tage: number; prozent: number }[] {
  return [...term.skontoList].sort((a, b) => a.tage - b.tage);
}

/** gross × (100 − prozent) / 100, rounded half away from zero to cents (what a skonto step leaves to pay). */
export function afterSkonto(gross: Decimal, prozent: number): Decimal {
  return div(mul(gross, sub(dec(100), dec(prozent))), dec(100), 2);
}
