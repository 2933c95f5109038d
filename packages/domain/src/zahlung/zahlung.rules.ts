import { addDays, daysBetween } from "../date/calendar.ts";
import { add, compare, type Decimal, dec, div, isZero, mul, round, sub, toNumber } from "../money/decimal.ts";
import { afterSkonto, dueDates, type ZahlungszielTerm } from "../zahlungsziel/zahlungsziel.rules.ts";

/**
 * Payments and open items (issue 17), pure and zod-free (the web's open-items screen and payment dialog run the same
 * rules as the API). Money is exact (money/decimal.ts); amounts come in as JSON numbers and leave as Decimals.
 *
 * - Which documents take payments (`zahlungMoeglich`): finalized, not cancelled invoices of type rechnung. A cash
 *   invoice (barrechnung) is paid when it is issued (the cash book books it), a pro-forma invoice is no claim (its
 *   payment belongs to the invoice made from it), credit notes and cancellations correct an invoice instead.
 * - The open amount (`restbetrag`): gross − payments − skonto − credit notes − write-off; a cancelled invoice owes
 *   nothing, and what was paid on it is the customer's credit (a negative open amount). The database keeps the
 *   same formula in `beleg.offen` (migration 0025).
 * - Skonto (`skontoStufen`, `skontoFuer`): a payment made on or before a skonto step's day that equals the amount
 *   the step leaves to pay settles the document in full; the skonto is split over the document's VAT rates
 *   (`skontoAufteilen`), exact to the cent.
 * - One payment settles several documents (`zahlungVerteilen`); what exceeds their open amounts is refused, or —
 *   when the client says so — kept as an overpayment (credit on the customer).
 */

export {
  GUTSCHRIFT_TYPEN,
  type TZahlungsart,
  ZAHLBARE_TYPEN,
  ZAHLUNG_BELEGE_MAX,
  ZAHLUNGSARTEN,
  type ZahlbarFelder,
  type ZahlungHindernis,
  zahlungHindernis,
} from "./zahlung.codes.ts";

/** What the open amount is made of (sums as stored: numeric(14,2) as JSON numbers). */
export interface RestbetragFelder {
  summeBrutto: number;
  /** Σ payments allocated to the document. */
  bezahlt: number;
  /** Σ skonto granted on those payments. */
  skonto: number;
  /** Σ of the finalized, not cancelled credit notes referring to it (their gross, as a positive amount). */
  gutschriften: number;
  /** The amount written off ("marked paid" with a reason), 0 without. */
  abgeschrieben: number;
  storniert: boolean;
}

/**
 * The open amount of an invoice: gross − payments − skonto − credit notes − write-off. A cancelled invoice owes
 * nothing any more: what was paid on it is owed back (the customer's credit, a negative amount). A credit note
 * larger than what is left makes the amount negative likewise — never rounded away.
 */
export function restbetrag(b: RestbetragFelder): Decimal {
  if (b.storniert) return sub(dec(0), dec(b.bezahlt));
  return [b.bezahlt, b.skonto, b.gutschriften, b.abgeschrieben].reduce<Decimal>(
    (rest, abzug) => sub(rest, dec(abzug)),
    dec(b.summeBrutto),
  );
}

/** The net due date: the document date plus the term's net days (SPEC §3 zahlungsziel); the date itself without. */
export function faelligAm(term: ZahlungszielTerm | null | undefined, belegDatum: string): string {
  return term ? dueDates(term, belegDatum).netto : addDays(belegDatum, 0);
}

/** Days past the due date on `heute` (0 when not yet due). */
export function ueberfaelligTage(faellig: string, heute: string): number {
  return Math.max(0, daysBetween(faellig, heute));
}

/** A skonto step as an open document offers it: until `datum`, paying `zahlbetrag` settles it with `skonto` off. */
export interface SkontoAngebot {
  datum: string;
  prozent: number;
  /** What is left to pay with this step (the reduced gross minus what was paid already). */
  zahlbetrag: number;
  /** The skonto this step grants (on the whole document). */
  skonto: number;
}

/**
 * The skonto steps of a document's payment term with what each leaves to pay: the base (gross minus credit notes)
 * reduced by the step's percentage, rounded to cents (as the document prints it, zahlungszielText), minus what was
 * paid already. Only steps that leave something to pay and grant something; earliest (largest) first. The caller
 * asks only for an open document without skonto or write-off so far.
 */
export function skontoStufen(
  term: ZahlungszielTerm | null | undefined,
  belegDatum: string,
  basis: number,
  bereitsBezahlt: number,
): SkontoAngebot[] {
  if (!term || basis <= 0) return [];
  const brutto = dec(basis);
  const bezahlt = dec(bereitsBezahlt);
  return dueDates(term, belegDatum).skonto.flatMap((stufe) => {
    const reduziert = afterSkonto(brutto, stufe.prozent);
    const zahlbetrag = sub(reduziert, bezahlt);
    const skonto = sub(brutto, reduziert);
    if (compare(zahlbetrag, dec(0)) <= 0 || compare(skonto, dec(0)) <= 0) return [];
    return [
      {
        datum: stufe.datum,
        prozent: stufe.prozent,
        zahlbetrag: toNumber(zahlbetrag),
        skonto: toNumber(skonto),
      },
    ];
  });
}

