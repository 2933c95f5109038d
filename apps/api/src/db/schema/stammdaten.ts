import {
  type AnyPgColumn,
  bigint,
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { bytea } from "./bytea.ts";
import { mandant } from "./mandant.ts";
import { mandantIdColumn, tenantIsolation } from "./tenant.ts";

/**
 * Master data (issue 5). Every table but `land` is tenant-owned: mandant_id first, primary key (mandant_id, id),
 * foreign keys between tenant tables include mandant_id, row-level security (DESIGN §6).
 */

export { bytea };

/** The columns every tenant-owned master-data table starts with. */
export const tenantKey = () => ({
  mandantId: mandantIdColumn(),
  id: bigint("id", { mode: "number" }).notNull().generatedByDefaultAsIdentity(),
});

/** Primary key, tenant foreign key and row-level security of a tenant-owned table. */
export const tenantConstraints = (name: string, t: { mandantId: AnyPgColumn; id: AnyPgColumn }) => [
  primaryKey({ name: `${name}_pkey`, columns: [t.mandantId, t.id] }),
  foreignKey({ name: `${name}_mandant_fk`, columns: [t.mandantId], foreignColumns: [mandant.id] }).onDelete(
    "cascade",
  ),
  tenantIsolation(name),
];

/** A foreign key (mandant_id, <column>) → <table>(mandant_id, id): tenant tables only reference their own tenant. */
export const tenantRef = (
  name: string,
  from: { mandantId: AnyPgColumn; column: AnyPgColumn },
  to: { mandantId: AnyPgColumn; id: AnyPgColumn },
) => foreignKey({ name, columns: [from.mandantId, from.column], foreignColumns: [to.mandantId, to.id] });

/** Countries (ISO 3166-1), installation-wide and seeded by migration; names in German and English. */
export const land = pgTable(
  "land",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    laenderKuerzel: text("laender_kuerzel").notNull(),
    bezeichnung: text("bezeichnung").notNull(),
    bezeichnungEn: text("bezeichnung_en").notNull(),
    eu: boolean("eu").notNull().default(false),
  },
  (t) => [uniqueIndex("land_kuerzel_uq").on(t.laenderKuerzel)],
);

/** VAT rates (mehrwertssteuer) of a tenant; rate in percent, one default per tenant. */
export const mehrwertssteuer = pgTable(
  "mehrwertssteuer",
  {
    ...tenantKey(),
    mwst: numeric("mwst", { precision: 5, scale: 2, mode: "number" }).notNull(),
    defaultMwst: boolean("default_mwst").notNull().default(false),
    land: text("land").notNull().default("AT"),
  },
  (t) => [
    ...tenantConstraints("mehrwertssteuer", t),
    uniqueIndex("mehrwertssteuer_land_mwst_uq").on(t.mandantId, t.land, t.mwst),
  ],
).enableRLS();

/** Base units with their UN/ECE Recommendation 20 code (e-invoices name units by it). */
export const einheit = pgTable(
  "einheit",
  {
    ...tenantKey(),
    code: text("code").notNull(),
    bezeichnung: text("bezeichnung").notNull(),
    kuerzel: text("kuerzel").notNull(),
    defaultEinheit: boolean("default_einheit").notNull().default(false),
  },
  (t) => [...tenantConstraints("einheit", t), uniqueIndex("einheit_code_uq").on(t.mandantId, t.code)],
).enableRLS();

export const warengruppe = pgTable(
  "warengruppe",
  {
    ...tenantKey(),
    warenGruppe: text("waren_gruppe").notNull(),
    bezeichnung: text("bezeichnung").notNull(),
    defaultWarengruppe: boolean("default_warengruppe").notNull().default(false),
    geloescht: boolean("geloescht").notNull().default(false),
  },
  (t) => [
    ...tenantConstraints("warengruppe", t),
    uniqueIndex("warengruppe_code_uq").on(t.mandantId, t.warenGruppe),
  ],
).enableRLS();

export const untergruppe = pgTable(
  "untergruppe",
  {
    ...tenantKey(),
    warengruppeId: bigint("warengruppe_id", { mode: "number" }).notNull(),
    unterGruppe: text("unter_gruppe").notNull(),
    bezeichnung: text("bezeichnung").notNull(),
  },
  (t) => [
    ...tenantConstraints("untergruppe", t),
    foreignKey({
      name: "untergruppe_warengruppe_fk",
      columns: [t.mandantId, t.warengruppeId],
      foreignColumns: [warengruppe.mandantId, warengruppe.id],
    }),
    uniqueIndex("untergruppe_code_uq").on(t.mandantId, t.warengruppeId, t.unterGruppe),
  ],
).enableRLS();

export const preisschiene = pgTable(
  "preisschiene",
  {
    ...tenantKey(),
    bezeichnung: text("bezeichnung").notNull(),
    aktiv: boolean("aktiv").notNull().default(true),
  },
  (t) => tenantConstraints("preisschiene", t),
).enableRLS();

export const rabatt = pgTable(
  "rabatt",
  {
    ...tenantKey(),
    code: text("code").notNull(),
    bezeichnung: text("bezeichnung").notNull(),
    prozent: numeric("prozent", { precision: 5, scale: 2, mode: "number" }).notNull(),
  },
  (t) => [...tenantConstraints("rabatt", t), uniqueIndex("rabatt_code_uq").on(t.mandantId, t.code)],
).enableRLS();

