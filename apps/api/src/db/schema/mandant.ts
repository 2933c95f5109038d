import {
  bigint,
  boolean,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { mandantIdColumn, tenantIsolation } from "./tenant.ts";

/** Tenant (Mandant). Not itself tenant-owned: membership decides who may see it. Issue 4 adds the full §3 fields. */
export const mandant = pgTable("mandant", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
  bezeichnung: text("bezeichnung").notNull(),
  aktiv: boolean("aktiv").notNull().default(true),
  uid: text("uid"),
  email: text("email"),
  createdDate: timestamp("created_date", { withTimezone: true }).notNull().defaultNow(),
});

/** The modules switched on for a tenant (SPEC §1). Tenant-owned, under row-level security. */
export const mandantModul = pgTable(
  "mandant_modul",
  {
    mandantId: mandantIdColumn().references(() => mandant.id, { onDelete: "cascade" }),
    modul: text("modul").notNull(),
  },
  (t) => [primaryKey({ columns: [t.mandantId, t.modul] }), tenantIsolation("mandant_modul")],
).enableRLS();

/**
 * Address (SPEC §3 Address). Tenant-owned; for now the tenant's own addresses (the customer issue adds kunde_id).
 * land is the ISO 3166-1 alpha-2 code until the country table exists.
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
  },
  (t) => [
    primaryKey({ columns: [t.mandantId, t.id] }),
    foreignKey({ columns: [t.mandantId], foreignColumns: [mandant.id] }).onDelete("cascade"),
    index("adresse_mandant_plz_idx").on(t.mandantId, t.plz),
    tenantIsolation("adresse"),
  ],
).enableRLS();
