import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { sucheBedingung } from "../../db/search.ts";

/**
 * The customer search (issue 6). kunde.suche holds the folded search text of each customer (SQL function
 * kontor_kunde_suche, migration 0008); a GIN trigram index makes `LIKE '%word%'` on it fast. Query words are folded
 * by the same SQL function (kontor_fold), so "Muller", "Mueller" and "MÜLLER" all find "Müller".
 */

/**
 * Every word of the text occurs in the folded search column (or a folded expression, e.g. an address's fields), in
 * any order; undefined without words (the shared db/search.ts sucheBedingung, also used by the article search).
 */
export const kundeSucheBedingung = sucheBedingung;

/**
 * Rewrites the search text of one customer, or of every customer of the tenant (after a change to the customer
 * field definitions' search flag). Call it in the writing transaction, after the customer's parts are stored.
 */
export async function refreshSuche(tx: Tx, mandantId: number, kundeId?: number): Promise<void> {
  await tx.execute(
    kundeId === undefined
      ? sql`UPDATE kunde SET suche = kontor_kunde_suche(mandant_id, id) WHERE mandant_id = ${mandantId}`
      : sql`UPDATE kunde SET suche = kontor_kunde_suche(mandant_id, id)
            WHERE mandant_id = ${mandantId} AND id = ${kundeId}`,
  );
}
