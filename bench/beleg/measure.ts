/**
 * Document list, number search and editor latency (issue 15, DESIGN §9) against the data of generate.ts (the
 * budgets name 200 000 documents in the tenant: the generator's default).
 *
 * Starts the real API in this process (buildApp on the bench database, a free port), signs in over HTTP and calls,
 * one request at a time, rounds interleaved so that every query sees the same conditions:
 * - GET belegsearch?search=… for a mix of number parts (mix.ts; budget: list endpoints, p95 ≤ 20 ms);
 * - GET beleg (page of 20 with x-total-count) with filters and sorts (budget p95 ≤ 20 ms);
 * - GET beleg/{id} of documents with 10 positions, as the editor opens them (budget: server p95 ≤ 30 ms).
 * Per probe: client latency, server time, the SQL the endpoint ran (captured from the pg driver) replayed raw in
 * the same tenant transaction, its statements alone; then EXPLAIN ANALYZE of every statement. The measurement
 * itself is ../lib/measure.ts, the table and JSON ../lib/report.ts.
 *
 * --only search,list,listsearch,editor (default all): which probes (listsearch: the lists with search words);
 * --tune name: a proposed database change for this run (tunes.ts; none proposed now).
 *
 *   node --import tsx bench/beleg/measure.ts [--n 200] [--warmup 20] [--db kontor_bench] [--only …] [--tune …]
 *                                            [--log-level silent] [--out file.json]
 */
import pg from "pg";
import { BENCH_PASSWORD, readMarker } from "../kunde/marker.ts";
import { withClient } from "../lib/db.ts";
import * as bench from "../lib/measure.ts";
import * as report from "../lib/report.ts";
import { out } from "../lib/stats.ts";
import { type BelegMarker, readBelegMarker } from "./marker.ts";
import { countBelege, editorBelege, listen, sucheMix } from "./mix.ts";
import { setTunes, TUNES } from "./tunes.ts";

const run = bench.startRun({
  only: { type: "string", default: "search,list,listsearch,editor" },
  tune: { type: "string", default: "" },
});
const { url } = run;
const only = new Set(run.args.only.split(","));
const tunes = run.args.tune.split(",").filter(Boolean);

/** DESIGN §9 (list endpoints) and the brief of the document bench (editor). */
const BUDGET = { searchP95: 20, listP95: 20, editorP95: 30 };

const PLAN_PATHS: report.AccessPath[] = [
  ["datum idx", /Scan (Backward )?using beleg_datum_idx/],
  ["nummer trgm", /beleg_nummer_trgm_idx/],
  ["kunde idx", /Scan (Backward )?using beleg_kunde_idx/],
  ["typ idx", /Scan (Backward )?using beleg_typ_idx/],
  ["pkey idx-only", /Index Only Scan using beleg_pkey/],
  ["pkey", /Index Scan using beleg_pkey/],
  ["seq scan", /Seq Scan on beleg\b/],
  ["positions idx", /beleg_position_beleg_idx/],
  ["quelle idx", /beleg_position_quelle_idx/],
  ["kunde seq", /Seq Scan on kunde\b/],
  ["top-N sort", /Sort Method: top-N/],
  ["sort on disk", /Sort Method: external/],
];

type Kind = "search" | "list" | "editor";
type BelegProbe = bench.Probe & { kind: Kind; path: string };

async function main() {
  const kunde = await withClient(url, readMarker);
  const marker = await withClient(url, readBelegMarker);
  if (!kunde || !marker || marker.kundeGeneratedAt !== kunde.generatedAt)
    throw new Error(`${run.db} has no document bench data: run bench/beleg/generate.ts first`);
  const m = marker.mandantId;
  const [searches, lists, editor] = await withClient(
    url,
    async (c) => [await sucheMix(c, m), await listen(c, m), await editorBelege(c, m)] as const,
  );

  const api = await bench.openApi(run);
  const { database } = api;
  const app = await bench.buildApp(api);
  const missing = bench.missingRoutes(app, ["belegsearch", "beleg"]);
  if (missing[0]) throw new Error(`GET ${missing[0]} does not exist`);
  const http = await bench.serve(app);
  const raw = new pg.Client({ connectionString: url });
  await raw.connect();
  try {
    await setTunes(raw, tunes);
    await http.signIn(kunde.login, BENCH_PASSWORD, m);
    const capture = (kind: Kind, name: string, path: string, extra: boolean, search?: string) =>
      bench.captureProbe({
        kind,
        name,
        extra,
        what: `GET ${path}`,
        path,
        search,
        call: () => http.get(path),
      });
    const probes: BelegProbe[] = [];
    for (const s of only.has("search") ? searches : [])
      probes.push(
        await capture(
          "search",
          s.name,
          `${bench.API}/belegsearch?search=${encodeURIComponent(s.search)}`,
          s.extra ?? false,
          s.search,
        ),
      );
    for (const [name, query, withSearch] of lists.filter(([, , w]) => only.has(w ? "listsearch" : "list")))
      probes.push(
        await capture(
          "list",
          name,
          `${bench.API}/beleg?${query}`,
          withSearch,
          new URLSearchParams(query).get("search") ?? undefined,
        ),
      );
    for (const [name, id] of only.has("editor") ? editor : [])
      probes.push(await capture("editor", name, `${bench.API}/beleg/${id}`, false));

    await bench.measureProbes(run, raw, probes, "belegspositionSet");
    await bench.explainProbes(raw, probes, (p) => (p.search ? countBelege(raw, m, p.search) : undefined));
    printReport(marker, probes);
  } finally {
    http.close();
    await setTunes(raw, []);
    await raw.end();
    await app.close();
    await database.close();
  }
}

