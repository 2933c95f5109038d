import {
  bigint,
  boolean,
  date,
  foreignKey,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { bytea } from "./bytea.ts";
import { mandantIdColumn, tenantIsolation } from "./tenant.ts";

/** Tenant (Mandant) with the fields of SPEC §3. Not itself tenant-owned: membership decides who may see it. */
export const mandant = pgTable("mandant", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
  bezeichnung: text("bezeichnung").notNull(),
  aktiv: boolean("aktiv").notNull().default(true),
  uid: text("uid"),
  email: text("email"),
  fn: text("fn"),
  iban: text("iban"),
  bic: text("bic"),
  bankName: text("bank_name"),
  hinweisKleinunternehmerDe: text("hinweis_kleinunternehmer_de"),
  hinweisKleinunternehmerEn: text("hinweis_kleinunternehmer_en"),
  hinweisExportDe: text("hinweis_export_de"),
  hinweisExportEn: text("hinweis_export_en"),
  hinweisInnergemeinschaftlichDe: text("hinweis_innergemeinschaftlich_de"),
  hinweisInnergemeinschaftlichEn: text("hinweis_innergemeinschaftlich_en"),
  patternArtikelnummer: text("pattern_artikelnummer"),
  patternKundennummer: text("pattern_kundennummer"),
  firstArtikelNummer: integer("first_artikel_nummer"),
  firstKundenNummer: integer("first_kunden_nummer"),
  rechnungsNummerProJahr: boolean("rechnungs_nummer_pro_jahr").notNull().default(true),
  bankomat: boolean("bankomat").notNull().default(false),
  kleinunternehmer: boolean("kleinunternehmer").notNull().default(false),
  lieferKontaktAusklappen: boolean("liefer_kontakt_ausklappen").notNull().default(false),
  belegeFinalisieren: boolean("belege_finalisieren").notNull().default(false),
  crmAusklappen: boolean("crm_ausklappen").notNull().default(false),
  kassaBetrag: numeric("kassa_betrag", { precision: 14, scale: 2, mode: "number" }),
  kassaStartdatum: date("kassa_startdatum", { mode: "string" }),
  kassaStartZeroYear: boolean("kassa_start_zero_year").notNull().default(false),
  vacationMode: boolean("vacation_mode").notNull().default(false),
  zeitausgleich: boolean("zeitausgleich").notNull().default(false),
  zeiterfassungRestrictions: text("zeiterfassung_restrictions"),
  uidData: text("uid_data"),
  hasNewBelege: boolean("has_new_belege").notNull().default(false),
  confirmTimes: boolean("confirm_times").notNull().default(false),
  /** Working time (issue 22): whose law and public holidays (AT or DE-<state>), and whether a missing break is deducted. */
  arbeitszeitRegion: text("arbeitszeit_region").notNull().default("AT"),
  pausenAbzug: boolean("pausen_abzug").notNull().default(false),
  industrySector: text("industry_sector"),
  aiActivated: boolean("ai_activated").notNull().default(false),
  mwstEditierbar: boolean("mwst_editierbar").notNull().default(false),
  /** Document PDF settings (issue 16): layout code (PDF_LAYOUTS), DIN 5008 form A or B, footer text. */
  pdfLayout: text("pdf_layout").notNull().default("standard"),
  fensterkuvert: text("fensterkuvert").notNull().default("B"),
  pdfFusszeile: text("pdf_fusszeile"),
  /**
   * E-invoices (issue 19): the seller's contact (XRechnung BR-DE-2/5/6/7: name, phone, e-mail), its tax number for a
   * small business without a VAT id (BT-32) and its electronic address (BT-34, default: the e-mail address).
   */
  telefon: text("telefon"),
  kontaktName: text("kontakt_name"),
  steuernummer: text("steuernummer"),
  eRechnungAdresse: text("e_rechnung_adresse"),
  createdDate: timestamp("created_date", { withTimezone: true }).notNull().defaultNow(),
  lastModifiedDate: timestamp("last_modified_date", { withTimezone: true }),
});

/** Module types (modultypen): the modules of SPEC §1 with names an admin maintains. Seeded by migration. */
export const modultyp = pgTable(
  "modultyp",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    name: text("name").notNull(),
    bezeichnung: text("bezeichnung").notNull(),
    beschreibung: text("beschreibung"),
  },
  (t) => [uniqueIndex("modultyp_name_uq").on(t.name)],
);

/** The modules switched on for a tenant (SPEC §1). Tenant-owned, under row-level security. */
export const mandantModul = pgTable(
  "mandant_modul",
  {
    mandantId: mandantIdColumn().references(() => mandant.id, { onDelete: "cascade" }),
    modul: text("modul").notNull(),
  },
  (t) => [primaryKey({ columns: [t.mandantId, t.modul] }), tenantIsolation("mandant_modul")],
).enableRLS();

/** A notification / news item of a tenant (SPEC §3 Notification). Tenant-owned. */
export const benachrichtigung = pgTable(
  "benachrichtigung",
  {
    mandantId: mandantIdColumn(),
    id: bigint("id", { mode: "number" }).notNull().generatedByDefaultAsIdentity(),
    bezeichnung: text("bezeichnung").notNull(),
    aktiv: boolean("aktiv").notNull().default(true),
    restrictions: text("restrictions").array().notNull().default([]),
    editor: text("editor").notNull().default(""),
    createdDate: timestamp("created_date", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.mandantId, t.id] }),
    foreignKey({ columns: [t.mandantId], foreignColumns: [mandant.id] }).onDelete("cascade"),
    tenantIsolation("benachrichtigung"),
  ],
).enableRLS();

/**
 * The tenant's logo (issue 16): one row per tenant (its key is mandant_id alone), the picture normalised to a PNG
 * (mandant.routes.ts); the document PDF reads it with mandantLogo(tx). Tenant-owned, under row-level security, so a
 * tenant transaction sees only its own logo; deleted with the tenant.
 */
export const mandantLogo = pgTable(
  "mandant_logo",
  {
    mandantId: mandantIdColumn(),
    png: bytea("png").notNull(),
    breite: integer("breite").notNull(),
    hoehe: integer("hoehe").notNull(),
    groesse: integer("groesse").notNull(),
    geaendertAm: timestamp("geaendert_am", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: "mandant_logo_pkey", columns: [t.mandantId] }),
    foreignKey({
      name: "mandant_logo_mandant_fk",
      columns: [t.mandantId],
      foreignColumns: [mandant.id],
    }).onDelete("cascade"),
    tenantIsolation("mandant_logo"),
  ],
).enableRLS();
