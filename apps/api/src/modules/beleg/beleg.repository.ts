import {
  BELEG_SEARCH_LIMIT,
  type TBelegListQuery,
  type TBelegSortField,
  type TBelegZeile,
} from "@kontor/domain/beleg/beleg.api";
import type { TBeleg, TBelegMwst } from "@kontor/domain/beleg/beleg.schema";
import { anzeigename } from "@kontor/domain/kunde/kunde.rules";
import type { TBelegsTyp } from "@kontor/domain/typen/typen";
import { and, desc, eq, gte, inArray, lte, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Tx } from "../../db/client.ts";
import { capFor, countRowsUpTo, orderBy, totalOf } from "../../db/paging.ts";
import {
  type adresse,
  beleg,
  belegAnzahl,
  belegFeld,
  belegMwst,
  belegPosition,
  belegProjekt,
  belegQuelle,
  currentMandant,
  kunde,
  mandant,
} from "../../db/schema/index.ts";
import { sucheBedingung as kundeSuche } from "../../db/search.ts";

/**
 * Documents in the database (issue 15). Every function runs inside the tenant transaction (TenantScope.run /
 * change): row-level security confines it to the selected tenant, so another tenant's id is simply not found.
 * Reading and writing only; the rules (what may change when, totals, numbers) are the service's.
 */

/** The customer's name fields as a document shows them (display name computed in the domain). */
const kundeName = {
  kundeFirma: kunde.firma,
  kundeBezeichnung: kunde.bezeichnung,
  kundeVorname: kunde.vorname,
  kundeNachname: kunde.nachname,
  kundeGeschlecht: kunde.geschlecht,
};
type KundeNameZeile = { [K in keyof typeof kundeName]: unknown };

const kundeVon = (row: KundeNameZeile & { kundeId: number | null }) =>
  row.kundeId === null
    ? null
    : {
        id: row.kundeId,
        anzeigename: anzeigename(
          {
            firma: row.kundeFirma as "firma" | "privatperson",
            bezeichnung: row.kundeBezeichnung as string | null,
            vorname: row.kundeVorname as string | null,
            nachname: row.kundeNachname as string | null,
            geschlecht: row.kundeGeschlecht as never,
          },
          "de",
        ),
      };

const zeileColumns = {
  id: beleg.id,
  belegNummer: beleg.belegNummer,
  belegDatum: beleg.belegDatum,
  belegsTyp: beleg.belegsTyp,
  kundeId: beleg.kundeId,
  ...kundeName,
  summeNetto: beleg.summeNetto,
  summeBrutto: beleg.summeBrutto,
  freigabe: beleg.freigabe,
  bezahlt: beleg.bezahlt,
  storniert: beleg.storniert,
};
type ZeileRow = { [K in keyof typeof zeileColumns]: unknown };

const toZeile = (row: ZeileRow): TBelegZeile => ({
  id: row.id as number,
  belegNummer: row.belegNummer as string | null,
  belegDatum: row.belegDatum as string,
  belegsTyp: row.belegsTyp as TBelegsTyp,
  kunde: kundeVon(row as KundeNameZeile & { kundeId: number | null }),
  summeNetto: Number(row.summeNetto),
  summeBrutto: Number(row.summeBrutto),
  freigabe: row.freigabe as boolean,
  bezahlt: row.bezahlt as boolean,
  storniert: row.storniert as boolean,
});

const kundeJoin = and(eq(kunde.mandantId, beleg.mandantId), eq(kunde.id, beleg.kundeId));

const sortColumns: Record<TBelegSortField, PgColumn> = {
  belegDatum: beleg.belegDatum,
  belegNummer: beleg.belegNummer,
  summeBrutto: beleg.summeBrutto,
  summeNetto: beleg.summeNetto,
  id: beleg.id,
};
/** SPEC §9: documents by belegDatum, then belegNummer, both descending (then id, descending: newest first). */
const DEFAULT_SORT = [
  { field: "belegDatum", direction: "desc" },
  { field: "belegNummer", direction: "desc" },
] as const;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** What lists and searches filter by. */
export interface BelegFilter {
  search?: string | undefined;
  belegsTyp?: TBelegsTyp | undefined;
  kundeId?: number | undefined;
  kundeIds?: readonly number[] | undefined;
  artikelId?: number | undefined;
  projektIds?: readonly number[] | undefined;
  bezahlt?: boolean | undefined;
  storniert?: boolean | undefined;
  entwurf?: boolean | undefined;
  von?: string | undefined;
  bis?: string | undefined;
}

