import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { mandant } from "./mandant.ts";
import {
  bytea,
  felddefinition,
  firmengruppe,
  lieferbedingung,
  preisschiene,
  tenantConstraints,
  tenantKey,
  tenantRef,
  zahlungsbedingung,
  zahlungsziel,
} from "./stammdaten.ts";
import { mandantIdColumn, tenantIsolation } from "./tenant.ts";
import { appUser } from "./user.ts";

/**
 * Customers and suppliers (issue 6). A customer (kunde) owns its addresses, contact persons, vehicles, custom
 * field values, CRM notes, PDFs and firm-group memberships: they are deleted with it. References to master data
 * (price tier, payment term, conditions, firm groups) restrict: a payment term a customer uses cannot be deleted
 * (409 error.inUse). Every table is tenant-owned (mandant_id first, row-level security).
 */

/**
 * The customer or supplier (SPEC §3 kunde). `suche` is the folded search text (kontor_fold of number, names,
 * addresses, e-mail, VAT id and the searchable custom field values), rewritten by kontor_kunde_suche after every
 * save; `sortname` is what lists sort by (company name, or "last first" of a private person).
 */
export const kunde = pgTable(
  "kunde",
  {
    ...tenantKey(),
    kundenNummer: text("kunden_nummer").notNull(),
    firma: text("firma", { enum: ["firma", "privatperson"] })
      .notNull()
      .default("firma"),
    bezeichnung: text("bezeichnung"),
    vorname: text("vorname"),
    nachname: text("nachname"),
    geschlecht: text("geschlecht"),
    email: text("email"),
    telnr: text("telnr"),
    uid: text("uid"),
    innergemeinschaftlich: boolean("innergemeinschaftlich").notNull().default(false),
    export: boolean("export").notNull().default(false),
    preisschieneId: bigint("preisschiene_id", { mode: "number" }),
    rabattVorschlag: numeric("rabatt_vorschlag", { precision: 5, scale: 2, mode: "number" })
      .notNull()
      .default(0),
    zahlungszielId: bigint("zahlungsziel_id", { mode: "number" }),
    lieferbedingungId: bigint("lieferbedingung_id", { mode: "number" }),
    zahlungsbedingungId: bigint("zahlungsbedingung_id", { mode: "number" }),
    belegVorlageVerwenden: boolean("beleg_vorlage_verwenden").notNull().default(true),
    belegLangKey: text("beleg_lang_key", { enum: ["de", "en"] })
      .notNull()
      .default("de"),
    userId: bigint("user_id", { mode: "number" }).references(() => appUser.id, { onDelete: "set null" }),
    zuHandenAktiv: boolean("zu_handen_aktiv").notNull().default(false),
    lieferant: boolean("lieferant").notNull().default(false),
    kontonummer: text("kontonummer"),
    /**
     * E-invoices (issue 19): the buyer reference every document carries by default (BT-10, the Leitweg-ID of a
     * German public buyer), our supplier number at the customer (BT-29), the customer's electronic address (BT-49),
     * the preferred format (ERECHNUNG_FORMATE; null: none) and channel (ERECHNUNG_KANAELE).
     */
    kaeuferReferenz: text("kaeufer_referenz"),
    lieferantenNummer: text("lieferanten_nummer"),
    eRechnungAdresse: text("e_rechnung_adresse"),
    eRechnungFormat: text("e_rechnung_format"),
    eRechnungKanal: text("e_rechnung_kanal").notNull().default("pdf"),
    kundeBeschreibung: text("kunde_beschreibung"),
    webshopId: bigint("webshop_id", { mode: "number" }),
    aktiv: boolean("aktiv").notNull().default(true),
    sortname: text("sortname").notNull().default(""),
    suche: text("suche").notNull().default(""),
    createdDate: timestamp("created_date", { withTimezone: true }).notNull().defaultNow(),
    lastModifiedDate: timestamp("last_modified_date", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    ...tenantConstraints("kunde", t),
    uniqueIndex("kunde_nummer_uq").on(t.mandantId, t.kundenNummer),
    index("kunde_sortname_idx").on(t.mandantId, t.sortname, t.id),
    // Recently changed customers (home page): the newest page without sorting the tenant's customers.
    index("kunde_geaendert_idx").on(t.mandantId, t.lastModifiedDate, t.id),
    index("kunde_suche_trgm_idx").using("gin", sql`${t.suche} gin_trgm_ops`),
    // The list total (active customers or suppliers of the tenant) as an index-only scan, not a table scan.
    index("kunde_aktiv_idx").on(t.mandantId, t.aktiv, t.lieferant),
    // The references from master data: "which customers use it" and the in-use check on delete.
    index("kunde_zahlungsziel_idx").on(t.mandantId, t.zahlungszielId),
    index("kunde_lieferbedingung_idx").on(t.mandantId, t.lieferbedingungId),
    index("kunde_zahlungsbedingung_idx").on(t.mandantId, t.zahlungsbedingungId),
    index("kunde_preisschiene_idx").on(t.mandantId, t.preisschieneId),
    tenantRef("kunde_preisschiene_fk", { mandantId: t.mandantId, column: t.preisschieneId }, preisschiene),
    tenantRef("kunde_zahlungsziel_fk", { mandantId: t.mandantId, column: t.zahlungszielId }, zahlungsziel),
    tenantRef(
      "kunde_lieferbedingung_fk",
      { mandantId: t.mandantId, column: t.lieferbedingungId },
      lieferbedingung,
    ),
    tenantRef(
      "kunde_zahlungsbedingung_fk",
      { mandantId: t.mandantId, column: t.zahlungsbedingungId },
      zahlungsbedingung,
    ),
  ],
).enableRLS();

/**
 * Address (SPEC §3 Address). Tenant-owned: the tenant's own addresses (kunde_id null) and those of its customers
 * (kunde_id set; `position` orders them: 0 billing, 1 delivery, later ones further delivery addresses). land is the
 * ISO 3166-1 alpha-2 code.
 */
export const adresse = pgTable(
  "adresse",
  {
    mandantId: mandantIdColumn(),
    id: bigint("id", { mode: "number" }).notNull().generatedByDefaultAsIdentity(),
    adressenTyp: text("adressen_typ", { enum: ["rechnungsadresse", "lieferadresse"] })
      .notNull()
      .default("rechnungsadresse"),
    bezeichnung: text("bezeichnung"),
    firmenName: text("firmen_name"),
    adressZusatz: text("adress_zusatz"),
    strasse: text("strasse"),
    hausNummer: text("haus_nummer"),
    stiege: text("stiege"),
    tuer: text("tuer"),
    plz: text("plz"),
    ort: text("ort"),
    land: text("land").notNull(),
    zuHanden: boolean("zu_handen").notNull().default(false),
    aktiv: boolean("aktiv").notNull().default(true),
    kundeId: bigint("kunde_id", { mode: "number" }),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.mandantId, t.id] }),
    foreignKey({ columns: [t.mandantId], foreignColumns: [mandant.id] }).onDelete("cascade"),
    tenantRef("adresse_kunde_fk", { mandantId: t.mandantId, column: t.kundeId }, kunde).onDelete("cascade"),
    index("adresse_mandant_plz_idx").on(t.mandantId, t.plz),
    index("adresse_kunde_idx").on(t.mandantId, t.kundeId, t.position),
    tenantIsolation("adresse"),
  ],
).enableRLS();

