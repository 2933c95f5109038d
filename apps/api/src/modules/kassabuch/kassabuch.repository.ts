import type { TKassabuchTyp } from "@kontor/domain/kassabuch/kassabuch.codes";
import {
  abschnitt,
  eroeffnung,
  type KassaEinstellungen,
  letzterTag,
} from "@kontor/domain/kassabuch/kassabuch.rules";
import type { TKassabuchEintrag, TKassabuchQuery } from "@kontor/domain/kassabuch/kassabuch.schema";
import { anzeigename } from "@kontor/domain/kunde/kunde.rules";
import { add, compare, type Decimal, dec, toFixedString, toNumber } from "@kontor/domain/money/decimal";
import { and, eq, type SQL, sql } from "drizzle-orm";
import { queryRows, type Tx } from "../../db/client.ts";
import {
  kassabuchAbschluss,
  kassabuchEintrag,
  kunde,
  mandant,
  mehrwertssteuer,
} from "../../db/schema/index.ts";
import { currentMandant } from "../../db/schema/tenant.ts";

/**
 * The cash book in SQL (Drizzle and a few statements of its own). Balances are summed from the entries, never
 * stored; the rules are those of packages/domain kassabuch.rules.ts (segments, openings, the guard), computed here
 * so a page stays a few statements. Every writer first takes the tenant's cash-book lock (`sperren`).
 */

const NULL = dec(0);
const zahl = (value: string | null | undefined) =>
  value === null || value === undefined ? NULL : dec(value);
const segmentBeginn = (e: KassaEinstellungen, date: string) =>
  e.kassaStartZeroYear ? `${date.slice(0, 4)}-01-01` : null;
const segmentEnde = (e: KassaEinstellungen, date: string) =>
  e.kassaStartZeroYear ? `${date.slice(0, 4)}-12-31` : null;

/** The signed amount of an entry row (alias k). */
const signiert = sql.raw(`CASE WHEN k.typ = 'einnahme' THEN k.betrag ELSE -k.betrag END`);

/**
 * Serializes the cash-book writes of the tenant: one transaction-scoped advisory lock per tenant (the key
 * 'kassabuch:<id>', as beleg_anzahl locks per tenant), so the balance a writer checks is the balance it commits
 * on — across connections and processes. Readers do not take it. PGlite has one connection, so its transactions
 * run one after another anyway.
 */