/** The order of lists, as the index beleg_datum_idx holds it (SPEC §9: newest first). */
const NEUESTE_ZUERST = sql.raw("beleg_datum DESC, beleg_nummer DESC, id DESC");

/**
 * The search: the document number contains the text (case ignored), or the document's customer is found by the
 * customer search (every word in its folded search text: number, names, addresses, e-mail, VAT id). Two branches
 * through the tenant views, so each may use its trigram index (under row-level security LIKE never would): the
 * documents by number, and the documents of the customers found. `limit` (only without other filters) keeps each
 * branch to the newest that a page can show.
 */
function sucheBedingung(text: string | undefined, limit?: number): SQL | undefined {
  const words = (text ?? "").split(/\s+/).filter(Boolean);
  if (words.length === 0) return undefined;
  const bis = limit === undefined ? sql`` : sql` LIMIT ${limit}`;
  const nummer = `%${escapeLike(text!.trim().toLowerCase())}%`;
  return sql`${beleg.id} IN (
    (SELECT id FROM beleg_mandant WHERE lower(beleg_nummer) LIKE ${nummer} ORDER BY ${NEUESTE_ZUERST}${bis})
    UNION
    (SELECT id FROM beleg_mandant WHERE kunde_id IN (SELECT k.id FROM kunde_mandant k
       WHERE ${kundeSuche(text, sql`k.suche`)}) ORDER BY ${NEUESTE_ZUERST}${bis}))`;
}

/** Whether `filter` sets nothing but the named keys (a blank search and an empty list set nothing). */
function nurGesetzt(filter: BelegFilter, keys: readonly (keyof BelegFilter)[]): boolean {
  return Object.entries(filter).every(
    ([key, value]) =>
      keys.includes(key as keyof BelegFilter) ||
      value === undefined ||
      (Array.isArray(value) && value.length === 0) ||
      (key === "search" && typeof value === "string" && value.trim() === ""),
  );
}

function filterBedingung(filter: BelegFilter, limit?: number): SQL | undefined {
  return and(
    sucheBedingung(filter.search, nurGesetzt(filter, ["search"]) ? limit : undefined),
    filter.belegsTyp === undefined ? undefined : eq(beleg.belegsTyp, filter.belegsTyp),
    filter.kundeId === undefined ? undefined : eq(beleg.kundeId, filter.kundeId),
    filter.kundeIds === undefined ? undefined : inArray(beleg.kundeId, [...filter.kundeIds, 0]),
    filter.bezahlt === undefined ? undefined : eq(beleg.bezahlt, filter.bezahlt),
    filter.storniert === undefined ? undefined : eq(beleg.storniert, filter.storniert),
    filter.entwurf === undefined ? undefined : eq(beleg.freigabe, !filter.entwurf),
    filter.von === undefined ? undefined : gte(beleg.belegDatum, filter.von),
    filter.bis === undefined ? undefined : lte(beleg.belegDatum, filter.bis),
    filter.artikelId === undefined
      ? undefined
      : sql`EXISTS (SELECT 1 FROM beleg_position p WHERE p.mandant_id = ${beleg.mandantId}
          AND p.beleg_id = ${beleg.id} AND p.artikel_id = ${filter.artikelId})`,
    filter.projektIds === undefined || filter.projektIds.length === 0
      ? undefined
      : inArray(
          beleg.id,
          sql`(SELECT bp.beleg_id FROM beleg_projekt bp WHERE bp.projekt_id IN (${sql.join(
            filter.projektIds.map((id) => sql`${id}`),
            sql`, `,
          )}))`,
        ),
  );
}