/** The columns every part of a customer starts with: tenant, own id, the customer, its place in the list. */
const kundeTeil = () => ({
  ...tenantKey(),
  kundeId: bigint("kunde_id", { mode: "number" }).notNull(),
  position: integer("position").notNull().default(0),
});

const kundeTeilConstraints = (
  name: string,
  t: { mandantId: AnyPgColumn; id: AnyPgColumn; kundeId: AnyPgColumn; position: AnyPgColumn },
) => [
  ...tenantConstraints(name, t),
  tenantRef(`${name}_kunde_fk`, { mandantId: t.mandantId, column: t.kundeId }, kunde).onDelete("cascade"),
  index(`${name}_kunde_idx`).on(t.mandantId, t.kundeId, t.position),
];

/** Contact person of a customer (SPEC §3). */
export const kundeKontakt = pgTable(
  "kunde_kontakt",
  {
    ...kundeTeil(),
    geschlecht: text("geschlecht"),
    vorname: text("vorname"),
    nachname: text("nachname").notNull(),
    email: text("email"),
    telnr: text("telnr"),
  },
  (t) => kundeTeilConstraints("kunde_kontakt", t),
).enableRLS();

/** Vehicle of a customer (SPEC §3; module fahrzeuge). */
export const fahrzeug = pgTable(
  "fahrzeug",
  {
    ...kundeTeil(),
    kennzeichen: text("kennzeichen").notNull(),
    marke: text("marke"),
    typ: text("typ"),
    fahrgestellNummer: text("fahrgestell_nummer"),
    erstZulassung: date("erst_zulassung", { mode: "string" }),
    motorNummer: text("motor_nummer"),
    leistung: text("leistung"),
    hubraum: text("hubraum"),
    nationalCode: text("national_code"),
    kilometerstand: integer("kilometerstand"),
    treibstoff: text("treibstoff"),
    saveonpdf: boolean("saveonpdf").notNull().default(false),
  },
  (t) => kundeTeilConstraints("fahrzeug", t),
).enableRLS();

