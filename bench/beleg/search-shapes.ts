/**
 * The document search statement (GET belegsearch; GET beleg?search= has the same condition) against proposed
 * shapes, SQL only, in the tenant transaction as the application role, against the data of generate.ts.
 *
 * Today (beleg.repository.ts belegZeilen / sucheBedingung): `beleg LEFT JOIN kunde … WHERE lower(beleg_nummer) LIKE
 * '%…%' OR (customer fields contain every word) ORDER BY beleg_datum DESC, beleg_nummer DESC, id DESC LIMIT 20`.
 * Under row-level security LIKE (not leakproof) cannot use `beleg_nummer_trgm_idx`, and the OR across the join
 * could not use it anyway: the planner walks `beleg_datum_idx` newest first and tests every document (and its
 * customer) until 20 match — quick for common parts, the whole table for rare or old numbers.
 *
 * Shapes (all return the same rows, checked):
 * - `now`: the statement as the app sends it (through the tables, under the policy);
 * - `view`: the same through `beleg_mandant` and `kunde_mandant` (owner's rights, the policy's tenant condition
 *   in the view, as migration 0009 did for customers): does the view alone help?
 * - `union`: through the views, the matching ids from two branches each with its own index — the number by the
 *   trigram index (`lower(beleg_nummer) LIKE`), the customers by `kunde_suche_trgm_idx` (`suche LIKE` every word,
 *   a superset of the customer condition, which is then checked exactly) and their documents by `beleg_kunde_idx`
 *   — each branch ordered and limited to 20, then the 20 newest of both joined.
 *
 * The view `beleg_mandant` is made for the run when the database has none (and dropped after; --keep-view keeps it):
 *   CREATE VIEW beleg_mandant AS SELECT * FROM beleg
 *    WHERE mandant_id = nullif(current_setting('kontor.mandant_id', true), '')::bigint;
 *   GRANT SELECT ON beleg_mandant TO kontor_app;
 *
 * --tune name: a proposed database change for this run (tunes.ts); --shapes now,view,union: which.
 *
 *   node --import tsx bench/beleg/search-shapes.ts [--n 100] [--warmup 10] [--db kontor_bench] [--keep-view]
 *                                                  [--shapes now,view,union] [--tune name]
 */
import { parseArgs } from "node:util";
import pg from "pg";
import { DEFAULT_DB, databaseUrl, inTenant, withClient } from "../lib/db.ts";
import { fmt, out, summarize, table } from "../lib/stats.ts";
import { readBelegMarker } from "./marker.ts";
import { type BelegSuche, sucheMix } from "./mix.ts";
import { setTunes } from "./tunes.ts";

const { values: args } = parseArgs({
  options: {
    n: { type: "string", default: "100" },
    warmup: { type: "string", default: "10" },
    db: { type: "string", default: DEFAULT_DB },
    "keep-view": { type: "boolean", default: false },
    shapes: { type: "string", default: "now,view,union" },
    tune: { type: "string", default: "" },
  },
});
const wantedShapes = new Set(args.shapes.split(","));
const tunes = args.tune.split(",").filter(Boolean);
const n = Number(args.n);
const warmup = Number(args.warmup);
const url = databaseUrl(args.db);

const ZEILE = `b.id, b.beleg_nummer, b.beleg_datum, b.belegs_typ, b.kunde_id, k.firma, k.bezeichnung, k.vorname,
  k.nachname, k.geschlecht, b.summe_netto, b.summe_brutto, b.freigabe, b.bezahlt, b.storniert`;
const ORDER = "ORDER BY b.beleg_datum DESC, b.beleg_nummer DESC, b.id DESC";
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const words = (search: string) => search.split(/\s+/).filter(Boolean);

/** The app's customer condition on `k` for the words $2…. */
const kundeWorte = (count: number) =>
  Array.from(
    { length: count },
    (_, i) =>
      `kontor_fold(coalesce(k.kunden_nummer, '') || ' ' || coalesce(k.bezeichnung, '') || ' ' || coalesce(k.vorname, '') || ' ' || coalesce(k.nachname, '')) LIKE '%' || kontor_fold($${i + 2}) || '%'`,
  ).join(" AND ");

/** [name, SQL] for a search with `count` words; $1 = the number pattern, $2… the words. */
function shapes(count: number): [string, string][] {
  return allShapes(count).filter(([name]) => wantedShapes.has(name));
}
function allShapes(count: number): [string, string][] {
  const kunde = kundeWorte(count);
  const suche = Array.from(
    { length: count },
    (_, i) => `k.suche LIKE '%' || kontor_fold($${i + 2}) || '%'`,
  ).join(" AND ");
  const plain = (b: string, k: string) =>
    `SELECT ${ZEILE} FROM ${b} b LEFT JOIN ${k} k ON k.mandant_id = b.mandant_id AND k.id = b.kunde_id
      WHERE (lower(b.beleg_nummer) LIKE $1 OR (${kunde})) ${ORDER} LIMIT 20`;
  return [
    ["now", plain("beleg", "kunde")],
    ["view", plain("beleg_mandant", "kunde_mandant")],
    [
      "union",
      `SELECT ${ZEILE} FROM (
         (SELECT b.mandant_id, b.id FROM beleg_mandant b WHERE lower(b.beleg_nummer) LIKE $1 ${ORDER} LIMIT 20)
         UNION
         (SELECT b.mandant_id, b.id FROM kunde_mandant k
            JOIN beleg_mandant b ON b.mandant_id = k.mandant_id AND b.kunde_id = k.id
           WHERE ${suche} AND ${kunde} ${ORDER} LIMIT 20)) t
       JOIN beleg_mandant b ON b.mandant_id = t.mandant_id AND b.id = t.id
       LEFT JOIN kunde_mandant k ON k.mandant_id = b.mandant_id AND k.id = b.kunde_id
       ${ORDER} LIMIT 20`,
    ],
  ];
}

