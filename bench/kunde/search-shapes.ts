/**
 * The customer search at SQL level: the statement the API runs now against three proposed shapes, same mix, same
 * tenant transaction as the application role (issue 6, DESIGN §9). No HTTP; for the endpoint see measure.ts.
 *
 * current:  through the tenant view, join the billing address, ORDER BY sortname, id LIMIT 20. The planner picks
 *           the trigram index (then sorts every match) or the sortname index (then filters until 20 match) from
 *           LIKE estimates that are often far off, and it joins before the LIMIT: an underestimated word joins
 *           thousands of addresses, a surname whose matches all sort late ("Zimmermann") walks most of the index.
 * limitFirst: the same, but the 20 customers are chosen first (subquery with the LIMIT) and only they are joined.
 * walkFirst: the first --walk (500) customers in sortname order hold 20 matches of a common word; otherwise all
 *           matches through the trigram index, sorted (ORDER BY sortname || '': the index cannot serve it). Words
 *           shorter than 3 characters (no trigram): limitFirst.
 * capped:   words of 3+ characters: at most --cap (1 000) candidates through the trigram index alone (seq and plain
 *           index scans off for that statement), sorted, first 20 joined. More matches than the cap means a
 *           common word: walk the sortname index (bitmap scans off), which finds 20 soon. Shorter words (no
 *           trigram): limitFirst. Every shape returns the same rows (checked: column "same rows").
 *
 *   node --import tsx bench/kunde/search-shapes.ts [--n 200] [--warmup 20] [--cap 1000] [--walk 500] [--tune stats]
 */
import { parseArgs } from "node:util";
import pg from "pg";
import { APP_ROLE } from "../../apps/api/src/db/schema/tenant.ts";
import { DEFAULT_DB, databaseUrl, inTenant } from "../lib/db.ts";
import { likeConditions, likeValues, words } from "../lib/search.ts";
import { fmt, msSince, out, summarize, table } from "../lib/stats.ts";
import { readMarker } from "./marker.ts";
import { countMatches, searchMix } from "./mix.ts";
import { setTunes, TUNES } from "./tunes.ts";

const { values: args } = parseArgs({
  options: {
    n: { type: "string", default: "200" },
    warmup: { type: "string", default: "20" },
    db: { type: "string", default: DEFAULT_DB },
    cap: { type: "string", default: "1000" },
    walk: { type: "string", default: "500" },
    tune: { type: "string", default: "" },
  },
});
const N = Number(args.n);
const WARMUP = Number(args.warmup);
const CAP = Number(args.cap);
const WALK = Number(args.walk);
const tunes = (args.tune ?? "").split(",").filter(Boolean);

const COLUMNS = `k.id, k.kunden_nummer, k.firma, k.bezeichnung, k.vorname, k.nachname, k.geschlecht, a.strasse,
  a.haus_nummer, a.plz, a.ort, a.land, k.email, k.telnr, k.uid, k.lieferant, k.aktiv`;
const BILLING =
  "LEFT JOIN adresse a ON (a.mandant_id = k.mandant_id AND a.kunde_id = k.id AND a.position = 0)";

/** `k.suche LIKE '%' || kontor_fold($i) || '%'` per word. */
const condition = (count: number) => likeConditions("k.suche", count, 1).join(" AND ");

const currentSql = (count: number) => `SELECT ${COLUMNS} FROM kunde_mandant k ${BILLING}
  WHERE k.aktiv AND NOT k.lieferant AND ${condition(count)} ORDER BY k.sortname, k.id LIMIT 20`;

const limitFirstSql = (count: number) => `SELECT ${COLUMNS}
  FROM (SELECT * FROM kunde_mandant k WHERE k.aktiv AND NOT k.lieferant AND ${condition(count)}
        ORDER BY k.sortname, k.id LIMIT 20) k ${BILLING}
  ORDER BY k.sortname, k.id`;

const cappedSql = (count: number) => `WITH c AS MATERIALIZED (
    SELECT k.id, k.sortname FROM kunde_mandant k
     WHERE k.aktiv AND NOT k.lieferant AND ${condition(count)} LIMIT ${CAP + 1})
  SELECT (SELECT count(*) FROM c)::int AS kandidaten, ${COLUMNS}
    FROM (SELECT id, sortname FROM c ORDER BY sortname, id LIMIT 20) t
    JOIN kunde_mandant k ON k.id = t.id ${BILLING}
   ORDER BY t.sortname, t.id`;

/** One statement, no settings: the first WALK customers in sortname order; fewer than 20 matches there: all
 * matches through the trigram index, sorted by `sortname || ''` (same order, but the sortname index cannot serve
 * it, so the planner cannot walk it again). Either branch is the exact first 20. */
