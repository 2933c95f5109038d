import { BUSINESS_TIME_ZONE, parseIsoDate, todayIso } from "@kontor/domain/date/calendar";
import type { TBelegnummerkreis, TRechnungskreis } from "@kontor/domain/nummernkreis/nummernkreis.schema";
import {
  DEFAULT_NUMBER_PATTERN,
  formatNumber,
  type NumberDate,
  nextSequence,
  numberRegex,
  previewNumber,
  printsYear,
  type SequenceState,
} from "@kontor/domain/nummernkreis/nummernmuster.rules";
import type { TBelegsTyp } from "@kontor/domain/typen/typen";
import { and, arrayContains, arrayOverlaps, asc, eq, ne, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Tx } from "../../db/client.ts";
import {
  beleg,
  belegnummerkreis,
  currentMandant,
  mandant,
  rechnungskreis,
  TENANT_SETTING,
} from "../../db/schema/index.ts";
import { ProblemError } from "../../http/problem.ts";

/**
 * Number circles at work (DESIGN §6): the allocation engine the finalizing transaction of a document calls, the
 * preview the circle forms show, and the rules of saving a circle. No HTTP route allocates.
 */

/** A circle to draw from: a document number circle (belegnummerkreis) or an invoice circle (rechnungskreis). */
export type NumberCircleRef = { kreis: "beleg" | "rechnung"; id: number };

/** How each kind of circle stores its state: the columns read under the row lock and the values written back. */
const CIRCLES = {
  beleg: {
    table: belegnummerkreis,
    columns: {
      pattern: belegnummerkreis.nummernkreisPattern,
      last: belegnummerkreis.lastNummer,
      lastJahr: belegnummerkreis.lastJahr,
      first: sql<number>`1`,
      nummerProJahr: belegnummerkreis.nummerProJahr,
    },
    store: (last: number, lastJahr: number) => ({ lastNummer: last, lastJahr }),
  },
  rechnung: {
    table: rechnungskreis,
    columns: {
      pattern: rechnungskreis.rechnungsnummernPattern,
      last: rechnungskreis.lastRechnungsnummer,
      lastJahr: rechnungskreis.lastJahr,
      first: rechnungskreis.firstRechnungsnummer,
      nummerProJahr: rechnungskreis.nummerProJahr,
    },
    store: (last: number, lastJahr: number) => ({ lastRechnungsnummer: last, lastJahr }),
  },
} as const;

/**
 * Gives the next number of a circle, inside the caller's transaction (the one that finalizes the document): the
 * circle's row is locked (`FOR UPDATE`) until that transaction ends, so concurrent callers, in this process or
 * another, wait and each gets the following number; a rollback gives the number back, so no gaps and no
 * duplicates. `date` is the document's date (year and month; `parseIsoDate(belegDatum)` fits). 404 when the
 * circle does not exist in the tenant; 409 error.conflict for a date in a year before the circle's last number
 * when the circle restarts every year (that year's sequence is closed; restarting would repeat its numbers).
 */
export async function allocateNumber(tx: Tx, circle: NumberCircleRef, date: NumberDate): Promise<string> {
  const { table, columns, store } = CIRCLES[circle.kreis];
  const [row] = (await tx
    .select(columns)
    .from(table as typeof belegnummerkreis)
    .where(eq(table.id, circle.id))
    .for("update")) as Array<SequenceState & { pattern: string }>;
  if (!row) throw new ProblemError(404, "error.notFound", `No ${circle.kreis} number circle ${circle.id}`);
  if (row.nummerProJahr && row.lastJahr !== null && date.year < row.lastJahr)
    return numberOfEarlierYear(tx, row.pattern, date, row.lastJahr);
  const { sequence, jahr } = nextSequence(row, date.year);
  const number = formatNumber(row.pattern, { sequence, date });
  await tx
    .update(table)
    .set(store(sequence, jahr) as never)
    .where(eq(table.id, circle.id));
  return number;
}

/**
 * A document dated in a year before the one the circle already gives numbers of — December's invoices finalized in
 * January, a storno of January beside them — continues that year's sequence: the highest number the pattern gave in
 * that year plus one (1 when none), under the same row lock, so still without gaps or duplicates. The circle's
 * state (this year's counter) stays. Only a pattern that prints the year can do this; for one without, the old
 * year's sequence would repeat this year's numbers: 409 error.conflict.
 */
