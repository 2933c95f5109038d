import type pg from "pg";

/**
 * Tuning experiments: database changes proposed for the app, applied to the bench database for one run and undone
 * afterwards (measure.ts and search-shapes.ts take --tune a,b).
 */
export interface Tune {
  what: string;
  /** Whether the change is in place now. */
  active: (c: pg.Client) => Promise<boolean>;
  apply: string[];
  revert: string[];
}
const isTrue = async (c: pg.Client, query: string) => Boolean((await c.query(query)).rows[0]?.ok);
export const TUNES: Record<string, Tune> = {
  stats: {
    // With 1000 the ANALYZE sample (300 × target rows) covers all 100 000 rows: the statistics, and so the plans,
    // no longer depend on a random sample.
    what: "statistics target 1000 on kunde.suche: LIKE estimates from a 1000-entry histogram",
    active: (c) =>
      isTrue(
        c,
        "SELECT attstattarget > 0 AS ok FROM pg_attribute WHERE attrelid = 'kunde'::regclass AND attname = 'suche'",
      ),
    apply: ["ALTER TABLE kunde ALTER COLUMN suche SET STATISTICS 1000", "ANALYZE kunde"],
    revert: ["ALTER TABLE kunde ALTER COLUMN suche SET STATISTICS -1", "ANALYZE kunde"],
  },
};

/** Brings the bench database to exactly the requested tunes (undoing leftovers of an interrupted run). */
export async function setTunes(c: pg.Client, wanted: readonly string[]) {
  for (const [name, tune] of Object.entries(TUNES)) {
    const want = wanted.includes(name);
    if ((await tune.active(c)) === want) continue;
    for (const statement of want ? tune.apply : tune.revert) await c.query(statement);
  }
}
