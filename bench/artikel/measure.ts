/**
 * Article quick-search and list latency (issue 7, DESIGN §9) against the data of generate.ts.
 *
 * Starts the real API in this process (buildApp on the bench database, a free port), signs in over HTTP and calls
 * GET artikelsearch for a fixed mix of searches and GET artikel (page of 20 with x-total-count), one request at a
 * time, rounds interleaved so that every query sees the same conditions. Per query: client latency (localhost
 * HTTP, keep-alive), server time (request event to the last byte handed to the socket) and the SQL the endpoint
 * ran (captured from the pg driver) replayed raw in the same tenant transaction; then EXPLAIN ANALYZE of every
 * statement. The measurement itself is ../lib/measure.ts.
 *
 * Until the article routes exist (or with --mode sql) the same probes call the repository functions the routes
 * call (artikel.repository.ts artikelZeilen / listArtikel) in a tenant transaction instead: "server" is then that
 * in-process call (drizzle, pool, SQL), "client" is empty.
 *
 *   node --import tsx bench/artikel/measure.ts [--n 200] [--warmup 20] [--db kontor_bench] [--mode auto|http|sql]
 *                                              [--log-level silent] [--out file.json]
 */
import { ARTIKEL_SEARCH_LIMIT, ZArtikelListQuery } from "@kontor/domain/artikel/artikel.api";
import pg from "pg";
import { withTenant } from "../../apps/api/src/db/tenant.ts";
import { BENCH_PASSWORD, readMarker } from "../kunde/marker.ts";
import { withClient } from "../lib/db.ts";
import * as bench from "../lib/measure.ts";
import * as report from "../lib/report.ts";
import { msSince, out } from "../lib/stats.ts";
import { type ArtikelMarker, readArtikelMarker } from "./marker.ts";
import { artikelMix, countArtikel, LISTEN } from "./mix.ts";

const run = bench.startRun({ mode: { type: "string", default: "auto" } });
const { args, url } = run;
if (!["auto", "http", "sql"].includes(args.mode)) throw new Error("--mode is auto, http or sql");

/** DESIGN §9 / issue 7. */
const BUDGET = { searchP95: 10, listP95: 20 };

/** A probe of GET artikelsearch or GET artikel (or of the repository function behind it). */
type ArtikelProbe = bench.Probe & { options: { verleihbar?: boolean; geloescht?: boolean } };
type Made = Pick<bench.Probe, "what" | "call">;

const PLAN_PATHS: report.AccessPath[] = [
  ["trgm", /artikel_suche_trgm_idx/],
  ["name idx", /Index (Only )?Scan (Backward )?using artikel_bezeichnung_idx/],
  ["nummer idx", /Index (Only )?Scan (Backward )?using artikel_nummer_uq/],
  ["geloescht idx-only", /Index Only Scan using artikel_geloescht_idx/],
  ["geloescht idx", /Scan using artikel_geloescht_idx/, /Index Only Scan using artikel_geloescht_idx/],
  ["seq scan", /Seq Scan on artikel\b/],
  ["top-N sort", /Sort Method: top-N/],
];

