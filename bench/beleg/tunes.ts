import type pg from "pg";
import type { Tune } from "../kunde/tunes.ts";

/**
 * Database changes proposed for the app, applied to the bench database for one run of measure.ts (--tune a,b) and
 * undone afterwards (as kunde/tunes.ts).
 *
 * None proposed now. (The former "datumidx" — beleg_datum_idx in the order the lists ask for, NULLS FIRST — landed
 * as migration 0019; left here, its "revert" turned every run's index back into 0018's NULLS LAST.)
 */
export const TUNES: Record<string, Tune> = {};

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
