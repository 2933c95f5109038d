import type {
  TArtikelBulk,
  TArtikelKatalogQuery,
  TArtikelListQuery,
  TArtikelSortField,
  TArtikelZeile,
} from "@kontor/domain/artikel/artikel.api";
import type { TArtikel } from "@kontor/domain/artikel/artikel.schema";
import { todayIso } from "@kontor/domain/date/calendar";
import { valueFitsType } from "@kontor/domain/felddefinition/felddefinition.rules";
import type { TFeldTyp } from "@kontor/domain/felddefinition/felddefinition.schema";
import type { TFieldError } from "@kontor/domain/http/problem.schema";
import { anzeigename } from "@kontor/domain/kunde/kunde.rules";
import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  numeric,
  type PgColumn,
  type PgTable,
  pgView,
  text,
  timestamp,
  unionAll,
} from "drizzle-orm/pg-core";
import { inSequence, type Tx } from "../../db/client.ts";
import { mapUniqueViolation, pgError } from "../../db/errors.ts";
import { capFor, countRowsUpTo, orderBy, totalOf } from "../../db/paging.ts";
import {
  artikel,
  artikelBild,
  artikelFeld,
  artikelLieferant,
  artikelPdf,
  artikelPreis,
  asset,
  einheit,
  felddefinition,
  kunde,
  mehrwertssteuer,
  preisschiene,
  untergruppe,
  warengruppe,
} from "../../db/schema/index.ts";
import { sucheBedingung } from "../../db/search.ts";
import { checkTeilIds, existingIds, replaceTeile, type Teile, teilIds, validation } from "../../db/teile.ts";
import { ProblemError } from "../../http/problem.ts";
import { allocateNummer, lockStand, nummerVergeben } from "../nummernkreis/stammnummer.service.ts";

/**
 * Articles in the database (issue 7), after the customers' pattern (kunde.repository.ts). Every function runs
 * inside the tenant transaction (TenantScope.run / change): row-level security confines it to the selected tenant, so another tenant's id is simply not
 * found; searches read through the view artikel_mandant (migration 0012), where the trigram index can serve LIKE.
 */

// ---------------------------------------------------------------------------------------------------------------
// List rows.

// Sorting every word match (11 000 for "verzinkt") broke DESIGN §9's 10 ms; the contract allows 20 of any 250.
const SUCHE_KANDIDATEN = 250;

const geld = (name: string) => numeric(name, { precision: 14, scale: 2, mode: "number" });
const menge = (name: string) => numeric(name, { precision: 14, scale: 3, mode: "number" });

/** The selected tenant's articles as the view of migration 0012 shows them: the columns lists read. */
const artikelMandant = pgView("artikel_mandant", {
  mandantId: bigint("mandant_id", { mode: "number" }).notNull(),
  id: bigint("id", { mode: "number" }).notNull(),
  artikelNummer: text("artikel_nummer").notNull(),
  artikelBezeichnung: text("artikel_bezeichnung").notNull(),
  artikelBeschreibung: text("artikel_beschreibung"),
  einkaufsPreis: geld("einkaufs_preis"),
  lagerstand: menge("lagerstand").notNull(),
  geloescht: boolean("geloescht").notNull(),
  mehrwertssteuerId: bigint("mehrwertssteuer_id", { mode: "number" }).notNull(),
  untergruppeId: bigint("untergruppe_id", { mode: "number" }),
  hersteller: text("hersteller"),
  verleihbar: boolean("verleihbar").notNull(),
  locked: boolean("locked").notNull(),
  webshopArtikel: boolean("webshop_artikel").notNull(),
  suche: text("suche").notNull(),
  lastModifiedDate: timestamp("last_modified_date", { withTimezone: true }).notNull(),
}).existing();

/** Where list rows come from: the table (row-level security), or the tenant view when there are search words. */
type Quelle = Pick<
  typeof artikel,
  | "mandantId"
  | "id"
  | "artikelNummer"
  | "artikelBezeichnung"
  | "artikelBeschreibung"
  | "einkaufsPreis"
  | "lagerstand"
  | "geloescht"
  | "mehrwertssteuerId"
  | "untergruppeId"
  | "hersteller"
  | "verleihbar"
  | "locked"
  | "webshopArtikel"
  | "suche"
  | "lastModifiedDate"
>;
const quelleFuer = (search: string | undefined): Quelle =>
  (search ?? "").trim() === "" ? artikel : (artikelMandant as unknown as Quelle);
