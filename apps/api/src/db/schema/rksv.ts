import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { beleg } from "./beleg.ts";
import { bytea } from "./bytea.ts";
import { rechnungskreis, tenantConstraints, tenantKey, tenantRef } from "./stammdaten.ts";
import { mandantIdColumn, tenantIsolation } from "./tenant.ts";

/**
 * RKSV (issue 18): one cash register per invoice circle with rksv on, its signed receipts and the certificates that
 * signed them. The register row is the chain's state (turnover counter, last JWS) and its lock: every receipt takes
 * `SELECT … FOR UPDATE` on it, so no two receipts share a predecessor — across connections and processes. Receipts
 * are append-only (the migration revokes UPDATE, DELETE and TRUNCATE from the application role): they are the DEP.
 */
export const rksvKasse = pgTable(
  "rksv_kasse",
  {
    ...tenantKey(),
    rechnungskreisId: bigint("rechnungskreis_id", { mode: "number" }).notNull(),
    /** Kassenidentifikationsnummer as registered with FinanzOnline. */
    kassenId: text("kassen_id").notNull(),
    /** The AES-256 key (base64), sealed with the secret box. */
    aesSchluessel: text("aes_schluessel").notNull(),
    /** software | atrust */
    einrichtungArt: text("einrichtung_art", { enum: ["software", "atrust"] }).notNull(),
    /** The device's secrets (software: PKCS#8 key and certificate; atrust: access), JSON sealed with the secret box. */
    einrichtung: text("einrichtung").notNull(),
    zda: text("zda").notNull(),
    zertifikatSeriennummer: text("zertifikat_seriennummer").notNull(),
    umsatzzaehlerCent: bigint("umsatzzaehler_cent", { mode: "number" }).notNull().default(0),
    /** The last receipt's JWS (the next one chains to it). */
    letzterJws: text("letzter_jws"),
    /** Receipts made so far (the next receipt's `nr`). */
    belegAnzahl: integer("beleg_anzahl").notNull().default(0),
    /** Set while the device fails (receipts carry the failure marker); cleared by the collective receipt. */
    ausgefallenSeit: timestamp("ausgefallen_seit", { withTimezone: true }),
    /** A yearly receipt was made that the owner has to check (and keep), RKSV § 8. */
    jahresbelegZuPruefen: boolean("jahresbeleg_zu_pruefen").notNull().default(false),
    erstelltAm: timestamp("erstellt_am", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    ...tenantConstraints("rksv_kasse", t),
    tenantRef(
      "rksv_kasse_rechnungskreis_fk",
      { mandantId: t.mandantId, column: t.rechnungskreisId },
      rechnungskreis,
    ),
    uniqueIndex("rksv_kasse_rechnungskreis_uq").on(t.mandantId, t.rechnungskreisId),
    uniqueIndex("rksv_kasse_kassen_id_uq").on(t.mandantId, t.kassenId),
  ],
).enableRLS();

/** A signed receipt, in the order of its register (`nr` 1, 2, …). */
export const rksvBeleg = pgTable(
  "rksv_beleg",
  {
    ...tenantKey(),
    kasseId: bigint("kasse_id", { mode: "number" }).notNull(),
    nr: integer("nr").notNull(),
    /** The receipt number in the code: the document's number, or N-<nr> for a null receipt. */
    belegNummer: text("beleg_nummer").notNull(),
    /** START | STANDARD | STORNO | TRAINING | NULL */
    typ: text("typ").notNull(),
    /** NULL receipts: MONATSBELEG | JAHRESBELEG | SCHLUSSBELEG | SAMMELBELEG | KONTROLLBELEG */
    zweck: text("zweck"),
    /** Local time of the receipt (yyyy-MM-ddTHH:mm:ss, Europe/Vienna), as in the code. */
    zeitpunkt: text("zeitpunkt").notNull(),
    /** The five amounts in cents: normal 20 %, reduced-1 10 %, reduced-2 13 %, zero, special. */
    betragNormal: bigint("betrag_normal", { mode: "number" }).notNull().default(0),
    betragErmaessigt1: bigint("betrag_ermaessigt1", { mode: "number" }).notNull().default(0),
    betragErmaessigt2: bigint("betrag_ermaessigt2", { mode: "number" }).notNull().default(0),
    betragNull: bigint("betrag_null", { mode: "number" }).notNull().default(0),
    betragBesonders: bigint("betrag_besonders", { mode: "number" }).notNull().default(0),
    umsatzzaehlerCent: bigint("umsatzzaehler_cent", { mode: "number" }).notNull(),
    zertifikatSeriennummer: text("zertifikat_seriennummer").notNull(),
    jws: text("jws").notNull(),
    /** The QR code's text. */
    qr: text("qr").notNull(),
    ausgefallen: boolean("ausgefallen").notNull().default(false),
    ausfallGrund: text("ausfall_grund"),
    /** The cash invoice (or its storno) the receipt is for. */
    belegId: bigint("beleg_id", { mode: "number" }),
    erstelltAm: timestamp("erstellt_am", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    ...tenantConstraints("rksv_beleg", t),
    tenantRef("rksv_beleg_kasse_fk", { mandantId: t.mandantId, column: t.kasseId }, rksvKasse),
    tenantRef("rksv_beleg_beleg_fk", { mandantId: t.mandantId, column: t.belegId }, beleg),
    uniqueIndex("rksv_beleg_nr_uq").on(t.mandantId, t.kasseId, t.nr),
    uniqueIndex("rksv_beleg_nummer_uq").on(t.mandantId, t.kasseId, t.belegNummer),
    index("rksv_beleg_zeitpunkt_idx").on(t.mandantId, t.kasseId, t.zeitpunkt),
  ],
).enableRLS();

/** The certificates (or public keys) that signed receipts of a register, by serial: the DEP's groups. */
export const rksvZertifikat = pgTable(
  "rksv_zertifikat",
  {
    mandantId: mandantIdColumn(),
    kasseId: bigint("kasse_id", { mode: "number" }).notNull(),
    seriennummer: text("seriennummer").notNull(),
    zda: text("zda").notNull(),
    /** X.509 DER (a closed system's self-signed certificate carries its public key). */
    zertifikat: bytea("zertifikat").notNull(),
    /** The issuing CAs' certificates, base64 DER. */
    zertifizierungsstellen: jsonb("zertifizierungsstellen").$type<string[]>().notNull().default([]),
    erstelltAm: timestamp("erstellt_am", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: "rksv_zertifikat_pkey", columns: [t.mandantId, t.kasseId, t.seriennummer] }),
    tenantRef("rksv_zertifikat_kasse_fk", { mandantId: t.mandantId, column: t.kasseId }, rksvKasse),
    tenantIsolation("rksv_zertifikat"),
  ],
).enableRLS();