function printReport(marker: BelegMarker, probes: BelegProbe[]) {
  const of = (kind: Kind) => probes.filter((p) => p.kind === kind);
  const text = (p: BelegProbe) =>
    p.kind === "search" ? (p.search ?? "") : p.path.replace(`${bench.API}/`, "").replace(/^beleg\??/, "");
  const tableOf = (kind: Kind, coreLabel: string) => {
    const list = of(kind);
    return report.probeTable(list, {
      text,
      paths: PLAN_PATHS,
      totals: [
        ["ALL", report.overall(list)],
        [coreLabel, report.overall(list.filter((p) => !p.extra))],
      ],
    });
  };
  out(
    `\nDocument bench on ${run.db}: ${marker.size} + ${marker.smallSize} documents (${marker.positionen} positions ` +
      `in the big tenant), seed ${marker.seed}`,
  );
  report.printRun(run);
  for (const t of tunes) out(`tune ${t}: ${TUNES[t]!.what}`);
  if (only.size < 4) out(`only: ${[...only].join(", ")}`);
  out(
    "sql tx = the captured tenant transaction replayed raw (BEGIN, set_config, statements, COMMIT); stmt = its",
  );
  out("statements alone; match = documents the search matches (number contains, or customer words)\n");
  if (only.has("search")) {
    out("GET /app/api/belegsearch?search=… (at most 20, newest first)");
    out(tableOf("search", "number mix"));
    out("* not a number part\n");
  }
  if (only.has("list") || only.has("listsearch")) {
    out("GET /app/api/beleg?… (page of 20, x-total-count)");
    out(tableOf("list", "no search"));
    out("* with search words\n");
  }
  if (only.has("editor")) {
    out("GET /app/api/beleg/{id} (the editor opens a document with 10 positions; rows = positions)");
    out(tableOf("editor", "all"));
  }

  const s = report.overall(of("search"));
  const sNum = report.overall(of("search").filter((p) => !p.extra));
  const l = report.overall(of("list"));
  const lPlain = report.overall(of("list").filter((p) => !p.extra));
  const e = report.overall(of("editor"));
  const ratio = (v: number, budget: number) => `${(v / budget).toFixed(2)} × budget`;
  const budgets = {
    searchServerP95NumberMix: report.verdict(sNum.server.p95, BUDGET.searchP95),
    searchServerP95All: report.verdict(s.server.p95, BUDGET.searchP95),
    listServerP95WithoutSearch: report.verdict(lPlain.server.p95, BUDGET.listP95),
    listServerP95All: report.verdict(l.server.p95, BUDGET.listP95),
    editorServerP95: report.verdict(e.server.p95, BUDGET.editorP95),
    ratios: {
      searchNumberMix: Number((sNum.server.p95 / BUDGET.searchP95).toFixed(2)),
      listWithoutSearch: Number((lPlain.server.p95 / BUDGET.listP95).toFixed(2)),
      listAll: Number((l.server.p95 / BUDGET.listP95).toFixed(2)),
      editor: Number((e.server.p95 / BUDGET.editorP95).toFixed(2)),
    },
  };
  out("\nBudgets (DESIGN §9 and the brief), server time p95:");
  out(
    `  belegsearch, number mix ≤ ${BUDGET.searchP95} ms:   ${budgets.searchServerP95NumberMix}, ${ratio(sNum.server.p95, BUDGET.searchP95)}`,
  );
  out(`  belegsearch, all:                 ${budgets.searchServerP95All}`);
  out(
    `  beleg list, no search ≤ ${BUDGET.listP95} ms:     ${budgets.listServerP95WithoutSearch}, ${ratio(lPlain.server.p95, BUDGET.listP95)}`,
  );
  out(`  beleg list, all:                  ${budgets.listServerP95All}`);
  out(
    `  beleg/{id} editor ≤ ${BUDGET.editorP95} ms:        ${budgets.editorServerP95}, ${ratio(e.server.p95, BUDGET.editorP95)}`,
  );

  const head = (p: BelegProbe) => ({ name: p.name, extra: p.extra, what: p.what, search: p.search });
  const name = ["beleg", ...(only.size < 4 ? [...only] : []), ...tunes].join("-");
  report.writeResult(
    run,
    name,
    {
      date: new Date().toISOString(),
      ...report.runJson(run, marker),
      tunes,
      only: [...only],
      budgets,
      search: report.probesJson(of("search"), "numberMix", head, PLAN_PATHS),
      list: report.probesJson(of("list"), "withoutSearch", head, PLAN_PATHS),
      editor: report.probesJson(of("editor"), "all", head, PLAN_PATHS),
    },
    probes,
    (p) => p.what,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(
    `bench beleg measure failed: ${error instanceof Error ? (error.stack ?? error.message) : error}\n`,
  );
  process.exit(1);
});