const from = (q: Quelle) => q as unknown as typeof artikel;

/** The article columns a row shows: a source, or the page subquery (seiteZuerst). */
type Spalten = Omit<Quelle, "suche" | "webshopArtikel">;

/**
 * The base price valid on `tag` (SPEC §3, gueltigerPreis without a tier): the latest entry without a price tier
 * on or before the day, in SQL so a list stays one query.
 */
const basisPreis = (s: Spalten, tag: string) =>
  sql<number | null>`(SELECT p.preis FROM artikel_preis p
    WHERE p.mandant_id = ${s.mandantId} AND p.artikel_id = ${s.id} AND p.preisschiene_id IS NULL
      AND p.von_datum <= ${tag}::date
    ORDER BY p.von_datum DESC LIMIT 1)`.mapWith(Number);

/** The article's first image (thumbnails in lists). */
const erstesBild = (s: Spalten) =>
  sql<number | null>`(SELECT b.asset_id FROM artikel_bild b
    WHERE b.mandant_id = ${s.mandantId} AND b.artikel_id = ${s.id}
    ORDER BY b.position, b.asset_id LIMIT 1)`.mapWith(Number);

const zeileColumns = (s: Spalten, tag: string) => ({
  id: s.id,
  artikelNummer: s.artikelNummer,
  artikelBezeichnung: s.artikelBezeichnung,
  artikelBeschreibung: s.artikelBeschreibung,
  preis: basisPreis(s, tag),
  einkaufsPreis: s.einkaufsPreis,
  mwst: mehrwertssteuer.mwst,
  untergruppe: untergruppe.bezeichnung,
  warengruppe: warengruppe.bezeichnung,
  hersteller: s.hersteller,
  lagerstand: s.lagerstand,
  verleihbar: s.verleihbar,
  geloescht: s.geloescht,
  locked: s.locked,
  bildAssetId: erstesBild(s),
});

/** The article columns a row shows, from a source. */
const spalten = (q: Spalten) => ({
  mandantId: q.mandantId,
  id: q.id,
  artikelNummer: q.artikelNummer,
  artikelBezeichnung: q.artikelBezeichnung,
  artikelBeschreibung: q.artikelBeschreibung,
  einkaufsPreis: q.einkaufsPreis,
  lagerstand: q.lagerstand,
  geloescht: q.geloescht,
  mehrwertssteuerId: q.mehrwertssteuerId,
  untergruppeId: q.untergruppeId,
  hersteller: q.hersteller,
  verleihbar: q.verleihbar,
  locked: q.locked,
  lastModifiedDate: q.lastModifiedDate,
});

/**
 * The rows of one page, articles chosen first: a subquery picks them (WHERE, ORDER BY, LIMIT/OFFSET on `q`) and
 * only those are joined with VAT rate, subgroup and goods group and get their price, in the same order.
 */
function seiteZuerst(
  tx: Tx,
  q: Quelle,
  where: SQL | undefined,
  order: (s: Spalten) => SQL[],
  limit: number | undefined,
  offset = 0,
) {
  const base = tx
    .select(spalten(q))
    .from(from(q))
    .where(where)
    .orderBy(...order(q))
    .offset(offset);
  const seite = (limit === undefined ? base : base.limit(limit)).as("seite");
  const s = seite as unknown as Spalten;
  return tx
    .select(zeileColumns(s, todayIso()))
    .from(seite)
    .innerJoin(
      mehrwertssteuer,
      and(eq(mehrwertssteuer.mandantId, s.mandantId), eq(mehrwertssteuer.id, s.mehrwertssteuerId)),
    )
    .leftJoin(untergruppe, and(eq(untergruppe.mandantId, s.mandantId), eq(untergruppe.id, s.untergruppeId)))
    .leftJoin(
      warengruppe,
      and(eq(warengruppe.mandantId, untergruppe.mandantId), eq(warengruppe.id, untergruppe.warengruppeId)),
    )
    .orderBy(...order(s));
}

const toZeile = (row: TArtikelZeile): TArtikelZeile => row;

/** The VAT rate of a row (sorting only: the page's rows get it by a join). */
const mwstSatz = (s: Spalten) =>
  sql`(SELECT m.mwst FROM mehrwertssteuer m WHERE m.mandant_id = ${s.mandantId} AND m.id = ${s.mehrwertssteuerId})`;

