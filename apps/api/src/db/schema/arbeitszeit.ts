import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { mandant } from "./mandant.ts";
import { tenantConstraints, tenantKey } from "./stammdaten.ts";
import { mandantIdColumn, tenantIsolation } from "./tenant.ts";
import { appUser } from "./user.ts";

/**
 * Employee working time (issue 22). Every table is tenant-owned (mandant_id first in keys and indexes, RLS); the
 * employee is a global user (app_user) who is a member of the tenant. Records are evidence: a delete only marks a
 * record (`geloescht`), the audit log keeps every change.
 */
const userRef = () =>
  bigint("user_id", { mode: "number" })
    .notNull()
    .references(() => appUser.id, { onDelete: "cascade" });

/** One working-time record (von–bis) of an employee; `datum` is the local day (Europe/Vienna) it starts on. */
export const arbeitszeit = pgTable(
  "arbeitszeit",
  {
    ...tenantKey(),
    userId: userRef(),
    datum: date("datum", { mode: "string" }).notNull(),
    von: timestamp("von", { withTimezone: true, mode: "date" }).notNull(),
    /** null while the clock runs (Kommen without Gehen). */
    bis: timestamp("bis", { withTimezone: true, mode: "date" }),
    beschreibung: text("beschreibung"),
    homeoffice: boolean("homeoffice").notNull().default(false),
    /** Typed in after the day or changed later. */
    korrektur: boolean("korrektur").notNull().default(false),
    /** Deleted: never counted, never listed; the row and its history stay. */
    geloescht: boolean("geloescht").notNull().default(false),
    erfasstAm: timestamp("erfasst_am", { withTimezone: true }).notNull().defaultNow(),
    erfasstVon: text("erfasst_von").notNull(),
  },
  (t) => [
    ...tenantConstraints("arbeitszeit", t),
    index("arbeitszeit_user_datum_idx").on(t.mandantId, t.userId, t.datum),
    // At most one running clock per employee.
    uniqueIndex("arbeitszeit_offen_uq")
      .on(t.mandantId, t.userId)
      .where(sql`${t.bis} is null and not ${t.geloescht}`),
    check("arbeitszeit_bis_nach_von", sql`${t.bis} is null or ${t.bis} > ${t.von}`),
  ],
).enableRLS();

/**
 * The evaluated day of an employee (tagAuswerten of the rules with the tenant's region and pausenAbzug), written in
 * the same transaction as every change of that day's records (and of the next day, whose rest-period flag depends
 * on this day's end). Sums over periods (month, balances, team view) read these rows, never every record.
 */
