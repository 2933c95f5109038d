import { SEARCH_COUNT_CAP } from "@kontor/domain/http/paging";
import type { TKassabuchTyp } from "@kontor/domain/kassabuch/kassabuch.codes";
import { abschnitt, eroeffnung, type KassaEinstellungen } from "@kontor/domain/kassabuch/kassabuch.rules";
import type { TKassabuchEintrag, TKassabuchQuery } from "@kontor/domain/kassabuch/kassabuch.schema";
import { anzeigename } from "@kontor/domain/kunde/kunde.rules";
import { add, compare, type Decimal, dec, toFixedString, toNumber } from "@kontor/domain/money/decimal";
import { and, eq, type SQL, sql } from "drizzle-orm";
import { queryRows, type Tx } from "../../db/client.ts";
import { countSelectUpTo, type Total, totalOf } from "../../db/paging.ts";
import {
  kassabuchAbschluss,
  kassabuchEintrag,
  kunde,
  mandant,
  mehrwertssteuer,
} from "../../db/schema/index.ts";
import { currentMandant } from "../../db/schema/tenant.ts";

/**
 * The cash book in SQL (Drizzle and a few statements of its own). Balances are never stored per entry (a back-dated
 * entry would have to rewrite them): they are sums — of the book per day (`kassabuch_tag`, kept by the triggers of
 * migration 0027) for everything before a day, and of the entries within a day. So a page, the balances and the
 * guard read a few hundred day rows and the page's days, not the whole book (DESIGN §9: 20 ms at 100 000 entries;
 * bench/kassabuch/liste.ts). The rules are those of packages/domain kassabuch.rules.ts (segments, openings, the
 * guard). Every writer first takes the tenant's cash-book lock (`sperren`).
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
/** The net of a day row (alias g). */
const netto = sql.raw(`(g.einnahmen - g.ausgaben)`);
/** Day rows (alias g) from the first day of the segment of `date` (none: the book's beginning). */
const abSegment = (e: KassaEinstellungen, date: string) => {
  const beginn = segmentBeginn(e, date);
  return beginn ? sql`g.datum >= ${beginn}::date` : sql`true`;
};

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