async function main() {
  const kunde = await withClient(url, readMarker);
  const marker = await withClient(url, readArtikelMarker);
  if (!kunde || !marker || marker.kundeGeneratedAt !== kunde.generatedAt) {
    throw new Error(`${run.db} has no article bench data: run npm run bench:artikel:generate first`);
  }
  const m = marker.mandantId;
  const searches = await withClient(url, (c) => artikelMix(c, m));

  const api = await bench.openApi(run);
  const { database } = api;
  // The app (a route file being written may not load yet: then the repository is measured).
  let app: bench.App | undefined;
  let appError: unknown;
  if (args.mode !== "sql") {
    try {
      app = await bench.buildApp(api);
    } catch (error) {
      appError = error;
    }
  }
  const http = app !== undefined && bench.missingRoutes(app, ["artikelsearch", "artikel"]).length === 0;
  if (args.mode === "http" && !http) {
    throw new Error(`GET artikelsearch / artikel do not exist${appError ? `: ${appError}` : ""}`);
  }
  const mode = http ? "http" : "sql";
  const raw = new pg.Client({ connectionString: url });
  await raw.connect();
  let closeHttp = () => {};

  try {
    let makeSearch: (s: (typeof searches)[number]) => Made;
    let makeList: (query: string) => Made;
    if (http && app) {
      const client = await bench.serve(app);
      closeHttp = () => client.close();
      await client.signIn(kunde.login, BENCH_PASSWORD, m);
      const get = (path: string): Made => ({ what: `GET ${path}`, call: () => client.get(path) });
      makeSearch = (s) => {
        const params = new URLSearchParams({ search: s.search });
        if (s.verleihbar !== undefined) params.set("verleihbar", String(s.verleihbar));
        if (s.geloescht !== undefined) params.set("geloescht", String(s.geloescht));
        return get(`${bench.API}/artikelsearch?${params}`);
      };
      makeList = (query) => get(`${bench.API}/artikel?${query}`);
    } else {
      // The repository functions the routes call, in a tenant transaction as the routes run them.
      const repo = await import("../../apps/api/src/modules/artikel/artikel.repository.ts");
      const timed = (fn: () => Promise<unknown>) => async (): Promise<bench.Call> => {
        const start = process.hrtime.bigint();
        const result = await fn();
        const ms = msSince(start);
        const page = result as { items?: unknown[]; totalCount?: number };
        return Array.isArray(result)
          ? { ms: Number.NaN, server: ms, body: JSON.stringify(result) }
          : {
              ms: Number.NaN,
              server: ms,
              body: JSON.stringify(page.items),
              totalCount: String(page.totalCount),
            };
      };
      makeSearch = (s) => ({
        what: `artikelZeilen(${JSON.stringify({ search: s.search, verleihbar: s.verleihbar, geloescht: s.geloescht })}, ${ARTIKEL_SEARCH_LIMIT}, exakt)`,
        call: timed(() =>
          withTenant(database.db, m, (tx) =>
            repo.artikelZeilen(
              tx,
              { search: s.search, verleihbar: s.verleihbar, geloescht: s.geloescht },
              ARTIKEL_SEARCH_LIMIT,
              s.search,
            ),
          ),
        ),
      });
      makeList = (query) => {
        const parsed = ZArtikelListQuery.parse(Object.fromEntries(new URLSearchParams(query)));
        return {
          what: `listArtikel(${query})`,
          call: timed(() => withTenant(database.db, m, (tx) => repo.listArtikel(tx, parsed))),
        };
      };
    }

    const capture = (
      name: string,
      made: Made,
      extra: boolean,
      search: string | undefined,
      options: ArtikelProbe["options"],
    ) => bench.captureProbe({ name, extra, ...made, search, options });
    const searchProbes: ArtikelProbe[] = [];
    for (const s of searches) {
      const options = {
        ...(s.verleihbar === undefined ? {} : { verleihbar: s.verleihbar }),
        ...(s.geloescht === undefined ? {} : { geloescht: s.geloescht }),
      };
      searchProbes.push(await capture(s.name, makeSearch(s), s.extra ?? false, s.search, options));
    }
    const listProbes: ArtikelProbe[] = [];
    for (const [name, query, withSearch] of LISTEN) {
      const params = new URLSearchParams(query);
      const options = {
        ...(params.get("verleihbar") === "true" ? { verleihbar: true } : {}),
        ...(params.get("geloescht") === "true" ? { geloescht: true } : {}),
      };
      listProbes.push(
        await capture(name, makeList(query), withSearch, params.get("search") ?? undefined, options),
      );
    }
    const all = [...searchProbes, ...listProbes];
    await bench.measureProbes(run, raw, all, "artikelList");

    await bench.explainProbes(raw, all, (p) =>
      p.search || Object.keys(p.options).length > 0
        ? countArtikel(raw, m, p.search ?? "", p.options)
        : undefined,
    );
    printReport({ mode, appError, marker, searchProbes, listProbes });
  } finally {
    closeHttp();
    await raw.end();
    await app?.close();
    await database.close();
  }
}

