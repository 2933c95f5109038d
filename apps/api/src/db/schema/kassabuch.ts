import { sql } from "drizzle-orm";
import {
  bigint,
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
import { beleg } from "./beleg.ts";
import { kunde } from "./kunde.ts";
import { mandant } from "./mandant.ts";
import { tenantConstraints, tenantKey, tenantRef } from "./stammdaten.ts";
import { mandantIdColumn, tenantIsolation } from "./tenant.ts";
import { appUser } from "./user.ts";

/**
 * The cash book (issue 17): append-only entries and the closes that freeze periods. Both tables are tenant-owned
 * (mandant_id first, RLS) and the application role may only insert and read them (the migration revokes UPDATE,
 * DELETE and TRUNCATE, as for audit_log): an entry is never changed — a correction is a counter-entry naming it.
 * Balances are never stored per entry (a back-dated entry would have to rewrite them); they are summed from the
 * entries and the book per day (kassabuch_tag, below).
 */
export const kassabuchEintrag = pgTable(
  "kassabuch_eintrag",
  {
    ...tenantKey(),
    datum: date("datum", { mode: "string" }).notNull(),
    belegnummer: text("belegnummer"),
    kontonummer: text("kontonummer"),
    text: text("text").notNull(),
    lieferantId: bigint("lieferant_id", { mode: "number" }),
    /** einnahme | ausgabe: the sign of the amount. */
    typ: text("typ", { enum: ["einnahme", "ausgabe"] }).notNull(),
    /** The VAT rate chosen, copied (the rate may be deleted later; the id then names nothing). */
    mehrwertssteuerId: bigint("mehrwertssteuer_id", { mode: "number" }),
    mwst: numeric("mwst", { precision: 5, scale: 2, mode: "string" }),
    /** Always > 0: the type gives the sign. */
    betrag: numeric("betrag", { precision: 14, scale: 2, mode: "string" }).notNull(),
    /** The cash invoice (or its storno) that posted the entry. */
    belegId: bigint("beleg_id", { mode: "number" }),
    /** The entry this counter-entry corrects (at most one correction per entry). */
    korrekturVon: bigint("korrektur_von", { mode: "number" }),
    erfasstAm: timestamp("erfasst_am", { withTimezone: true }).notNull().defaultNow(),
    erfasstVon: bigint("erfasst_von", { mode: "number" }).references(() => appUser.id, {
      onDelete: "set null",
    }),
    erfasstLogin: text("erfasst_login").notNull(),
  },
  (t) => [
    ...tenantConstraints("kassabuch_eintrag", t),
    tenantRef("kassabuch_eintrag_lieferant_fk", { mandantId: t.mandantId, column: t.lieferantId }, kunde),
    tenantRef("kassabuch_eintrag_beleg_fk", { mandantId: t.mandantId, column: t.belegId }, beleg),
    tenantRef(
      "kassabuch_eintrag_korrektur_fk",
      { mandantId: t.mandantId, column: t.korrekturVon },
      { mandantId: t.mandantId, id: t.id },
    ),
    check("kassabuch_eintrag_betrag_positiv", sql`${t.betrag} > 0`),
    // The book's order (date, then id): pages, running balances and the balance guard read along it.
    index("kassabuch_eintrag_datum_idx").on(t.mandantId, t.datum, t.id),
    index("kassabuch_eintrag_beleg_idx").on(t.mandantId, t.belegId),
    uniqueIndex("kassabuch_eintrag_korrektur_uq").on(t.mandantId, t.korrekturVon),
  ],
).enableRLS();

/**
 * The book per day, kept by the statement triggers of migration 0027 (kontor_kassabuch_tag_neu: every day an
 * INSERT, UPDATE or DELETE of entries touched is summed again from its entries, in the same statement): how many
 * entries (and of them income), the day's income and expense, and `tiefst` — the least running sum within the day
 * after each of its entries (id order) relative to the day's start. Balances, totals and the balance guard read
 * these rows (a few hundred a year) instead of every entry (bench/README.md "Cash book"): the balance before a day
 * is its segment's opening plus the net of the days before it; the least running balance after a day is the least
 * over the later days of (balance before the day + tiefst). The application role only reads it.
 */
export const kassabuchTag = pgTable(
  "kassabuch_tag",
  {
    mandantId: mandantIdColumn(),
    datum: date("datum", { mode: "string" }).notNull(),
    anzahl: integer("anzahl").notNull(),
    einnahmenAnzahl: integer("einnahmen_anzahl").notNull(),
    einnahmen: numeric("einnahmen", { mode: "string" }).notNull(),
    ausgaben: numeric("ausgaben", { mode: "string" }).notNull(),
    tiefst: numeric("tiefst", { mode: "string" }).notNull(),
  },
  (t) => [
    primaryKey({ name: "kassabuch_tag_pkey", columns: [t.mandantId, t.datum] }),
    foreignKey({
      name: "kassabuch_tag_mandant_fk",
      columns: [t.mandantId],
      foreignColumns: [mandant.id],
    }).onDelete("cascade"),
    tenantIsolation("kassabuch_tag"),
  ],
).enableRLS();

/** A close: no entry may be dated on or before `bis` any more (the latest close counts). */
export const kassabuchAbschluss = pgTable(
  "kassabuch_abschluss",
  {
    ...tenantKey(),
    /** tag | monat: what the user closed (a month closes through its last day). */
    art: text("art", { enum: ["tag", "monat"] }).notNull(),
    bis: date("bis", { mode: "string" }).notNull(),
    /** The balance at the end of `bis` when it was closed. */
    saldo: numeric("saldo", { mode: "string" }).notNull(),
    erstelltAm: timestamp("erstellt_am", { withTimezone: true }).notNull().defaultNow(),
    erstelltVon: bigint("erstellt_von", { mode: "number" }).references(() => appUser.id, {
      onDelete: "set null",
    }),
    erstelltLogin: text("erstellt_login").notNull(),
  },
  (t) => [
    ...tenantConstraints("kassabuch_abschluss", t),
    uniqueIndex("kassabuch_abschluss_bis_uq").on(t.mandantId, t.bis),
  ],
).enableRLS();
