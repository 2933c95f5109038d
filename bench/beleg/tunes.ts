import type pg from "pg";
import type { Tune } from "../kunde/tunes.ts";

/**
 * Database changes proposed for the app, applied to the bench database for one run of measure.ts (--tune a,b) and
 * undone afterwards (as kunde/tunes.ts).
 */
const isTrue = async (c: pg.Client, query: string) => Boolean((await c.query(query)).rows[0]?.ok);

/** beleg_datum_idx as migration 0018 makes it: beleg_nummer DESC NULLS LAST (drizzle's `.desc()` on an index). */
const DATUM_IDX_0018 =
  "CREATE INDEX beleg_datum_idx ON beleg USING btree (mandant_id, beleg_datum DESC NULLS LAST, beleg_nummer DESC NULLS LAST, id DESC NULLS LAST)";

export const TUNES: Record<string, Tune> = {
  datumidx: {
    // ORDER BY beleg_datum DESC, beleg_nummer DESC, id DESC means NULLS FIRST (PostgreSQL's default for DESC); the
    // index says NULLS LAST, so it cannot give that order: every list and search sorts all matching rows.
    what: "beleg_datum_idx in the order the lists and searches ask for: (mandant_id, beleg_datum DESC, beleg_nummer DESC, id DESC), NULLS FIRST",
    active: (c) =>
      isTrue(c, "SELECT pg_get_indexdef('beleg_datum_idx'::regclass) NOT LIKE '%NULLS LAST%' AS ok"),
    apply: [
      "DROP INDEX beleg_datum_idx",
      "CREATE INDEX beleg_datum_idx ON beleg (mandant_id, beleg_datum DESC, beleg_nummer DESC, id DESC)",
      "ANALYZE beleg",
    ],
    revert: ["DROP INDEX beleg_datum_idx", DATUM_IDX_0018, "ANALYZE beleg"],
  },
};

/** Brings the bench database to exactly the requested tunes (undoing leftovers of an interrupted run). */
export async function setTunes(c: pg.Client, wanted: readonly string[]) {
  for (const name of wanted)
    if (!TUNES[name]) throw new Error(`unknown --tune ${name}; known: ${Object.keys(TUNES).join(", ")}`);
  for (const [name, tune] of Object.entries(TUNES)) {
    const want = wanted.includes(name);
    if ((await tune.active(c)) === want) continue;
    for (const statement of want ? tune.apply : tune.revert) await c.query(statement);
  }
}