async function numberOfEarlierYear(tx: Tx, pattern: string, date: NumberDate, lastJahr: number) {
  if (!printsYear(pattern))
    throw new ProblemError(409, "error.conflict", `The number circle already gives numbers of ${lastJahr}`);
  const issued = await hoechsteVergebeneNummer(tx, pattern, date.year);
  return formatNumber(pattern, { sequence: (issued?.sequence ?? 0) + 1, date });
}

/**
 * Gives the next number for a document type from the tenant's number circle of that type (see allocateNumber).
 * 404 error.notFound when no circle of the tenant has the type.
 */
export async function allocateForBelegsTyp(tx: Tx, typ: TBelegsTyp, date: NumberDate): Promise<string> {
  const [circle] = await tx
    .select({ id: belegnummerkreis.id })
    .from(belegnummerkreis)
    .where(arrayContains(belegnummerkreis.belegsTyps, [typ]))
    .limit(1);
  if (!circle) throw new ProblemError(404, "error.notFound", `No number circle for document type "${typ}"`);
  return allocateNumber(tx, { kreis: "beleg", id: circle.id }, date);
}

/** The prefix of the document number circle made for a type on its first finalization (AN-2026-00001). */
const STANDARD_PREFIX: Readonly<Record<TBelegsTyp, string>> = {
  angebot: "AN-",
  auftragsbestaetigung: "AB-",
  lieferschein: "LS-",
  rechnung: "",
  gutschrift: "",
  storno: "",
  proformarechnung: "PR-",
  barrechnung: "",
  bestellung: "BE-",
};

/**
 * The number a document gets at finalization (DESIGN §6), in the finalizing transaction: invoices, credit notes,
 * cancellations and cash invoices from the tenant's invoice circle (the first; one named "Standard" is made on the
 * first finalization when the tenant has none, restarting yearly as the tenant's rechnungsNummerProJahr says),
 * every other type from the document number circle of its type (one is made for the type when missing, with a
 * prefix per type). Making a circle is serialised per tenant, so two first finalizations make one circle.
 */
/**
 * The invoice circle invoices draw their numbers from: the tenant's first (lowest id). Its RKSV register (if any)
 * signs the cash invoices (issue 18).
 */
export const rechnungskreisDerRechnungen = (tx: Tx, id?: number) =>
  tx
    .select({
      id: rechnungskreis.id,
      rksv: rechnungskreis.rksv,
      barRechnungOhneRksv: rechnungskreis.barRechnungOhneRksv,
    })
    .from(rechnungskreis)
    // With an id: that circle (its RKSV flags), else the first.
    .where(id === undefined ? undefined : eq(rechnungskreis.id, id))
    .orderBy(asc(rechnungskreis.id))
    .limit(1);

export async function allocateBelegNummer(
  tx: Tx,
  typ: TBelegsTyp,
  quelle: "rechnungskreis" | "belegnummerkreis",
  date: NumberDate,
): Promise<string> {
  if (quelle === "rechnungskreis") {
    const erster = () => rechnungskreisDerRechnungen(tx);
    let [circle]: { id: number }[] = await erster();
    if (!circle) {
      await lockSaves(tx, "rechnungskreis");
      [circle] = await erster();
      if (!circle) {
        const [tenant] = await tx
          .select({ proJahr: mandant.rechnungsNummerProJahr })
          .from(mandant)
          .where(eq(mandant.id, currentMandant));
        [circle] = await tx
          .insert(rechnungskreis)
          .values({
            rechnungskreisName: "Standard",
            rechnungsnummernPattern: DEFAULT_NUMBER_PATTERN,
            nummerProJahr: tenant?.proJahr ?? true,
          })
          .returning({ id: rechnungskreis.id });
      }
    }
    return allocateNumber(tx, { kreis: "rechnung", id: circle!.id }, date);
  }
  const fuerTyp = () =>
    tx
      .select({ id: belegnummerkreis.id })
      .from(belegnummerkreis)
      .where(arrayContains(belegnummerkreis.belegsTyps, [typ]))
      .orderBy(asc(belegnummerkreis.id))
      .limit(1);
  let [circle] = await fuerTyp();
  if (!circle) {
    await lockSaves(tx, "belegnummerkreis");
    [circle] = await fuerTyp();
    if (!circle)
      [circle] = await tx
        .insert(belegnummerkreis)
        .values({
          belegsTyps: [typ],
          nummernkreisPattern: `${STANDARD_PREFIX[typ]}${DEFAULT_NUMBER_PATTERN}`,
        })
        .returning({ id: belegnummerkreis.id });
  }
  return allocateNumber(tx, { kreis: "beleg", id: circle!.id }, date);
}

