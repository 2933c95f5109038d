import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  date,
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
import { artikel } from "./artikel.ts";
import { kunde } from "./kunde.ts";
import { mandant } from "./mandant.ts";
import {
  felddefinition,
  lieferbedingung,
  rabatt,
  tenantConstraints,
  tenantKey,
  tenantRef,
  zahlungsbedingung,
  zahlungsziel,
} from "./stammdaten.ts";
import { mandantIdColumn, tenantIsolation } from "./tenant.ts";
import { appUser } from "./user.ts";

/**
 * Documents (Belege, issue 15): offers, order confirmations, delivery notes, invoices, credit notes, cancellations,
 * orders. A document owns its positions, VAT lines, custom field values, project links and source links (deleted
 * with it — only a draft can be deleted). References to customers, articles and master data restrict: a customer
 * or article a document names cannot be deleted (409). Every table is tenant-owned (mandant_id first, RLS).
 *
 * The customer's address and vehicle are soft references (no foreign key): they are parts the customer's save
 * replaces, and a finalized document keeps its own copy of the addresses (`rechnungs_adresse`, `liefer_adresse`,
 * `verkaeufer` as JSON, taken at finalization), so later customer or tenant edits never change it.
 */
const betrag = (name: string) => numeric(name, { precision: 14, scale: 2, mode: "number" });
const prozent = (name: string) => numeric(name, { precision: 5, scale: 2, mode: "number" });
const menge = (name: string) => numeric(name, { precision: 14, scale: 3, mode: "number" });