export async function sperren(tx: Tx): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended('kassabuch:' || ${currentMandant}, 0))`);
}

/** The tenant's cash settings (SPEC §3 Tenant kassaBetrag, kassaStartdatum, kassaStartZeroYear). */
export async function einstellungen(tx: Tx): Promise<KassaEinstellungen> {
  const [row] = await tx
    .select({
      kassaBetrag: sql<string | null>`${mandant.kassaBetrag}::text`,
      kassaStartdatum: mandant.kassaStartdatum,
      kassaStartZeroYear: mandant.kassaStartZeroYear,
    })
    .from(mandant)
    .where(eq(mandant.id, currentMandant));
  return {
    kassaBetrag: row?.kassaBetrag ?? null,
    kassaStartdatum: row?.kassaStartdatum ?? null,
    kassaStartZeroYear: row?.kassaStartZeroYear ?? false,
  };
}

/** The tenant's name (the export's heading). */
export async function mandantName(tx: Tx): Promise<string> {
  const [row] = await tx
    .select({ name: mandant.bezeichnung })
    .from(mandant)
    .where(eq(mandant.id, currentMandant));
  return row?.name ?? "";
}

/** The last closed day (null: nothing closed). */
export async function abgeschlossenBis(tx: Tx): Promise<string | null> {
  const [row] = await tx
    .select({ bis: sql<string | null>`max(${kassabuchAbschluss.bis})::text` })
    .from(kassabuchAbschluss);
  return row?.bis ?? null;
}

async function einWert(tx: Tx, query: SQL): Promise<Record<string, string | null>> {
  const [row] = await queryRows<Record<string, string | null>>(tx, query);
  return row ?? {};
}

/** The balance at the end of a day (its segment's opening plus the segment's entries up to that day). */
export async function saldoAm(tx: Tx, e: KassaEinstellungen, date: string): Promise<Decimal> {
  const beginn = segmentBeginn(e, date);
  const row = await einWert(
    tx,
    sql`SELECT sum(${signiert})::text AS s FROM kassabuch_eintrag k
         WHERE k.datum <= ${date}::date ${beginn ? sql`AND k.datum >= ${beginn}::date` : sql``}`,
  );
  return add(eroeffnung(e, date), zahl(row.s));
}

/** The balance at the start of a day (before its entries). */
export async function saldoVor(tx: Tx, e: KassaEinstellungen, date: string): Promise<Decimal> {
  const beginn = segmentBeginn(e, date);
  const row = await einWert(
    tx,
    sql`SELECT sum(${signiert})::text AS s FROM kassabuch_eintrag k
         WHERE k.datum < ${date}::date ${beginn ? sql`AND k.datum >= ${beginn}::date` : sql``}`,
  );
  return add(eroeffnung(e, date), zahl(row.s));
}

/**
 * The largest expense that may be dated `date` (kassabuch.rules.ts hoechsteAusgabe): the least of the balance at
 * the end of that day and every running balance after it in its segment — one pass over the segment's entries.
 */
export async function hoechsteAusgabe(tx: Tx, e: KassaEinstellungen, date: string): Promise<Decimal> {
  const beginn = segmentBeginn(e, date);
  const ende = segmentEnde(e, date);
  const row = await einWert(
    tx,
    sql`SELECT (coalesce(sum(x.s) FILTER (WHERE x.datum <= ${date}::date), 0))::text AS bis_tag,
               (min(x.lauf) FILTER (WHERE x.datum > ${date}::date))::text AS danach
          FROM (SELECT k.datum, ${signiert} AS s, sum(${signiert}) OVER (ORDER BY k.datum, k.id) AS lauf
                  FROM kassabuch_eintrag k
                 WHERE true ${beginn ? sql`AND k.datum >= ${beginn}::date` : sql``}
                       ${ende ? sql`AND k.datum <= ${ende}::date` : sql``}) x`,
  );
  const bisTag = zahl(row.bis_tag);
  const kleinster =
    row.danach !== null && row.danach !== undefined && compare(dec(row.danach), bisTag) < 0
      ? dec(row.danach)
      : bisTag;
  return add(eroeffnung(e, date), kleinster);
}

export interface NeuerEintrag {
  datum: string;
  belegnummer: string | null;
  kontonummer: string | null;
  text: string;
  lieferantId: number | null;
  typ: TKassabuchTyp;
  mehrwertssteuerId: number | null;
  mwst: string | null;
  betrag: string;
  belegId: number | null;
  korrekturVon: number | null;
  erfasstVon: number;
  erfasstLogin: string;
}

export async function eintragen(tx: Tx, eintrag: NeuerEintrag): Promise<number> {
  const [row] = await tx.insert(kassabuchEintrag).values(eintrag).returning({ id: kassabuchEintrag.id });
  return row!.id;
}

/** A supplier of the tenant (a customer record flagged lieferant), or undefined. */
export async function lieferantGibtEs(tx: Tx, id: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: kunde.id })
    .from(kunde)
    .where(and(eq(kunde.id, id), eq(kunde.lieferant, true)));
  return row !== undefined;
}

/** The rate of one of the tenant's VAT rates, or undefined. */
export async function mwstSatz(tx: Tx, id: number): Promise<string | undefined> {
  const [row] = await tx
    .select({ mwst: sql<string>`${mehrwertssteuer.mwst}::text` })
    .from(mehrwertssteuer)
    .where(eq(mehrwertssteuer.id, id));
  return row?.mwst;
}

/** One stored entry (for corrections), or undefined. */
export async function eintragRoh(tx: Tx, id: number) {
  const [row] = await tx.select().from(kassabuchEintrag).where(eq(kassabuchEintrag.id, id));
  if (!row) return undefined;
  const [korrektur] = await tx
    .select({ id: kassabuchEintrag.id })
    .from(kassabuchEintrag)
    .where(eq(kassabuchEintrag.korrekturVon, id));
  return { ...row, korrigiertDurch: korrektur?.id ?? null };
}

/** Every entry of the book as the pure rules take them (checking new cash settings). */
export async function alleBuchungen(tx: Tx) {
  const rows = await tx
    .select({
      id: kassabuchEintrag.id,
      date: kassabuchEintrag.datum,
      typ: kassabuchEintrag.typ,
      betrag: kassabuchEintrag.betrag,
    })
    .from(kassabuchEintrag);
  return rows;
}

/** The entries a document posted (to counter them on its storno). */
export async function eintraegeVonBeleg(tx: Tx, belegId: number) {
  return tx
    .select()
    .from(kassabuchEintrag)
    .where(eq(kassabuchEintrag.belegId, belegId))
    .orderBy(kassabuchEintrag.id);
}

export async function abschliessen(
  tx: Tx,
  values: { art: "tag" | "monat"; bis: string; saldo: string; erstelltVon: number; erstelltLogin: string },
) {
  const [row] = await tx.insert(kassabuchAbschluss).values(values).returning();
  return row!;
}

// ---------------------------------------------------------------------------------------------------------------
// Reading the book: rows with running balances, and the summary

interface Zeile {
  id: string;
  datum: string;
  belegnummer: string | null;
  kontonummer: string | null;
  text: string;
  lieferant_id: string | null;
  lf_firma: string | null;
  lf_bezeichnung: string | null;
  lf_vorname: string | null;
  lf_nachname: string | null;
  lf_geschlecht: string | null;
  typ: TKassabuchTyp;
  mehrwertssteuer_id: string | null;
  mwst: string | null;
  betrag: string;
  saldo: string;
  beleg_id: string | null;
  beleg_nummer: string | null;
  korrektur_von: string | null;
  korrigiert_durch: string | null;
  erfasst_am: string | Date;
  erfasst_login: string;
  total: string | number;
}

const id = (value: string | null) => (value === null ? null : Number(value));

function alsEintrag(z: Zeile): TKassabuchEintrag {
  return {
    id: Number(z.id),
    date: z.datum,
    belegnummer: z.belegnummer,
    kontonummer: z.kontonummer,
    text: z.text,
    lieferant:
      z.lieferant_id === null
        ? null
        : {
            id: Number(z.lieferant_id),
            anzeigename: anzeigename({
              firma: z.lf_firma as "firma" | "privatperson" | null,
              bezeichnung: z.lf_bezeichnung,
              vorname: z.lf_vorname,
              nachname: z.lf_nachname,
              geschlecht: z.lf_geschlecht,
            }),
          },
    typ: z.typ,
    mehrwertssteuer: z.mwst === null ? null : { id: id(z.mehrwertssteuer_id), mwst: Number(z.mwst) },
    betrag: Number(z.betrag),
    saldo: toNumber(dec(z.saldo)),
    beleg: z.beleg_id === null ? null : { id: Number(z.beleg_id), belegNummer: z.beleg_nummer },
    korrekturVon: id(z.korrektur_von),
    korrigiertDurch: id(z.korrigiert_durch),
    erfasstAm: (z.erfasst_am instanceof Date ? z.erfasst_am : new Date(z.erfasst_am)).toISOString(),
    erfasstVon: z.erfasst_login,
  };
}

export interface Buchauswahl {
  von?: string | undefined;
  bis?: string | undefined;
  typ?: TKassabuchTyp | undefined;
  search?: string | undefined;
  /** Only this entry (the answer to a posting). */
  id?: number | undefined;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Rows of the book with the running balance after each — computed over the book's order from the start of the
 * window: `von` (its opening: the balance before von), or the book's beginning. When years start at zero, every
 * year is a partition with its own opening. Filters typ and search only choose rows; balances stay the book's.
 */
export async function zeilen(
  tx: Tx,
  e: KassaEinstellungen,
  auswahl: Buchauswahl,
  seite?: { page: number; size: number; sort: TKassabuchQuery["sort"] },
): Promise<{ items: TKassabuchEintrag[]; totalCount: number }> {
  const { von, bis } = auswahl;
  const segmentVon = von === undefined ? null : abschnitt(e, von);
  const eroeffnungVon = von === undefined ? null : toFixedString(await saldoVor(tx, e, von), 2);
  const startSegment = e.kassaStartZeroYear
    ? e.kassaStartdatum === null
      ? null
      : abschnitt(e, e.kassaStartdatum)
    : 0;
  const kassaBetrag = toFixedString(zahl(e.kassaBetrag === null ? null : String(e.kassaBetrag)), 2);
  const segment = e.kassaStartZeroYear ? sql.raw(`extract(year FROM k.datum)::int`) : sql.raw(`0`);
  const eroeffnungSql = sql`CASE
      WHEN ${segmentVon === null ? sql`false` : sql`l.seg = ${segmentVon}`} THEN ${eroeffnungVon ?? "0"}::numeric
      WHEN ${startSegment === null ? sql`false` : sql`l.seg = ${startSegment}`} THEN ${kassaBetrag}::numeric
      ELSE 0 END`;
  const filter: SQL[] = [];
  if (auswahl.typ) filter.push(sql`l.typ = ${auswahl.typ}`);
  if (auswahl.id !== undefined) filter.push(sql`l.id = ${auswahl.id}`);
  for (const wort of (auswahl.search ?? "").split(/\s+/).filter(Boolean))
    filter.push(
      sql`(kontor_fold(concat_ws(' ', l.text, l.belegnummer, l.kontonummer)) || ' ' || coalesce(lf.suche, ''))
            LIKE '%' || kontor_fold(${escapeLike(wort)}) || '%'`,
    );
  const sort = seite?.sort.length ? seite.sort : [{ field: "date" as const, direction: "asc" as const }];
  const ordnung = sort.flatMap((s) =>
    s.field === "date"
      ? [sql.raw(`l.datum ${s.direction}`), sql.raw(`l.id ${s.direction}`)]
      : [sql.raw(`l.id ${s.direction}`)],
  );
  const rows = await queryRows<Zeile>(
    tx,
    sql`
      WITH l AS (
        SELECT k.*, ${segment} AS seg,
               sum(${signiert}) OVER (PARTITION BY ${segment} ORDER BY k.datum, k.id) AS lauf
          FROM kassabuch_eintrag k
         WHERE true ${von ? sql`AND k.datum >= ${von}::date` : sql``} ${bis ? sql`AND k.datum <= ${bis}::date` : sql``}
      )
      SELECT l.id, l.datum::text AS datum, l.belegnummer, l.kontonummer, l.text, l.lieferant_id,
             lf.firma AS lf_firma, lf.bezeichnung AS lf_bezeichnung, lf.vorname AS lf_vorname,
             lf.nachname AS lf_nachname, lf.geschlecht AS lf_geschlecht,
             l.typ, l.mehrwertssteuer_id, l.mwst::text AS mwst, l.betrag::text AS betrag,
             (${eroeffnungSql} + l.lauf)::text AS saldo,
             l.beleg_id, b.beleg_nummer, l.korrektur_von, kd.id AS korrigiert_durch,
             l.erfasst_am, l.erfasst_login, count(*) OVER () AS total
        FROM l
        LEFT JOIN kunde lf ON lf.mandant_id = l.mandant_id AND lf.id = l.lieferant_id
        LEFT JOIN beleg b ON b.mandant_id = l.mandant_id AND b.id = l.beleg_id
        LEFT JOIN kassabuch_eintrag kd ON kd.mandant_id = l.mandant_id AND kd.korrektur_von = l.id
       WHERE true ${filter.length ? sql`AND ${sql.join(filter, sql` AND `)}` : sql``}
       ORDER BY ${sql.join(ordnung, sql`, `)}
       ${seite ? sql`LIMIT ${seite.size} OFFSET ${seite.page * seite.size}` : sql``}`,
  );
  let totalCount = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && seite && seite.page > 0) {
    const again = await zeilen(tx, e, auswahl, { ...seite, page: 0, size: 1 });
    totalCount = again.totalCount;
  }
  return { items: rows.map(alsEintrag), totalCount };
}

export interface Buchstand {
  completeBalance: Decimal;
  actualBalance: Decimal;
  anfangsbestand: Decimal;
  einnahmen: Decimal;
  ausgaben: Decimal;
  endbestand: Decimal;
  jahreswechsel: boolean;
}

/**
 * The balances and a period's summary (kassabuch.rules.ts zeitraum): the book's first and last day, then one pass
 * summing what each balance needs.
 */
export async function stand(
  tx: Tx,
  e: KassaEinstellungen,
  von: string | null,
  bis: string | null,
  heute: string,
): Promise<Buchstand> {
  const tage = await einWert(
    tx,
    sql`SELECT min(k.datum)::text AS erster, max(k.datum)::text AS letzter FROM kassabuch_eintrag k`,
  );
  const letzter = letzterTag(tage.letzter ? [{ date: tage.letzter }] : [], heute);
  const bisTag = bis ?? letzter;
  const ersterTag = von ?? e.kassaStartdatum ?? tage.erster ?? null;
  const imSegment = (date: string) => {
    const beginn = segmentBeginn(e, date);
    const ende = segmentEnde(e, date);
    return sql`${beginn ? sql`k.datum >= ${beginn}::date AND ` : sql``}${ende ? sql`k.datum <= ${ende}::date AND ` : sql``}true`;
  };
  const zeitraum = sql`${von ? sql`k.datum >= ${von}::date` : sql`true`} AND ${bis ? sql`k.datum <= ${bis}::date` : sql`true`}`;
  const row = await einWert(
    tx,
    sql`SELECT
          (sum(${signiert}) FILTER (WHERE ${imSegment(letzter)} AND k.datum <= ${letzter}::date))::text AS komplett,
          (sum(${signiert}) FILTER (WHERE ${imSegment(heute)} AND k.datum <= ${heute}::date))::text AS heute,
          (sum(${signiert}) FILTER (WHERE ${imSegment(bisTag)} AND k.datum <= ${bisTag}::date))::text AS bis,
          ${von ? sql`(sum(${signiert}) FILTER (WHERE ${imSegment(von)} AND k.datum < ${von}::date))::text` : sql`NULL`} AS vor_von,
          (sum(k.betrag) FILTER (WHERE ${zeitraum} AND k.typ = 'einnahme'))::text AS einnahmen,
          (sum(k.betrag) FILTER (WHERE ${zeitraum} AND k.typ = 'ausgabe'))::text AS ausgaben
        FROM kassabuch_eintrag k`,
  );
  const anfangsbestand =
    ersterTag === null
      ? eroeffnung(e, heute)
      : von === null
        ? eroeffnung(e, ersterTag)
        : add(eroeffnung(e, von), zahl(row.vor_von));
  return {
    completeBalance: add(eroeffnung(e, letzter), zahl(row.komplett)),
    actualBalance: add(eroeffnung(e, heute), zahl(row.heute)),
    anfangsbestand,
    einnahmen: zahl(row.einnahmen),
    ausgaben: zahl(row.ausgaben),
    endbestand: add(eroeffnung(e, bisTag), zahl(row.bis)),
    jahreswechsel:
      e.kassaStartZeroYear &&
      ersterTag !== null &&
      ersterTag < bisTag &&
      ersterTag.slice(0, 4) !== bisTag.slice(0, 4),
  };
}
