import {
  BELEG_SEARCH_LIMIT,
  type TBelegListQuery,
  type TBelegSortField,
  type TBelegZeile,
} from "@kontor/domain/beleg/beleg.api";
import type { TBeleg, TBelegMwst } from "@kontor/domain/beleg/beleg.schema";
import { anzeigename } from "@kontor/domain/kunde/kunde.rules";
import type { TBelegsTyp } from "@kontor/domain/typen/typen";
import { and, asc, count, desc, eq, gte, inArray, lte, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Tx } from "../../db/client.ts";
import { orderBy } from "../../db/paging.ts";
import {
  artikel,
  beleg,
  belegFeld,
  belegMwst,
  belegPosition,
  belegProjekt,
  belegQuelle,
  kunde,
} from "../../db/schema/index.ts";

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

/**
 * The search: the document number contains the text (case ignored), or the customer's number or display fields
 * contain every word of it.
 */
function sucheBedingung(text: string | undefined): SQL | undefined {
  const words = (text ?? "").split(/\s+/).filter(Boolean);
  if (words.length === 0) return undefined;
  const nummer = sql`lower(${beleg.belegNummer}) LIKE ${`%${escapeLike(text!.trim().toLowerCase())}%`}`;
  const imKunden = and(
    ...words.map(
      (word) =>
        sql`kontor_fold(coalesce(${kunde.kundenNummer}, '') || ' ' || coalesce(${kunde.bezeichnung}, '') || ' ' || coalesce(${kunde.vorname}, '') || ' ' || coalesce(${kunde.nachname}, '')) LIKE '%' || kontor_fold(${escapeLike(word)}) || '%'`,
    ),
  );
  return sql`(${nummer} OR ${imKunden})`;
}