async function main() {
  const marker = await withClient(url, readBelegMarker);
  if (!marker) throw new Error(`${args.db} has no document bench data: run bench/beleg/generate.ts first`);
  const m = marker.mandantId;
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const made = !(await c.query("SELECT to_regclass('public.beleg_mandant') IS NOT NULL AS ok")).rows[0].ok;
  if (made) {
    await c.query(
      `CREATE VIEW beleg_mandant AS SELECT * FROM beleg
        WHERE mandant_id = nullif(current_setting('kontor.mandant_id', true), '')::bigint`,
    );
    await c.query("GRANT SELECT ON beleg_mandant TO kontor_app");
  }
  try {
    await setTunes(c, tunes);
    const mix: BelegSuche[] = await sucheMix(c, m);
    const results = mix.map((s) => ({
      s,
      shapes: shapes(words(s.search).length),
      ms: new Map<string, number[]>(),
    }));
    // Same rows?
    const differ: string[] = [];
    for (const r of results) {
      const values = [
        `%${escapeLike(r.s.search.trim().toLowerCase())}%`,
        ...words(r.s.search).map(escapeLike),
      ];
      let first: string | undefined;
      for (const [name, sql] of r.shapes) {
        const ids = await inTenant(c, m, async () =>
          JSON.stringify((await c.query<{ id: string }>(sql, values)).rows.map((row) => row.id)),
        );
        first ??= ids;
        if (ids !== first) differ.push(`${r.s.name} (${name})`);
      }
    }
    for (let round = -warmup; round < n; round++)
      for (const r of results) {
        const values = [
          `%${escapeLike(r.s.search.trim().toLowerCase())}%`,
          ...words(r.s.search).map(escapeLike),
        ];
        for (const [name, sql] of r.shapes) {
          const ms = await inTenant(c, m, async () => {
            const t = process.hrtime.bigint();
            await c.query(sql, values);
            return Number(process.hrtime.bigint() - t) / 1e6;
          });
          if (round >= 0) r.ms.set(name, [...(r.ms.get(name) ?? []), ms]);
        }
      }
    const names = results[0]!.shapes.map(([name]) => name);
    out(
      `Document search shapes on ${args.db}: ${marker.size} documents, n=${n} after ${warmup} warm-up, statement ms` +
        (tunes.length ? `, tune ${tunes.join(",")}` : ""),
    );
    out(
      table(
        ["search", "text", ...names.flatMap((name) => [`${name} med`, "p95"])],
        [
          ...results.map((r) => [
            `${r.s.name}${r.s.extra ? " *" : ""}`,
            r.s.search,
            ...names.flatMap((name) => {
              const s = summarize(r.ms.get(name)!);
              return [fmt(s.median), fmt(s.p95)];
            }),
          ]),
          ...[
            ["ALL", results],
            ["number mix", results.filter((r) => !r.s.extra)],
          ].map(([label, list]) => [
            label as string,
            "",
            ...names.flatMap((name) => {
              const s = summarize((list as typeof results).flatMap((r) => r.ms.get(name)!));
              return [fmt(s.median), fmt(s.p95)];
            }),
          ]),
        ],
      ),
    );
    out(differ.length === 0 ? "rows: the same for every shape" : `rows DIFFER: ${differ.join(", ")}`);
    // Plans of the union shape and the current one for two searches.
    for (const r of results.filter((x) => ["no such number", "year only (last year)"].includes(x.s.name))) {
      const values = [
        `%${escapeLike(r.s.search.trim().toLowerCase())}%`,
        ...words(r.s.search).map(escapeLike),
      ];
      for (const [name, sql] of r.shapes) {
        const plan = await inTenant(c, m, async () =>
          (await c.query<{ "QUERY PLAN": string }>(`EXPLAIN (ANALYZE, COSTS OFF) ${sql}`, values)).rows
            .map((row) => row["QUERY PLAN"])
            .join("\n"),
        );
        out(`\n--- ${r.s.name} / ${name}\n${plan}`);
      }
    }
  } finally {
    await setTunes(c, []);
    if (made && !args["keep-view"]) await c.query("DROP VIEW beleg_mandant");
    await c.end();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `bench beleg search-shapes failed: ${error instanceof Error ? (error.stack ?? error.message) : error}\n`,
  );
  process.exit(1);
});
