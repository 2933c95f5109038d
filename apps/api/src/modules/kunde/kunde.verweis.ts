import { anzeigename, type KundeNameFelder } from "@kontor/domain/kunde/kunde.rules";
import { eq, type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { kunde } from "../../db/schema/index.ts";

/** A customer as master data shows who uses it: id and display name (SPEC §3 kundeList, firmengruppe.kunden). */
export type TKundeVerweis = { id: number; bezeichnung: string };

/** What the subqueries below answer per customer: the id and the fields the display name is made of. */
type KundeNameZeile = KundeNameFelder & { id: number };

/** One customer row `k` as JSON with what the display name needs. */
const nameJson = sql.raw(
  `json_build_object('id', k.id, 'firma', k.firma, 'bezeichnung', k.bezeichnung, 'vorname', k.vorname,
     'nachname', k.nachname, 'geschlecht', k.geschlecht)`,
);
const alsListe = (von: SQL) =>
  sql<
    KundeNameZeile[]
  >`(SELECT coalesce(json_agg(${nameJson} ORDER BY k.sortname, k.id), '[]'::json) FROM ${von})`;

/**
 * A select-list column: the customers whose `spalte` (zahlungsziel_id, lieferbedingung_id, zahlungsbedingung_id)
 * points at the row of `tabelle` being read, by sort name, at most `limit`. One subquery in the same statement (no
 * query per row); written with the table's plain name so it also works in INSERT/UPDATE … RETURNING, where Drizzle
 * leaves column names unqualified. Tenant-safe twice: row-level security and the mandant_id join.
 */
export function kundenMitVerweis(
  tabelle: "zahlungsziel" | "lieferbedingung" | "zahlungsbedingung",
  spalte: "zahlungsziel_id" | "lieferbedingung_id" | "zahlungsbedingung_id",
  limit = 100,
): SQL<KundeNameZeile[]> {
  const t = sql.identifier(tabelle);
  return alsListe(
    sql`(SELECT * FROM kunde WHERE kunde.mandant_id = ${t}.mandant_id AND kunde.${sql.identifier(spalte)} = ${t}.id
         ORDER BY kunde.sortname, kunde.id LIMIT ${sql.raw(String(limit))}) k`,
  );
}

/** A select-list column of table firmengruppe: its member customers (kunde_firmengruppe), by sort name. */
export const firmengruppeMitglieder = (): SQL<KundeNameZeile[]> =>
  alsListe(
    sql.raw(`kunde_firmengruppe m JOIN kunde k ON k.mandant_id = m.mandant_id AND k.id = m.kunde_id
      WHERE m.mandant_id = "firmengruppe".mandant_id AND m.firmengruppe_id = "firmengruppe".id`),
  );

/** The references of such a column: id and German display name (as lists show it, SPEC §3). */
export const kundeVerweise = (zeilen: unknown): TKundeVerweis[] =>
  ((zeilen as KundeNameZeile[] | null) ?? []).map((zeile) => ({
    id: Number(zeile.id),
    bezeichnung: anzeigename(zeile, "de"),
  }));

/**
 * Whether the customer exists in the tenant (row-level security hides other tenants' customers). With `sperren`
 * its row stays locked until the transaction ends, so writes to its parts (a PDF count, the next address
 * position) are serialised per customer.
 */
export async function kundeVorhanden(tx: Tx, kundeId: number, sperren = false): Promise<boolean> {
  const query = tx.select({ id: kunde.id }).from(kunde).where(eq(kunde.id, kundeId));
  const rows = sperren ? await query.for("update") : await query;
  return rows.length > 0;
}
