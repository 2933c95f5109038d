import { sql } from "drizzle-orm";
import {
  bigint,
  date,
  foreignKey,
  index,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { beleg } from "./beleg.ts";
import { kunde } from "./kunde.ts";
import { mandant } from "./mandant.ts";
import { tenantConstraints, tenantKey, tenantRef } from "./stammdaten.ts";
import { mandantIdColumn, tenantIsolation } from "./tenant.ts";
import { appUser } from "./user.ts";

/**
 * Payments (issue 17, SPEC §3 zahlung). A payment is money received from one customer on one day (bank, cash, card);
 * it settles one or more invoices through its allocations (`zahlung_beleg`: the share of each document and the
 * skonto granted with it, split per VAT rate). What it exceeds them by is the customer's credit (`ueberzahlung`).
 * "Marked paid" (SPEC §4) is a write-off of the open amount with a reason (`beleg_abschreibung`), never a flag set
 * against the payments.
 *
 * The open amount of each invoice is `beleg.offen` (schema/beleg.ts), kept by triggers of migration 0025 in the
 * transaction that changes an allocation, a write-off, the invoice's state or a credit note referring to it — so
 * open items and the open balance are an index range, never a sum over every payment.
 */
const betrag = (name: string) => numeric(name, { precision: 14, scale: 2, mode: "number" });

export const zahlung = pgTable(
  "zahlung",
  {
    ...tenantKey(),
    /** The customer who paid (every document of the payment is theirs). */
    kundeId: bigint("kunde_id", { mode: "number" }).notNull(),
    zahlungsDatum: date("zahlungs_datum").notNull(),
    /** The amount received (> 0). */
    betrag: betrag("betrag").notNull(),
    /** bank | bar | karte (zahlung.codes.ts ZAHLUNGSARTEN). */
    zahlungsart: text("zahlungsart").notNull().default("bank"),
    kommentar: text("kommentar"),
    /** What the allocations leave of the amount: credit on the customer. */
    ueberzahlung: betrag("ueberzahlung").notNull().default(0),
    createdBy: bigint("created_by", { mode: "number" }).references(() => appUser.id, {
      onDelete: "set null",
    }),
    createdLogin: text("created_login"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    ...tenantConstraints("zahlung", t),
    tenantRef("zahlung_kunde_fk", { mandantId: t.mandantId, column: t.kundeId }, kunde),
    // The payment list's default order (newest first) and a customer's payments (credit, filter).
    index("zahlung_datum_idx").on(t.mandantId, t.zahlungsDatum.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("zahlung_kunde_idx").on(t.mandantId, t.kundeId, t.zahlungsDatum),
    // The credit of customers (open balance): only payments with an overpayment.
    index("zahlung_guthaben_idx")
      .on(t.mandantId, t.kundeId, t.ueberzahlung)
      .where(sql`${t.ueberzahlung} <> 0`),
  ],
).enableRLS();

/** The share of a payment one document got, and the skonto granted on it with this payment (per VAT rate). */
export const zahlungBeleg = pgTable(
  "zahlung_beleg",
  {
    mandantId: mandantIdColumn(),
    zahlungId: bigint("zahlung_id", { mode: "number" }).notNull(),
    belegId: bigint("beleg_id", { mode: "number" }).notNull(),
    betrag: betrag("betrag").notNull(),
    skonto: betrag("skonto").notNull().default(0),
    skontoProzent: numeric("skonto_prozent", { precision: 5, scale: 2, mode: "number" }),
    /** [{satz, kategorie, brutto, netto, mwst}] summing exactly to skonto (zahlung.rules.ts skontoAufteilen). */
    skontoMwst: jsonb("skonto_mwst")
      .$type<{ satz: number; kategorie: string; brutto: number; netto: number; mwst: number }[]>()
      .notNull()
      .default([]),
  },
  (t) => [
    primaryKey({ name: "zahlung_beleg_pkey", columns: [t.mandantId, t.zahlungId, t.belegId] }),
    tenantRef("zahlung_beleg_zahlung_fk", { mandantId: t.mandantId, column: t.zahlungId }, zahlung).onDelete(
      "cascade",
    ),
    tenantRef("zahlung_beleg_beleg_fk", { mandantId: t.mandantId, column: t.belegId }, beleg),
    index("zahlung_beleg_beleg_idx").on(t.mandantId, t.belegId),
    tenantIsolation("zahlung_beleg"),
  ],
).enableRLS();

/**
 * "Marked paid" (SPEC §4): the open amount of an invoice written off with a reason — at most one per document,
 * removed to open it again. Audited like every change.
 */
export const belegAbschreibung = pgTable(
  "beleg_abschreibung",
  {
    mandantId: mandantIdColumn(),
    belegId: bigint("beleg_id", { mode: "number" }).notNull(),
    betrag: betrag("betrag").notNull(),
    grund: text("grund").notNull(),
    datum: date("datum").notNull(),
    createdBy: bigint("created_by", { mode: "number" }).references(() => appUser.id, {
      onDelete: "set null",
    }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: "beleg_abschreibung_pkey", columns: [t.mandantId, t.belegId] }),
    tenantRef("beleg_abschreibung_beleg_fk", { mandantId: t.mandantId, column: t.belegId }, beleg).onDelete(
      "cascade",
    ),
    tenantIsolation("beleg_abschreibung"),
  ],
).enableRLS();

/**
 * The open items per customer and of the whole tenant (`kunde_id` 0): how many, and the sum of their open amounts —
 * kept by the trigger beleg_offen_zaehlen (migration 0025) at COMMIT, as beleg_anzahl keeps the document counts: the
 * open balance and the open items' total are one row, not a sum over the tenant's documents (DESIGN §9: 20 ms at
 * 200 000 documents). The application role may only read it.
 */
export const belegOffenStand = pgTable(
  "beleg_offen_stand",
  {
    mandantId: mandantIdColumn(),
    /** The customer; 0 = every open item of the tenant. */
    kundeId: bigint("kunde_id", { mode: "number" }).notNull(),
    anzahl: bigint("anzahl", { mode: "number" }).notNull(),
    summe: betrag("summe").notNull(),
  },
  (t) => [
    primaryKey({ name: "beleg_offen_stand_pkey", columns: [t.mandantId, t.kundeId] }),
    foreignKey({
      name: "beleg_offen_stand_mandant_fk",
      columns: [t.mandantId],
      foreignColumns: [mandant.id],
    }).onDelete("cascade"),
    tenantIsolation("beleg_offen_stand"),
  ],
).enableRLS();
