/** What the data generators share: their options, batches and progress lines. */
import { parseArgs } from "node:util";
import type pg from "pg";
import { DEFAULT_DB, databaseUrl } from "./db.ts";
import { out } from "./stats.ts";

/** Rows per `INSERT … SELECT FROM unnest(…)`. */
export const BATCH = 5_000;

export const log = out;
export const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

/** The column `pick` of the rows, for one unnest() parameter. */
export const col = <T>(rows: readonly T[], pick: (row: T) => unknown) => rows.map(pick);

/** --size, --small, --seed (default `seed`), --db, --fresh of a generator, checked. */
export function generateArgs(seed: string) {
  const { values: args } = parseArgs({
    options: {
      size: { type: "string", default: "100000" },
      small: { type: "string", default: "2000" },
      seed: { type: "string", default: seed },
      db: { type: "string", default: DEFAULT_DB },
      fresh: { type: "boolean", default: false },
    },
  });
  const parsed = {
    db: args.db,
    fresh: args.fresh,
    size: Number(args.size),
    smallSize: Number(args.small),
    seed: Number(args.seed),
    url: databaseUrl(args.db),
  };
  if (
    ![parsed.size, parsed.smallSize, parsed.seed].every(Number.isSafeInteger) ||
    parsed.size < 1 ||
    parsed.smallSize < 1
  ) {
    throw new Error("--size, --small and --seed must be positive integers");
  }
  return parsed;
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