function printReport(r: {
  mode: string;
  appError: unknown;
  marker: ArtikelMarker;
  searchProbes: ArtikelProbe[];
  listProbes: ArtikelProbe[];
}) {
  const http = r.mode === "http";
  const optionText = (p: ArtikelProbe) =>
    [p.search ?? "", p.options.verleihbar ? "+verleihbar" : "", p.options.geloescht ? "+geloescht" : ""]
      .filter(Boolean)
      .join(" ");
  const tableOf = (probes: ArtikelProbe[], totals: [string, ReturnType<typeof report.overall>][]) =>
    report.probeTable(probes, {
      text: optionText,
      paths: PLAN_PATHS,
      totals,
      server: http ? "server" : "in-proc",
    });
  const searchOverall = report.overall(r.searchProbes);
  const searchCore = report.overall(r.searchProbes.filter((p) => !p.extra));
  const listOverall = report.overall(r.listProbes);
  const listPlain = report.overall(r.listProbes.filter((p) => !p.extra));

  out(
    `\nArticle bench on ${run.db}: ${r.marker.size} + ${r.marker.smallSize} articles, seed ${r.marker.seed}, ` +
      `mode ${r.mode}`,
  );
  if (!http) {
    out(
      "mode sql: the article routes are not there yet, the repository functions they call were measured " +
        "(in-proc = withTenant + drizzle + SQL in this process; no client time)",
    );
    if (r.appError) out(`  (the app did not start: ${String(r.appError).split("\n")[0]})`);
  }
  report.printRun(run);
  out(
    "sql tx = the captured tenant transaction replayed raw (BEGIN, set_config, statements, COMMIT); stmt = its",
  );
  out("statements alone\n");
  out(http ? "GET /app/api/artikelsearch?search=…" : "artikelZeilen (what GET artikelsearch runs)");
  out(
    tableOf(r.searchProbes, [
      ["ALL", searchOverall],
      ["brief's mix", searchCore],
    ]),
  );
  out("* not in the brief's mix");
  out(`\n${http ? "GET /app/api/artikel?… (x-total-count)" : "listArtikel (what GET artikel runs)"}`);
  out(
    tableOf(r.listProbes, [
      ["ALL", listOverall],
      ["no search", listPlain],
    ]),
  );
  out("* with search words");

  const budgets = {
    searchServerP95: report.verdict(searchOverall.server.p95, BUDGET.searchP95),
    searchServerP95BriefMix: report.verdict(searchCore.server.p95, BUDGET.searchP95),
    searchClientP95: report.verdict(searchOverall.client.p95, BUDGET.searchP95),
    searchClientP95BriefMix: report.verdict(searchCore.client.p95, BUDGET.searchP95),
    listServerP95: report.verdict(listOverall.server.p95, BUDGET.listP95),
    listServerP95WithoutSearch: report.verdict(listPlain.server.p95, BUDGET.listP95),
    listClientP95: report.verdict(listOverall.client.p95, BUDGET.listP95),
  };
  const who = http ? "server" : "in-proc";
  out(`\nBudgets (DESIGN §9, issue 7), p95 (${http ? "server time" : "in-process repository call"}):`);
  out(`  artikelsearch ${who}, whole mix ≤ ${BUDGET.searchP95} ms:  ${budgets.searchServerP95}`);
  out(`  artikelsearch ${who}, brief's mix:        ${budgets.searchServerP95BriefMix}`);
  out(`  artikelsearch client, whole mix:          ${budgets.searchClientP95}`);
  out(`  artikelsearch client, brief's mix:        ${budgets.searchClientP95BriefMix}`);
  out(`  artikel page of 20 + total ${who}, all ≤ ${BUDGET.listP95} ms: ${budgets.listServerP95}`);
  out(`  artikel page of 20 + total, no search:    ${budgets.listServerP95WithoutSearch}`);
  out(`  artikel page of 20 + total client, all:   ${budgets.listClientP95}`);

  const head = (p: ArtikelProbe) => ({
    name: p.name,
    extra: p.extra,
    what: p.what,
    search: p.search,
    options: p.options,
  });
  const result = {
    date: new Date().toISOString(),
    mode: r.mode,
    ...report.runJson(run, r.marker),
    budgets,
    search: report.probesJson(r.searchProbes, "briefMix", head, PLAN_PATHS),
    list: report.probesJson(r.listProbes, "withoutSearch", head, PLAN_PATHS),
  };
  report.writeResult(
    run,
    `artikel${http ? "" : "-sql"}`,
    result,
    [...r.searchProbes, ...r.listProbes],
    (p) => p.what,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(
    `bench artikel measure failed: ${error instanceof Error ? (error.stack ?? error.message) : error}\n`,
  );
  process.exit(1);
});