/** GET beleg: one page (20 rows by default) and the total, by belegDatum desc, belegNummer desc (SPEC §9). */
export async function listBelege(tx: Tx, query: TBelegListQuery) {
  const { page, size, sort, projektId, ...rest } = query;
  const filter: BelegFilter = { ...rest, projektIds: projektId ? [projektId] : undefined };
  // In the default order a search branch needs no more than the rows up to this page.
  const where = filterBedingung(filter, sort.length === 0 ? (page + 1) * size : undefined);
  const order = [...orderBy(sort, sortColumns, DEFAULT_SORT, beleg.id).slice(0, -1), desc(beleg.id)];
  // The page's documents are chosen first (the sort index alone), then joined with their customers: joining first
  // made the planner join every customer before the LIMIT (bench/README.md "Documents").
  const seite = tx
    .select({ id: beleg.id })
    .from(beleg)
    .where(where)
    .orderBy(...order)
    .limit(size)
    .offset(page * size);
  const rows = await tx
    .select(zeileColumns)
    .from(beleg)
    .leftJoin(kunde, kundeJoin)
    .where(inArray(beleg.id, seite))
    .orderBy(...order);
  const total = await totalOf(
    rows.length,
    query,
    (limit) => anzahl(tx, filter, limit),
    capFor(filter.search),
  );
  return { items: rows.map(toZeile), ...total };
}

/**
 * How many documents `filter` finds. Filtered by type and state only (or not at all), the exact sum of the counts
 * the trigger keeps per type and state (beleg_anzahl, a few rows); any other filter counts the documents it finds,
 * at most `limit` (totalOf).
 */
async function anzahl(tx: Tx, filter: BelegFilter, limit: number): Promise<number> {
  if (!nurGesetzt(filter, ["belegsTyp", "bezahlt", "storniert", "entwurf"]))
    return countRowsUpTo(tx, beleg, filterBedingung(filter, limit), limit);
  const [row] = await tx
    .select({ n: sql<number>`coalesce(sum(${belegAnzahl.anzahl}), 0)::int` })
    .from(belegAnzahl)
    .where(
      and(
        filter.belegsTyp === undefined ? undefined : eq(belegAnzahl.belegsTyp, filter.belegsTyp),
        filter.bezahlt === undefined ? undefined : eq(belegAnzahl.bezahlt, filter.bezahlt),
        filter.storniert === undefined ? undefined : eq(belegAnzahl.storniert, filter.storniert),
        filter.entwurf === undefined ? undefined : eq(belegAnzahl.freigabe, !filter.entwurf),
      ),
    );
  return row?.n ?? 0;
}

/** GET belegsearch: at most BELEG_SEARCH_LIMIT matching documents, newest first. */
export async function belegZeilen(tx: Tx, filter: BelegFilter, limit = BELEG_SEARCH_LIMIT) {
  const rows = await tx
    .select(zeileColumns)
    .from(beleg)
    .leftJoin(kunde, kundeJoin)
    .where(filterBedingung(filter, limit))
    .orderBy(desc(beleg.belegDatum), desc(beleg.belegNummer), desc(beleg.id))
    .limit(limit);
  return rows.map(toZeile);
}

/** The stored row of a document, locked for the rest of the transaction (every change and action takes it first). */
export async function lockBeleg(tx: Tx, id: number) {
  const [row] = await tx.select().from(beleg).where(eq(beleg.id, id)).for("update");
  return row;
}
export type BelegRow = NonNullable<Awaited<ReturnType<typeof lockBeleg>>>;

/** The open quantity of position `p` (SQL): its quantity minus what non-cancelled later documents carried from it. */
const OFFEN = sql.raw(`p.positions_menge - coalesce((
  SELECT sum(n.positions_menge) FROM beleg_position n
  JOIN beleg nb ON nb.mandant_id = n.mandant_id AND nb.id = n.beleg_id
  WHERE n.mandant_id = p.mandant_id AND n.quelle_position_id = p.id AND NOT nb.storniert
    AND nb.belegs_typ <> 'storno'), 0)`);

/**
 * The open quantity of each given position: its quantity minus what later documents carried over from it
 * (conversions, partial deliveries; a cancelled document does not count). Keyed by position id.
 */
export async function offeneMengen(tx: Tx, positionIds: readonly number[]): Promise<Map<number, number>> {
  if (positionIds.length === 0) return new Map();
  const rows = await tx.execute(sql`
    SELECT p.id, ${OFFEN} AS offen FROM beleg_position p WHERE p.id IN (${sql.join(
      positionIds.map((id) => sql`${id}`),
      sql`, `,
    )})`);
  const list = (rows as unknown as { rows: { id: number | string; offen: string | number | null }[] }).rows;
  return new Map(list.map((row) => [Number(row.id), row.offen === null ? 0 : Number(row.offen)]));
}