/** CRM note of a customer (SPEC §3 kundeCrms; module crm): text, when, who. */
export const kundeCrm = pgTable(
  "kunde_crm",
  {
    ...kundeTeil(),
    text: text("text").notNull(),
    datum: timestamp("datum", { withTimezone: true }).notNull().defaultNow(),
    userId: bigint("user_id", { mode: "number" }).references(() => appUser.id, { onDelete: "set null" }),
  },
  (t) => kundeTeilConstraints("kunde_crm", t),
).enableRLS();

/** PDF attached to a customer (SPEC §3 kundePdfs, §9 at most 5; module assetkunde). */
export const kundePdf = pgTable(
  "kunde_pdf",
  {
    ...kundeTeil(),
    dateiname: text("dateiname").notNull(),
    contentType: text("content_type").notNull(),
    groesse: integer("groesse").notNull(),
    inhalt: bytea("inhalt").notNull(),
    hochgeladenAm: timestamp("hochgeladen_am", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => kundeTeilConstraints("kunde_pdf", t),
).enableRLS();

/** The value of one customer field definition for one customer (SPEC §3 kundeFelder); goes with its definition. */
export const kundeFeld = pgTable(
  "kunde_feld",
  {
    mandantId: mandantIdColumn(),
    kundeId: bigint("kunde_id", { mode: "number" }).notNull(),
    felddefinitionId: bigint("felddefinition_id", { mode: "number" }).notNull(),
    value: text("value"),
  },
  (t) => [
    primaryKey({ name: "kunde_feld_pkey", columns: [t.mandantId, t.kundeId, t.felddefinitionId] }),
    tenantRef("kunde_feld_kunde_fk", { mandantId: t.mandantId, column: t.kundeId }, kunde).onDelete(
      "cascade",
    ),
    tenantRef(
      "kunde_feld_felddefinition_fk",
      { mandantId: t.mandantId, column: t.felddefinitionId },
      felddefinition,
    ).onDelete("cascade"),
    index("kunde_feld_felddefinition_idx").on(t.mandantId, t.felddefinitionId),
    tenantIsolation("kunde_feld"),
  ],
).enableRLS();

/** Membership of a customer in a firm group (SPEC §3 firmengruppe.kunden); a group with members cannot be deleted. */
export const kundeFirmengruppe = pgTable(
  "kunde_firmengruppe",
  {
    mandantId: mandantIdColumn(),
    kundeId: bigint("kunde_id", { mode: "number" }).notNull(),
    firmengruppeId: bigint("firmengruppe_id", { mode: "number" }).notNull(),
  },
  (t) => [
    primaryKey({ name: "kunde_firmengruppe_pkey", columns: [t.mandantId, t.kundeId, t.firmengruppeId] }),
    tenantRef("kunde_firmengruppe_kunde_fk", { mandantId: t.mandantId, column: t.kundeId }, kunde).onDelete(
      "cascade",
    ),
    tenantRef(
      "kunde_firmengruppe_firmengruppe_fk",
      { mandantId: t.mandantId, column: t.firmengruppeId },
      firmengruppe,
    ),
    index("kunde_firmengruppe_gruppe_idx").on(t.mandantId, t.firmengruppeId),
    tenantIsolation("kunde_firmengruppe"),
  ],
).enableRLS();

/**
 * The last master-data number the tenant's pattern gave, per kind (customers, articles): one row per tenant and
 * kind, locked while a number is drawn (see modules/nummer/stammnummer.ts). Issue 7 turned the customers' counter
 * (kunden_nummer_stand) into this table; the customers' rows became art 'kunde'.
 */
export const stammnummerStand = pgTable(
  "stammnummer_stand",
  {
    mandantId: mandantIdColumn().references(() => mandant.id, { onDelete: "cascade" }),
    art: text("art", { enum: ["kunde", "artikel"] }).notNull(),
    lastNummer: integer("last_nummer").notNull().default(0),
  },
  (t) => [
    primaryKey({ name: "stammnummer_stand_pkey", columns: [t.mandantId, t.art] }),
    check("stammnummer_stand_art_check", sql`${t.art} IN ('kunde', 'artikel')`),
    tenantIsolation("stammnummer_stand"),
  ],
).enableRLS();
