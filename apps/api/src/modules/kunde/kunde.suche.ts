import { type AnyColumn, and, type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";

/**
 * The customer search (issue 6). kunde.suche holds the folded search text of each customer (SQL function
 * kontor_kunde_suche, migration 0008); a GIN trigram index makes `LIKE '%word%'` on it fast. Query words are folded
 * by the same SQL function (kontor_fold), so "Muller", "Mueller" and "MÜLLER" all find "Müller".
 */

/** LIKE wildcards (and the escape character) in a search word are taken literally. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Every word of the text occurs in the folded search column (or a folded expression, e.g. an address's fields), in
 * any order; undefined without words.
 */
export function kundeSucheBedingung(text: string | undefined, suche: AnyColumn | SQL): SQL | undefined {
  const words = (text ?? "").split(/\s+/).filter(Boolean);
  if (words.length === 0) return undefined;
  return and(...words.map((word) => sql`${suche} LIKE '%' || kontor_fold(${escapeLike(word)}) || '%'`));
}

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