/** Payment terms: net days and the skonto steps (value objects of the term, kept as JSON). */
export const zahlungsziel = pgTable(
  "zahlungsziel",
  {
    ...tenantKey(),
    name: text("name").notNull(),
    nettoTage: integer("netto_tage").notNull().default(0),
    skontoList: jsonb("skonto_list").$type<{ tage: number; prozent: number }[]>().notNull().default([]),
    defaultZahlungsziel: boolean("default_zahlungsziel").notNull().default(false),
  },
  (t) => tenantConstraints("zahlungsziel", t),
).enableRLS();

export const lieferbedingung = pgTable(
  "lieferbedingung",
  { ...tenantKey(), name: text("name").notNull() },
  (t) => tenantConstraints("lieferbedingung", t),
).enableRLS();

export const zahlungsbedingung = pgTable(
  "zahlungsbedingung",
  { ...tenantKey(), name: text("name").notNull() },
  (t) => tenantConstraints("zahlungsbedingung", t),
).enableRLS();

/** Document texts (belegtext): a title and a rich text a document can take over. */
export const belegtext = pgTable(
  "belegtext",
  { ...tenantKey(), title: text("title").notNull(), text: text("text").notNull() },
  (t) => tenantConstraints("belegtext", t),
).enableRLS();

/** Hot-hint texts: short hints offered while typing a document. */
export const hotHintText = pgTable(
  "hot_hint_text",
  {
    ...tenantKey(),
    hotHintTitle: text("hot_hint_title").notNull(),
    hotHintText: text("hot_hint_text").notNull(),
  },
  (t) => tenantConstraints("hot_hint_text", t),
).enableRLS();

/**
 * Field definitions of customers, articles and documents in one table; `bereich` says whose. Values of later
 * issues (kunde_feld, artikel_feld, beleg_feld) reference (mandant_id, id).
 */
export const felddefinition = pgTable(
  "felddefinition",
  {
    ...tenantKey(),
    bereich: text("bereich", { enum: ["kunde", "artikel", "beleg"] }).notNull(),
    bezeichnung: text("bezeichnung").notNull(),
    bezeichnungEn: text("bezeichnung_en"),
    type: text("type").notNull().default("TEXT"),
    optionen: text("optionen").array().notNull().default([]),
    sortOrder: integer("sort_order").notNull().default(0),
    search: boolean("search").notNull().default(true),
    printable: boolean("printable").notNull().default(false),
    belegsTyps: text("belegs_typs").array().notNull().default([]),
    /** Customer fields: the value a new customer starts with (as text; its type says how to read it). */
    value: text("value"),
  },
  (t) => [
    ...tenantConstraints("felddefinition", t),
    index("felddefinition_bereich_idx").on(t.mandantId, t.bereich, t.sortOrder),
  ],
).enableRLS();

export const firmengruppe = pgTable(
  "firmengruppe",
  { ...tenantKey(), bezeichnung: text("bezeichnung").notNull() },
  (t) => tenantConstraints("firmengruppe", t),
).enableRLS();

/** Document templates: an uploaded file (type decided by its content) a document layout can use. */
export const rechnungsvorlage = pgTable(
  "rechnungsvorlage",
  {
    ...tenantKey(),
    vorlagename: text("vorlagename").notNull(),
    vorlage: bytea("vorlage"),
    vorlageContentType: text("vorlage_content_type"),
    vorlageDateiname: text("vorlage_dateiname"),
    active: boolean("active").notNull().default(true),
    lastModifiedDate: timestamp("last_modified_date", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => tenantConstraints("rechnungsvorlage", t),
).enableRLS();

/**
 * Number circles of documents (belegnummerkreis): the document types that draw from it, the pattern, the last
 * number given and the year it was given in (the sequence restarts when nummerProJahr and the year changed).
 */
export const belegnummerkreis = pgTable(
  "belegnummerkreis",
  {
    ...tenantKey(),
    belegsTyps: text("belegs_typs").array().notNull().default([]),
    nummernkreisPattern: text("nummernkreis_pattern").notNull(),
    lastNummer: integer("last_nummer").notNull().default(0),
    lastJahr: integer("last_jahr"),
    nummerProJahr: boolean("nummer_pro_jahr").notNull().default(true),
  },
  (t) => tenantConstraints("belegnummerkreis", t),
).enableRLS();

/** Invoice circles (rechnungskreis): as number circles, with a first number and the RKSV flags. */
export const rechnungskreis = pgTable(
  "rechnungskreis",
  {
    ...tenantKey(),
    rechnungskreisName: text("rechnungskreis_name").notNull(),
    rechnungsnummernPattern: text("rechnungsnummern_pattern").notNull(),
    firstRechnungsnummer: integer("first_rechnungsnummer").notNull().default(1),
    lastRechnungsnummer: integer("last_rechnungsnummer").notNull().default(0),
    lastJahr: integer("last_jahr"),
    nummerProJahr: boolean("nummer_pro_jahr").notNull().default(true),
    rksv: boolean("rksv").notNull().default(false),
    barRechnungOhneRksv: boolean("bar_rechnung_ohne_rksv").notNull().default(false),
  },
  (t) => tenantConstraints("rechnungskreis", t),
).enableRLS();