/** The tenant's cash settings and the last closed day, in one statement (the list reads both). */
export async function einstellungenUndAbschluss(
  tx: Tx,
): Promise<{ e: KassaEinstellungen; abgeschlossenBis: string | null }> {
  const [row] = await tx
    .select({
      kassaBetrag: sql<string | null>`${mandant.kassaBetrag}::text`,
      kassaStartdatum: mandant.kassaStartdatum,
      kassaStartZeroYear: mandant.kassaStartZeroYear,
      abgeschlossenBis: sql<string | null>`(SELECT max(a.bis)::text FROM kassabuch_abschluss a)`,
    })
    .from(mandant)
    .where(eq(mandant.id, currentMandant));
  return {
    e: {
      kassaBetrag: row?.kassaBetrag ?? null,
      kassaStartdatum: row?.kassaStartdatum ?? null,
      kassaStartZeroYear: row?.kassaStartZeroYear ?? false,
    },
    abgeschlossenBis: row?.abgeschlossenBis ?? null,
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
  const row = await einWert(
    tx,
    sql`SELECT sum(${netto})::text AS s FROM kassabuch_tag g WHERE g.datum <= ${date}::date AND ${abSegment(e, date)}`,
  );
  return add(eroeffnung(e, date), zahl(row.s));
}

/** The balance at the start of a day (before its entries). */
export async function saldoVor(tx: Tx, e: KassaEinstellungen, date: string): Promise<Decimal> {
  const row = await einWert(
    tx,
    sql`SELECT sum(${netto})::text AS s FROM kassabuch_tag g WHERE g.datum < ${date}::date AND ${abSegment(e, date)}`,
  );
  return add(eroeffnung(e, date), zahl(row.s));
}

/**
 * The largest expense that may be dated `date` (kassabuch.rules.ts hoechsteAusgabe): the least of the balance at
 * the end of that day and every running balance after it in its segment — one pass over the segment's day rows:
 * the least running balance within a later day is the balance before it plus its `tiefst`.
 */
export async function hoechsteAusgabe(tx: Tx, e: KassaEinstellungen, date: string): Promise<Decimal> {
  const ende = segmentEnde(e, date);
  const row = await einWert(
    tx,
    sql`SELECT (coalesce(sum(x.netto) FILTER (WHERE x.datum <= ${date}::date), 0))::text AS bis_tag,
               (min(x.vor + x.tiefst) FILTER (WHERE x.datum > ${date}::date))::text AS danach
          FROM (SELECT g.datum, ${netto} AS netto, g.tiefst,
                       coalesce(sum(${netto}) OVER (ORDER BY g.datum ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS vor
                  FROM kassabuch_tag g
                 WHERE ${abSegment(e, date)} ${ende ? sql`AND g.datum <= ${ende}::date` : sql``}) x`,
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

/** The answer's columns of the entries `s` (their supplier lf, document b and correction kd), `saldo` given. */
const spalten = (saldo: SQL) => sql`
  s.id, s.datum::text AS datum, s.belegnummer, s.kontonummer, s.text, s.lieferant_id,
  lf.firma AS lf_firma, lf.bezeichnung AS lf_bezeichnung, lf.vorname AS lf_vorname,
  lf.nachname AS lf_nachname, lf.geschlecht AS lf_geschlecht,
  s.typ, s.mehrwertssteuer_id, s.mwst::text AS mwst, s.betrag::text AS betrag,
  (${saldo})::text AS saldo,
  s.beleg_id, b.beleg_nummer, s.korrektur_von, kd.id AS korrigiert_durch,
  s.erfasst_am, s.erfasst_login`;
const anschluesse = sql`
  LEFT JOIN kunde lf ON lf.mandant_id = s.mandant_id AND lf.id = s.lieferant_id
  LEFT JOIN beleg b ON b.mandant_id = s.mandant_id AND b.id = s.beleg_id
  LEFT JOIN kassabuch_eintrag kd ON kd.mandant_id = s.mandant_id AND kd.korrektur_von = s.id`;

/** The segment of a day column: its year when years start at zero, else 0. */
const segmentVon = (e: KassaEinstellungen, datum: SQL) =>
  e.kassaStartZeroYear ? sql`extract(year FROM ${datum})::int` : sql`0`;

/** The opening of the segment of a day column (kassabuch.rules.ts eroeffnung). */
function eroeffnungVon(e: KassaEinstellungen, datum: SQL): SQL {
  const kassaBetrag = toFixedString(zahl(e.kassaBetrag === null ? null : String(e.kassaBetrag)), 2);
  if (!e.kassaStartZeroYear) return sql`${kassaBetrag}::numeric`;
  if (e.kassaStartdatum === null) return sql`0::numeric`;
  return sql`CASE WHEN ${segmentVon(e, datum)} = ${abschnitt(e, e.kassaStartdatum)} THEN ${kassaBetrag}::numeric ELSE 0 END`;
}

/** The entries of a day row (alias g) of a type (none: all). */
const anzahlVon = (typ: TKassabuchTyp | undefined) =>
  typ === "einnahme"
    ? sql.raw("g.einnahmen_anzahl")
    : typ === "ausgabe"
      ? sql.raw("(g.anzahl - g.einnahmen_anzahl)")
      : sql.raw("g.anzahl");

/** What chooses rows (alias k; `lfs`: the supplier, joined for a search). */
function bedingungen(auswahl: Buchauswahl): SQL[] {
  const filter: SQL[] = [];
  if (auswahl.von) filter.push(sql`k.datum >= ${auswahl.von}::date`);
  if (auswahl.bis) filter.push(sql`k.datum <= ${auswahl.bis}::date`);
  if (auswahl.typ) filter.push(sql`k.typ = ${auswahl.typ}`);
  if (auswahl.id !== undefined) filter.push(sql`k.id = ${auswahl.id}`);
  for (const wort of suchworte(auswahl))
    filter.push(
      sql`(kontor_fold(concat_ws(' ', k.text, k.belegnummer, k.kontonummer)) || ' ' || coalesce(lfs.suche, ''))
            LIKE '%' || kontor_fold(${escapeLike(wort)}) || '%'`,
    );
  return filter;
}
const suchworte = (auswahl: Buchauswahl) => (auswahl.search ?? "").split(/\s+/).filter(Boolean);
const wo = (filter: SQL[]) => (filter.length ? sql.join(filter, sql` AND `) : sql`true`);
const sucheJoin = (auswahl: Buchauswahl) =>
  suchworte(auswahl).length
    ? sql`LEFT JOIN kunde lfs ON lfs.mandant_id = k.mandant_id AND lfs.id = k.lieferant_id`
    : sql``;

/**
 * Rows of the book with the running balance after each (the book's balance, whatever the filters: typ and search
 * only choose rows). A page (or the one entry `id`): its rows first — by the index (mandant_id, datum, id); a page
 * deep into the book sorted by date starts at the day its offset falls on, found by counting day rows — then the
 * balance of each: the opening of its segment, the net of the segment's days before its day (day rows) and the
 * running sum within its day (the entries of the page's days). The total: null when it is a sum of day rows
 * (no search; `stand` sums it with the balances), the rows when they are all, else a count of the matches up to the cap (totalOf). Without a page (the export): every row of the period with one window over the period from its
 * opening (the balance before von).
 */
export async function zeilen(
  tx: Tx,
  e: KassaEinstellungen,
  auswahl: Buchauswahl,
  seite?: { page: number; size: number; sort: TKassabuchQuery["sort"] },
): Promise<{ items: TKassabuchEintrag[]; total: Total | null }> {
  if (seite === undefined && auswahl.id === undefined) {
    const items = await periode(tx, e, auswahl);
    return { items, total: { totalCount: items.length, totalCapped: false } };
  }
  const size = seite?.size ?? 1;
  const offset = seite ? seite.page * seite.size : 0;
  const sort = seite?.sort.length ? seite.sort : [{ field: "date" as const, direction: "asc" as const }];
  const erste = sort[0]!;
  const richtung = sql.raw(erste.direction === "desc" ? "desc" : "asc");
  const ordnung = (alias: string) =>
    erste.field === "date"
      ? sql.raw(`${alias}.datum ${erste.direction}, ${alias}.id ${erste.direction}`)
      : sql.raw(`${alias}.id ${erste.direction}`);
  const filter = bedingungen(auswahl);
  const suche = suchworte(auswahl).length > 0;
  const ausTagen = !suche && auswahl.id === undefined;
  const anzahlSpalte = anzahlVon(auswahl.typ);
  const tageImZeitraum = sql`${auswahl.von ? sql`g.datum >= ${auswahl.von}::date` : sql`true`}
    AND ${auswahl.bis ? sql`g.datum <= ${auswahl.bis}::date` : sql`true`}`;
  // Deep into the book by date: the day the offset falls on and how many rows come before it.
  const springen = ausTagen && erste.field === "date" && offset > 0;
  const sprung = sql`sprung AS MATERIALIZED (
      SELECT x.datum, x.vorher FROM (
        SELECT g.datum, ${anzahlSpalte} AS n,
               coalesce(sum(${anzahlSpalte}) OVER (ORDER BY g.datum ${richtung}
                                                  ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS vorher
          FROM kassabuch_tag g WHERE ${tageImZeitraum}) x
       WHERE x.vorher <= ${offset}::bigint AND ${offset}::bigint < x.vorher + x.n),`;
  const seiteSql = springen
    ? sql`SELECT k.* FROM kassabuch_eintrag k
           WHERE ${wo(filter)} AND k.datum ${sql.raw(erste.direction === "desc" ? "<=" : ">=")} (SELECT datum FROM sprung)
           ORDER BY ${ordnung("k")}
           LIMIT ${size} OFFSET (SELECT ${offset}::bigint - vorher FROM sprung)`
    : sql`SELECT k.* FROM kassabuch_eintrag k ${sucheJoin(auswahl)}
           WHERE ${wo(filter)}
           ORDER BY ${ordnung("k")}
           LIMIT ${size} OFFSET ${offset}`;
  const segmentBeginnSeite = e.kassaStartZeroYear
    ? sql`AND g.datum >= make_date(extract(year FROM (SELECT min(datum) FROM seite))::int, 1, 1)`
    : sql``;
  const rows = await queryRows<Zeile>(
    tx,
    sql`
      WITH ${springen ? sprung : sql``} seite AS MATERIALIZED (${seiteSql}),
      tage AS MATERIALIZED (
        SELECT w.datum, w.vor FROM (
          SELECT g.datum,
                 coalesce(sum(${netto}) OVER (PARTITION BY ${segmentVon(e, sql.raw("g.datum"))} ORDER BY g.datum
                                            ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS vor
            FROM kassabuch_tag g
           WHERE g.datum <= (SELECT max(datum) FROM seite) ${segmentBeginnSeite}) w
         WHERE w.datum >= (SELECT min(datum) FROM seite)
      ),
      imtag AS MATERIALIZED (
        SELECT k.id, sum(${signiert}) OVER (PARTITION BY k.datum ORDER BY k.id) AS lauf
          FROM kassabuch_eintrag k
         WHERE k.datum IN (SELECT DISTINCT datum FROM seite)
      )
      SELECT ${spalten(sql`${eroeffnungVon(e, sql.raw("s.datum"))} + t.vor + i.lauf`)}
        FROM seite s
        JOIN tage t ON t.datum = s.datum
        JOIN imtag i ON i.id = s.id
        ${anschluesse}
       ORDER BY ${ordnung("s")}`,
  );
  // Without a search the total is a sum of day rows: `null` leaves it to `stand`, which reads them anyway; a search
  // counts its matches up to SEARCH_COUNT_CAP.
  const total =
    seite === undefined || auswahl.id !== undefined
      ? { totalCount: rows.length, totalCapped: false }
      : ausTagen && !(offset === 0 && rows.length < size)
        ? null
        : await totalOf(
            rows.length,
            seite,
            (limit) =>
              countSelectUpTo(
                tx,
                sql`SELECT 1 FROM kassabuch_eintrag k ${sucheJoin(auswahl)} WHERE ${wo(filter)}`,
                limit,
              ),
            SEARCH_COUNT_CAP,
          );
  return { items: rows.map(alsEintrag), total };
}

/** Where a part of a period ends: the last entry read and the running balance of its segment after it. */
export interface Fortsetzung {
  datum: string;
  id: number;
  segment: number;
  saldo: string;
}

/**
 * Rows of a period (von/bis; typ and search are not the export's) in the book's order with the running balance
 * after each, `limit` at a time: the rows after `nach` (or from von), one window over them partitioned by segment,
 * from the balance the part before ended with (its segment) or the period's opening — the balance before `von` for
 * von's segment (day rows), the segment's opening for a segment that begins inside the period. Returns the rows and
 * where the next part continues (undefined: the period is read).
 */
export async function periodeTeil(
  tx: Tx,
  e: KassaEinstellungen,
  zeitraum: { von: string | null; bis: string | null },
  nach: Fortsetzung | null,
  limit: number,
): Promise<{ items: TKassabuchEintrag[]; weiter: Fortsetzung | undefined }> {
  const { von, bis } = zeitraum;
  const segment = segmentVon(e, sql.raw("k.datum"));
  const vorher =
    nach !== null
      ? { segment: nach.segment, saldo: nach.saldo }
      : von !== null
        ? { segment: abschnitt(e, von), saldo: toFixedString(await saldoVor(tx, e, von), 2) }
        : null;
  const eroeffnungSql =
    vorher === null
      ? eroeffnungVon(e, sql.raw("s.datum"))
      : sql`CASE WHEN s.seg = ${vorher.segment} THEN ${vorher.saldo}::numeric
                 ELSE ${eroeffnungVon(e, sql.raw("s.datum"))} END`;
  const rows = await queryRows<Zeile>(
    tx,
    sql`
      WITH s AS (
        SELECT k.*, ${segment} AS seg,
               sum(${signiert}) OVER (PARTITION BY ${segment} ORDER BY k.datum, k.id) AS lauf
          FROM (SELECT * FROM kassabuch_eintrag k
                 WHERE ${wo(bedingungen({ von: von ?? undefined, bis: bis ?? undefined }))}
                   ${nach ? sql`AND (k.datum, k.id) > (${nach.datum}::date, ${nach.id}::bigint)` : sql``}
                 ORDER BY k.datum, k.id LIMIT ${limit}) k
      )
      SELECT ${spalten(sql`${eroeffnungSql} + s.lauf`)}
        FROM s ${anschluesse}
       ORDER BY s.datum, s.id`,
  );
  const letzte = rows.at(-1);
  return {
    items: rows.map(alsEintrag),
    weiter:
      letzte && rows.length === limit
        ? {
            datum: letzte.datum,
            id: Number(letzte.id),
            segment: abschnitt(e, letzte.datum),
            saldo: letzte.saldo,
          }
        : undefined,
  };
}

/** Every row of a period (von/bis) with its running balance, in one part. */
async function periode(tx: Tx, e: KassaEinstellungen, auswahl: Buchauswahl): Promise<TKassabuchEintrag[]> {
  const { items } = await periodeTeil(
    tx,
    e,
    { von: auswahl.von ?? null, bis: auswahl.bis ?? null },
    null,
    Number.MAX_SAFE_INTEGER,
  );
  return items;
}

/** How many entries a period holds (day rows). */
export async function anzahlImZeitraum(tx: Tx, von: string | null, bis: string | null): Promise<number> {
  const row = await einWert(
    tx,
    sql`SELECT coalesce(sum(g.anzahl), 0)::text AS n FROM kassabuch_tag g
         WHERE ${von ? sql`g.datum >= ${von}::date` : sql`true`} AND ${bis ? sql`g.datum <= ${bis}::date` : sql`true`}`,
  );
  return Number(row.n ?? 0);
}

export interface Buchstand {
  /** Entries of the period (of the type `typ` given to stand). */
  anzahl: number;
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
 * over the day rows summing what each balance needs.
 */
export async function stand(
  tx: Tx,
  e: KassaEinstellungen,
  von: string | null,
  bis: string | null,
  heute: string,
  typ?: TKassabuchTyp,
): Promise<Buchstand> {
  const imSegment = (date: string) => {
    const beginn = segmentBeginn(e, date);
    const ende = segmentEnde(e, date);
    return sql`${beginn ? sql`g.datum >= ${beginn}::date AND ` : sql``}${ende ? sql`g.datum <= ${ende}::date AND ` : sql``}true`;
  };
  const zeitraum = sql`${von ? sql`g.datum >= ${von}::date` : sql`true`} AND ${bis ? sql`g.datum <= ${bis}::date` : sql`true`}`;
  // The last day of the balances (kassabuch.rules.ts letzterTag: the later of today and the last entry's day) comes
  // from the same statement: its segment is the year of m.letzter when years start at zero.
  const imSegmentLetzter = e.kassaStartZeroYear
    ? sql`extract(year FROM g.datum) = extract(year FROM m.letzter)`
    : sql`true`;
  const row = await einWert(
    tx,
    sql`WITH m AS (SELECT min(g.datum) AS erster, greatest(max(g.datum), ${heute}::date) AS letzter FROM kassabuch_tag g)
        SELECT m.erster::text AS erster, m.letzter::text AS letzter, s.* FROM m CROSS JOIN LATERAL (SELECT
          (sum(${netto}) FILTER (WHERE ${imSegmentLetzter} AND g.datum <= m.letzter))::text AS komplett,
          (sum(${netto}) FILTER (WHERE ${imSegment(heute)} AND g.datum <= ${heute}::date))::text AS heute,
          ${bis ? sql`(sum(${netto}) FILTER (WHERE ${imSegment(bis)} AND g.datum <= ${bis}::date))::text` : sql`NULL`} AS bis,
          ${von ? sql`(sum(${netto}) FILTER (WHERE ${imSegment(von)} AND g.datum < ${von}::date))::text` : sql`NULL`} AS vor_von,
          (sum(g.einnahmen) FILTER (WHERE ${zeitraum}))::text AS einnahmen,
          (sum(g.ausgaben) FILTER (WHERE ${zeitraum}))::text AS ausgaben,
          (sum(${anzahlVon(typ)}) FILTER (WHERE ${zeitraum}))::text AS anzahl
        FROM kassabuch_tag g) s`,
  );
  const letzter = row.letzter ?? heute;
  const bisTag = bis ?? letzter;
  const ersterTag = von ?? e.kassaStartdatum ?? row.erster ?? null;
  const anfangsbestand =
    ersterTag === null
      ? eroeffnung(e, heute)
      : von === null
        ? eroeffnung(e, ersterTag)
        : add(eroeffnung(e, von), zahl(row.vor_von));
  return {
    anzahl: Number(row.anzahl ?? 0),
    completeBalance: add(eroeffnung(e, letzter), zahl(row.komplett)),
    actualBalance: add(eroeffnung(e, heute), zahl(row.heute)),
    anfangsbestand,
    einnahmen: zahl(row.einnahmen),
    ausgaben: zahl(row.ausgaben),
    endbestand: add(eroeffnung(e, bisTag), zahl(bis ? row.bis : row.komplett)),
    jahreswechsel:
      e.kassaStartZeroYear &&
      ersterTag !== null &&
      ersterTag < bisTag &&
      ersterTag.slice(0, 4) !== bisTag.slice(0, 4),
  };
}
