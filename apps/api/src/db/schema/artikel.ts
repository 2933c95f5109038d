import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { kunde } from "./kunde.ts";
import {
  bytea,
  einheit,
  felddefinition,
  mehrwertssteuer,
  preisschiene,
  tenantConstraints,
  tenantKey,
  tenantRef,
  untergruppe,
} from "./stammdaten.ts";
import { mandantIdColumn, tenantIsolation } from "./tenant.ts";

/**
 * Articles (issue 7). An article owns its prices, supplier entries, custom field values, image links and PDFs
 * (cascade); references to master data and suppliers restrict. Images are assets stored once per tenant (by content
 * hash): a duplicated article links the same assets. Every table is tenant-owned (mandant_id first, RLS).
 */

const geld = (name: string) => numeric(name, { precision: 14, scale: 2, mode: "number" });
const menge = (name: string) => numeric(name, { precision: 14, scale: 3, mode: "number" });

/** The article (SPEC §3). `suche`: folded number and name (kontor_fold), searched through a trigram index. */
export const artikel = pgTable(
  "artikel",
  {
    ...tenantKey(),
    artikelNummer: text("artikel_nummer").notNull(),
    artikelBezeichnung: text("artikel_bezeichnung").notNull(),
    artikelBeschreibung: text("artikel_beschreibung"),
    artikelKommentar: text("artikel_kommentar"),
    einkaufsPreis: geld("einkaufs_preis"),
    lagerstand: menge("lagerstand").notNull().default(0),
    geloescht: boolean("geloescht").notNull().default(false),
    rabattierFaehig: boolean("rabattier_faehig").notNull().default(true),
    mehrwertssteuerId: bigint("mehrwertssteuer_id", { mode: "number" }).notNull(),
    untergruppeId: bigint("untergruppe_id", { mode: "number" }),
    hersteller: text("hersteller"),
    gewichtDurchmesser: text("gewicht_durchmesser"),
    laenge: text("laenge"),
    verpackung: text("verpackung"),
    vpe: menge("vpe"),
    /** The base unit the article is sold in (its UN/ECE code names the unit of e-invoice lines); null: the default. */
    einheitId: bigint("einheit_id", { mode: "number" }),
    verleihbar: boolean("verleihbar").notNull().default(false),
    halter: text("halter"),
    locked: boolean("locked").notNull().default(false),
    webshopId: bigint("webshop_id", { mode: "number" }),
    webshopArtikel: boolean("webshop_artikel").notNull().default(false),
    webshopCategory: bigint("webshop_category", { mode: "number" }),
    suche: text("suche").notNull().default(""),
    createdDate: timestamp("created_date", { withTimezone: true }).notNull().defaultNow(),
    lastModifiedDate: timestamp("last_modified_date", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    ...tenantConstraints("artikel", t),
    uniqueIndex("artikel_nummer_uq").on(t.mandantId, t.artikelNummer),
    // The quick search's exact number match (case ignored), looked up apart from the word matches.
    index("artikel_nummer_lower_idx").on(t.mandantId, sql`lower(${t.artikelNummer})`),
    index("artikel_bezeichnung_idx").on(t.mandantId, t.artikelBezeichnung, t.id),
    // Recently changed articles (home page): the newest page without sorting the tenant's articles.
    index("artikel_geaendert_idx").on(t.mandantId, t.lastModifiedDate, t.id),
    index("artikel_suche_trgm_idx").using("gin", sql`${t.suche} gin_trgm_ops`),
    index("artikel_untergruppe_idx").on(t.mandantId, t.untergruppeId),
    index("artikel_mehrwertssteuer_idx").on(t.mandantId, t.mehrwertssteuerId),
    index("artikel_geloescht_idx").on(t.mandantId, t.geloescht, t.verleihbar),
    tenantRef(
      "artikel_mehrwertssteuer_fk",
      { mandantId: t.mandantId, column: t.mehrwertssteuerId },
      mehrwertssteuer,
    ),
    tenantRef("artikel_untergruppe_fk", { mandantId: t.mandantId, column: t.untergruppeId }, untergruppe),
    tenantRef("artikel_einheit_fk", { mandantId: t.mandantId, column: t.einheitId }, einheit),
  ],
).enableRLS();

/** The columns every part of an article starts with. */
const artikelTeil = () => ({
  ...tenantKey(),
  artikelId: bigint("artikel_id", { mode: "number" }).notNull(),
});

const artikelTeilConstraints = (
  name: string,
  t: { mandantId: AnyPgColumn; id: AnyPgColumn; artikelId: AnyPgColumn },
) => [
  ...tenantConstraints(name, t),
  tenantRef(`${name}_artikel_fk`, { mandantId: t.mandantId, column: t.artikelId }, artikel).onDelete(
    "cascade",
  ),
  index(`${name}_artikel_idx`).on(t.mandantId, t.artikelId),
];

/** A sales price from a day on, for a price tier or (null) the base price. One per article, tier and day. */
export const artikelPreis = pgTable(
  "artikel_preis",
  {
    ...artikelTeil(),
    preis: geld("preis").notNull(),
    vonDatum: date("von_datum", { mode: "string" }).notNull(),
    preisschieneId: bigint("preisschiene_id", { mode: "number" }),
  },
  (t) => [
    ...artikelTeilConstraints("artikel_preis", t),
    unique("artikel_preis_tag_uq")
      .on(t.mandantId, t.artikelId, t.preisschieneId, t.vonDatum)
      .nullsNotDistinct(),
    tenantRef(
      "artikel_preis_preisschiene_fk",
      { mandantId: t.mandantId, column: t.preisschieneId },
      preisschiene,
    ),
    index("artikel_preis_preisschiene_idx").on(t.mandantId, t.preisschieneId),
  ],
).enableRLS();

/** A supplier of the article (a customer flagged lieferant) with its article number and purchase price. */
export const artikelLieferant = pgTable(
  "artikel_lieferant",
  {
    ...artikelTeil(),
    position: integer("position").notNull().default(0),
    lieferantId: bigint("lieferant_id", { mode: "number" }).notNull(),
    lieferantenArtikelNummer: text("lieferanten_artikel_nummer"),
    einkaufsPreis: geld("einkaufs_preis"),
  },
  (t) => [
    ...artikelTeilConstraints("artikel_lieferant", t),
    tenantRef("artikel_lieferant_kunde_fk", { mandantId: t.mandantId, column: t.lieferantId }, kunde),
    index("artikel_lieferant_lieferant_idx").on(t.mandantId, t.lieferantId),
  ],
).enableRLS();

/** The value of one article field definition for one article (SPEC §3 artikelFelder). */
export const artikelFeld = pgTable(
  "artikel_feld",
  {
    mandantId: mandantIdColumn(),
    artikelId: bigint("artikel_id", { mode: "number" }).notNull(),
    felddefinitionId: bigint("felddefinition_id", { mode: "number" }).notNull(),
    value: text("value"),
  },
  (t) => [
    primaryKey({ name: "artikel_feld_pkey", columns: [t.mandantId, t.artikelId, t.felddefinitionId] }),
    tenantRef("artikel_feld_artikel_fk", { mandantId: t.mandantId, column: t.artikelId }, artikel).onDelete(
      "cascade",
    ),
    tenantRef(
      "artikel_feld_felddefinition_fk",
      { mandantId: t.mandantId, column: t.felddefinitionId },
      felddefinition,
    ).onDelete("cascade"),
    index("artikel_feld_felddefinition_idx").on(t.mandantId, t.felddefinitionId),
    tenantIsolation("artikel_feld"),
  ],
).enableRLS();

/**
 * A stored file of the tenant (an article image), once per content (sha256): uploading the same image twice or
 * duplicating an article reuses it. `thumbnail`: the 1024 x 800 JPEG, made on upload.
 */
export const asset = pgTable(
  "asset",
  {
    ...tenantKey(),
    sha256: text("sha256").notNull(),
    dateiname: text("dateiname").notNull(),
    contentType: text("content_type").notNull(),
    groesse: integer("groesse").notNull(),
    inhalt: bytea("inhalt").notNull(),
    thumbnail: bytea("thumbnail"),
    hochgeladenAm: timestamp("hochgeladen_am", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [...tenantConstraints("asset", t), uniqueIndex("asset_sha256_uq").on(t.mandantId, t.sha256)],
).enableRLS();

/** The images of an article in order (SPEC §9: at most 5): links to assets. */
export const artikelBild = pgTable(
  "artikel_bild",
  {
    mandantId: mandantIdColumn(),
    artikelId: bigint("artikel_id", { mode: "number" }).notNull(),
    assetId: bigint("asset_id", { mode: "number" }).notNull(),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    primaryKey({ name: "artikel_bild_pkey", columns: [t.mandantId, t.artikelId, t.assetId] }),
    tenantRef("artikel_bild_artikel_fk", { mandantId: t.mandantId, column: t.artikelId }, artikel).onDelete(
      "cascade",
    ),
    tenantRef("artikel_bild_asset_fk", { mandantId: t.mandantId, column: t.assetId }, asset),
    index("artikel_bild_asset_idx").on(t.mandantId, t.assetId),
    tenantIsolation("artikel_bild"),
  ],
).enableRLS();

/** A PDF attached to an article (SPEC §9 at most 5; module assetartikel). */
export const artikelPdf = pgTable(
  "artikel_pdf",
  {
    ...artikelTeil(),
    position: integer("position").notNull().default(0),
    dateiname: text("dateiname").notNull(),
    contentType: text("content_type").notNull(),
    groesse: integer("groesse").notNull(),
    inhalt: bytea("inhalt").notNull(),
    hochgeladenAm: timestamp("hochgeladen_am", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => artikelTeilConstraints("artikel_pdf", t),
).enableRLS();
