/**
 * The article quick search at SQL level (issue 7): the statement artikel.repository.ts artikelZeilen runs now
 * against a proposed shape, for the mix of mix.ts, in the tenant transaction as the application role, rounds
 * interleaved. Only the choice of the 20 articles (the inner subquery of seiteZuerst) is timed: the joins and
 * the price of 20 rows cost the same in both.
 *
 * - current: every word LIKE on suche, ORDER BY (lower(number) = lower(search)) DESC, name, id LIMIT 20. The
 *   exact-number key makes PostgreSQL fetch and sort every match (or, without it, walk the name index until 20
 *   match, which is as bad for words whose matches sort late).
 * - capped: the exact number by an index lookup (a bench index on (mandant_id, lower(artikel_nummer)), created
 *   for the run and dropped after it), UNION ALL at most --cap matches in any order (the scan stops there), then
 *   the 20 first by name. With at most --cap matches the rows are the same as now; with more, they are 20 matches
 *   by name among the first --cap found.
 *
 *   node --import tsx bench/artikel/search-shapes.ts [--n 200] [--warmup 20] [--cap 250] [--db kontor_bench]
 */
import { parseArgs } from "node:util";
import pg from "pg";
import { DEFAULT_DB, databaseUrl, inTenant, withClient } from "../lib/db.ts";
import { likeConditions, likeValues } from "../lib/search.ts";
import { fmt, msSince, out, summarize, table } from "../lib/stats.ts";
import { readArtikelMarker } from "./marker.ts";
import { type ArtikelSuche, artikelMix, countArtikel } from "./mix.ts";

const { values: args } = parseArgs({
  options: {
    n: { type: "string", default: "200" },
    warmup: { type: "string", default: "20" },
    cap: { type: "string", default: "250" },
    db: { type: "string", default: DEFAULT_DB },
  },
});
const N = Number(args.n);
const WARMUP = Number(args.warmup);
const CAP = Number(args.cap);
const url = databaseUrl(args.db);
const INDEX = "bench_artikel_nummer_lower_idx";

interface Statement {
  text: string;
  values: unknown[];
}

function conditions(s: ArtikelSuche, first: number) {
  const values = likeValues(s.search);
  const where = likeConditions("a.suche", values.length, first);
  if (!s.geloescht) where.push("NOT a.geloescht");
  if (s.verleihbar) where.push("a.verleihbar");
  return { where, values };
}

const SHAPES: Record<string, (s: ArtikelSuche) => Statement> = {
  current(s) {
    const c = conditions(s, 2);
    return {
      text: `SELECT a.id FROM artikel_mandant a WHERE ${c.where.join(" AND ")}
              ORDER BY (lower(a.artikel_nummer) = lower($1)) DESC, a.artikel_bezeichnung, a.id LIMIT 20`,
      values: [s.search.trim(), ...c.values],
    };
  },
  capped(s) {
    const c = conditions(s, 3);
    const filter = c.where.filter((w) => !w.includes("suche"));
    return {
      text: `SELECT id FROM (
               SELECT a.id, 0 AS rang, a.artikel_bezeichnung FROM artikel_mandant a
                WHERE lower(a.artikel_nummer) = lower($1) ${filter.map((f) => `AND ${f}`).join(" ")}
               UNION ALL
               SELECT t.id, 1, t.artikel_bezeichnung FROM (
                 SELECT a.id, a.artikel_nummer, a.artikel_bezeichnung FROM artikel_mandant a
                  WHERE ${c.where.join(" AND ")} LIMIT $2) t
                WHERE lower(t.artikel_nummer) <> lower($1)) x
             ORDER BY rang, artikel_bezeichnung, id LIMIT 20`,
      values: [s.search.trim(), CAP, ...c.values],
    };
  },
};

async function main() {
  const marker = await withClient(url, readArtikelMarker);
  if (!marker)
    throw new Error(`${args.db} has no article bench data: run npm run bench:artikel:generate first`);
  const m = marker.mandantId;
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const mix = await artikelMix(c, m);
    await c.query(`CREATE INDEX IF NOT EXISTS ${INDEX} ON artikel (mandant_id, lower(artikel_nummer))`);
    await c.query("ANALYZE artikel");
    const run = (stmt: Statement) =>
      inTenant(c, m, async () => {
        const t = process.hrtime.bigint();
        const { rows } = await c.query<{ id: string }>(stmt.text, stmt.values);
        return { ms: msSince(t), ids: rows.map((r) => Number(r.id)) };
      });
    const names = Object.keys(SHAPES);
    const samples = mix.map(() => names.map(() => [] as number[]));
    const results = mix.map(() => names.map(() => [] as number[]));
    for (let round = -WARMUP; round < N; round++) {
      for (const [i, s] of mix.entries()) {
        for (const [j, name] of names.entries()) {
          const r = await run(SHAPES[name]!(s));
          if (round < 0) continue;
          samples[i]![j]!.push(r.ms);
          if (round === 0) results[i]![j] = r.ids;
        }
      }
    }
    const rows: (string | number)[][] = [];
    for (const [i, s] of mix.entries()) {
      const matches = await countArtikel(c, m, s.search, s);
      const [now, capped] = results[i]!;
      const same = JSON.stringify(now) === JSON.stringify(capped);
      const firstSame = now![0] === capped![0];
      rows.push([
        `${s.name}${s.extra ? " *" : ""}`,
        s.search,
        matches,
        ...names.flatMap((_, j) => {
          const sum = summarize(samples[i]![j]!);
          return [fmt(sum.median), fmt(sum.p95)];
        }),
        same
          ? "same rows"
          : matches > CAP
            ? `other rows (${firstSame ? "same first" : "first differs"})`
            : "DIFFERENT",
      ]);
    }
    const all = names.map((_, j) => summarize(samples.flatMap((q) => q[j]!)));
    rows.push(["ALL", "", "", ...all.flatMap((sum) => [fmt(sum.median), fmt(sum.p95)]), ""]);
    out(
      `\nArticle search shapes on ${args.db} (cap ${CAP}), n=${N}, statement time in ms (tenant tx, app role)`,
    );
    out(
      table(
        ["query", "text", "match", ...names.flatMap((n) => [`${n} med`, "p95"]), "rows: capped vs current"],
        rows,
      ),
    );
  } finally {
    await c.query(`DROP INDEX IF EXISTS ${INDEX}`).catch(() => undefined);
    await c.end();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `search-shapes failed: ${error instanceof Error ? (error.stack ?? error.message) : error}\n`,
  );
  process.exit(1);
});
