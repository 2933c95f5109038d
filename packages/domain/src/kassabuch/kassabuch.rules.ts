import { daysInMonth, parseIsoDate } from "../date/calendar.ts";
import { add, compare, type Decimal, dec, sub } from "../money/decimal.ts";
import type { TKassabuchAbschlussArt, TKassabuchTyp } from "./kassabuch.codes.ts";

/**
 * The cash book's balance rules (issue 17), pure — the API computes the same in SQL (kassabuch.repository.ts) and
 * the property tests hold the two against each other.
 *
 * The tenant's settings (SPEC §3 Tenant):
 * - `kassaBetrag`: the opening balance (null = 0), the cash in the register at the start of the book.
 * - `kassaStartdatum`: the day the book starts. No entry may be dated before it — what happened before is in the
 *   opening balance. Without a start date the book has no lower bound.
 * - `kassaStartZeroYear`: every calendar year starts at zero (the year's cash is taken out at its end), except the
 *   year of `kassaStartdatum`, which starts at `kassaBetrag`. Without a start date every year starts at zero. Off:
 *   the book is one run from the opening balance, carried across years.
 *
 * A "segment" is a run of the book with its own opening balance: one calendar year when years start at zero,
 * otherwise the whole book. The book's order is date, then id (a new entry goes after the day's earlier ones).
 * The running balance after an entry is the segment's opening plus the signed amounts up to it.
 *
 * The invariant the API keeps (the balance guard): no running balance is ever negative, at any day. An expense
 * dated D lowers the balance at the end of D and every running balance after D in its segment, so it is allowed
 * only up to `hoechsteAusgabe` — the least of those balances. Back-dating an expense before later expenses cannot
 * make a later balance negative. Income never breaks the invariant.
 *
 * - `actualBalance`: the balance at the end of today.
 * - `completeBalance`: the balance after every entry, future-dated ones included (the end of the later of today
 *   and the last entry's day).
 */

export interface KassaEinstellungen {
  kassaBetrag: number | string | null;
  kassaStartdatum: string | null;
  kassaStartZeroYear: boolean;
}

export interface KassaBuchung {
  id: number;
  date: string;
  typ: TKassabuchTyp;
  betrag: number | string;
}

const NULL = dec(0);
const jahr = (iso: string) => parseIsoDate(iso).year;

/** The segment of a day: its year when years start at zero, otherwise 0 (one segment). */
export function abschnitt(e: KassaEinstellungen, date: string): number {
  return e.kassaStartZeroYear ? jahr(date) : 0;
}

/** The first day of the segment of a day (null: the book's beginning). */
export function abschnittBeginn(e: KassaEinstellungen, date: string): string | null {
  return e.kassaStartZeroYear ? `${String(jahr(date)).padStart(4, "0")}-01-01` : null;
}

/** The last day of the segment of a day (null: no end). */
export function abschnittEnde(e: KassaEinstellungen, date: string): string | null {
  return e.kassaStartZeroYear ? `${String(jahr(date)).padStart(4, "0")}-12-31` : null;
}

/** The opening balance of a segment (by one of its days). */
export function eroeffnung(e: KassaEinstellungen, date: string): Decimal {
  const betrag = e.kassaBetrag === null ? NULL : dec(e.kassaBetrag);
  if (!e.kassaStartZeroYear) return betrag;
  return e.kassaStartdatum !== null && jahr(e.kassaStartdatum) === jahr(date) ? betrag : NULL;
}

/** An entry's amount with the sign its type gives it. */
export function vorzeichenBetrag(buchung: Pick<KassaBuchung, "typ" | "betrag">): Decimal {
  const betrag = dec(buchung.betrag);
  return buchung.typ === "einnahme" ? betrag : sub(NULL, betrag);
}

/** The book's order: date, then id. */
export function buchungsOrdnung(a: Pick<KassaBuchung, "date" | "id">, b: Pick<KassaBuchung, "date" | "id">) {
  return a.date < b.date ? -1 : a.date > b.date ? 1 : a.id - b.id;
}

/** Every entry in the book's order with the running balance after it. */
export function laufendeSalden<B extends KassaBuchung>(
  e: KassaEinstellungen,
  buchungen: readonly B[],
): { buchung: B; saldo: Decimal }[] {
  const sortiert = [...buchungen].sort(buchungsOrdnung);
  const ergebnis: { buchung: B; saldo: Decimal }[] = [];
  let segment: number | undefined;
  let saldo = NULL;
  for (const buchung of sortiert) {
    const hier = abschnitt(e, buchung.date);
    if (hier !== segment) {
      segment = hier;
      saldo = eroeffnung(e, buchung.date);
    }
    saldo = add(saldo, vorzeichenBetrag(buchung));
    ergebnis.push({ buchung, saldo });
  }
  return ergebnis;
}

