/**
 * Customer search and list latency (issue 6, DESIGN §9) against the data of generate.ts.
 *
 * Starts the real API in this process (buildApp on the bench database, a free port), signs in over HTTP and calls
 * GET kundessearch for a fixed mix of searches and GET kundes (page of 20 with x-total-count), one request at a
 * time, rounds interleaved so that every query sees the same conditions. Per query: client latency (localhost
 * HTTP, keep-alive), server time (request event to the last byte handed to the socket) and the SQL the endpoint
 * ran (captured from the pg driver) replayed raw in the same tenant transaction. Then the overhead ratio
 * endpoint ÷ (trivial route + the same SQL raw) with a breakdown, and EXPLAIN ANALYZE of every statement.
 * The measurement itself is ../lib/measure.ts.
 *
 *   node --import tsx bench/kunde/measure.ts [--n 200] [--warmup 20] [--db kontor_bench] [--tune stats]
 *                                            [--ratio-query "mueller wien"] [--log-level silent] [--out file.json]
 */
import pg from "pg";
import { withClient } from "../lib/db.ts";
import * as bench from "../lib/measure.ts";
import * as report from "../lib/report.ts";
import { out } from "../lib/stats.ts";
import { BENCH_PASSWORD, type BenchMarker, readMarker } from "./marker.ts";
import { countMatches, searchMix } from "./mix.ts";
import { setTunes, TUNES } from "./tunes.ts";

const run = bench.startRun({
  "ratio-query": { type: "string", default: "mueller wien" },
  tune: { type: "string", default: "" },
});
const { args, url } = run;
const tunes = (args.tune ?? "").split(",").filter(Boolean);

/** DESIGN §9 / issue 6. */
const BUDGET = { searchServerP95: 10, listP95: 20, overheadRatio: 1.5 };

/** A probe of GET kundessearch or GET kundes. */
type KundeProbe = bench.Probe & { path: string };

const PLAN_PATHS: report.AccessPath[] = [
  ["trgm", /kunde_suche_trgm_idx/],
  ["sortname idx", /Index Scan using kunde_sortname_idx/],
  ["nummer idx", /Index Scan using kunde_nummer_uq/],
  ["aktiv idx-only", /Index Only Scan using kunde_aktiv_idx/],
  ["seq scan", /Seq Scan on kunde\b/],
];

async function main() {
  for (const t of tunes) {
    if (!TUNES[t]) throw new Error(`unknown --tune ${t}; known: ${Object.keys(TUNES).join(", ")}`);
  }
  const marker = await withClient(url, readMarker);
  if (!marker) throw new Error(`${run.db} has no bench data: run npm run bench:kunde:generate first`);
  const m = marker.mandantId;

  const searches = await withClient(url, (c) => searchMix(c, m));
  const lists: [string, string, string | undefined][] = [
    ["first page", "page=0&size=20", undefined],
    ["page 2 by number", "page=1&size=20&sort=kundenNummer,asc", undefined],
    ["page 50", "page=49&size=20", undefined],
    ["suppliers", "page=0&size=20&lieferant=true", undefined],
    ["search müller", "page=0&size=20&search=m%C3%BCller", "müller"],
    ["search wien", "page=0&size=20&search=wien", "wien"],
    ["search Wolfsgr", "page=0&size=20&search=Wolfsgr", "Wolfsgr"],
  ];

  const api = await bench.openApi(run);
  const { database } = api;
  const app = await bench.buildApp(api);
  bench.addBenchRoutes(app, database, "kunde");
  const http = await bench.serve(app);
  const raw = new pg.Client({ connectionString: url });
  await raw.connect();

  try {
    await setTunes(raw, tunes);
    const missing = bench.missingRoutes(app, ["kundessearch", "kundes"]);
    if (missing[0]) throw new Error(`GET ${missing[0]} does not exist`);
    await http.signIn(marker.login, BENCH_PASSWORD, m);

    const capture = (name: string, path: string, search?: string, extra = false) =>
      bench.captureProbe({ name, extra, what: `GET ${path}`, path, search, call: () => http.get(path) });
    const enc = encodeURIComponent;
    const searchProbes: KundeProbe[] = [];
    for (const s of searches) {
      searchProbes.push(
        await capture(s.name, `${bench.API}/kundessearch?search=${enc(s.search)}`, s.search, s.extra),
      );
    }
    const listProbes: KundeProbe[] = [];
    for (const [name, query, search] of lists) {
      listProbes.push(await capture(name, `${bench.API}/kundes?${query}`, search, search !== undefined));
    }
    const all = [...searchProbes, ...listProbes];
    await bench.measureProbes(run, raw, all, "kundeList");

    // Overhead ratio for one search: endpoint ÷ (trivial route + the same SQL raw), all in the same rounds.
    const ratioProbe = await capture("ratio", `${bench.API}/kundessearch?search=${enc(args["ratio-query"])}`);
    const ratio = await bench.measureOverhead(run, http, raw, ratioProbe);

    // Match counts and plans (as the app role, in the tenant).
    await bench.explainProbes(raw, all, (p) => (p.search ? countMatches(raw, m, p.search) : undefined));
    printReport({ marker, searchProbes, listProbes, ratio });
  } finally {
    http.close();
    await setTunes(raw, []).catch((error: unknown) => out(`could not undo the tunes: ${error}`));
    await raw.end();
    await app.close();
    await database.close();
  }
}