/** Year and month of today in the business time zone (Vienna), whatever the server's time zone. */
export function todayNumberDate(now: Date = new Date(), timeZone = BUSINESS_TIME_ZONE): NumberDate {
  const { year, month } = parseIsoDate(todayIso(now, timeZone));
  return { year, month };
}

/** The next number as it would be printed today: shown in the circle forms, nothing is taken. */
export function previewToday(pattern: string, state: SequenceState): string {
  return previewNumber(pattern, state, todayNumberDate());
}

/**
 * The year stored with a counter an admin set by hand: the number was given this year, so the next one follows it
 * (without a year the next number would restart at 1 in a yearly circle); 0 means none given yet.
 */
export function manualLastJahr(last: number): number | null {
  return last > 0 ? todayNumberDate().year : null;
}

/**
 * Serializes the saves of one kind of circle in a tenant for the rest of the transaction, so two admins saving at
 * once cannot both pass a uniqueness check the table has no index for (a transaction-level advisory lock).
 */
async function lockSaves(tx: Tx, kind: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`${kind}:`} || current_setting(${TENANT_SETTING}), 0))`,
  );
}

const uniqueError = (field: string) =>
  new ProblemError(400, "error.validation", undefined, [{ field, code: "unique" }]);
const otherThan = (id: number | undefined, column: PgColumn) =>
  id === undefined ? undefined : ne(column, id);

/**
 * Before a number circle is saved: each document type belongs to one circle of the tenant only (400 belegsTyps
 * "unique"); a counter changed by hand gets this year (see manualLastJahr) and may not lie below a number already
 * given (see zaehlerPruefen).
 */
export async function beforeSaveBelegnummerkreis(tx: Tx, entity: TBelegnummerkreis) {
  await lockSaves(tx, "belegnummerkreis");
  const { id, lastNummer } = entity;
  const circle = belegnummerkreis;
  const stored =
    id === undefined
      ? undefined
      : await prepareUpdate(tx, circle, id, circle.lastNummer, circle.nummernkreisPattern, lastNummer);
  if (stored === null) return; // no such circle: the update finds nothing, 404
  const clash = await tx
    .select({ id: belegnummerkreis.id })
    .from(belegnummerkreis)
    .where(
      and(arrayOverlaps(belegnummerkreis.belegsTyps, entity.belegsTyps), otherThan(id, belegnummerkreis.id)),
    )
    .limit(1);
  if (clash.length > 0) throw uniqueError("belegsTyps");
  jahrImMuster(entity.nummernkreisPattern, entity.nummerProJahr);
  await zaehlerPruefen(
    tx,
    { pattern: entity.nummernkreisPattern, last: lastNummer, first: 1, nummerProJahr: entity.nummerProJahr },
    stored,
    "lastNummer",
  );
}

/**
 * Before an invoice circle is saved: its name is unique in the tenant, ignoring case (400 rechnungskreisName
 * "unique": documents pick the circle by name); a counter changed by hand gets this year and may not lie below a
 * number already given (see zaehlerPruefen).
 */
export async function beforeSaveRechnungskreis(tx: Tx, entity: TRechnungskreis) {
  await lockSaves(tx, "rechnungskreis");
  const { id, lastRechnungsnummer } = entity;
  const circle = rechnungskreis;
  const stored =
    id === undefined
      ? undefined
      : await prepareUpdate(
          tx,
          circle,
          id,
          circle.lastRechnungsnummer,
          circle.rechnungsnummernPattern,
          lastRechnungsnummer,
        );
  if (stored === null) return;
  const clash = await tx
    .select({ id: rechnungskreis.id })
    .from(rechnungskreis)
    .where(
      and(
        sql`lower(${rechnungskreis.rechnungskreisName}) = lower(${entity.rechnungskreisName})`,
        otherThan(id, rechnungskreis.id),
      ),
    )
    .limit(1);
  if (clash.length > 0) throw uniqueError("rechnungskreisName");
  jahrImMuster(entity.rechnungsnummernPattern, entity.nummerProJahr);
  await zaehlerPruefen(
    tx,
    {
      pattern: entity.rechnungsnummernPattern,
      last: lastRechnungsnummer,
      first: entity.firstRechnungsnummer,
      nummerProJahr: entity.nummerProJahr,
    },
    stored,
    "lastRechnungsnummer",
  );
}

/** What an update found of a circle before changing it: the counter, its year and the pattern. */
type StoredCircle = { last: number; lastJahr: number | null; pattern: string };

/**
 * Locks the circle an update is about to change (allocations wait for the admin's save, and the other way round)
 * and, when its counter was changed by hand, stores this year with it; a plain edit leaves the year alone.
 * Answers the circle as it was; null when the tenant has no such circle.
 */
async function prepareUpdate(
  tx: Tx,
  table: typeof belegnummerkreis | typeof rechnungskreis,
  id: number,
  counter: PgColumn,
  pattern: PgColumn,
  last: number,
): Promise<StoredCircle | null> {
  const circle = table as typeof belegnummerkreis;
  const [row] = (await tx
    .select({ last: counter, lastJahr: circle.lastJahr, pattern })
    .from(circle)
    .where(eq(circle.id, id))
    .for("update")) as StoredCircle[];
  if (!row) return null;
  if (row.last !== last)
    await tx
      .update(circle)
      .set({ lastJahr: manualLastJahr(last) })
      .where(eq(circle.id, id));
  return row;
}

/**
 * The highest number among the tenant's documents that `pattern` gives in `year` (any month), with its sequence
 * number; undefined when there is none. Whichever circle gave it, the number is taken: the unique index refuses a
 * second document with it.
 */
/**
 * A circle that restarts every year must print the year: else the new year's numbers repeat the old year's, and every
 * finalization is refused once it reaches a taken one. 400 at nummerProJahr, code "yearMissing".
 */
function jahrImMuster(pattern: string, nummerProJahr: boolean) {
  if (nummerProJahr && !printsYear(pattern))
    throw new ProblemError(400, "error.validation", "A circle that restarts every year must print the year", [
      { field: "nummerProJahr", code: "yearMissing" },
    ]);
}

export async function hoechsteVergebeneNummer(
  tx: Tx,
  pattern: string,
  year: number,
): Promise<{ nummer: string; sequence: number } | undefined> {
  const regex = numberRegex(pattern, year);
  if (regex === undefined) return undefined;
  const sequence = sql`substring(${beleg.belegNummer} from ${regex})::numeric`;
  const [row] = await tx
    .select({ nummer: beleg.belegNummer, sequence: sql<string>`${sequence}::text` })
    .from(beleg)
    .where(sql`${beleg.belegNummer} ~ ${regex}`)
    .orderBy(sql`${sequence} desc`)
    .limit(1);
  return row?.nummer ? { nummer: row.nummer, sequence: Number(row.sequence) } : undefined;
}

/**
 * A circle's counter may not lie below a number already given (issue 33): the next number it gives today would be
 * taken, and every finalization would answer 409 until someone found out why. Checked for a new circle and when the
 * counter or the pattern changes (a plain edit of the name or the flags is not refused for what it did not touch):
 * the next sequence number as the circle will give it this year must lie above the highest number of this year's
 * documents that the pattern gives. Else 400 at the counter's field, code "belowIssued" with `min` = that number's
 * sequence (the lowest counter allowed), the number itself in the detail.
 */
async function zaehlerPruefen(
  tx: Tx,
  circle: { pattern: string; last: number; first: number; nummerProJahr: boolean },
  stored: StoredCircle | undefined,
  field: string,
): Promise<void> {
  const counterChanged = stored === undefined || stored.last !== circle.last;
  if (!counterChanged && stored.pattern === circle.pattern) return;
  const { year } = todayNumberDate();
  const issued = await hoechsteVergebeneNummer(tx, circle.pattern, year);
  if (!issued) return;
  const { sequence } = nextSequence(
    {
      last: circle.last,
      lastJahr: counterChanged ? manualLastJahr(circle.last) : stored.lastJahr,
      first: circle.first,
      nummerProJahr: circle.nummerProJahr,
    },
    year,
  );
  if (sequence > issued.sequence) return;
  throw new ProblemError(
    400,
    "error.validation",
    `Number ${issued.nummer} has already been given: the counter must be at least ${issued.sequence}`,
    [{ field, code: "belowIssued", min: issued.sequence }],
  );
}