/** The steps still open on `datum` (its day included), largest skonto first. */
export function skontoOffen(stufen: readonly SkontoAngebot[], datum: string): SkontoAngebot[] {
  return stufen.filter((stufe) => datum <= stufe.datum);
}

/**
 * The skonto step a payment of `betrag` on `datum` uses: one whose day is not past and whose amount to pay it
 * equals exactly (a later, smaller step counts too: paying 98 % within the 3 % days is the 2 % step). Null: a
 * plain payment.
 */
export function skontoFuer(
  stufen: readonly SkontoAngebot[],
  datum: string,
  betrag: number,
): SkontoAngebot | null {
  const wert = dec(betrag);
  return skontoOffen(stufen, datum).find((stufe) => compare(dec(stufe.zahlbetrag), wert) === 0) ?? null;
}

/** A VAT line of the document as the skonto split reads it (ZBelegMwst). */
export interface MwstAnteil {
  satz: number;
  kategorie: string;
  /** Taxable amount (BT-116). */
  basis: number;
  /** VAT amount (BT-117). */
  betrag: number;
}

/** The skonto of one VAT rate: its gross share, and the net and VAT in it (the VAT the skonto corrects). */
export interface SkontoMwst {
  satz: number;
  kategorie: string;
  brutto: number;
  netto: number;
  mwst: number;
}

const NULL = dec(0);

/** floor(a / b) for bigints (b ≠ 0), towards −∞. */
function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
}

const cents = (wert: Decimal): bigint => round(mul(wert, dec(100)), 0).units;
const ausCents = (wert: bigint): Decimal => dec(`${wert}e-2`);

/**
 * Splits a skonto amount over the document's VAT rates in proportion to each rate's gross (basis + VAT), exact to
 * the cent: every share is rounded down, and the cents left over go to the shares with the largest remainders
 * (ties: the order of the VAT lines) — so the shares always add up to the skonto exactly. Per share the VAT in it
 * is round(gross × rate / (100 + rate), 2) and the net the rest. No lines, or lines that add up to 0: one share at
 * the first line's rate (or 0 %).
 */
export function skontoAufteilen(skonto: number, mwst: readonly MwstAnteil[]): SkontoMwst[] {
  const gesamt = cents(dec(skonto));
  if (gesamt === 0n) return [];
  const gewichte = mwst.map((zeile) => cents(add(dec(zeile.basis), dec(zeile.betrag))));
  const summe = gewichte.reduce((a, b) => a + b, 0n);
  const anteile: bigint[] = [];
  if (summe === 0n) {
    anteile.push(gesamt);
  } else {
    const rest: { index: number; rest: bigint }[] = [];
    gewichte.forEach((gewicht, index) => {
      const zaehler = gesamt * gewicht;
      const anteil = floorDiv(zaehler, summe);
      anteile.push(anteil);
      // The remainder as a fraction of |summe|, compared across lines with the same denominator.
      const r = zaehler - anteil * summe;
      rest.push({ index, rest: summe < 0n ? -r : r });
    });
    let uebrig = gesamt - anteile.reduce((a, b) => a + b, 0n);
    rest.sort((a, b) => (a.rest === b.rest ? a.index - b.index : a.rest > b.rest ? -1 : 1));
    for (const { index } of rest) {
      if (uebrig <= 0n) break;
      anteile[index] = anteile[index]! + 1n;
      uebrig -= 1n;
    }
  }
  return anteile.map((anteil, index) => {
    const zeile = mwst[index] ?? { satz: 0, kategorie: "O" };
    const brutto = ausCents(anteil);
    const satz = dec(zeile.satz);
    const steuer = isZero(satz) ? NULL : div(mul(brutto, satz), add(dec(100), satz), 2);
    return {
      satz: zeile.satz,
      kategorie: zeile.kategorie,
      brutto: toNumber(brutto),
      netto: toNumber(sub(brutto, steuer)),
      mwst: toNumber(steuer),
    };
  });
}

/** An open document as a payment sees it. */
export interface ZahlungsPosten {
  id: number;
  /** The open amount now (restbetrag). */
  restbetrag: number;
  /** Its skonto steps (skontoStufen), empty when none apply. */
  skontoStufen: readonly SkontoAngebot[];
}

/** What the client asks: the payment's day and amount, optional shares per document, overpayment allowed or not. */
export interface ZahlungsAuftrag {
  zahlungsDatum: string;
  betrag: number;
  /** Per document (same order as the documents): the share it gets; absent = as much as it still needs. */
  anteile?: readonly (number | undefined)[];
  /** Keep what exceeds the documents' open amounts as credit on the customer (else refused). */
  ueberzahlung?: boolean;
}