const summe = (buchungen: readonly KassaBuchung[]) =>
  buchungen.reduce((s, b) => add(s, vorzeichenBetrag(b)), NULL);

/** The balance at the end of a day. */
export function saldoAm(e: KassaEinstellungen, buchungen: readonly KassaBuchung[], date: string): Decimal {
  const segment = abschnitt(e, date);
  return add(
    eroeffnung(e, date),
    summe(buchungen.filter((b) => abschnitt(e, b.date) === segment && b.date <= date)),
  );
}

/** The balance at the start of a day (before its entries). */
export function saldoVor(e: KassaEinstellungen, buchungen: readonly KassaBuchung[], date: string): Decimal {
  const segment = abschnitt(e, date);
  return add(
    eroeffnung(e, date),
    summe(buchungen.filter((b) => abschnitt(e, b.date) === segment && b.date < date)),
  );
}

/**
 * The largest expense that may be dated `date`: the least of the balance at the end of that day (the new entry
 * goes after the day's others) and every running balance after that day in its segment.
 */
export function hoechsteAusgabe(
  e: KassaEinstellungen,
  buchungen: readonly KassaBuchung[],
  date: string,
): Decimal {
  const segment = abschnitt(e, date);
  let kleinster = saldoAm(e, buchungen, date);
  for (const { buchung, saldo } of laufendeSalden(e, buchungen))
    if (buchung.date > date && abschnitt(e, buchung.date) === segment && compare(saldo, kleinster) < 0)
      kleinster = saldo;
  return kleinster;
}

/** Whether an entry keeps the invariant: income always, an expense up to hoechsteAusgabe. */
export function buchungMoeglich(
  e: KassaEinstellungen,
  buchungen: readonly KassaBuchung[],
  neu: Pick<KassaBuchung, "date" | "typ" | "betrag">,
): boolean {
  return neu.typ === "einnahme" || compare(dec(neu.betrag), hoechsteAusgabe(e, buchungen, neu.date)) <= 0;
}

/** Why a day cannot take an entry: before the book's start, or in a closed period; null when it can. */
export function datumsSperre(
  e: Pick<KassaEinstellungen, "kassaStartdatum">,
  abgeschlossenBis: string | null,
  date: string,
): "beforeKassaStart" | "periodClosed" | null {
  if (e.kassaStartdatum !== null && date < e.kassaStartdatum) return "beforeKassaStart";
  if (abgeschlossenBis !== null && date <= abgeschlossenBis) return "periodClosed";
  return null;
}

/** The last day a close covers: the day itself, or the last day of its month. */
export function abschlussBis(art: TKassabuchAbschlussArt, datum: string): string {
  if (art === "tag") return datum;
  const { year, month } = parseIsoDate(datum);
  return `${datum.slice(0, 8)}${String(daysInMonth(year, month)).padStart(2, "0")}`;
}

/** The day the book's balances end: the later of today and the last entry's day. */
export function letzterTag(buchungen: readonly Pick<KassaBuchung, "date">[], heute: string): string {
  return buchungen.reduce((spaetester, b) => (b.date > spaetester ? b.date : spaetester), heute);
}

export interface KassaZeitraum {
  anfangsbestand: Decimal;
  einnahmen: Decimal;
  ausgaben: Decimal;
  endbestand: Decimal;
  jahreswechsel: boolean;
}

/**
 * A period's summary: the balance before `von` (without von: the opening of the book's first segment — of the
 * start date's year, else of the first entry's), the income and expense dated in the period, the balance at the
 * end of `bis` (without bis: the complete balance). When years start at zero and the period crosses one,
 * `jahreswechsel` is set: the closing balance then is not opening + income − expense.
 */
export function zeitraum(
  e: KassaEinstellungen,
  buchungen: readonly KassaBuchung[],
  von: string | null,
  bis: string | null,
  heute: string,
): KassaZeitraum {
  const ersterTag =
    von ??
    e.kassaStartdatum ??
    buchungen.reduce<string | null>((f, b) => (f === null || b.date < f ? b.date : f), null);
  const letzter = bis ?? letzterTag(buchungen, heute);
  const drin = buchungen.filter((b) => (von === null || b.date >= von) && (bis === null || b.date <= bis));
  const anfangsbestand =
    ersterTag === null
      ? eroeffnung(e, heute)
      : von === null
        ? eroeffnung(e, ersterTag)
        : saldoVor(e, buchungen, von);
  return {
    anfangsbestand,
    einnahmen: summe(drin.filter((b) => b.typ === "einnahme")),
    ausgaben: sub(NULL, summe(drin.filter((b) => b.typ === "ausgabe"))),
    endbestand: saldoAm(e, buchungen, letzter),
    jahreswechsel:
      e.kassaStartZeroYear && ersterTag !== null && jahr(ersterTag) !== jahr(letzter) && ersterTag < letzter,
  };
}