/** Goods group, then subgroup, as the list's group column shows them (sorting only). */
const gruppeText = (s: Spalten) =>
  sql`(SELECT lower(coalesce(w.bezeichnung, '') || chr(1) || u.bezeichnung) FROM untergruppe u
    LEFT JOIN warengruppe w ON w.mandant_id = u.mandant_id AND w.id = u.warengruppe_id
    WHERE u.mandant_id = ${s.mandantId} AND u.id = ${s.untergruppeId})`;

/** Every column the list shows can sort it (issue 21); the computed ones per row, so only when asked. */
const sortColumns = (s: Spalten): Record<TArtikelSortField, PgColumn | SQL> => ({
  artikelBezeichnung: s.artikelBezeichnung,
  artikelNummer: s.artikelNummer,
  lagerstand: s.lagerstand,
  gruppe: gruppeText(s),
  preis: basisPreis(s, todayIso()),
  mwst: mwstSatz(s),
  verleihbar: s.verleihbar,
  id: s.id,
  lastModifiedDate: s.lastModifiedDate,
});
const DEFAULT_SORT = [{ field: "artikelBezeichnung", direction: "asc" }] as const;

/** What lists and searches filter by. */
export interface ArtikelFilter {
  search?: string | undefined;
  verleihbar?: boolean | undefined;
  /** true: deleted (deactivated) articles too; otherwise they are left out. */
  geloescht?: boolean | undefined;
  untergruppeIds?: number[] | undefined;
  warengruppeId?: number | undefined;
  lieferantId?: number | undefined;
  webshop?: boolean | undefined;
}

function filterBedingung(tx: Tx, q: Quelle, filter: ArtikelFilter): SQL | undefined {
  return and(
    filter.geloescht ? undefined : eq(q.geloescht, false),
    filter.verleihbar ? eq(q.verleihbar, true) : undefined,
    filter.webshop ? eq(q.webshopArtikel, true) : undefined,
    filter.untergruppeIds === undefined ? undefined : inArray(q.untergruppeId, filter.untergruppeIds),
    filter.warengruppeId === undefined
      ? undefined
      : inArray(
          q.untergruppeId,
          tx
            .select({ id: untergruppe.id })
            .from(untergruppe)
            .where(eq(untergruppe.warengruppeId, filter.warengruppeId)),
        ),
    filter.lieferantId === undefined
      ? undefined
      : inArray(
          q.id,
          tx
            .select({ id: artikelLieferant.artikelId })
            .from(artikelLieferant)
            .where(eq(artikelLieferant.lieferantId, filter.lieferantId)),
        ),
    sucheBedingung(filter.search, q.suche),
  );
}

/** A page of rows and the total: the total is counted on the articles alone (no join). */
async function seite(
  tx: Tx,
  filter: ArtikelFilter,
  page: { page: number; size: number; sort: TArtikelListQuery["sort"] },
) {
  const q = quelleFuer(filter.search);
  const where = filterBedingung(tx, q, filter);
  const order = (s: Spalten) => orderBy(page.sort, sortColumns(s), DEFAULT_SORT, s.id);
  const rows = await seiteZuerst(tx, q, where, order, page.size, page.page * page.size);
  const total = await totalOf(
    rows.length,
    page,
    (limit) => countRowsUpTo(tx, from(q), where, limit),
    capFor(filter.search),
  );
  return { items: rows.map(toZeile), ...total };
}

/** GET artikel: one page (default sort artikelBezeichnung; deleted ones only with geloescht=true). */
export function listArtikel(tx: Tx, query: TArtikelListQuery) {
  return seite(tx, query, query);
}

/**
 * GET artikelkatalogsearch: the catalogue's filters (SPEC §3); `init` answers the first page without filters.
 * selectedUntergruppe / selectedUG / selectedUGS narrow to subgroups (all given must match), selectedWG to a goods
 * group, selectedLieferant to a supplier's articles.
 */
export function katalogSuche(tx: Tx, query: TArtikelKatalogQuery) {
  if (query.init) return seite(tx, {}, { page: 0, size: query.size, sort: query.sort });
  const subgroups = [query.selectedUntergruppe, query.selectedUG].filter((v) => v !== undefined);
  let untergruppeIds: number[] | undefined = query.selectedUGS;
  for (const id of subgroups)
    untergruppeIds = untergruppeIds === undefined ? [id] : untergruppeIds.filter((u) => u === id);
  return seite(
    tx,
    {
      search: query.searchTerm,
      verleihbar: query.selectedVerleihbar,
      geloescht: query.selectedIncludeDeactivated,
      untergruppeIds,
      warengruppeId: query.selectedWG,
      lieferantId: query.selectedLieferant,
    },
    query,
  );
}