/** One document's part of a payment. */
export interface Zuordnung {
  id: number;
  betrag: Decimal;
  skonto: Decimal;
  skontoProzent: number | null;
}

/** A field problem of the payment (400 fieldErrors; paths of the POST zahlung body). */
export interface ZahlungFehler {
  field: string;
  code: "overpayment" | "notOpen" | "required" | "min";
  min?: number;
  max?: number;
}

/** How a payment is split over its documents, what is left as overpayment, and the problems. */
export interface Verteilung {
  zuordnungen: Zuordnung[];
  ueberzahlung: Decimal;
  fehler: ZahlungFehler[];
}

/**
 * Splits a payment over open documents, in the given order.
 * - A document with a share gets it: the share must be at most its open amount (else `belegSet.i.betrag`
 *   "overpayment", max = the open amount) unless it equals the amount of a skonto step still open on the payment's
 *   day — then it settles the document and the difference is skonto.
 * - Without any shares, a payment that covers every open amount in full pays each in full (no skonto taken).
 * - A document without a share gets what it still needs — the amount of its best skonto step still open on that
 *   day, else its open amount — as far as the payment reaches; the last document gets what is left, up to its
 *   open amount (with skonto when that equals a step's amount: 98 % paid within the 3 % days is the 2 % step). One
 *   the payment does not reach at all is `belegSet.i.betrag` "required".
 * - A document with nothing open is `belegSet.i.id` "notOpen".
 * - The shares may not exceed the payment (`betrag` "min", min = their sum); what the payment exceeds them by is an
 *   overpayment — kept when `ueberzahlung`, else `betrag` "overpayment" (max = their sum).
 */
export function zahlungVerteilen(posten: readonly ZahlungsPosten[], auftrag: ZahlungsAuftrag): Verteilung {
  const fehler: ZahlungFehler[] = [];
  const zuordnungen: Zuordnung[] = [];
  let uebrig = dec(auftrag.betrag);
  let zugeteilt = NULL;
  // Enough for every open amount in full and no shares named: nobody takes skonto (it was not used).
  const vollstaendig =
    !auftrag.anteile?.some((anteil) => anteil !== undefined) &&
    compare(uebrig, summe(posten.map((p) => Math.max(p.restbetrag, 0)))) >= 0;
  posten.forEach((p, index) => {
    const offen = dec(p.restbetrag);
    if (compare(offen, NULL) <= 0) {
      fehler.push({ field: `belegSet.${index}.id`, code: "notOpen" });
      return;
    }
    const anteil = auftrag.anteile?.[index];
    let betrag: Decimal;
    let stufe: SkontoAngebot | null;
    if (anteil !== undefined) {
      betrag = dec(anteil);
      stufe = skontoFuer(p.skontoStufen, auftrag.zahlungsDatum, anteil);
      if (!stufe && compare(betrag, offen) > 0) {
        fehler.push({ field: `belegSet.${index}.betrag`, code: "overpayment", max: toNumber(offen) });
        return;
      }
    } else if (vollstaendig) {
      betrag = offen;
      stufe = null;
    } else if (index < posten.length - 1) {
      // Not the last document: what it needs, with skonto when a step is open (the next ones get the rest).
      const beste = skontoOffen(p.skontoStufen, auftrag.zahlungsDatum)[0];
      const noetig = beste ? dec(beste.zahlbetrag) : offen;
      betrag = compare(uebrig, noetig) < 0 ? uebrig : noetig;
      stufe = beste && compare(betrag, noetig) === 0 ? beste : null;
    } else {
      // The last document: whatever is left, up to its open amount — skonto when that is a step's amount.
      betrag = compare(uebrig, offen) < 0 ? uebrig : offen;
      stufe = skontoFuer(p.skontoStufen, auftrag.zahlungsDatum, toNumber(betrag));
    }
    if (anteil === undefined && compare(betrag, NULL) <= 0) {
      fehler.push({ field: `belegSet.${index}.betrag`, code: "required" });
      return;
    }
    const skonto = stufe ? sub(offen, betrag) : NULL;
    zuordnungen.push({ id: p.id, betrag, skonto, skontoProzent: stufe ? stufe.prozent : null });
    uebrig = sub(uebrig, betrag);
    zugeteilt = add(zugeteilt, betrag);
  });
  let ueberzahlung = NULL;
  if (fehler.length === 0) {
    if (compare(uebrig, NULL) < 0) fehler.push({ field: "betrag", code: "min", min: toNumber(zugeteilt) });
    else if (compare(uebrig, NULL) > 0) {
      if (auftrag.ueberzahlung) ueberzahlung = uebrig;
      else fehler.push({ field: "betrag", code: "overpayment", max: toNumber(zugeteilt) });
    }
  }
  return { zuordnungen, ueberzahlung, fehler };
}

/** The sum of amounts, exact (open balances, totals of a selection). */
export function summe(betraege: readonly number[]): Decimal {
  return betraege.reduce<Decimal>((acc, betrag) => add(acc, dec(betrag)), NULL);
}
