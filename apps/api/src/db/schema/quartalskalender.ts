import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { kunde } from "./kunde.ts";
import { tenantConstraints, tenantKey, tenantRef } from "./stammdaten.ts";
import { appUser } from "./user.ts";

/**
 * The quarter calendar (issue 23). Every table is tenant-owned (mandant_id first in keys and indexes, RLS, foreign
 * keys with mandant_id). Rows of a calendar are not stored: a person calendar shows the tenant's members, a site
 * calendar its construction sites (quartalskalender.repository.ts).
 */

/** A construction site (SPEC §7 constructionsite). */
export const baustelle = pgTable(
  "baustelle",
  {
    ...tenantKey(),
    bezeichnung: text("bezeichnung").notNull(),
    adresse: text("adresse"),
    ort: text("ort"),
    kundeId: bigint("kunde_id", { mode: "number" }),
    aktiv: boolean("aktiv").notNull().default(true),
  },
  (t) => [
    ...tenantConstraints("baustelle", t),
    tenantRef("baustelle_kunde_fk", { mandantId: t.mandantId, column: t.kundeId }, kunde),
    uniqueIndex("baustelle_bezeichnung_uq").on(t.mandantId, t.bezeichnung),
    index("baustelle_kunde_idx").on(t.mandantId, t.kundeId),
  ],
).enableRLS();

/** A quarter calendar: one quarter of a year, rows of people or of construction sites. */
export const quartalskalender = pgTable(
  "quartalskalender",
  {
    ...tenantKey(),
    jahr: integer("jahr").notNull(),
    quartal: integer("quartal").notNull(),
    bezeichnung: text("bezeichnung").notNull(),
    zeilenArt: text("zeilen_art", { enum: ["personen", "baustellen"] }).notNull(),
  },
  (t) => [
    ...tenantConstraints("quartalskalender", t),
    uniqueIndex("quartalskalender_uq").on(t.mandantId, t.jahr, t.quartal, t.bezeichnung),
    check("quartalskalender_quartal", sql`${t.quartal} between 1 and 4`),
  ],
).enableRLS();

/** An entry of a calendar: a row (user or site), whole days von–bis, text, customer, site, colour, note. */
export const quartalskalenderEintrag = pgTable(
  "quartalskalender_eintrag",
  {
    ...tenantKey(),
    kalenderId: bigint("kalender_id", { mode: "number" }).notNull(),
    userId: bigint("user_id", { mode: "number" }).references(() => appUser.id, { onDelete: "cascade" }),
    baustelleId: bigint("baustelle_id", { mode: "number" }),
    von: date("von", { mode: "string" }).notNull(),
    bis: date("bis", { mode: "string" }).notNull(),
    text: text("text").notNull(),
    kundeId: bigint("kunde_id", { mode: "number" }),
    farbe: text("farbe").notNull(),
    notiz: text("notiz"),
    wiederkehrend: boolean("wiederkehrend").notNull().default(false),
  },
  (t) => [
    ...tenantConstraints("quartalskalender_eintrag", t),
    tenantRef(
      "quartalskalender_eintrag_kalender_fk",
      { mandantId: t.mandantId, column: t.kalenderId },
      quartalskalender,
    ).onDelete("cascade"),
    tenantRef(
      "quartalskalender_eintrag_baustelle_fk",
      { mandantId: t.mandantId, column: t.baustelleId },
      baustelle,
    ),
    tenantRef("quartalskalender_eintrag_kunde_fk", { mandantId: t.mandantId, column: t.kundeId }, kunde),
    index("quartalskalender_eintrag_kalender_idx").on(t.mandantId, t.kalenderId, t.von),
    index("quartalskalender_eintrag_user_idx").on(t.mandantId, t.userId, t.von),
    index("quartalskalender_eintrag_baustelle_idx").on(t.mandantId, t.baustelleId),
    index("quartalskalender_eintrag_kunde_idx").on(t.mandantId, t.kundeId),
    check("quartalskalender_eintrag_bis_von", sql`${t.bis} >= ${t.von}`),
  ],
).enableRLS();

/** A note of one day of a calendar (quartalskalendernote). */
export const quartalskalenderNote = pgTable(
  "quartalskalender_note",
  {
    ...tenantKey(),
    kalenderId: bigint("kalender_id", { mode: "number" }).notNull(),
    datum: date("datum", { mode: "string" }).notNull(),
    text: text("text").notNull(),
  },
  (t) => [
    ...tenantConstraints("quartalskalender_note", t),
    tenantRef(
      "quartalskalender_note_kalender_fk",
      { mandantId: t.mandantId, column: t.kalenderId },
      quartalskalender,
    ).onDelete("cascade"),
    index("quartalskalender_note_kalender_idx").on(t.mandantId, t.kalenderId, t.datum),
  ],
).enableRLS();