/**
 * Rows matching the filter, at most `limit` (searches, subgroup, webshop): by name, an exact number match (case
 * ignored) first when `exakt` is given.
 */
export async function artikelZeilen(
  tx: Tx,
  filter: ArtikelFilter,
  limit?: number,
  exakt?: string,
): Promise<TArtikelZeile[]> {
  const q = quelleFuer(filter.search);
  const where = filterBedingung(tx, q, filter);
  const nummer = exakt?.trim();
  const order = (s: Spalten) => [
    ...(nummer ? [sql`(lower(${s.artikelNummer}) = lower(${nummer})) DESC`] : []),
    asc(s.artikelBezeichnung),
    asc(s.id),
  ];
  if (!nummer || limit === undefined || q === artikel)
    return (await seiteZuerst(tx, q, where, order, limit)).map(toZeile);

  // The exact number by its index (artikel_nummer_lower_idx), and beside it at most SUCHE_KANDIDATEN other
  // matches in any order (the scan stops there): only these are sorted (bench/README.md, articles, finding 1).
  // The candidates come from the trigram index: the planner otherwise bets on a table scan finding 250 matches
  // early, which for a word in 2 % of the articles reads thousands of rows (p95 20 ms instead of 3). A word too short
  // for trigrams still gets its table scan. Transaction-local.
  await tx.execute(sql`SET LOCAL enable_seqscan = off`);
  const exact = sql`lower(${q.artikelNummer}) = lower(${nummer})`;
  const kandidaten = unionAll(
    tx.select(spalten(q)).from(from(q)).where(and(where, exact)),
    tx
      .select(spalten(q))
      .from(from(q))
      .where(and(where, sql`lower(${q.artikelNummer}) <> lower(${nummer})`))
      .limit(SUCHE_KANDIDATEN),
  ).as("kandidaten");
  return (await seiteZuerst(tx, kandidaten as unknown as Quelle, undefined, order, limit)).map(toZeile);
}

/** The rows of the given articles, in the given order (PUT artikellist answers them). */
async function zeilenByIds(tx: Tx, ids: number[]): Promise<TArtikelZeile[]> {
  const rows = await seiteZuerst(tx, artikel, inArray(artikel.id, ids), (s) => [asc(s.id)], undefined);
  const byId = new Map<number, TArtikelZeile>(rows.map((row) => [row.id, toZeile(row)]));
  return [...new Set(ids)].flatMap((id) => byId.get(id) ?? []);
}

export async function untergruppeExists(tx: Tx, id: number): Promise<boolean> {
  const rows = await tx.select({ id: untergruppe.id }).from(untergruppe).where(eq(untergruppe.id, id));
  return rows.length > 0;
}

// ---------------------------------------------------------------------------------------------------------------
// One article with all its parts.

const iso = (date: Date) => date.toISOString();

