/** What the data generators share: their options, batches, progress lines, search texts and bulk loading. */
import type pg from "pg";
import { out } from "./stats.ts";

/** Rows per `INSERT … SELECT FROM unnest(…)`. */
export const BATCH = 5_000;

export const log = out;
export const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

/** A progress line every 200 000 rows of a long load (`done` of `total`, since `started`). */
export function progress(done: number, total: number, started: number, what: string) {
  if (done % 200_000 === 0 && done < total) log(`${what}: ${done} of ${total} (${seconds(started)} s)`);
}

/** The column `pick` of the rows, for one unnest() parameter. */
export const col = <T>(rows: readonly T[], pick: (row: T) => unknown) => rows.map(pick);

/** What a generator is told: the database (name and URL), the rows of the big and the small tenant, the seed. */
export interface GenOptions {
  db: string;
  url: string;
  /** Rows in the big tenant. */
  size: number;
  /** Rows in the small tenant (row-level security filters for real). */
  smallSize: number;
  seed: number;
  /** Generate anew even when the marker matches. */
  fresh: boolean;
}

/** The search texts of the tenants' rows, as the app computes them (kontor_kunde_suche, kontor_artikel_suche). */
export async function writeSearchTexts(client: pg.Client, table: "kunde" | "artikel", mandantIds: number[]) {
  for (const id of mandantIds) {
    const t = performance.now();
    await client.query(
      `UPDATE ${table} SET suche = kontor_${table}_suche(mandant_id, id) WHERE mandant_id = $1`,
      [id],
    );
    log(`tenant ${id}: search texts (${seconds(t)} s)`);
  }
}

/**
 * Bulk loading without the tables' secondary indexes: inside the caller's transaction, drops every index of
 * `tables` that is neither unique nor a primary key nor named in `keep` (what the loaders and the app's
 * search-text functions look rows up by), runs `load`, then creates them again from their own definitions
 * (pg_get_indexdef) — building an index once is much faster than keeping it up to date row by row, above all a
 * trigram index over a million search texts, and the search texts' UPDATE then writes no entries into them.
 * Transactional: if anything fails, the drop is rolled back with the rest.
 */
export async function withoutIndexes<T>(
  client: pg.Client,
  tables: string[],
  keep: string[],
  load: () => Promise<T>,
): Promise<T> {
  const { rows } = await client.query<{ name: string; def: string }>(
    `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS def
       FROM pg_index i
      WHERE i.indrelid = ANY($1::regclass[]) AND NOT i.indisunique AND NOT i.indisprimary
        AND NOT (i.indexrelid::regclass::text = ANY($2::text[]))
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)`,
    [tables, keep],
  );
  for (const r of rows) await client.query(`DROP INDEX ${r.name}`);
  const value = await load();
  const t = performance.now();
  await client.query("SET LOCAL maintenance_work_mem = '512MB'");
  for (const r of rows) await client.query(r.def);
  log(`${rows.length} indexes of ${tables.join(", ")} built again (${seconds(t)} s)`);
  return value;
}