export const arbeitszeitTag = pgTable(
  "arbeitszeit_tag",
  {
    mandantId: mandantIdColumn(),
    userId: userRef(),
    datum: date("datum", { mode: "string" }).notNull(),
    brutto: integer("brutto").notNull(),
    pause: integer("pause").notNull(),
    pausePflicht: integer("pause_pflicht").notNull(),
    abzug: integer("abzug").notNull(),
    netto: integer("netto").notNull(),
    /** Working days at home (any record of the day with homeoffice). */
    homeoffice: boolean("homeoffice").notNull().default(false),
    hinweise: text("hinweise").array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [
    primaryKey({ name: "arbeitszeit_tag_pkey", columns: [t.mandantId, t.userId, t.datum] }),
    foreignKey({
      name: "arbeitszeit_tag_mandant_fk",
      columns: [t.mandantId],
      foreignColumns: [mandant.id],
    }).onDelete("cascade"),
    tenantIsolation("arbeitszeit_tag"),
  ],
).enableRLS();

/**
 * The netto minutes of an employee's month: the sum of its `arbeitszeit_tag` rows, kept by a statement trigger on
 * that table (migration 0037), so a balance over years reads one row per month instead of every day (the team view
 * of 100 employees with two years of days: a scan of ~42 000 day rows was most of its time). Read-only to the
 * application role.
 */
export const arbeitszeitTagMonat = pgTable(
  "arbeitszeit_tag_monat",
  {
    mandantId: mandantIdColumn(),
    userId: userRef(),
    /** The first day of the month. */
    monat: date("monat", { mode: "string" }).notNull(),
    netto: integer("netto").notNull(),
  },
  (t) => [
    primaryKey({ name: "arbeitszeit_tag_monat_pkey", columns: [t.mandantId, t.userId, t.monat] }),
    foreignKey({
      name: "arbeitszeit_tag_monat_mandant_fk",
      columns: [t.mandantId],
      foreignColumns: [mandant.id],
    }).onDelete("cascade"),
    tenantIsolation("arbeitszeit_tag_monat"),
  ],
).enableRLS();

/** An absence (vacation, time off, sick, other) of whole days von–bis, or half a day (von = bis). */
export const abwesenheit = pgTable(
  "abwesenheit",
  {
    ...tenantKey(),
    userId: userRef(),
    art: text("art", { enum: ["urlaub", "zeitausgleich", "krank", "sonstiges"] }).notNull(),
    von: date("von", { mode: "string" }).notNull(),
    bis: date("bis", { mode: "string" }).notNull(),
    halbtag: boolean("halbtag").notNull().default(false),
    status: text("status", { enum: ["beantragt", "genehmigt", "abgelehnt"] }).notNull(),
    kommentar: text("kommentar"),
    entscheidung: text("entscheidung"),
    entschiedenVon: text("entschieden_von"),
    erfasstAm: timestamp("erfasst_am", { withTimezone: true }).notNull().defaultNow(),
    erfasstVon: text("erfasst_von").notNull(),
  },
  (t) => [
    ...tenantConstraints("abwesenheit", t),
    index("abwesenheit_user_von_idx").on(t.mandantId, t.userId, t.von),
    index("abwesenheit_status_idx").on(t.mandantId, t.status),
    check("abwesenheit_bis_von", sql`${t.bis} >= ${t.von}`),
    check("abwesenheit_halbtag", sql`not ${t.halbtag} or ${t.von} = ${t.bis}`),
  ],
).enableRLS();

/** The approval state of an employee's month; a missing row is `offen`. */
export const arbeitszeitMonat = pgTable(
  "arbeitszeit_monat",
  {
    ...tenantKey(),
    userId: userRef(),
    /** The first day of the month. */
    monat: date("monat", { mode: "string" }).notNull(),
    status: text("status", { enum: ["offen", "eingereicht", "zurueckgegeben", "genehmigt"] }).notNull(),
    kommentar: text("kommentar"),
  },
  (t) => [
    ...tenantConstraints("arbeitszeit_monat", t),
    uniqueIndex("arbeitszeit_monat_uq").on(t.mandantId, t.userId, t.monat),
  ],
).enableRLS();

/** An employee's working-time settings in the tenant (ZZeiterfassungUserData as validated). */
export const arbeitszeitEinstellung = pgTable(
  "arbeitszeit_einstellung",
  {
    mandantId: mandantIdColumn(),
    userId: userRef(),
    daten: jsonb("daten").$type<Record<string, unknown>>().notNull(),
  },
  (t) => [
    primaryKey({ name: "arbeitszeit_einstellung_pkey", columns: [t.mandantId, t.userId] }),
    foreignKey({
      name: "arbeitszeit_einstellung_mandant_fk",
      columns: [t.mandantId],
      foreignColumns: [mandant.id],
    }).onDelete("cascade"),
    tenantIsolation("arbeitszeit_einstellung"),
  ],
).enableRLS();

/** A holiday entry (holidayentry): statutory (imported for the tenant's region) or a company holiday. */
export const feiertag = pgTable(
  "feiertag",
  {
    ...tenantKey(),
    datum: date("datum", { mode: "string" }).notNull(),
    bezeichnung: text("bezeichnung").notNull(),
    art: text("art", { enum: ["gesetzlich", "betrieblich"] }).notNull(),
    halbtag: boolean("halbtag").notNull().default(false),
  },
  (t) => [...tenantConstraints("feiertag", t), uniqueIndex("feiertag_datum_uq").on(t.mandantId, t.datum)],
).enableRLS();