/** The article as GET artikel/{id} answers it; undefined when the tenant has no such article. */
export async function findArtikel(tx: Tx, id: number): Promise<TArtikel | undefined> {
  const [row] = await tx
    .select({
      artikel,
      mwst: mehrwertssteuer.mwst,
      untergruppeBezeichnung: untergruppe.bezeichnung,
      einheitCode: einheit.code,
      warengruppeId: warengruppe.id,
      warengruppeBezeichnung: warengruppe.bezeichnung,
    })
    .from(artikel)
    .innerJoin(
      mehrwertssteuer,
      and(
        eq(mehrwertssteuer.mandantId, artikel.mandantId),
        eq(mehrwertssteuer.id, artikel.mehrwertssteuerId),
      ),
    )
    .leftJoin(
      untergruppe,
      and(eq(untergruppe.mandantId, artikel.mandantId), eq(untergruppe.id, artikel.untergruppeId)),
    )
    .leftJoin(
      warengruppe,
      and(eq(warengruppe.mandantId, untergruppe.mandantId), eq(warengruppe.id, untergruppe.warengruppeId)),
    )
    .leftJoin(einheit, and(eq(einheit.mandantId, artikel.mandantId), eq(einheit.id, artikel.einheitId)))
    .where(eq(artikel.id, id));
  if (!row) return undefined;
  const a = row.artikel;

  const [preise, lieferanten, felder, bilder, pdfs] = await inSequence(
    () =>
      tx
        .select()
        .from(artikelPreis)
        .where(eq(artikelPreis.artikelId, id))
        .orderBy(
          asc(artikelPreis.vonDatum),
          sql`${artikelPreis.preisschieneId} NULLS FIRST`,
          asc(artikelPreis.id),
        ),
    () =>
      tx
        .select({ teil: artikelLieferant, kunde })
        .from(artikelLieferant)
        .innerJoin(
          kunde,
          and(eq(kunde.mandantId, artikelLieferant.mandantId), eq(kunde.id, artikelLieferant.lieferantId)),
        )
        .where(eq(artikelLieferant.artikelId, id))
        .orderBy(asc(artikelLieferant.position), asc(artikelLieferant.id)),
    () =>
      // One entry per article field definition of the tenant; null where this article has no value.
      tx
        .select({ felddefinitionId: felddefinition.id, value: artikelFeld.value })
        .from(felddefinition)
        .leftJoin(
          artikelFeld,
          and(
            eq(artikelFeld.mandantId, felddefinition.mandantId),
            eq(artikelFeld.felddefinitionId, felddefinition.id),
            eq(artikelFeld.artikelId, id),
          ),
        )
        .where(eq(felddefinition.bereich, "artikel"))
        .orderBy(asc(felddefinition.sortOrder), asc(felddefinition.id)),
    () =>
      tx
        .select({
          assetId: asset.id,
          dateiname: asset.dateiname,
          contentType: asset.contentType,
          groesse: asset.groesse,
        })
        .from(artikelBild)
        .innerJoin(asset, and(eq(asset.mandantId, artikelBild.mandantId), eq(asset.id, artikelBild.assetId)))
        .where(eq(artikelBild.artikelId, id))
        .orderBy(asc(artikelBild.position), asc(artikelBild.assetId)),
    () =>
      tx
        .select({
          id: artikelPdf.id,
          dateiname: artikelPdf.dateiname,
          contentType: artikelPdf.contentType,
          groesse: artikelPdf.groesse,
          hochgeladenAm: artikelPdf.hochgeladenAm,
        })
        .from(artikelPdf)
        .where(eq(artikelPdf.artikelId, id))
        .orderBy(asc(artikelPdf.position), asc(artikelPdf.id)),
  );

  return {
    id: a.id,
    artikelNummer: a.artikelNummer,
    artikelBezeichnung: a.artikelBezeichnung,
    artikelBeschreibung: a.artikelBeschreibung,
    artikelKommentar: a.artikelKommentar,
    artikelPreisSet: preise.map((p) => ({
      id: p.id,
      preis: p.preis,
      vonDatum: p.vonDatum,
      preisschiene: p.preisschieneId === null ? null : { id: p.preisschieneId },
    })),
    einkaufsPreis: a.einkaufsPreis,
    lagerstand: a.lagerstand,
    geloescht: a.geloescht,
    rabattierFaehig: a.rabattierFaehig,
    mehrwertssteuer: { id: a.mehrwertssteuerId, mwst: row.mwst },
    untergruppe:
      a.untergruppeId === null
        ? null
        : {
            id: a.untergruppeId,
            bezeichnung: row.untergruppeBezeichnung ?? "",
            ...(row.warengruppeId === null
              ? {}
              : { warengruppe: { id: row.warengruppeId, bezeichnung: row.warengruppeBezeichnung ?? "" } }),
          },
    einheit: a.einheitId === null ? null : { id: a.einheitId, code: row.einheitCode ?? "" },
    hersteller: a.hersteller,
    gewichtDurchmesser: a.gewichtDurchmesser,
    laenge: a.laenge,
    verpackung: a.verpackung,
    vpe: a.vpe,
    verleihbar: a.verleihbar,
    halter: a.halter,
    artikelLieferantSet: lieferanten.map(({ teil, kunde: k }) => ({
      id: teil.id,
      lieferant: { id: teil.lieferantId, anzeigename: anzeigename(k, "de") },
      lieferantenArtikelNummer: teil.lieferantenArtikelNummer,
      einkaufsPreis: teil.einkaufsPreis,
    })),
    artikelFelder: felder,
    artikelImages: bilder,
    artikelPdfs: pdfs.map((pdf) => ({ ...pdf, hochgeladenAm: iso(pdf.hochgeladenAm) })),
    locked: a.locked,
    webshopId: a.webshopId,
    webshopArtikel: a.webshopArtikel,
    webshopCategory: a.webshopCategory,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Saving.

/** 409: a locked article takes no change but unlocking. */
export const artikelLocked = () =>
  new ProblemError(409, "error.artikelLocked", "The article is locked; unlock it (locked: false) first.");

/** What PUT artikel takes: the article, and its images as links to the tenant's assets, in order (optional). */
export type ArtikelSpeichern = Omit<TArtikel, "artikelImages"> & {
  artikelImages?: { assetId: number }[] | undefined;
};

/** A part table of an article (own id, the article). */
const teile = (table: PgTable & { id: PgColumn; artikelId: PgColumn }): Teile => ({
  table,
  owner: table.artikelId,
  ownerKey: "artikelId",
});

/** Every reference of the article must exist in the tenant (400 at the field, code notFound). */
async function checkReferenzen(tx: Tx, errors: TFieldError[], a: ArtikelSpeichern) {
  if ((await existingIds(tx, mehrwertssteuer, [a.mehrwertssteuer.id])).size === 0)
    errors.push({ field: "mehrwertssteuer", code: "notFound" });
  if (a.untergruppe && (await existingIds(tx, untergruppe, [a.untergruppe.id])).size === 0)
    errors.push({ field: "untergruppe", code: "notFound" });
  if (a.einheit && (await existingIds(tx, einheit, [a.einheit.id])).size === 0)
    errors.push({ field: "einheit", code: "notFound" });

  const schienen = await existingIds(
    tx,
    preisschiene,
    a.artikelPreisSet.flatMap((p) => (p.preisschiene ? [p.preisschiene.id] : [])),
  );
  const tage = new Set<string>();
  a.artikelPreisSet.forEach((p, index) => {
    if (p.preisschiene && !schienen.has(p.preisschiene.id))
      errors.push({ field: `artikelPreisSet.${index}.preisschiene`, code: "notFound" });
    // One price per tier and day (artikel_preis_tag_uq).
    const key = `${p.preisschiene?.id ?? ""}|${p.vonDatum}`;
    if (tage.has(key)) errors.push({ field: `artikelPreisSet.${index}.vonDatum`, code: "unique" });
    tage.add(key);
  });

  const lieferanten = await existingIds(
    tx,
    kunde,
    a.artikelLieferantSet.map((l) => l.lieferant.id),
  );
  a.artikelLieferantSet.forEach((l, index) => {
    if (!lieferanten.has(l.lieferant.id))
      errors.push({ field: `artikelLieferantSet.${index}.lieferant`, code: "notFound" });
  });

  if (a.artikelImages) {
    const assets = await existingIds(
      tx,
      asset,
      a.artikelImages.map((b) => b.assetId),
    );
    const seen = new Set<number>();
    a.artikelImages.forEach((b, index) => {
      if (!assets.has(b.assetId)) errors.push({ field: `artikelImages.${index}.assetId`, code: "notFound" });
      else if (seen.has(b.assetId)) errors.push({ field: `artikelImages.${index}.assetId`, code: "unique" });
      seen.add(b.assetId);
    });
  }
}

/** Custom fields: an article field definition of the tenant, once each, with a value that fits its type. */
async function checkArtikelFelder(tx: Tx, errors: TFieldError[], felder: TArtikel["artikelFelder"]) {
  const ids = [...new Set(felder.map((feld) => feld.felddefinitionId))];
  const definitions = new Map<number, { type: TFeldTyp; optionen: string[] }>();
  if (ids.length > 0)
    for (const row of await tx
      .select({ id: felddefinition.id, type: felddefinition.type, optionen: felddefinition.optionen })
      .from(felddefinition)
      .where(and(eq(felddefinition.bereich, "artikel"), inArray(felddefinition.id, ids))))
      definitions.set(row.id, { type: row.type as TFeldTyp, optionen: row.optionen });
  const seen = new Set<number>();
  felder.forEach((feld, index) => {
    const definition = definitions.get(feld.felddefinitionId);
    if (!definition) errors.push({ field: `artikelFelder.${index}.felddefinitionId`, code: "notFound" });
    else if (seen.has(feld.felddefinitionId))
      errors.push({ field: `artikelFelder.${index}.felddefinitionId`, code: "unique" });
    else if (!valueFitsType(definition.type, feld.value, definition.optionen))
      errors.push({ field: `artikelFelder.${index}.value`, code: "invalid" });
    seen.add(feld.felddefinitionId);
  });
}

/** The artikel row's own columns (without number and read-only fields). */
function artikelValues(a: ArtikelSpeichern) {
  return {
    artikelBezeichnung: a.artikelBezeichnung,
    artikelBeschreibung: a.artikelBeschreibung,
    artikelKommentar: a.artikelKommentar,
    einkaufsPreis: a.einkaufsPreis,
    lagerstand: a.lagerstand,
    geloescht: a.geloescht,
    rabattierFaehig: a.rabattierFaehig,
    mehrwertssteuerId: a.mehrwertssteuer.id,
    untergruppeId: a.untergruppe?.id ?? null,
    einheitId: a.einheit?.id ?? null,
    hersteller: a.hersteller,
    gewichtDurchmesser: a.gewichtDurchmesser,
    laenge: a.laenge,
    verpackung: a.verpackung,
    vpe: a.vpe,
    verleihbar: a.verleihbar,
    halter: a.halter,
    locked: a.locked,
    webshopArtikel: a.webshopArtikel,
    webshopCategory: a.webshopCategory,
    lastModifiedDate: new Date(),
  };
}

const ARTIKEL_UNIQUE = {
  artikel_nummer_uq: "artikelNummer",
  artikel_preis_tag_uq: "artikelPreisSet",
};

/** Rewrites the search text (folded number and name) of one article; after every write of number or name. */
async function refreshSuche(tx: Tx, artikelId: number) {
  await tx.execute(
    sql`UPDATE artikel SET suche = kontor_artikel_suche(mandant_id, id) WHERE id = ${artikelId}`,
  );
}

/**
 * PUT artikel: creates (no id) or updates (id) an article with its prices, suppliers, custom fields and (when
 * given) image links, in the caller's transaction. A stored locked article refuses the save (409
 * error.artikelLocked) unless it is unlocked (locked: false): then only the lock is lifted, nothing else changes.
 * Every reference is checked (all problems in one 400, nothing saved); an empty number is drawn from the tenant's
 * pattern (an update keeps its stored number). Returns the id, or undefined when the id names no article (404).
 */
export async function saveArtikel(tx: Tx, a: ArtikelSpeichern): Promise<number | undefined> {
  let stored: { artikelNummer: string; locked: boolean } | undefined;
  if (a.id !== undefined) {
    [stored] = await tx
      .select({ artikelNummer: artikel.artikelNummer, locked: artikel.locked })
      .from(artikel)
      .where(eq(artikel.id, a.id))
      .for("update");
    if (!stored) return undefined;
    if (stored.locked) {
      if (a.locked) throw artikelLocked();
      await tx
        .update(artikel)
        .set({ locked: false, lastModifiedDate: new Date() })
        .where(eq(artikel.id, a.id));
      return a.id;
    }
  }

  // A new number, or one changed by hand, is decided under the counter's lock (nummernkreis/stammnummer.service.ts).
  const nummer = a.artikelNummer ?? stored?.artikelNummer ?? null;
  const last = nummer === null || nummer !== stored?.artikelNummer ? await lockStand(tx, "artikel") : 0;

  const errors: TFieldError[] = [];
  if (
    nummer !== null &&
    nummer !== stored?.artikelNummer &&
    (await nummerVergeben(tx, "artikel", nummer, a.id))
  )
    errors.push({ field: "artikelNummer", code: "unique" });
  await checkReferenzen(tx, errors, a);
  await checkArtikelFelder(tx, errors, a.artikelFelder);
  const [preisIds, lieferantIds] = await inSequence(
    () => teilIds(tx, teile(artikelPreis), a.id),
    () => teilIds(tx, teile(artikelLieferant), a.id),
  );
  checkTeilIds(errors, "artikelPreisSet", a.artikelPreisSet, preisIds);
  checkTeilIds(errors, "artikelLieferantSet", a.artikelLieferantSet, lieferantIds);
  if (errors.length > 0) throw validation(errors);

  const artikelNummer = nummer ?? (await allocateNummer(tx, "artikel", last));
  let id: number;
  try {
    if (a.id === undefined) {
      const [row] = await tx
        .insert(artikel)
        .values({ ...artikelValues(a), artikelNummer })
        .returning({ id: artikel.id });
      id = row!.id;
    } else {
      id = a.id;
      await tx
        .update(artikel)
        .set({ ...artikelValues(a), artikelNummer })
        .where(eq(artikel.id, id));
    }
    // Prices: removed and changed days first out of the way, so moving a price to another's day cannot collide.
    await replaceTeile(tx, teile(artikelPreis), id, a.artikelPreisSet, (p) => ({
      preis: p.preis,
      vonDatum: p.vonDatum,
      preisschieneId: p.preisschiene?.id ?? null,
    }));
  } catch (error) {
    mapUniqueViolation(error, ARTIKEL_UNIQUE);
  }
  await replaceTeile(tx, teile(artikelLieferant), id, a.artikelLieferantSet, (l, position) => ({
    position,
    lieferantId: l.lieferant.id,
    lieferantenArtikelNummer: l.lieferantenArtikelNummer,
    einkaufsPreis: l.einkaufsPreis,
  }));
  await tx.delete(artikelFeld).where(eq(artikelFeld.artikelId, id));
  if (a.artikelFelder.length > 0)
    await tx.insert(artikelFeld).values(
      a.artikelFelder.map((feld) => ({
        artikelId: id,
        felddefinitionId: feld.felddefinitionId,
        value: feld.value,
      })),
    );
  if (a.artikelImages) {
    await tx.delete(artikelBild).where(eq(artikelBild.artikelId, id));
    if (a.artikelImages.length > 0)
      await tx.insert(artikelBild).values(
        a.artikelImages.map((bild, position) => ({
          artikelId: id,
          assetId: bild.assetId,
          position,
        })),
      );
  }

  await refreshSuche(tx, id);
  return id;
}

/**
 * PUT artikellist: the same kind of change for many articles, all or nothing. 404 when an id names no article of
 * the tenant; 400 `<index>.<field>` notFound for a reference that does not exist; 409 error.artikelLocked when a
 * locked article is to take anything but `locked: false`. Answers the changed rows.
 */
export async function bulkUpdate(tx: Tx, eintraege: TArtikelBulk): Promise<TArtikelZeile[] | undefined> {
  const ids = eintraege.map((eintrag) => eintrag.id);
  const rows = await tx
    .select({ id: artikel.id, locked: artikel.locked })
    .from(artikel)
    .where(inArray(artikel.id, [...new Set(ids)]))
    .for("update");
  const locked = new Map(rows.map((row) => [row.id, row.locked]));
  if (ids.some((id) => !locked.has(id))) return undefined;
  for (const { id, ...rest } of eintraege)
    if (locked.get(id) && !(Object.keys(rest).length === 1 && rest.locked === false)) throw artikelLocked();

  const errors: TFieldError[] = [];
  const mwstIds = eintraege.flatMap((e) => (e.mehrwertssteuer ? [e.mehrwertssteuer.id] : []));
  const ugIds = eintraege.flatMap((e) => (e.untergruppe ? [e.untergruppe.id] : []));
  const [mwstDa, ugDa] = await inSequence(
    () => existingIds(tx, mehrwertssteuer, mwstIds),
    () => existingIds(tx, untergruppe, ugIds),
  );
  eintraege.forEach((e, index) => {
    if (e.mehrwertssteuer && !mwstDa.has(e.mehrwertssteuer.id))
      errors.push({ field: `${index}.mehrwertssteuer`, code: "notFound" });
    if (e.untergruppe && !ugDa.has(e.untergruppe.id))
      errors.push({ field: `${index}.untergruppe`, code: "notFound" });
  });
  if (errors.length > 0) throw validation(errors);

  for (const { id, mehrwertssteuer: m, untergruppe: u, ...rest } of eintraege) {
    const values = Object.fromEntries(
      Object.entries({
        ...rest,
        mehrwertssteuerId: m?.id,
        untergruppeId: u === undefined ? undefined : (u?.id ?? null),
      }).filter(([, value]) => value !== undefined),
    );
    await tx
      .update(artikel)
      .set({ ...values, lastModifiedDate: new Date() })
      .where(eq(artikel.id, id));
  }
  return zeilenByIds(tx, ids);
}

/**
 * DELETE artikel/{id}: the article with its parts (they cascade). false when the tenant has no such article; 409
 * error.artikelLocked while it is locked; 409 error.inUse when other records still reference it (nothing deleted).
 */
export async function deleteArtikel(tx: Tx, id: number): Promise<boolean> {
  const [row] = await tx
    .select({ locked: artikel.locked })
    .from(artikel)
    .where(eq(artikel.id, id))
    .for("update");
  if (!row) return false;
  if (row.locked) throw artikelLocked();
  try {
    const rows = await tx.delete(artikel).where(eq(artikel.id, id)).returning({ id: artikel.id });
    return rows.length > 0;
  } catch (error) {
    if (pgError(error)?.code === "23503")
      throw new ProblemError(
        409,
        "error.inUse",
        "The article is still used by other records; mark it deleted (geloescht) instead.",
      );
    throw error;
  }
}