function filterBedingung(filter: BelegFilter): SQL | undefined {
  return and(
    sucheBedingung(filter.search),
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
  const where = filterBedingung({ ...query, projektIds: query.projektId ? [query.projektId] : undefined });
  const rows = await tx
    .select(zeileColumns)
    .from(beleg)
    .leftJoin(kunde, kundeJoin)
    .where(where)
    .orderBy(...orderBy(query.sort, sortColumns, DEFAULT_SORT, beleg.id).slice(0, -1), desc(beleg.id))
    .limit(query.size)
    .offset(query.page * query.size);
  const totalCount =
    query.page === 0 && rows.length < query.size
      ? rows.length
      : ((
          await (query.search
            ? tx.select({ n: count() }).from(beleg).leftJoin(kunde, kundeJoin)
            : tx.select({ n: count() }).from(beleg)
          ).where(where)
        )[0]?.n ?? 0);
  return { items: rows.map(toZeile), totalCount };
}

/** GET belegsearch: at most BELEG_SEARCH_LIMIT matching documents, newest first. */
export async function belegZeilen(tx: Tx, filter: BelegFilter, limit = BELEG_SEARCH_LIMIT) {
  const rows = await tx
    .select(zeileColumns)
    .from(beleg)
    .leftJoin(kunde, kundeJoin)
    .where(filterBedingung(filter))
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

/**
 * The open quantity of each given position: its quantity minus what later documents carried over from it
 * (conversions, partial deliveries; a cancelled document does not count). Keyed by position id.
 */
export async function offeneMengen(tx: Tx, positionIds: readonly number[]): Promise<Map<number, number>> {
  if (positionIds.length === 0) return new Map();
  const rows = await tx.execute(sql`
    SELECT p.id, p.positions_menge - coalesce((
      SELECT sum(n.positions_menge) FROM beleg_position n JOIN beleg nb ON nb.mandant_id = n.mandant_id
        AND nb.id = n.beleg_id
      WHERE n.mandant_id = p.mandant_id AND n.quelle_position_id = p.id AND NOT nb.storniert
        AND nb.belegs_typ <> 'storno'), 0) AS offen
    FROM beleg_position p WHERE p.id IN (${sql.join(
      positionIds.map((id) => sql`${id}`),
      sql`, `,
    )})`);
  const list = (rows as unknown as { rows: { id: number | string; offen: string | number | null }[] }).rows;
  return new Map(list.map((row) => [Number(row.id), row.offen === null ? 0 : Number(row.offen)]));
}

/** GET beleg/{id}: the document with every part, or undefined when the tenant has none with this id. */
export async function findBeleg(tx: Tx, id: number): Promise<TBeleg | undefined> {
  const [row] = await tx
    .select({
      beleg,
      ...kundeName,
      ursprungNummer: sql<string | null>`u.beleg_nummer`,
      ursprungTyp: sql<string | null>`u.belegs_typ`,
    })
    .from(beleg)
    .leftJoin(kunde, kundeJoin)
    .leftJoin(sql`beleg u`, sql`u.mandant_id = ${beleg.mandantId} AND u.id = ${beleg.ursprungBelegId}`)
    .where(eq(beleg.id, id));
  if (!row) return undefined;
  const b = row.beleg;
  const [positionen, mwst, felder, projekte] = [
    await tx
      .select({
        p: belegPosition,
        artikelNummer: artikel.artikelNummer,
        artikelBezeichnung: artikel.artikelBezeichnung,
        rabattierFaehig: artikel.rabattierFaehig,
        lieferantBezeichnung: kunde.bezeichnung,
        lieferantNachname: kunde.nachname,
      })
      .from(belegPosition)
      .leftJoin(
        artikel,
        and(eq(artikel.mandantId, belegPosition.mandantId), eq(artikel.id, belegPosition.artikelId)),
      )
      .leftJoin(
        kunde,
        and(eq(kunde.mandantId, belegPosition.mandantId), eq(kunde.id, belegPosition.lieferantId)),
      )
      .where(eq(belegPosition.belegId, id))
      .orderBy(asc(belegPosition.position), asc(belegPosition.id)),
    await tx.select().from(belegMwst).where(eq(belegMwst.belegId, id)).orderBy(asc(belegMwst.id)),
    await tx
      .select({ felddefinitionId: belegFeld.felddefinitionId, value: belegFeld.value })
      .from(belegFeld)
      .where(eq(belegFeld.belegId, id))
      .orderBy(asc(belegFeld.felddefinitionId)),
    await tx
      .select({ id: belegProjekt.projektId })
      .from(belegProjekt)
      .where(eq(belegProjekt.belegId, id))
      .orderBy(asc(belegProjekt.projektId)),
  ];
  const offen = await offeneMengen(
    tx,
    positionen.map(({ p }) => p.id),
  );
  const num = (value: number | null) => (value === null ? null : Number(value));
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
    belegFelder: felder,
    projektList: projekte,
    belegspositionSet: positionen.map(({ p, ...a }) => ({
      id: p.id,
      artikel:
        p.artikelId === null
          ? null
          : {
              id: p.artikelId,
              artikelNummer: a.artikelNummer,
              artikelBezeichnung: a.artikelBezeichnung,
              rabattierFaehig: a.rabattierFaehig ?? true,
            },
      artikelRabatt: Number(p.artikelRabatt),
      positionsBeschreibung: p.positionsBeschreibung,
      positionsBeschreibungZusatz: p.positionsBeschreibungZusatz,
      positionsMenge: num(p.positionsMenge),
      positionsMwst: num(p.positionsMwst),
      positionsNummer: p.positionsNummer,
      positionsPreis: num(p.positionsPreis),
      positionsSumme: num(p.positionsSumme),
      positionsVersandMenge: num(p.positionsVersandMenge),
      stillOpenAmount: offen.get(p.id) ?? null,
      teilversandFinalize: p.teilversandFinalize,
      rabatt: Number(p.rabatt),
      zeiteintraege: p.zeiteintragIds.map((zeId) => ({ id: Number(zeId) })),
      belegspositionLieferant:
        p.lieferantId === null
          ? null
          : { id: p.lieferantId, anzeigename: a.lieferantBezeichnung ?? a.lieferantNachname ?? "" },
    })),
    mandant: { id: b.mandantId },
    summeNetto: Number(b.summeNetto),
    summeBrutto: Number(b.summeBrutto),
    belegMwstSet: mwst.map((m) => ({
      id: m.id,
      satz: Number(m.satz),
      kategorie: m.kategorie as TBelegMwst["kategorie"],
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
    zahlungList: [],
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
  const keep = teile.positionen.flatMap((p) => (p.id === undefined ? [] : [p.id]));
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
  await tx.delete(belegMwst).where(eq(belegMwst.belegId, belegId));
  if (teile.mwst.length > 0) await tx.insert(belegMwst).values(teile.mwst.map((m) => ({ ...m, belegId })));
  await tx.delete(belegFeld).where(eq(belegFeld.belegId, belegId));
  if (teile.felder.length > 0)
    await tx.insert(belegFeld).values(teile.felder.map((f) => ({ ...f, belegId })));
  await tx.delete(belegProjekt).where(eq(belegProjekt.belegId, belegId));
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