function printReport(r: {
  marker: BenchMarker;
  searchProbes: KundeProbe[];
  listProbes: KundeProbe[];
  ratio: bench.Overhead;
}) {
  const text = (p: KundeProbe) => p.search ?? p.path.replace(/^.*\?/, "");
  const searchOverall = report.overall(r.searchProbes);
  const listOverall = report.overall(r.listProbes);
  const searchCore = report.overall(r.searchProbes.filter((p) => !p.extra));
  const listPlain = report.overall(r.listProbes.filter((p) => !p.extra));

  out(
    `\nCustomer bench on ${run.db}: ${r.marker.size} + ${r.marker.smallSize} customers, seed ${r.marker.seed}`,
  );
  report.printRun(run);
  for (const t of tunes) out(`tune ${t}: ${TUNES[t]!.what}`);
  out(
    "client = HTTP round trip; server = request event to last byte; sql tx = the captured tenant transaction",
  );
  out("replayed raw (BEGIN, set_config, statements, COMMIT); stmt = its statements alone\n");
  out("GET /app/api/kundessearch?search=…");
  out(report.probeTable(r.searchProbes, { text, paths: PLAN_PATHS, totals: [["ALL", searchOverall]] }));
  out("* not in the issue's mix");
  out("\nGET /app/api/kundes?… (x-total-count)");
  out(report.probeTable(r.listProbes, { text, paths: PLAN_PATHS, totals: [["ALL", listOverall]] }));
  out("* with search words");

  out(`\nOverhead for kundessearch?search=${args["ratio-query"]} (client latency; same rounds):`);
  report.printOverhead(r.ratio, "GET kundessearch");

  const budgets = {
    searchServerP95: report.verdict(searchOverall.server.p95, BUDGET.searchServerP95),
    searchServerP95IssueMix: report.verdict(searchCore.server.p95, BUDGET.searchServerP95),
    listServerP95: report.verdict(listOverall.server.p95, BUDGET.listP95),
    listServerP95WithoutSearch: report.verdict(listPlain.server.p95, BUDGET.listP95),
    overheadRatio: report.verdict(r.ratio.ratioMedian, BUDGET.overheadRatio),
  };
  out("\nBudgets (DESIGN §9, issue 6), server time p95:");
  out(`  kundessearch, whole mix ≤ ${BUDGET.searchServerP95} ms:           ${budgets.searchServerP95}`);
  out(`  kundessearch, the issue's mix (no extras):  ${budgets.searchServerP95IssueMix}`);
  out(`  kundes page of 20 + total, all ≤ ${BUDGET.listP95} ms:      ${budgets.listServerP95}`);
  out(`  kundes page of 20 + total, without search:   ${budgets.listServerP95WithoutSearch}`);
  out(`  overhead ratio (medians) ≤ ${BUDGET.overheadRatio}:              ${budgets.overheadRatio}`);

  const head = (p: KundeProbe) => ({ name: p.name, extra: p.extra, path: p.path, search: p.search });
  const result = {
    date: new Date().toISOString(),
    ...report.runJson(run, r.marker),
    tunes: Object.fromEntries(tunes.map((t) => [t, TUNES[t]!.what])),
    budgets,
    search: report.probesJson(r.searchProbes, "issueMix", head, PLAN_PATHS),
    list: report.probesJson(r.listProbes, "withoutSearch", head, PLAN_PATHS),
    ratio: { query: args["ratio-query"], ...report.overheadJson(r.ratio) },
  };
  report.writeResult(
    run,
    `kunde${tunes.length ? `-${tunes.join("+")}` : ""}`,
    result,
    [...r.searchProbes, ...r.listProbes],
    (p) => p.path,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(
    `bench measure failed: ${error instanceof Error ? (error.stack ?? error.message) : error}\n`,
  );
  process.exit(1);
});