export const beleg = pgTable(
  "beleg",
  {
    ...tenantKey(),
    belegNummer: text("beleg_nummer"),
    belegDatum: date("beleg_datum").notNull(),
    belegsTyp: text("belegs_typ").notNull(),
    kundeId: bigint("kunde_id", { mode: "number" }),
    adresseId: bigint("adresse_id", { mode: "number" }),
    fahrzeugId: bigint("fahrzeug_id", { mode: "number" }),
    zuHanden: text("zu_handen"),
    leistungsDatum: date("leistungs_datum"),
    leistungsZeitraumVon: date("leistungs_zeitraum_von"),
    leistungsZeitraumBis: date("leistungs_zeitraum_bis"),
    rabattId: bigint("rabatt_id", { mode: "number" }),
    belegRabatt: prozent("beleg_rabatt").notNull().default(0),
    reverseCharge: boolean("reverse_charge").notNull().default(false),
    bankomat: boolean("bankomat").notNull().default(false),
    rechnungsText: text("rechnungs_text"),
    belegstext2: text("belegstext2"),
    belegstext3: text("belegstext3"),
    zahlungszielId: bigint("zahlungsziel_id", { mode: "number" }),
    lieferbedingungId: bigint("lieferbedingung_id", { mode: "number" }),
    zahlungsbedingungId: bigint("zahlungsbedingung_id", { mode: "number" }),
    bestellBelegnummer: text("bestell_belegnummer"),
    /** EN 16931 BT-10 (buyer reference, Leitweg-ID); a new document takes the customer's. */
    kaeuferReferenz: text("kaeufer_referenz"),
    /** EN 16931 BT-109 (net after the document discount) and BT-112; computed by belegSummen, never sent. */
    summeNetto: betrag("summe_netto").notNull().default(0),
    summeBrutto: betrag("summe_brutto").notNull().default(0),
    freigabe: boolean("freigabe").notNull().default(false),
    freigabeAm: timestamp("freigabe_am", { withTimezone: true }),
    /**
     * Derived, never sent (issue 17): an invoice is paid when nothing is open (or a cash invoice once issued) —
     * kept by the triggers of migration 0025 with `offen`.
     */
    bezahlt: boolean("bezahlt").notNull().default(false),
    /**
     * The open amount of an invoice (issue 17, zahlung.rules.ts restbetrag): gross − payments − skonto − credit
     * notes − write-off; a cancelled invoice − payments; 0 for drafts and other types. Kept by the triggers of
     * migration 0025 in the transaction that changes it (schema/zahlung.ts).
     */
    offen: betrag("offen").notNull().default(0),
    /**
     * The net due date (issue 17): document date + the payment term's net days, the date itself without a term; set
     * by the trigger of migration 0025 whenever the date, term or state is written — so the due date an invoice was
     * issued with stays, whatever happens to the term later. Open items filter and sort by it.
     */
    faelligAm: date("faellig_am"),
    storniert: boolean("storniert").notNull().default(false),
    stornoRechnungsnummer: text("storno_rechnungsnummer"),
    /** The document this one was converted from or cancels (the first, when made from several). */
    ursprungBelegId: bigint("ursprung_beleg_id", { mode: "number" }),
    /** Copies taken at finalization: the buyer's billing and delivery address, the seller (name, address, VAT id). */
    rechnungsAdresse: jsonb("rechnungs_adresse"),
    lieferAdresse: jsonb("liefer_adresse"),
    verkaeufer: jsonb("verkaeufer"),
    rksvBarcode: text("rksv_barcode"),
    docPath: text("doc_path"),
    createdBy: bigint("created_by", { mode: "number" }).references(() => appUser.id, {
      onDelete: "set null",
    }),
    createdDate: timestamp("created_date", { withTimezone: true }).notNull().defaultNow(),
    lastModifiedDate: timestamp("last_modified_date", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    ...tenantConstraints("beleg", t),
    tenantRef("beleg_kunde_fk", { mandantId: t.mandantId, column: t.kundeId }, kunde),
    tenantRef("beleg_rabatt_fk", { mandantId: t.mandantId, column: t.rabattId }, rabatt),
    tenantRef("beleg_zahlungsziel_fk", { mandantId: t.mandantId, column: t.zahlungszielId }, zahlungsziel),
    tenantRef(
      "beleg_lieferbedingung_fk",
      { mandantId: t.mandantId, column: t.lieferbedingungId },
      lieferbedingung,
    ),
    tenantRef(
      "beleg_zahlungsbedingung_fk",
      { mandantId: t.mandantId, column: t.zahlungsbedingungId },
      zahlungsbedingung,
    ),
    tenantRef(
      "beleg_ursprung_fk",
      { mandantId: t.mandantId, column: t.ursprungBelegId },
      { mandantId: t.mandantId, id: t.id as AnyPgColumn },
    ),
    // A number exists once per tenant (finalization gives it; drafts have none).
    uniqueIndex("beleg_nummer_uq").on(t.mandantId, t.belegNummer),
    // The default sort (SPEC §9): belegDatum desc, then belegNummer desc.
    // NULLS FIRST as ORDER BY … DESC sorts (drizzle's .desc() alone writes NULLS LAST: the index could not serve).
    index("beleg_datum_idx").on(
      t.mandantId,
      t.belegDatum.desc().nullsFirst(),
      t.belegNummer.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("beleg_kunde_idx").on(t.mandantId, t.kundeId, t.belegDatum.desc().nullsFirst()),
    index("beleg_typ_idx").on(t.mandantId, t.belegsTyp, t.belegDatum.desc().nullsFirst()),
    // The list sorted by amount (either direction: a backward scan gives DESC, then id DESC).
    index("beleg_brutto_idx").on(t.mandantId, t.summeBrutto, t.id),
    index("beleg_netto_idx").on(t.mandantId, t.summeNetto, t.id),
    // The drafts (a few per cent) in the default sort: the list filtered by "draft" reads only them.
    index("beleg_entwurf_idx")
      .on(
        t.mandantId,
        t.belegDatum.desc().nullsFirst(),
        t.belegNummer.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
      )
      .where(sql`NOT ${t.freigabe}`),
    // The self-reference's foreign key: deleting a draft checks it (without the index: a scan of the tenant).
    index("beleg_ursprung_idx").on(t.mandantId, t.ursprungBelegId),
    index("beleg_nummer_trgm_idx").using("gin", sql`lower(${t.belegNummer}) gin_trgm_ops`),
    // Open items (issue 17): only documents with something open (or a credit), in the list's default order, per
    // customer, and by due date (overdue, sorted by due date); `offen` and `faellig_am` in them so the filters and
    // sums read the index alone.
    index("beleg_offen_idx")
      .on(t.mandantId, t.belegDatum, t.belegNummer, t.id, t.offen, t.faelligAm)
      .where(sql`${t.offen} <> 0`),
    index("beleg_offen_kunde_idx")
      .on(t.mandantId, t.kundeId, t.belegDatum, t.belegNummer, t.id, t.offen, t.faelligAm)
      .where(sql`${t.offen} <> 0`),
    index("beleg_offen_faellig_idx").on(t.mandantId, t.faelligAm, t.id, t.offen).where(sql`${t.offen} <> 0`),
  ],
).enableRLS();

/** A position of a document (SPEC §3 Document position); `quellePositionId` links a converted or shipped line. */
export const belegPosition = pgTable(
  "beleg_position",
  {
    ...tenantKey(),
    belegId: bigint("beleg_id", { mode: "number" }).notNull(),
    /** Order on the document (0, 1, 2, …); the printed number is positionsNummer. */
    position: integer("position").notNull(),
    positionsNummer: integer("positions_nummer").notNull(),
    artikelId: bigint("artikel_id", { mode: "number" }),
    artikelRabatt: prozent("artikel_rabatt").notNull().default(0),
    positionsBeschreibung: text("positions_beschreibung"),
    positionsBeschreibungZusatz: text("positions_beschreibung_zusatz"),
    positionsMenge: menge("positions_menge"),
    positionsMwst: prozent("positions_mwst"),
    positionsPreis: numeric("positions_preis", { precision: 14, scale: 4, mode: "number" }),
    positionsSumme: betrag("positions_summe"),
    positionsVersandMenge: menge("positions_versand_menge"),
    teilversandFinalize: boolean("teilversand_finalize").notNull().default(false),
    rabatt: prozent("rabatt").notNull().default(0),
    zeiteintragIds: bigint("zeiteintrag_ids", { mode: "number" }).array().notNull().default([]),
    lieferantId: bigint("lieferant_id", { mode: "number" }),
    /** The position of the source document this line was carried over from (conversion, partial delivery). */
    quellePositionId: bigint("quelle_position_id", { mode: "number" }),
  },
  (t) => [
    ...tenantConstraints("beleg_position", t),
    tenantRef("beleg_position_beleg_fk", { mandantId: t.mandantId, column: t.belegId }, beleg).onDelete(
      "cascade",
    ),
    tenantRef("beleg_position_artikel_fk", { mandantId: t.mandantId, column: t.artikelId }, artikel),
    tenantRef("beleg_position_lieferant_fk", { mandantId: t.mandantId, column: t.lieferantId }, kunde),
    index("beleg_position_beleg_idx").on(t.mandantId, t.belegId, t.position),
    index("beleg_position_artikel_idx").on(t.mandantId, t.artikelId),
    index("beleg_position_quelle_idx").on(t.mandantId, t.quellePositionId),
  ],
).enableRLS();

/** A VAT line of a document (EN 16931 BG-23), computed by belegSummen at every save. */
export const belegMwst = pgTable(
  "beleg_mwst",
  {
    ...tenantKey(),
    belegId: bigint("beleg_id", { mode: "number" }).notNull(),
    satz: prozent("satz").notNull(),
    kategorie: text("kategorie").notNull(),
    basis: betrag("basis").notNull(),
    betrag: betrag("betrag").notNull(),
    rabatt: betrag("rabatt").notNull().default(0),
  },
  (t) => [
    ...tenantConstraints("beleg_mwst", t),
    tenantRef("beleg_mwst_beleg_fk", { mandantId: t.mandantId, column: t.belegId }, beleg).onDelete(
      "cascade",
    ),
    index("beleg_mwst_beleg_idx").on(t.mandantId, t.belegId),
  ],
).enableRLS();

/** The value of a document field definition on a document (SPEC §3 belegFelder). */
export const belegFeld = pgTable(
  "beleg_feld",
  {
    mandantId: mandantIdColumn(),
    belegId: bigint("beleg_id", { mode: "number" }).notNull(),
    felddefinitionId: bigint("felddefinition_id", { mode: "number" }).notNull(),
    value: text("value"),
  },
  (t) => [
    primaryKey({ name: "beleg_feld_pkey", columns: [t.mandantId, t.belegId, t.felddefinitionId] }),
    tenantRef("beleg_feld_beleg_fk", { mandantId: t.mandantId, column: t.belegId }, beleg).onDelete(
      "cascade",
    ),
    tenantRef(
      "beleg_feld_felddefinition_fk",
      { mandantId: t.mandantId, column: t.felddefinitionId },
      felddefinition,
    ).onDelete("cascade"),
    tenantIsolation("beleg_feld"),
  ],
).enableRLS();

/**
 * The projects a document belongs to (SPEC §3 projektList). The project entity comes with time tracking; until then
 * the link is stored by id (no foreign key yet — the time-tracking migration adds it).
 */
export const belegProjekt = pgTable(
  "beleg_projekt",
  {
    mandantId: mandantIdColumn(),
    belegId: bigint("beleg_id", { mode: "number" }).notNull(),
    projektId: bigint("projekt_id", { mode: "number" }).notNull(),
  },
  (t) => [
    primaryKey({ name: "beleg_projekt_pkey", columns: [t.mandantId, t.belegId, t.projektId] }),
    tenantRef("beleg_projekt_beleg_fk", { mandantId: t.mandantId, column: t.belegId }, beleg).onDelete(
      "cascade",
    ),
    index("beleg_projekt_projekt_idx").on(t.mandantId, t.projektId),
    tenantIsolation("beleg_projekt"),
  ],
).enableRLS();

/** Which documents a document was made from (a bill from several delivery notes): links kept both ways. */
export const belegQuelle = pgTable(
  "beleg_quelle",
  {
    mandantId: mandantIdColumn(),
    belegId: bigint("beleg_id", { mode: "number" }).notNull(),
    quelleBelegId: bigint("quelle_beleg_id", { mode: "number" }).notNull(),
  },
  (t) => [
    primaryKey({ name: "beleg_quelle_pkey", columns: [t.mandantId, t.belegId, t.quelleBelegId] }),
    tenantRef("beleg_quelle_beleg_fk", { mandantId: t.mandantId, column: t.belegId }, beleg).onDelete(
      "cascade",
    ),
    tenantRef("beleg_quelle_quelle_fk", { mandantId: t.mandantId, column: t.quelleBelegId }, beleg),
    index("beleg_quelle_quelle_idx").on(t.mandantId, t.quelleBelegId),
    tenantIsolation("beleg_quelle"),
  ],
).enableRLS();

/**
 * How many documents a tenant has per type and state, kept by the trigger beleg_anzahl_zaehlen (migration 0020)
 * in the committing transaction: the list's total without a search, customer, period, article or project filter
 * is a sum over these few rows instead of a count over every document (DESIGN §9: 20 rows + total at 200 000).
 */
export const belegAnzahl = pgTable(
  "beleg_anzahl",
  {
    mandantId: mandantIdColumn(),
    belegsTyp: text("belegs_typ").notNull(),
    freigabe: boolean("freigabe").notNull(),
    bezahlt: boolean("bezahlt").notNull(),
    storniert: boolean("storniert").notNull(),
    anzahl: bigint("anzahl", { mode: "number" }).notNull(),
  },
  (t) => [
    primaryKey({
      name: "beleg_anzahl_pkey",
      columns: [t.mandantId, t.belegsTyp, t.freigabe, t.bezahlt, t.storniert],
    }),
    foreignKey({
      name: "beleg_anzahl_mandant_fk",
      columns: [t.mandantId],
      foreignColumns: [mandant.id],
    }).onDelete("cascade"),
    tenantIsolation("beleg_anzahl"),
  ],
).enableRLS();