/** A stored position as the JSON the one-statement read answers (numbers as JSON numbers). */
interface PositionJson {
  id: number;
  artikel_id: number | null;
  artikel_nummer: string | null;
  artikel_bezeichnung: string | null;
  rabattier_faehig: boolean | null;
  artikel_rabatt: number;
  positions_beschreibung: string | null;
  positions_beschreibung_zusatz: string | null;
  positions_menge: number | null;
  positions_mwst: number | null;
  positions_nummer: number;
  positions_preis: number | null;
  positions_summe: number | null;
  positions_versand_menge: number | null;
  offen: number | null;
  teilversand_finalize: boolean;
  rabatt: number;
  zeiteintrag_ids: number[];
  lieferant_id: number | null;
  lieferant_name: string | null;
}

/**
 * GET beleg/{id}: the document with every part, or undefined when the tenant has none with this id. One statement:
 * the parts come as JSON arrays of subqueries (opening a document in the editor is one round trip).
 */
export async function findBeleg(tx: Tx, id: number): Promise<TBeleg | undefined> {
  const [row] = await tx
    .select({
      beleg,
      ...kundeName,
      ursprungNummer: sql<string | null>`(SELECT u.beleg_nummer FROM beleg u
        WHERE u.mandant_id = ${beleg.mandantId} AND u.id = ${beleg.ursprungBelegId})`,
      ursprungTyp: sql<string | null>`(SELECT u.belegs_typ FROM beleg u
        WHERE u.mandant_id = ${beleg.mandantId} AND u.id = ${beleg.ursprungBelegId})`,
      positionen: sql<PositionJson[]>`(SELECT coalesce(json_agg(json_build_object(
          'id', p.id, 'artikel_id', p.artikel_id, 'artikel_nummer', a.artikel_nummer,
          'artikel_bezeichnung', a.artikel_bezeichnung, 'rabattier_faehig', a.rabattier_faehig,
          'artikel_rabatt', p.artikel_rabatt, 'positions_beschreibung', p.positions_beschreibung,
          'positions_beschreibung_zusatz', p.positions_beschreibung_zusatz, 'positions_menge', p.positions_menge,
          'positions_mwst', p.positions_mwst, 'positions_nummer', p.positions_nummer,
          'positions_preis', p.positions_preis, 'positions_summe', p.positions_summe,
          'positions_versand_menge', p.positions_versand_menge, 'offen', ${OFFEN},
          'teilversand_finalize', p.teilversand_finalize, 'rabatt', p.rabatt, 'zeiteintrag_ids', p.zeiteintrag_ids,
          'lieferant_id', p.lieferant_id, 'lieferant_name', coalesce(l.bezeichnung, l.nachname)
        ) ORDER BY p.position, p.id), '[]')
        FROM beleg_position p
        LEFT JOIN artikel a ON a.mandant_id = p.mandant_id AND a.id = p.artikel_id
        LEFT JOIN kunde l ON l.mandant_id = p.mandant_id AND l.id = p.lieferant_id
        WHERE p.mandant_id = ${beleg.mandantId} AND p.beleg_id = ${beleg.id})`,
      mwst: sql<TBelegMwst[]>`(SELECT coalesce(json_agg(json_build_object('id', m.id, 'satz', m.satz,
          'kategorie', m.kategorie, 'basis', m.basis, 'betrag', m.betrag, 'rabatt', m.rabatt) ORDER BY m.id), '[]')
        FROM beleg_mwst m WHERE m.mandant_id = ${beleg.mandantId} AND m.beleg_id = ${beleg.id})`,
      felder: sql<
        { felddefinitionId: number; value: string | null }[]
      >`(SELECT coalesce(json_agg(json_build_object(
          'felddefinitionId', f.felddefinition_id, 'value', f.value) ORDER BY f.felddefinition_id), '[]')
        FROM beleg_feld f WHERE f.mandant_id = ${beleg.mandantId} AND f.beleg_id = ${beleg.id})`,
      // Payments (issue 17): this document's share of each payment, with its skonto; the write-off, if any.
      zahlungen: sql<
        {
          id: number;
          zahlungsDatum: string;
          betrag: number;
          skonto: number;
          kommentar: string | null;
          zahlungsart: "bank" | "bar" | "karte";
        }[]
      >`(SELECT coalesce(json_agg(json_build_object('id', z.id, 'zahlungsDatum', z.zahlungs_datum,
          'betrag', zb.betrag, 'skonto', zb.skonto, 'kommentar', z.kommentar, 'zahlungsart', z.zahlungsart)
          ORDER BY z.zahlungs_datum, z.id), '[]')
        FROM zahlung_beleg zb JOIN zahlung z ON z.mandant_id = zb.mandant_id AND z.id = zb.zahlung_id
        WHERE zb.mandant_id = ${beleg.mandantId} AND zb.beleg_id = ${beleg.id})`,
      abschreibung: sql<{ betrag: number; grund: string; datum: string } | null>`(SELECT json_build_object(
          'betrag', a.betrag, 'grund', a.grund, 'datum', a.datum)
        FROM beleg_abschreibung a WHERE a.mandant_id = ${beleg.mandantId} AND a.beleg_id = ${beleg.id})`,
      projekte: sql<{ id: number }[]>`(SELECT coalesce(json_agg(json_build_object('id', bp.projekt_id)
          ORDER BY bp.projekt_id), '[]')
        FROM beleg_projekt bp WHERE bp.mandant_id = ${beleg.mandantId} AND bp.beleg_id = ${beleg.id})`,
    })
    .from(beleg)
    .leftJoin(kunde, kundeJoin)
    .where(eq(beleg.id, sql.placeholder("id")))
    // A named statement: each connection parses it once and may keep a plan (planning was 1–1.7 ms of ~4).
    .prepare("beleg_lesen")
    .execute({ id });
  if (!row) return undefined;
  const b = row.beleg;
  const num = (value: number | string | null) => (value === null ? null : Number(value));
  return {
    id: b.id,
    belegNummer: b.belegNummer,
    belegDatum: b.belegDatum,
    belegsTyp: b.belegsTyp as TBelegsTyp,
    kunde: kundeVon({ ...row, kundeId: b.kundeId }),
    adresse: b.adresseId === null ? null : { id: b.adresseId },
    fahrzeug: b.fahrzeugId === null ? null : { id: b.fahrzeugId },
    zuHanden: b.zuHanden,
    leistungsDatum: b.leistungsDatum,
    leistungsZeitraumVon: b.leistungsZeitraumVon,
    leistungsZeitraumBis: b.leistungsZeitraumBis,
    rabatt: b.rabattId === null ? null : { id: b.rabattId },
    belegRabatt: Number(b.belegRabatt),
    reverseCharge: b.reverseCharge,
    bankomat: b.bankomat,
    rechnungsText: b.rechnungsText,
    belegstext2: b.belegstext2,
    belegstext3: b.belegstext3,
    zahlungsziel: b.zahlungszielId === null ? null : { id: b.zahlungszielId },
    lieferbedingung: b.lieferbedingungId === null ? null : { id: b.lieferbedingungId },
    zahlungsbedingung: b.zahlungsbedingungId === null ? null : { id: b.zahlungsbedingungId },
    bestellBelegnummer: b.bestellBelegnummer,
    kaeuferReferenz: b.kaeuferReferenz,
    belegFelder: row.felder.map((f) => ({ felddefinitionId: Number(f.felddefinitionId), value: f.value })),
    projektList: row.projekte.map((p) => ({ id: Number(p.id) })),
    belegspositionSet: row.positionen.map((p) => ({
      id: Number(p.id),
      artikel:
        p.artikel_id === null
          ? null
          : {
              id: Number(p.artikel_id),
              artikelNummer: p.artikel_nummer,
              artikelBezeichnung: p.artikel_bezeichnung,
              rabattierFaehig: p.rabattier_faehig ?? true,
            },
      artikelRabatt: Number(p.artikel_rabatt),
      positionsBeschreibung: p.positions_beschreibung,
      positionsBeschreibungZusatz: p.positions_beschreibung_zusatz,
      positionsMenge: num(p.positions_menge),
      positionsMwst: num(p.positions_mwst),
      positionsNummer: p.positions_nummer,
      positionsPreis: num(p.positions_preis),
      positionsSumme: num(p.positions_summe),
      positionsVersandMenge: num(p.positions_versand_menge),
      stillOpenAmount: num(p.offen),
      teilversandFinalize: p.teilversand_finalize,
      rabatt: Number(p.rabatt),
      zeiteintraege: (p.zeiteintrag_ids ?? []).map((zeId) => ({ id: Number(zeId) })),
      belegspositionLieferant:
        p.lieferant_id === null ? null : { id: Number(p.lieferant_id), anzeigename: p.lieferant_name ?? "" },
    })),
    mandant: { id: b.mandantId },
    summeNetto: Number(b.summeNetto),
    summeBrutto: Number(b.summeBrutto),
    belegMwstSet: row.mwst.map((m) => ({
      id: Number(m.id),
      satz: Number(m.satz),
      kategorie: m.kategorie,
      basis: Number(m.basis),
      betrag: Number(m.betrag),
      rabatt: Number(m.rabatt),
    })),
    freigabe: b.freigabe,
    bezahlt: b.bezahlt,
    storniert: b.storniert,
    stornoRechnungsnummer: b.stornoRechnungsnummer,
    ursprungsBeleg:
      b.ursprungBelegId === null
        ? null
        : {
            id: b.ursprungBelegId,
            belegNummer: row.ursprungNummer,
            belegsTyp: (row.ursprungTyp ?? "rechnung") as TBelegsTyp,
          },
    rksvBarcode: b.rksvBarcode,
    docPath: b.docPath,
    zahlungList: row.zahlungen.map((z) => ({
      id: Number(z.id),
      zahlungsDatum: z.zahlungsDatum,
      betrag: Number(z.betrag),
      skonto: Number(z.skonto),
      kommentar: z.kommentar,
      zahlungsart: z.zahlungsart,
    })),
    // A draft invoice will be open for its gross once finalized (nothing can be paid on a draft); the finalization
    // answers the draft it read with its number, so this keeps that answer equal to a read after it.
    restbetrag: b.freigabe ? Number(b.offen) : b.belegsTyp === "rechnung" ? Number(b.summeBrutto) : 0,
    abschreibung: row.abschreibung
      ? {
          betrag: Number(row.abschreibung.betrag),
          grund: row.abschreibung.grund,
          datum: row.abschreibung.datum,
        }
      : null,
  };
}

