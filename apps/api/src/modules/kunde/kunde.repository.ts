import type { TModul } from "@kontor/domain/access/access.schema";
import { valueFitsType } from "@kontor/domain/felddefinition/felddefinition.rules";
import type { TFeldTyp } from "@kontor/domain/felddefinition/felddefinition.schema";
import type { TFieldError } from "@kontor/domain/http/problem.schema";
import type {
  TKundeBulk,
  TKundeListQuery,
  TKundeSortField,
  TKundeZeile,
} from "@kontor/domain/kunde/kunde.api";
import { anzeigename, beimSpeichern } from "@kontor/domain/kunde/kunde.rules";
import type { TKunde } from "@kontor/domain/kunde/kunde.schema";
import { and, asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { bigint, boolean, type PgColumn, type PgTable, pgView, text, timestamp } from "drizzle-orm/pg-core";
import { inSequence, type Tx } from "../../db/client.ts";
import { mapUniqueViolation, pgError } from "../../db/errors.ts";
import { capFor, countRowsUpTo, orderBy, totalOf } from "../../db/paging.ts";
import { precompiled } from "../../db/precompiled.ts";
import {
  adresse,
  appUser,
  currentMandant,
  fahrzeug,
  felddefinition,
  firmengruppe,
  kunde,
  kundeCrm,
  kundeFeld,
  kundeFirmengruppe,
  kundeKontakt,
  kundePdf,
  lieferbedingung,
  preisschiene,
  userMandant,
  zahlungsbedingung,
  zahlungsziel,
} from "../../db/schema/index.ts";
import { sucheBedingung, suchePlatzhalter, suchePlatzhalterWerte, suchwoerter } from "../../db/search.ts";
import { checkTeilIds, existingIds, replaceTeile, type Teile, teilIds, validation } from "../../db/teile.ts";
import { ProblemError } from "../../http/problem.ts";
import { allocateNummer, lockStand, nummerVergeben } from "../nummernkreis/stammnummer.service.ts";

/**
 * Customers and suppliers in the database (issue 6). Every function runs inside the tenant transaction (TenantScope.run / change): row-level security
 * confines it to the selected tenant, so an id of another tenant is simply not found (searches read through a view
 * that applies the same tenant condition, see kundeMandant).
 */

/** Who saves and what the tenant has switched on (vehicles and CRM notes are modules). */
export interface KundeKontext {
  userId: number;
  modules: ReadonlySet<TModul>;
}

// ---------------------------------------------------------------------------------------------------------------
// List rows: the customer and its billing address (position 0).

/**
 * The selected tenant's customers as the view of migration 0009 shows them (the policy's tenant condition applied
 * by the view, not by row-level security). Searches read through it: under the policy the trigram index on `suche`
 * cannot serve a LIKE (not leakproof), through the view it can. Only the columns lists and searches read.
 */
const kundeMandant = pgView("kunde_mandant", {
  mandantId: bigint("mandant_id", { mode: "number" }).notNull(),
  id: bigint("id", { mode: "number" }).notNull(),
  kundenNummer: text("kunden_nummer").notNull(),
  firma: text("firma", { enum: ["firma", "privatperson"] }).notNull(),
  bezeichnung: text("bezeichnung"),
  vorname: text("vorname"),
  nachname: text("nachname"),
  geschlecht: text("geschlecht"),
  email: text("email"),
  telnr: text("telnr"),
  uid: text("uid"),
  lieferant: boolean("lieferant").notNull(),
  aktiv: boolean("aktiv").notNull(),
  sortname: text("sortname").notNull(),
  suche: text("suche").notNull(),
  lastModifiedDate: timestamp("last_modified_date", { withTimezone: true }).notNull(),
}).existing();

/** Where list rows come from: the table (row-level security), or the tenant view when there are search words. */
type Quelle = Pick<
  typeof kunde,
  | "mandantId"
  | "id"
  | "kundenNummer"
  | "firma"
  | "bezeichnung"
  | "vorname"
  | "nachname"
  | "geschlecht"
  | "email"
  | "telnr"
  | "uid"
  | "lieferant"
  | "aktiv"
  | "sortname"
  | "suche"
  | "lastModifiedDate"
>;
const quelleFuer = (search: string | undefined): Quelle =>
  (search ?? "").trim() === "" ? kunde : (kundeMandant as unknown as Quelle);
const from = (q: Quelle) => q as unknown as typeof kunde;

/** The customer columns a list row shows, sorts by and joins on: a source, or the page subquery (seiteZuerst). */
type Spalten = Omit<Quelle, "suche">;

const billingAddress = (q: Spalten) =>
  and(eq(adresse.mandantId, q.mandantId), eq(adresse.kundeId, q.id), eq(adresse.position, 0));

const zeileColumns = (q: Spalten) => ({
  id: q.id,
  kundenNummer: q.kundenNummer,
  firma: q.firma,
  bezeichnung: q.bezeichnung,
  vorname: q.vorname,
  nachname: q.nachname,
  geschlecht: q.geschlecht,
  strasse: adresse.strasse,
  hausNummer: adresse.hausNummer,
  plz: adresse.plz,
  ort: adresse.ort,
  land: adresse.land,
  email: q.email,
  telnr: q.telnr,
  uid: q.uid,
  lieferant: q.lieferant,
  aktiv: q.aktiv,
});
type ZeileColumns = ReturnType<typeof zeileColumns>;
type ZeileRow = { [K in keyof ZeileColumns]: ZeileColumns[K]["_"]["data"] | null };

const toZeile = ({ geschlecht, ...row }: ZeileRow): TKundeZeile => ({
  ...(row as Omit<TKundeZeile, "anzeigename">),
  anzeigename: anzeigename({ ...row, geschlecht }, "de"),
});

/** The list rows of customers: the customer (from `q`) and its billing address. */
const zeilen = (tx: Tx, q: Quelle) =>
  tx.select(zeileColumns(q)).from(from(q)).leftJoin(adresse, billingAddress(q));

/** The customer columns the page subquery of seiteZuerst carries. */
const seitenSpalten = (q: Spalten) => ({
  mandantId: q.mandantId,
  id: q.id,
  kundenNummer: q.kundenNummer,
  firma: q.firma,
  bezeichnung: q.bezeichnung,
  vorname: q.vorname,
  nachname: q.nachname,
  geschlecht: q.geschlecht,
  email: q.email,
  telnr: q.telnr,
  uid: q.uid,
  lieferant: q.lieferant,
  aktiv: q.aktiv,
  sortname: q.sortname,
  lastModifiedDate: q.lastModifiedDate,
});

/**
 * The rows of one page, customers chosen first: a subquery picks them (WHERE, ORDER BY, LIMIT/OFFSET on `q`) and
 * only those are joined with their billing address, in the same order. Joining first let the planner join
 * thousands of addresses before the LIMIT (bench/README.md). Only for orders without address columns.
 */
function seiteZuerst(
  tx: Tx,
  q: Quelle,
  where: SQL | undefined,
  order: (s: Spalten) => SQL[],
  limit: number,
  offset = 0,
) {
  const seite = tx
    .select(seitenSpalten(q))
    .from(from(q))
    .where(where)
    .orderBy(...order(q))
    .limit(limit)
    .offset(offset)
    .as("seite");
  // The subquery's columns are the source's under another name; typed as the source's for the shared helpers.
  const s = seite as unknown as Spalten;
  return tx
    .select(zeileColumns(s))
    .from(seite)
    .leftJoin(adresse, billingAddress(s))
    .orderBy(...order(s));
}

const sortColumns = (q: Spalten): Record<TKundeSortField, PgColumn> => ({
  sortname: q.sortname,
  kundenNummer: q.kundenNummer,
  ort: adresse.ort,
  plz: adresse.plz,
  email: q.email,
  telnr: q.telnr,
  lieferant: q.lieferant,
  aktiv: q.aktiv,
  id: q.id,
  lastModifiedDate: q.lastModifiedDate,
});
const DEFAULT_SORT = [{ field: "sortname", direction: "asc" }] as const;

/** What lists and searches filter by: the search words, customers or suppliers, active ones only unless asked. */
export interface KundeFilter {
  search?: string | undefined;
  lieferant?: boolean | undefined;
  includeDeactivated?: boolean | undefined;
}

function filterBedingung(q: Quelle, filter: KundeFilter): SQL | undefined {
  return and(
    filter.includeDeactivated ? undefined : eq(q.aktiv, true),
    filter.lieferant === undefined ? undefined : eq(q.lieferant, filter.lieferant),
    sucheBedingung(filter.search, q.suche),
  );
}

/** Sorts that need the billing address (place, postcode): such a page joins before it sorts. */
const ADRESS_SORT: ReadonlySet<TKundeSortField> = new Set(["ort", "plz"]);

/**
 * GET kundes: one page. Sorted by customer columns (sortname, number, id: indexes), the page's customers are
 * chosen first and only they are joined with their billing address; by place or postcode the join comes first.
 * The total is counted on the customers alone (no join; index kunde_aktiv_idx), so a page stays cheap at 100 000.
 */
export async function listKunden(tx: Tx, query: TKundeListQuery) {
  const q = quelleFuer(query.search);
  const where = filterBedingung(q, query);
  const order = (s: Spalten) => orderBy(query.sort, sortColumns(s), DEFAULT_SORT, s.id);
  const offset = query.page * query.size;
  const rows = await (query.sort.some((sort) => ADRESS_SORT.has(sort.field))
    ? zeilen(tx, q)
        .where(where)
        .orderBy(...order(q))
        .limit(query.size)
        .offset(offset)
    : seiteZuerst(tx, q, where, order, query.size, offset));
  const total = await totalOf(
    rows.length,
    query,
    (limit) => countRowsUpTo(tx, from(q), where, limit),
    capFor(query.search),
  );
  return { items: rows.map(toZeile), ...total };
}

/** The columns of a source (the view) that a subquery of it must carry to stand in for it. */
const quelleSpalten = (q: Quelle) => ({ ...seitenSpalten(q), suche: q.suche });

/**
 * How far a search walks the customers in sortname order looking for its first page, and how many trigram
 * candidates it sorts when that walk did not fill the page (docs/ARCHITECTURE.md "Search plans").
 */
const SUCHE_LAUF = 2000;
const SUCHE_KANDIDATEN = 1000;

/**
 * kundessearch: at most `limit` customers matching the search, by sortname — in plans that do not depend on the
 * planner's guess of how many match (it guessed wrong for words whose matches sort late: bench/README.md):
 * 1. the first SUCHE_LAUF customers in sortname order (the sortname index), filtered: a word in more than a few
 *    per mille of the customers fills the page here, exactly;
 * 2. else, when every word is long enough for trigrams, at most SUCHE_KANDIDATEN matches from the trigram index,
 *    sorted (exact whenever fewer match; with more, 20 of the first SUCHE_KANDIDATEN found);
 * 3. else (a word of one or two letters, no trigram) the walk in sortname order without a bound.
 */
async function suchZeilen(tx: Tx, filter: KundeFilter, limit: number) {
  const q = kundeMandant as unknown as Quelle;
  const words = suchwoerter(filter.search);
  const ohneSuche = () => filterBedingung(q, { ...filter, search: undefined });
  const suche = (s: Quelle) => suchePlatzhalter(words.length, s.suche);
  const order = (s: Spalten) => [asc(s.sortname), asc(s.id)];
  const shape = `${words.length}_${filter.lieferant ?? "alle"}_${filter.includeDeactivated ? "alle" : "aktiv"}`;
  const values = { ...suchePlatzhalterWerte(words), limit };
  const seite = (q: Quelle, where: SQL | undefined) =>
    seiteZuerst(tx, q, where, order, sql.placeholder("limit") as unknown as number);
  const erste = await kundeSuche(
    tx,
    `lauf_${shape}`,
    () => {
      const vorn = tx
        .select(quelleSpalten(q))
        .from(from(q))
        .where(ohneSuche())
        .orderBy(...order(q))
        .limit(SUCHE_LAUF)
        .as("vorn") as unknown as Quelle;
      return seite(vorn, suche(vorn));
    },
    values,
  );
  if (erste.length === limit) return erste;
  if (words.some((word) => word.length < 3))
    return kundeSuche(tx, `weiter_${shape}`, () => seite(q, and(ohneSuche(), suche(q))), values);
  // Only the trigram index finds the candidates: the planner's alternative, a table scan hoping to meet
  // SUCHE_KANDIDATEN matches early, reads the whole table for a rare word. Transaction-local.
  await tx.execute(sql`SET LOCAL enable_seqscan = off`);
  return kundeSuche(
    tx,
    `trgm_${shape}`,
    () => {
      const kandidaten = tx
        .select(quelleSpalten(q))
        .from(from(q))
        .where(and(ohneSuche(), suche(q)))
        .limit(SUCHE_KANDIDATEN)
        .as("kandidaten") as unknown as Quelle;
      return seite(kandidaten, undefined);
    },
    values,
  );
}
const kundeSuche = precompiled("kundesuche");

/**
 * Every customer matching the filter, by sortname, at most `limit` (allkundes, kundessearch, kundesfg); with a
 * limit the customers are chosen first, then joined (seiteZuerst); a search with a limit runs suchZeilen.
 */
export async function kundeZeilen(tx: Tx, filter: KundeFilter & { firmengruppeId?: number }, limit?: number) {
  if (limit !== undefined && filter.firmengruppeId === undefined && (filter.search ?? "").trim() !== "")
    return (await suchZeilen(tx, filter, limit)).map(toZeile);
  const q = quelleFuer(filter.search);
  const inGruppe =
    filter.firmengruppeId === undefined
      ? undefined
      : inArray(
          q.id,
          tx
            .select({ id: kundeFirmengruppe.kundeId })
            .from(kundeFirmengruppe)
            .where(eq(kundeFirmengruppe.firmengruppeId, filter.firmengruppeId)),
        );
  const where = and(filterBedingung(q, filter), inGruppe);
  const order = (s: Spalten) => [asc(s.sortname), asc(s.id)];
  const rows = await (limit === undefined
    ? zeilen(tx, q)
        .where(where)
        .orderBy(...order(q))
    : seiteZuerst(tx, q, where, order, limit));
  return rows.map(toZeile);
}

/** The list rows of the given customers, in the given order (PUT kundeslist answers them). */
async function zeilenByIds(tx: Tx, ids: number[]): Promise<TKundeZeile[]> {
  const rows = await zeilen(tx, kunde).where(inArray(kunde.id, ids));
  const byId = new Map(rows.map((row) => [row.id, toZeile(row)]));
  return [...new Set(ids)].flatMap((id) => byId.get(id) ?? []);
}

export async function firmengruppeExists(tx: Tx, id: number): Promise<boolean> {
  const rows = await tx.select({ id: firmengruppe.id }).from(firmengruppe).where(eq(firmengruppe.id, id));
  return rows.length > 0;
}

// ---------------------------------------------------------------------------------------------------------------
// One customer with all its parts.

const iso = (date: Date) => date.toISOString();

/** The customer as GET kundes/{id} answers it; undefined when the tenant has no such customer. */
export async function findKunde(
  tx: Tx,
  id: number,
  modules: ReadonlySet<TModul>,
): Promise<TKunde | undefined> {
  const [row] = await tx
    .select({ kunde, userLogin: appUser.login })
    .from(kunde)
    .leftJoin(appUser, eq(appUser.id, kunde.userId))
    .where(eq(kunde.id, id));
  if (!row) return undefined;
  const k = row.kunde;
  const ofKunde = <T extends { kundeId: PgColumn }>(table: T) => eq(table.kundeId, id);

  const [adressen, kontakte, fahrzeuge, felder, crms, pdfs, gruppen] = await inSequence(
    () => tx.select().from(adresse).where(ofKunde(adresse)).orderBy(asc(adresse.position), asc(adresse.id)),
    () =>
      tx
        .select()
        .from(kundeKontakt)
        .where(ofKunde(kundeKontakt))
        .orderBy(asc(kundeKontakt.position), asc(kundeKontakt.id)),
    () =>
      modules.has("fahrzeuge")
        ? tx
            .select()
            .from(fahrzeug)
            .where(ofKunde(fahrzeug))
            .orderBy(asc(fahrzeug.position), asc(fahrzeug.id))
        : [],
    () =>
      // One entry per customer field definition of the tenant; null where this customer has no value.
      tx
        .select({ felddefinitionId: felddefinition.id, value: kundeFeld.value })
        .from(felddefinition)
        .leftJoin(
          kundeFeld,
          and(
            eq(kundeFeld.mandantId, felddefinition.mandantId),
            eq(kundeFeld.felddefinitionId, felddefinition.id),
            eq(kundeFeld.kundeId, id),
          ),
        )
        .where(eq(felddefinition.bereich, "kunde"))
        .orderBy(asc(felddefinition.sortOrder), asc(felddefinition.id)),
    () =>
      modules.has("crm")
        ? tx
            .select({ crm: kundeCrm, login: appUser.login })
            .from(kundeCrm)
            .leftJoin(appUser, eq(appUser.id, kundeCrm.userId))
            .where(ofKunde(kundeCrm))
            .orderBy(desc(kundeCrm.datum), desc(kundeCrm.id))
        : [],
    () =>
      modules.has("assetkunde")
        ? tx
            .select({
              id: kundePdf.id,
              dateiname: kundePdf.dateiname,
              contentType: kundePdf.contentType,
              groesse: kundePdf.groesse,
              hochgeladenAm: kundePdf.hochgeladenAm,
            })
            .from(kundePdf)
            .where(ofKunde(kundePdf))
            .orderBy(asc(kundePdf.position), asc(kundePdf.id))
        : [],
    () =>
      tx
        .select({ id: firmengruppe.id, bezeichnung: firmengruppe.bezeichnung })
        .from(kundeFirmengruppe)
        .innerJoin(
          firmengruppe,
          and(
            eq(firmengruppe.mandantId, kundeFirmengruppe.mandantId),
            eq(firmengruppe.id, kundeFirmengruppe.firmengruppeId),
          ),
        )
        .where(eq(kundeFirmengruppe.kundeId, id))
        .orderBy(asc(firmengruppe.bezeichnung), asc(firmengruppe.id)),
  );

  const verweis = (refId: number | null) => (refId === null ? null : { id: refId });
  return {
    id: k.id,
    kundenNummer: k.kundenNummer,
    bezeichnung: k.bezeichnung,
    vorname: k.vorname,
    nachname: k.nachname,
    geschlecht: k.geschlecht as TKunde["geschlecht"],
    adresseLists: adressen.map(({ mandantId: _m, kundeId: _k, position: _p, ...a }) => a),
    email: k.email,
    telnr: k.telnr,
    uid: k.uid,
    innergemeinschaftlich: k.innergemeinschaftlich,
    export: k.export,
    preisschiene: verweis(k.preisschieneId),
    rabattVorschlag: k.rabattVorschlag,
    zahlungsziel: verweis(k.zahlungszielId),
    lieferbedingung: verweis(k.lieferbedingungId),
    zahlungsbedingung: verweis(k.zahlungsbedingungId),
    belegVorlageVerwenden: k.belegVorlageVerwenden,
    belegLangKey: k.belegLangKey,
    firma: k.firma,
    user: k.userId === null ? null : { id: k.userId, login: row.userLogin ?? "" },
    zuHandenAktiv: k.zuHandenAktiv,
    lieferant: k.lieferant,
    kundeFelder: felder,
    fahrzeuge: fahrzeuge.map(({ mandantId: _m, kundeId: _k, position: _p, ...f }) => f),
    kundePdfs: pdfs.map((pdf) => ({ ...pdf, hochgeladenAm: iso(pdf.hochgeladenAm) })),
    kundeCrms: crms.map(({ crm, login }) => ({
      id: crm.id,
      text: crm.text,
      datum: iso(crm.datum),
      user: crm.userId === null ? null : { id: crm.userId, login: login ?? "" },
    })),
    kontonummer: k.kontonummer,
    kaeuferReferenz: k.kaeuferReferenz,
    lieferantenNummer: k.lieferantenNummer,
    eRechnungAdresse: k.eRechnungAdresse,
    eRechnungFormat: k.eRechnungFormat as TKunde["eRechnungFormat"],
    eRechnungKanal: k.eRechnungKanal as TKunde["eRechnungKanal"],
    kundeBeschreibung: k.kundeBeschreibung,
    kundeKontakte: kontakte.map(({ mandantId: _m, kundeId: _k, position: _p, ...c }) => ({
      ...c,
      geschlecht: c.geschlecht as TKunde["kundeKontakte"][number]["geschlecht"],
    })),
    firmengruppen: gruppen,
    webshopId: k.webshopId,
    aktiv: k.aktiv,
    anzeigename: anzeigename(k, "de"),
  };
}

/** The id of the customer with this number (GET kundesknr/{knr}). */
export async function kundeIdByNummer(tx: Tx, kundenNummer: string): Promise<number | undefined> {
  const [row] = await tx.select({ id: kunde.id }).from(kunde).where(eq(kunde.kundenNummer, kundenNummer));
  return row?.id;
}

// ---------------------------------------------------------------------------------------------------------------
// Saving.

/**
 * What lists sort by: the company name, or "last first" of a private person; lower-case without accents (ß as ss),
 * so "Österreicher" sorts among the O's and not after "Zach" (the database compares code points).
 */
export function sortnameOf(k: Pick<TKunde, "firma" | "bezeichnung" | "vorname" | "nachname">): string {
  const name =
    k.firma === "privatperson"
      ? [k.nachname, k.vorname].filter(Boolean).join(" ") || (k.bezeichnung ?? "")
      : (k.bezeichnung ?? "");
  return name
    .trim()
    .replace(/\s+/g, " ")
    .toLowerCase()
    .replace(/ß/g, "ss")
    .normalize("NFD")
    .replace(/\p{M}/gu, "");
}

/** A part table of a customer (own id, the customer, a position). */
const teile = (table: PgTable & { id: PgColumn; kundeId: PgColumn }): Teile => ({
  table,
  owner: table.kundeId,
  ownerKey: "kundeId",
});

/** Replaces a customer's parts by id (db/teile.ts); position = the entry's index. */
function replaceKundeTeile<E extends { id?: number | undefined }>(
  tx: Tx,
  table: PgTable & { id: PgColumn; kundeId: PgColumn },
  kundeId: number,
  entries: readonly E[],
  values: (entry: E) => Record<string, unknown>,
  insertOnly?: (entry: E) => Record<string, unknown>,
) {
  return replaceTeile(
    tx,
    teile(table),
    kundeId,
    entries,
    (entry, position) => ({ ...values(entry), position }),
    insertOnly,
  );
}

/** References to master data: each must exist in the tenant (400 at the field, code notFound). */
const REFERENZEN = [
  { field: "preisschiene", table: preisschiene },
  { field: "zahlungsziel", table: zahlungsziel },
  { field: "lieferbedingung", table: lieferbedingung },
  { field: "zahlungsbedingung", table: zahlungsbedingung },
] as const;
type ReferenzFeld = (typeof REFERENZEN)[number]["field"];

async function checkReferenzen(
  tx: Tx,
  errors: TFieldError[],
  entries: readonly Partial<Record<ReferenzFeld, { id: number } | null>>[],
  prefix: (index: number) => string,
) {
  for (const { field, table } of REFERENZEN) {
    const ids = entries.flatMap((entry) => (entry[field] ? [entry[field].id] : []));
    const found = await existingIds(tx, table, ids);
    entries.forEach((entry, index) => {
      const ref = entry[field];
      if (ref && !found.has(ref.id)) errors.push({ field: `${prefix(index)}${field}`, code: "notFound" });
    });
  }
}

interface FeldDefinition {
  type: TFeldTyp;
  optionen: string[];
}

/** Custom fields: a customer field definition of the tenant, once each, with a value that fits its type. */
async function checkKundeFelder(tx: Tx, errors: TFieldError[], felder: TKunde["kundeFelder"]) {
  const ids = [...new Set(felder.map((feld) => feld.felddefinitionId))];
  const definitions = new Map<number, FeldDefinition>();
  if (ids.length > 0)
    for (const row of await tx
      .select({ id: felddefinition.id, type: felddefinition.type, optionen: felddefinition.optionen })
      .from(felddefinition)
      .where(and(eq(felddefinition.bereich, "kunde"), inArray(felddefinition.id, ids))))
      definitions.set(row.id, { type: row.type as TFeldTyp, optionen: row.optionen });
  const seen = new Set<number>();
  felder.forEach((feld, index) => {
    const definition = definitions.get(feld.felddefinitionId);
    if (!definition) errors.push({ field: `kundeFelder.${index}.felddefinitionId`, code: "notFound" });
    else if (seen.has(feld.felddefinitionId))
      errors.push({ field: `kundeFelder.${index}.felddefinitionId`, code: "unique" });
    else if (!valueFitsType(definition.type, feld.value, definition.optionen))
      errors.push({ field: `kundeFelder.${index}.value`, code: "invalid" });
    seen.add(feld.felddefinitionId);
  });
}

/** The kunde row's own columns of a customer (without number, parts and read-only fields). */
function kundeValues(k: TKunde) {
  return {
    firma: k.firma,
    bezeichnung: k.bezeichnung,
    vorname: k.vorname,
    nachname: k.nachname,
    geschlecht: k.geschlecht,
    email: k.email,
    telnr: k.telnr,
    uid: k.uid,
    innergemeinschaftlich: k.innergemeinschaftlich,
    export: k.export,
    preisschieneId: k.preisschiene?.id ?? null,
    rabattVorschlag: k.rabattVorschlag,
    zahlungszielId: k.zahlungsziel?.id ?? null,
    lieferbedingungId: k.lieferbedingung?.id ?? null,
    zahlungsbedingungId: k.zahlungsbedingung?.id ?? null,
    belegVorlageVerwenden: k.belegVorlageVerwenden,
    belegLangKey: k.belegLangKey,
    userId: k.user?.id ?? null,
    zuHandenAktiv: k.zuHandenAktiv,
    lieferant: k.lieferant,
    kontonummer: k.kontonummer,
    kaeuferReferenz: k.kaeuferReferenz,
    lieferantenNummer: k.lieferantenNummer,
    eRechnungAdresse: k.eRechnungAdresse,
    eRechnungFormat: k.eRechnungFormat,
    eRechnungKanal: k.eRechnungKanal,
    kundeBeschreibung: k.kundeBeschreibung,
    aktiv: k.aktiv,
    sortname: sortnameOf(k),
    lastModifiedDate: new Date(),
  };
}

const KUNDE_UNIQUE = { kunde_nummer_uq: "kundenNummer" };

/**
 * PUT kundes: creates (no id) or updates (id) a customer with all its parts, in the caller's transaction.
 * SPEC §4 clearing first; then every reference is checked (all problems in one 400, nothing saved); an empty
 * number is drawn from the tenant's pattern (an update keeps its stored number); parts are replaced by id; vehicles
 * and CRM notes stay as stored when their module is off; PDFs are not touched (own routes). Returns the id, or
 * undefined when the id names no customer of the tenant (404).
 */
export async function saveKunde(tx: Tx, kontext: KundeKontext, input: TKunde): Promise<number | undefined> {
  const k = beimSpeichern(input);
  const { modules } = kontext;
  const mitFahrzeugen = modules.has("fahrzeuge");
  const mitCrm = modules.has("crm");

  let stored: { kundenNummer: string } | undefined;
  if (k.id !== undefined) {
    [stored] = await tx
      .select({ kundenNummer: kunde.kundenNummer })
      .from(kunde)
      .where(eq(kunde.id, k.id))
      .for("update");
    if (!stored) return undefined;
  }

  // A new number, or one changed by hand, is decided under the counter's lock (nummernkreis/stammnummer.service.ts).
  const nummer = k.kundenNummer ?? stored?.kundenNummer ?? null;
  const last = nummer === null || nummer !== stored?.kundenNummer ? await lockStand(tx, "kunde") : 0;

  const errors: TFieldError[] = [];
  if (nummer !== null && nummer !== stored?.kundenNummer && (await nummerVergeben(tx, "kunde", nummer, k.id)))
    errors.push({ field: "kundenNummer", code: "unique" });
  await checkReferenzen(tx, errors, [k], () => "");
  const gruppen = [...new Set(k.firmengruppen.map((gruppe) => gruppe.id))];
  const gruppenDa = await existingIds(tx, firmengruppe, gruppen);
  k.firmengruppen.forEach((gruppe, index) => {
    if (!gruppenDa.has(gruppe.id)) errors.push({ field: `firmengruppen.${index}.id`, code: "notFound" });
  });
  if (k.user) {
    const member = await tx
      .select({ userId: userMandant.userId })
      .from(userMandant)
      .where(and(eq(userMandant.userId, k.user.id), eq(userMandant.mandantId, currentMandant)));
    if (member.length === 0) errors.push({ field: "user", code: "notFound" });
  }
  await checkKundeFelder(tx, errors, k.kundeFelder);
  const [adressIds, kontaktIds, fahrzeugIds, crmIds] = await inSequence(
    () => teilIds(tx, teile(adresse), k.id),
    () => teilIds(tx, teile(kundeKontakt), k.id),
    () => (mitFahrzeugen ? teilIds(tx, teile(fahrzeug), k.id) : new Set<number>()),
    () => (mitCrm ? teilIds(tx, teile(kundeCrm), k.id) : new Set<number>()),
  );
  checkTeilIds(errors, "adresseLists", k.adresseLists, adressIds);
  checkTeilIds(errors, "kundeKontakte", k.kundeKontakte, kontaktIds);
  if (mitFahrzeugen) checkTeilIds(errors, "fahrzeuge", k.fahrzeuge, fahrzeugIds);
  if (mitCrm) checkTeilIds(errors, "kundeCrms", k.kundeCrms, crmIds);
  if (errors.length > 0) throw validation(errors);

  const kundenNummer = nummer ?? (await allocateNummer(tx, "kunde", last));
  let id: number;
  try {
    if (k.id === undefined) {
      const [row] = await tx
        .insert(kunde)
        .values({ ...kundeValues(k), kundenNummer })
        .returning({ id: kunde.id });
      id = row!.id;
    } else {
      id = k.id;
      await tx
        .update(kunde)
        .set({ ...kundeValues(k), kundenNummer })
        .where(eq(kunde.id, id));
    }
  } catch (error) {
    mapUniqueViolation(error, KUNDE_UNIQUE);
  }

  await replaceKundeTeile(tx, adresse, id, k.adresseLists, (a) => ({
    adressenTyp: a.adressenTyp,
    bezeichnung: a.bezeichnung,
    firmenName: a.firmenName,
    adressZusatz: a.adressZusatz,
    strasse: a.strasse,
    hausNummer: a.hausNummer,
    stiege: a.stiege,
    tuer: a.tuer,
    plz: a.plz,
    ort: a.ort,
    land: a.land,
    zuHanden: a.zuHanden,
    aktiv: a.aktiv,
  }));
  await replaceKundeTeile(tx, kundeKontakt, id, k.kundeKontakte, (c) => ({
    geschlecht: c.geschlecht,
    vorname: c.vorname,
    nachname: c.nachname,
    email: c.email,
    telnr: c.telnr,
  }));
  if (mitFahrzeugen) await replaceKundeTeile(tx, fahrzeug, id, k.fahrzeuge, ({ id: _, ...f }) => f);
  if (mitCrm) {
    // A new note is the saving user's, dated now unless given; an existing one keeps its author (and date).
    const now = new Date();
    await replaceKundeTeile(
      tx,
      kundeCrm,
      id,
      k.kundeCrms,
      (c) => ({ text: c.text, ...(c.datum ? { datum: new Date(c.datum) } : {}) }),
      (c) => ({ userId: kontext.userId, datum: c.datum ? new Date(c.datum) : now }),
    );
  }
  await tx.delete(kundeFeld).where(eq(kundeFeld.kundeId, id));
  if (k.kundeFelder.length > 0)
    await tx.insert(kundeFeld).values(
      k.kundeFelder.map((feld) => ({
        kundeId: id,
        felddefinitionId: feld.felddefinitionId,
        value: feld.value,
      })),
    );
  await tx.delete(kundeFirmengruppe).where(eq(kundeFirmengruppe.kundeId, id));
  if (gruppen.length > 0)
    await tx
      .insert(kundeFirmengruppe)
      .values(gruppen.map((firmengruppeId) => ({ kundeId: id, firmengruppeId })));

  await refreshSuche(tx, id);
  return id;
}

/**
 * Rewrites the search text of one customer, or of every customer of the tenant (after a change to the customer
 * field definitions' search flag). kunde.suche holds the folded search text (SQL function kontor_kunde_suche,
 * migration 0008) a GIN trigram index searches; call this in the writing transaction, after the parts are stored.
 */
export async function refreshSuche(tx: Tx, kundeId?: number): Promise<void> {
  await tx.execute(
    kundeId === undefined
      ? sql`UPDATE kunde SET suche = kontor_kunde_suche(mandant_id, id)`
      : sql`UPDATE kunde SET suche = kontor_kunde_suche(mandant_id, id) WHERE id = ${kundeId}`,
  );
}

/**
 * PUT kundeslist: the same kind of change for many customers, all or nothing. 404 when an id names no customer of
 * the tenant; 400 `<index>.<field>` notFound for a reference that does not exist. Answers the changed rows.
 */
export async function bulkUpdate(tx: Tx, eintraege: TKundeBulk): Promise<TKundeZeile[] | undefined> {
  const ids = eintraege.map((eintrag) => eintrag.id);
  const found = await existingIds(tx, kunde, ids);
  if (ids.some((id) => !found.has(id))) return undefined;
  const errors: TFieldError[] = [];
  await checkReferenzen(tx, errors, eintraege, (index) => `${index}.`);
  if (errors.length > 0) throw validation(errors);
  const ref = (value: { id: number } | null | undefined) =>
    value === undefined ? undefined : (value?.id ?? null);
  for (const {
    id,
    preisschiene: p,
    zahlungsziel: z,
    lieferbedingung: l,
    zahlungsbedingung: b,
    ...rest
  } of eintraege) {
    const values = Object.fromEntries(
      Object.entries({
        ...rest,
        preisschieneId: ref(p),
        zahlungszielId: ref(z),
        lieferbedingungId: ref(l),
        zahlungsbedingungId: ref(b),
      }).filter(([, value]) => value !== undefined),
    );
    await tx
      .update(kunde)
      .set({ ...values, lastModifiedDate: new Date() })
      .where(eq(kunde.id, id));
  }
  return zeilenByIds(tx, ids);
}

/**
 * DELETE kundes/{id}: the customer with all its parts (they cascade). false when the tenant has no such customer;
 * 409 error.kundeInUse when other records (documents, …) still reference it — nothing is deleted.
 */
export async function deleteKunde(tx: Tx, id: number): Promise<boolean> {
  try {
    const rows = await tx.delete(kunde).where(eq(kunde.id, id)).returning({ id: kunde.id });
    return rows.length > 0;
  } catch (error) {
    if (pgError(error)?.code === "23503")
      throw new ProblemError(
        409,
        "error.kundeInUse",
        "The customer is still used by other records (e.g. documents); deactivate it instead.",
      );
    throw error;
  }
}
