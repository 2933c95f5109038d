import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  date,
  index,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { kunde } from "./kunde.ts";
import { bytea, tenantConstraints, tenantKey, tenantRef } from "./stammdaten.ts";
import { appUser } from "./user.ts";

/**
 * Incoming e-invoices (issue 19, "Eingangsrechnung"): a supplier's XRechnung, Peppol BIS, EN 16931 UBL/CII or
 * ZUGFeRD / Factur-X PDF as it arrived — the original file unchanged (`datei`), the business terms the reader gave
 * (`rechnung`, the EN 16931 model as JSON; nothing recomputed: a supplier's amounts are the supplier's), the
 * supplier it came from (a customer record with `lieferant`), and the few terms lists filter and sort by copied
 * into columns. A draft ('entwurf') until a clerk marks it checked ('geprueft'); only drafts can be deleted.
 *
 * Duplicates: the same file twice (by SHA-256) and a second invoice of the same supplier with the same number are
 * refused by unique indexes (the import answers 409 naming the record there is). A supplier with incoming invoices
 * cannot be deleted (the foreign key restricts: 409 error.inUse).
 */
export const eingangsrechnung = pgTable(
  "eingangsrechnung",
  {
    ...tenantKey(),
    lieferantId: bigint("lieferant_id", { mode: "number" }).notNull(),
    /** entwurf | geprueft (eingang.codes.ts EINGANG_STATUS). */
    status: text("status", { enum: ["entwurf", "geprueft"] })
      .notNull()
      .default("entwurf"),
    /** ubl | cii: the XML's syntax (a PDF's embedded XML is CII or UBL too). */
    syntax: text("syntax", { enum: ["ubl", "cii"] }).notNull(),
    /** What it came as, e.g. "XRechnung 3.0 (UBL)", "Factur-X / ZUGFeRD (PDF)" (BT-24 and the container). */
    format: text("format").notNull(),
    /** BT-3: 380 invoice, 381 credit note, 384 corrected invoice. */
    art: text("art", { enum: ["380", "381", "384"] }).notNull(),
    /** BT-1, BT-2, BT-9. */
    nummer: text("nummer").notNull(),
    datum: date("datum", { mode: "string" }).notNull(),
    faelligAm: date("faellig_am", { mode: "string" }),
    /** BT-112 and BT-115 in the invoice's currency (BT-5). */
    brutto: numeric("brutto", { precision: 14, scale: 2, mode: "number" }).notNull(),
    zahlbar: numeric("zahlbar", { precision: 14, scale: 2, mode: "number" }).notNull(),
    waehrung: text("waehrung").notNull(),
    /** The EN 16931 model (packages/erechnung modell.ts Rechnung) as the reader gave it. */
    rechnung: jsonb("rechnung").notNull(),
    /** The original file, byte for byte. */
    datei: bytea("datei").notNull(),
    dateiname: text("dateiname").notNull(),
    /** application/xml | application/pdf, by the file's content. */
    contentType: text("content_type", { enum: ["application/xml", "application/pdf"] }).notNull(),
    /** SHA-256 of `datei`, hex. */
    sha256: text("sha256").notNull(),
    createdBy: bigint("created_by", { mode: "number" }).references(() => appUser.id, {
      onDelete: "set null",
    }),
    createdLogin: text("created_login"),
    createdDate: timestamp("created_date", { withTimezone: true }).notNull().defaultNow(),
    geprueftLogin: text("geprueft_login"),
    geprueftAm: timestamp("geprueft_am", { withTimezone: true }),
  },
  (t) => [
    ...tenantConstraints("eingangsrechnung", t),
    tenantRef("eingangsrechnung_lieferant_fk", { mandantId: t.mandantId, column: t.lieferantId }, kunde),
    uniqueIndex("eingangsrechnung_sha256_uq").on(t.mandantId, t.sha256),
    uniqueIndex("eingangsrechnung_nummer_uq").on(t.mandantId, t.lieferantId, t.nummer),
    // The list's default order (newest first) and the filters by status and supplier.
    index("eingangsrechnung_datum_idx").on(
      t.mandantId,
      t.datum.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("eingangsrechnung_status_idx").on(t.mandantId, t.status, t.datum.desc().nullsFirst()),
    check("eingangsrechnung_status_ck", sql`${t.status} in ('entwurf', 'geprueft')`),
  ],
).enableRLS();