/** The stored values of a document's own row (everything but parts and what actions set). */
export type BelegWerte = Omit<
  typeof beleg.$inferInsert,
  | "mandantId"
  | "id"
  | "belegNummer"
  | "freigabe"
  | "freigabeAm"
  | "bezahlt"
  | "offen"
  | "storniert"
  | "stornoRechnungsnummer"
  | "rechnungsAdresse"
  | "lieferAdresse"
  | "verkaeufer"
  | "rksvBarcode"
  | "docPath"
  | "createdDate"
>;

/** A position as it is stored (position = its index on the document). */
export type PositionWerte = Omit<typeof belegPosition.$inferInsert, "mandantId" | "belegId" | "position">;

/** The parts a save writes besides the row. */
export interface BelegTeile {
  positionen: PositionWerte[];
  mwst: Omit<typeof belegMwst.$inferInsert, "mandantId" | "belegId" | "id">[];
  felder: { felddefinitionId: number; value: string | null }[];
  projektIds: number[];
  quellen?: number[];
}

/**
 * Writes a document: inserts (no id) or updates its row, then replaces its parts — positions by id (an entry
 * without id is new), VAT lines, field values, project links (and source links when given). Returns the id.
 */
export async function writeBeleg(
  tx: Tx,
  id: number | undefined,
  werte: BelegWerte,
  teile: BelegTeile,
): Promise<number> {
  let belegId: number;
  if (id === undefined) {
    const [row] = await tx.insert(beleg).values(werte).returning({ id: beleg.id });
    belegId = row!.id;
  } else {
    belegId = id;
    await tx
      .update(beleg)
      .set({ ...werte, lastModifiedDate: new Date() })
      .where(eq(beleg.id, id));
  }
  // A new document has no parts yet: nothing to delete (the usual create is a handful of statements).
  const neuerBeleg = id === undefined;
  const keep = teile.positionen.flatMap((p) => (p.id === undefined ? [] : [p.id]));
  if (!neuerBeleg)
    await tx.delete(belegPosition).where(
      and(
        eq(belegPosition.belegId, belegId),
        keep.length > 0
          ? sql`${belegPosition.id} NOT IN (${sql.join(
              keep.map((k) => sql`${k}`),
              sql`, `,
            )})`
          : undefined,
      ),
    );
  const neu: (typeof belegPosition.$inferInsert)[] = [];
  for (const [position, p] of teile.positionen.entries()) {
    if (p.id === undefined) neu.push({ ...p, belegId, position });
    else
      await tx
        .update(belegPosition)
        .set({ ...p, position })
        .where(and(eq(belegPosition.id, p.id), eq(belegPosition.belegId, belegId)));
  }
  if (neu.length > 0) await tx.insert(belegPosition).values(neu);
  if (!neuerBeleg) await tx.delete(belegMwst).where(eq(belegMwst.belegId, belegId));
  if (teile.mwst.length > 0) await tx.insert(belegMwst).values(teile.mwst.map((m) => ({ ...m, belegId })));
  if (!neuerBeleg) await tx.delete(belegFeld).where(eq(belegFeld.belegId, belegId));
  if (teile.felder.length > 0)
    await tx.insert(belegFeld).values(teile.felder.map((f) => ({ ...f, belegId })));
  if (!neuerBeleg) await tx.delete(belegProjekt).where(eq(belegProjekt.belegId, belegId));
  if (teile.projektIds.length > 0)
    await tx.insert(belegProjekt).values(teile.projektIds.map((projektId) => ({ belegId, projektId })));
  if (teile.quellen && teile.quellen.length > 0)
    await tx
      .insert(belegQuelle)
      .values(teile.quellen.map((quelleBelegId) => ({ belegId, quelleBelegId })))
      .onConflictDoNothing();
  return belegId;
}