const walkFirstSql = (count: number) => `WITH anfang AS MATERIALIZED (
    SELECT k.id, k.sortname
      FROM (SELECT id, sortname, suche FROM kunde_mandant WHERE aktiv AND NOT lieferant
            ORDER BY sortname, id LIMIT ${WALK}) k
     WHERE ${condition(count)} LIMIT 20),
  rest AS (
    SELECT k.id, k.sortname FROM kunde_mandant k
     WHERE k.aktiv AND NOT k.lieferant AND ${condition(count)}
     ORDER BY k.sortname || '', k.id LIMIT 20),
  treffer AS (
    SELECT id, sortname FROM anfang WHERE (SELECT count(*) FROM anfang) = 20
    UNION ALL
    SELECT id, sortname FROM rest WHERE (SELECT count(*) FROM anfang) < 20)
  SELECT ${COLUMNS} FROM treffer t JOIN kunde_mandant k ON k.id = t.id ${BILLING}
   ORDER BY t.sortname, t.id`;

const planner = (settings: Record<string, "on" | "off">) =>
  `SELECT ${Object.entries(settings)
    .map(([name, value]) => `set_config('${name}', '${value}', true)`)
    .join(", ")}`;

async function main() {
  for (const t of tunes) {
    if (!TUNES[t]) throw new Error(`unknown --tune ${t}; known: ${Object.keys(TUNES).join(", ")}`);
  }
  const client = new pg.Client({ connectionString: databaseUrl(args.db) });
  await client.connect();
  try {
    const marker = await readMarker(client);
    if (!marker) throw new Error(`${args.db} has no bench data: run npm run bench:kunde:generate first`);
    await setTunes(client, tunes);
    const mix = await searchMix(client, marker.mandantId);

    /** Runs fn in a tenant transaction as the application role; its time in ms (BEGIN to COMMIT). */
    const timedInTenant = async <T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> => {
      const start = process.hrtime.bigint();
      const value = await inTenant(client, marker.mandantId, fn);
      return { ms: msSince(start), value };
    };
    const run = async (query: string, search: string, path: string) => {
      const { rows } = await client.query(query, likeValues(search));
      return {
        ids: rows.map((r) => String(r.id)).join(),
        path,
        kandidaten: Number(rows[0]?.kandidaten ?? 0),
      };
    };
    const shapes = {
      current: (search: string) => run(currentSql(words(search).length), search, "one statement"),
      limitFirst: (search: string) => run(limitFirstSql(words(search).length), search, "one statement"),
      walkFirst: (search: string) =>
        words(search).some((w) => w.length < 3)
          ? run(limitFirstSql(words(search).length), search, "short: limit-first")
          : run(walkFirstSql(words(search).length), search, "one statement"),
      capped: async (search: string) => {
        const count = words(search).length;
        if (words(search).some((w) => w.length < 3))
          return run(limitFirstSql(count), search, "short: limit-first");
        await client.query(planner({ enable_seqscan: "off", enable_indexscan: "off" }));
        const candidates = await run(cappedSql(count), search, `≤${CAP} candidates`);
        if (candidates.kandidaten <= CAP) return candidates;
        await client.query(planner({ enable_indexscan: "on", enable_bitmapscan: "off" }));
        return run(limitFirstSql(count), search, `>${CAP}: sortname walk`);
      },
    };
    type Shape = keyof typeof shapes;
    const names = Object.keys(shapes) as Shape[];
    const results = mix.map((s) => ({
      ...s,
      ms: Object.fromEntries(names.map((n) => [n, [] as number[]])) as Record<Shape, number[]>,
      path: "",
      same: true,
    }));
    for (let round = -WARMUP; round < N; round++) {
      for (const r of results) {
        const ids: string[] = [];
        for (const name of names) {
          const { ms, value } = await timedInTenant(() => shapes[name](r.search));
          ids.push(value.ids);
          if (name === "capped") r.path = value.path;
          if (round >= 0) r.ms[name].push(ms);
        }
        r.same &&= ids.every((x) => x === ids[0]);
      }
    }

    const rows = [];
    for (const r of results) {
      const cells = names.flatMap((n) => {
        const s = summarize(r.ms[n]);
        return [fmt(s.median), fmt(s.p95)];
      });
      const matches = await countMatches(client, marker.mandantId, r.search);
      rows.push([r.name, r.search, matches, ...cells, r.path, r.same ? "yes" : "NO"]);
    }
    const overall = names.flatMap((n) => {
      const s = summarize(results.flatMap((r) => r.ms[n]));
      return [fmt(s.median), fmt(s.p95)];
    });
    rows.push(["ALL", "", "", ...overall, "", ""]);
    out(`\nSearch shapes on ${args.db} (${marker.size} customers), tenant transaction as ${APP_ROLE}`);
    out(`n=${N} after ${WARMUP} warm-up, ms from BEGIN to COMMIT, walk ${WALK}, cap ${CAP}`);
    for (const t of tunes) out(`tune ${t}: ${TUNES[t]!.what}`);
    const header = ["query", "text", "match", ...names.flatMap((n) => [`${n} med`, "p95"])];
    out(table([...header, "capped path", "same rows"], rows));
  } finally {
    await setTunes(client, []).catch(() => {});
    await client.end();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `search shapes failed: ${error instanceof Error ? (error.stack ?? error.message) : error}\n`,
  );
  process.exit(1);
});