/** The ids of the positions of a document (PUT checks that each position id it names belongs to it). */
export async function positionIds(tx: Tx, belegId: number): Promise<Set<number>> {
  const rows = await tx
    .select({ id: belegPosition.id })
    .from(belegPosition)
    .where(eq(belegPosition.belegId, belegId));
  return new Set(rows.map((row) => row.id));
}

/** The addresses of a customer (or, for `a.kunde_id IS NULL`, the tenant's own) as a JSON array, in order. */
const adressenJson = (owner: SQL) => sql<
  (typeof adresse.$inferSelect)[]
>`(SELECT coalesce(json_agg(json_build_object('id', a.id, 'adressenTyp', a.adressen_typ,
    'firmenName', a.firmen_name, 'adressZusatz', a.adress_zusatz, 'strasse', a.strasse, 'hausNummer', a.haus_nummer,
    'stiege', a.stiege, 'tuer', a.tuer, 'plz', a.plz, 'ort', a.ort, 'land', a.land, 'zuHanden', a.zu_handen)
    ORDER BY a.position, a.id), '[]')
  FROM adresse a WHERE ${owner})`;

/** Seller and buyer as the legal contents read them: each with its addresses, one statement each. */
export async function parteien(tx: Tx, kundeId: number | null) {
  const [m] = await tx
    .select({ mandant, adresseLists: adressenJson(sql`a.kunde_id IS NULL AND a.mandant_id = ${mandant.id}`) })
    .from(mandant)
    .where(eq(mandant.id, currentMandant));
  const [k] =
    kundeId === null
      ? []
      : await tx
          .select({
            kunde,
            adresseLists: adressenJson(sql`a.mandant_id = ${kunde.mandantId} AND a.kunde_id = ${kunde.id}`),
          })
          .from(kunde)
          .where(eq(kunde.id, kundeId));
  return {
    mandant: m ? { ...m.mandant, adresseLists: m.adresseLists } : undefined,
    kunde: k ? { ...k.kunde, adresseLists: k.adresseLists } : undefined,
  };
}

/** What finalization copies of the seller onto the document (beleg.verkaeufer). */
export interface VerkaeuferKopie {
  bezeichnung: string;
  uid: string | null;
  /** The tenant's first address as stored (adresse row fields). */
  adresse: Record<string, unknown> | null;
  fn?: string | null;
  email?: string | null;
  iban?: string | null;
  bic?: string | null;
  bankName?: string | null;
  /** E-invoice contact data (issue 19): phone, contact person, tax number, electronic address. */
  telefon?: string | null;
  kontaktName?: string | null;
  steuernummer?: string | null;
  eRechnungAdresse?: string | null;
}
