/**
 * Article quick-search and list latency (issue 7, DESIGN §9) against the data of generate.ts.
 *
 * Starts the real API in this process (buildApp on the bench database, a free port), signs in over HTTP and calls
 * GET artikelsearch for a fixed mix of searches and GET artikel (page of 20 with x-total-count), one request at a
 * time, rounds interleaved so that every query sees the same conditions. Per query: client latency (localhost
 * HTTP, keep-alive), server time (request event to the last byte handed to the socket) and the SQL the endpoint
 * ran (captured from the pg driver) replayed raw in the same tenant transaction; then EXPLAIN ANALYZE of every
 * statement.
 *
 * Until the article routes exist (or with --mode sql) the same probes call the repository functions the routes
 * call (artikel.repository.ts artikelZeilen / listArtikel) in a tenant transaction instead: "server" is then that
 * in-process call (drizzle, pool, SQL), "client" is empty.
 *
 *   node --import tsx bench/artikel/measure.ts [--n 200] [--warmup 20] [--db kontor_bench] [--mode auto|http|sql]
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { ARTIKEL_SEARCH_LIMIT, ZArtikelListQuery } from "@kontor/domain/artikel/artikel.api";
import pg from "pg";
import { loadConfig } from "../../apps/api/src/config.ts";
import { openDatabase } from "../../apps/api/src/db/client.ts";
import { withTenant } from "../../apps/api/src/db/tenant.ts";
import { BENCH_PASSWORD, DEFAULT_DB, readMarker } from "../kunde/marker.ts";
import { databaseUrl, withClient } from "../lib/db.ts";
import { createClient } from "../lib/http.ts";
import { fmt, msSince, type Summary, summarize, table } from "../lib/stats.ts";
import { type ArtikelMarker, readArtikelMarker } from "./marker.ts";
import { artikelMix, countArtikel, LISTEN } from "./mix.ts";

const { values: args } = parseArgs({
  options: {
    n: { type: "string", default: "200" },
    warmup: { type: "string", default: "20" },
    db: { type: "string", default: DEFAULT_DB },
    mode: { type: "string", default: "auto" },
    "log-level": { type: "string", default: "silent" },
    out: { type: "string" },
  },
});
const N = Number(args.n);
const WARMUP = Number(args.warmup);
const url = databaseUrl(args.db);
const API = "/app/api";
if (!["auto", "http", "sql"].includes(args.mode)) throw new Error("--mode is auto, http or sql");

/** DESIGN §9 / issue 7. */
const BUDGET = { searchP95: 10, listP95: 20 };

const out = (line = "") => process.stdout.write(`${line}\n`);
const loadStart = os.loadavg();

// --- SQL capture: every statement the app sends through the pg driver while `capturing` is set. ---------------
interface Stmt {
  text: string;
  values: unknown[];
}
let capturing: Stmt[] | undefined;
const clientQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...params: unknown[]) {
  if (capturing) {
    const [config, values] = params as [
      string | { text?: string; values?: unknown[] },
      unknown[] | undefined,
    ];
    const text = typeof config === "string" ? config : config?.text;
    const own = typeof config === "object" ? config.values : undefined;
    if (text) capturing.push({ text, values: own ?? values ?? [] });
  }
  return (clientQuery as (...p: unknown[]) => unknown).apply(this, params);
} as typeof clientQuery;

/** Planner settings the app sets for its statement (SET LOCAL …): replayed before EXPLAIN, not timed as a query. */
const isSetting = (s: Stmt) => /^\s*set\s+local\b/i.test(s.text);
const isControl = (s: Stmt) =>
  /^\s*(begin|commit|rollback)\b/i.test(s.text) || /set_config\(/i.test(s.text) || isSetting(s);

function splitStatements(statements: Stmt[]): { before: Stmt[]; tx: Stmt[] } {
  const begin = statements.findIndex((s) => /^\s*begin\b/i.test(s.text));
  const commit = statements.findLastIndex((s) => /^\s*commit\b/i.test(s.text));
  if (begin < 0 || commit < begin) return { before: statements, tx: [] };
  return { before: statements.slice(0, begin), tx: statements.slice(begin, commit + 1) };
}

// --- Measurement ------------------------------------------------------------------------------------------------
interface Call {
  ms: number;
  server: number;
  body: string;
  totalCount?: string;
}

interface Probe {
  name: string;
  /** Search: not in the brief's mix. List: with search words. */
  extra: boolean;
  /** What is measured: the HTTP path, or the repository call. */
  what: string;
  search?: string;
  options: { verleihbar?: boolean; geloescht?: boolean };
  call: () => Promise<Call>;
  tx: Stmt[];
  client: number[];
  server: number[];
  sqlTx: number[];
  sqlQuery: number[];
  rows?: number;
  totalCount?: string;
  matches?: number;
  plans?: string[];
}

async function main() {
  const kunde = await withClient(url, readMarker);
  const marker = await withClient(url, readArtikelMarker);
  if (!kunde || !marker || marker.kundeGeneratedAt !== kunde.generatedAt) {
    throw new Error(`${args.db} has no article bench data: run npm run bench:artikel:generate first`);
  }
  const m = marker.mandantId;
  const searches = await withClient(url, (c) => artikelMix(c, m));

  const database = await openDatabase({ databaseUrl: url });
  const config = loadConfig({
    DATABASE_URL: url,
    TOKEN_SECRET: randomBytes(32).toString("hex"),
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "kontor-bench-")),
    LOG_LEVEL: args["log-level"],
    KONTOR_DEMO_DATA: "false",
  });
  // The app (a route file being written may not load yet: then the repository is measured).
  let app: Awaited<ReturnType<typeof import("../../apps/api/src/app.ts").buildApp>> | undefined;
  let appError: unknown;
  if (args.mode !== "sql") {
    try {
      const { buildApp } = await import("../../apps/api/src/app.ts");
      app = await buildApp(config, database);
    } catch (error) {
      appError = error;
    }
  }
  const routes = ["artikelsearch", "artikel"];
  const http = app !== undefined && routes.every((r) => app!.hasRoute({ method: "GET", url: `${API}/${r}` }));
  if (args.mode === "http" && !http) {
    throw new Error(`GET artikelsearch / artikel do not exist${appError ? `: ${appError}` : ""}`);
  }
  const mode = http ? "http" : "sql";
  const raw = new pg.Client({ connectionString: url });
  await raw.connect();
  let closeHttp = () => {};

  try {
    let makeSearch: (s: (typeof searches)[number]) => Pick<Probe, "what" | "call">;
    let makeList: (query: string) => Pick<Probe, "what" | "call">;
    if (http && app) {
      const serverMs = new Map<string, number>();
      app.server.prependListener("request", (req, res) => {
        const id = req.headers["x-bench-id"];
        if (typeof id !== "string") return;
        const start = process.hrtime.bigint();
        res.once("finish", () => serverMs.set(id, msSince(start)));
      });
      await app.listen({ port: 0, host: "127.0.0.1" });
      const client = createClient(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
      closeHttp = () => client.close();
      const login = await client.request("POST", `${API}/auth/login`, {
        body: { usernameOrEmail: kunde.login, password: BENCH_PASSWORD },
      });
      if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.body}`);
      const auth = {
        authorization: `Bearer ${JSON.parse(login.body).accessToken}`,
        "x-mandant-id": String(m),
      };
      let seq = 0;
      const get = (probePath: string) => async (): Promise<Call> => {
        const id = String(++seq);
        const r = await client.request("GET", probePath, { headers: { ...auth, "x-bench-id": id } });
        if (!serverMs.has(id)) await new Promise((resolve) => setImmediate(resolve));
        const server = serverMs.get(id) ?? Number.NaN;
        serverMs.delete(id);
        if (r.status !== 200) throw new Error(`GET ${probePath}: ${r.status} ${r.body}`);
        const total = r.headers["x-total-count"];
        return {
          ms: r.ms,
          server,
          body: r.body,
          ...(total === undefined ? {} : { totalCount: String(total) }),
        };
      };
      makeSearch = (s) => {
        const params = new URLSearchParams({ search: s.search });
        if (s.verleihbar !== undefined) params.set("verleihbar", String(s.verleihbar));
        if (s.geloescht !== undefined) params.set("geloescht", String(s.geloescht));
        const p = `${API}/artikelsearch?${params}`;
        return { what: `GET ${p}`, call: get(p) };
      };
      makeList = (query) => ({ what: `GET ${API}/artikel?${query}`, call: get(`${API}/artikel?${query}`) });
    } else {
      // The repository functions the routes call, in a tenant transaction as the routes run them.
      const repo = await import("../../apps/api/src/modules/artikel/artikel.repository.ts");
      const timed = (fn: () => Promise<unknown>) => async (): Promise<Call> => {
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

    // Each probe knows its SQL: the statements one call sent, captured from the driver.
    const capture = async (
      name: string,
      made: Pick<Probe, "what" | "call">,
      extra: boolean,
      search: string | undefined,
      options: Probe["options"],
    ): Promise<Probe> => {
      capturing = [];
      let statements: Stmt[] = [];
      try {
        await made.call();
      } finally {
        statements = capturing;
        capturing = undefined;
      }
      const { tx } = splitStatements(statements);
      if (tx.length === 0) throw new Error(`${made.what}: no tenant transaction captured`);
      return {
        name,
        extra,
        ...made,
        ...(search === undefined ? {} : { search }),
        options,
        tx,
        client: [],
        server: [],
        sqlTx: [],
        sqlQuery: [],
      };
    };
    const searchProbes: Probe[] = [];
    for (const s of searches) {
      const options = {
        ...(s.verleihbar === undefined ? {} : { verleihbar: s.verleihbar }),
        ...(s.geloescht === undefined ? {} : { geloescht: s.geloescht }),
      };
      searchProbes.push(await capture(s.name, makeSearch(s), s.extra ?? false, s.search, options));
    }
    const listProbes: Probe[] = [];
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

    const replay = async (statements: Stmt[]) => {
      let query = 0;
      const start = process.hrtime.bigint();
      for (const stmt of statements) {
        const t = process.hrtime.bigint();
        await raw.query(stmt.text, stmt.values);
        if (!isControl(stmt)) query += msSince(t);
      }
      return { all: msSince(start), query };
    };
    for (let round = -WARMUP; round < N; round++) {
      for (const p of all) {
        const r = await p.call();
        const s = await replay(p.tx);
        if (round < 0) continue;
        p.client.push(r.ms);
        p.server.push(r.server);
        p.sqlTx.push(s.all);
        p.sqlQuery.push(s.query);
        if (round === 0) {
          const body = JSON.parse(r.body);
          p.rows = Array.isArray(body) ? body.length : body.artikelList?.length;
          if (r.totalCount !== undefined) p.totalCount = r.totalCount;
        }
      }
    }
    for (const p of all) {
      if (p.search || Object.keys(p.options).length > 0) {
        p.matches = await countArtikel(raw, m, p.search ?? "", p.options);
      }
      p.plans = await explain(raw, p.tx);
    }
    report({ mode, appError, marker, searchProbes, listProbes });
  } finally {
    closeHttp();
    await raw.end();
    await app?.close();
    await database.close();
  }
}

/** EXPLAIN (ANALYZE, BUFFERS) of every non-control statement of the transaction, as the app role runs it. */
async function explain(c: pg.Client, tx: Stmt[]): Promise<string[]> {
  const plans: string[] = [];
  const setTenant = tx.find((s) => /set_config\(/i.test(s.text));
  for (const stmt of tx.filter((s) => !isControl(s))) {
    await c.query("BEGIN");
    try {
      if (setTenant) await c.query(setTenant.text, setTenant.values);
      for (const setting of tx.filter(isSetting)) await c.query(setting.text);
      const { rows } = await c.query<{ "QUERY PLAN": string }>(
        `EXPLAIN (ANALYZE, BUFFERS) ${stmt.text}`,
        stmt.values,
      );
      plans.push(
        `${stmt.text}\n-- ${JSON.stringify(stmt.values)}\n${rows.map((r) => r["QUERY PLAN"]).join("\n")}`,
      );
    } finally {
      await c.query("ROLLBACK");
    }
  }
  return plans;
}

/** The access paths of a request's statements in a few words, with EXPLAIN ANALYZE's execution time. */
function planSummary(plans: string[] | undefined): string {
  return (plans ?? [])
    .map((plan) => {
      const parts: string[] = [];
      if (/^select count\(/i.test(plan)) parts.push("count:");
      if (/artikel_suche_trgm_idx/.test(plan)) parts.push("trgm");
      if (/Index (Only )?Scan (Backward )?using artikel_bezeichnung_idx/.test(plan)) parts.push("name idx");
      if (/Index (Only )?Scan (Backward )?using artikel_nummer_uq/.test(plan)) parts.push("nummer idx");
      if (/Index Only Scan using artikel_geloescht_idx/.test(plan)) parts.push("geloescht idx-only");
      else if (/Scan using artikel_geloescht_idx/.test(plan)) parts.push("geloescht idx");
      if (/Seq Scan on artikel\b/.test(plan)) parts.push("seq scan");
      if (/Sort Method: top-N/.test(plan)) parts.push("top-N sort");
      const exec = plan.match(/Execution Time: ([\d.]+) ms/);
      return `${parts.join(" ") || "?"}${exec ? ` ${Number(exec[1]).toFixed(1)}` : ""}`;
    })
    .join(", ");
}

function report(r: {
  mode: string;
  appError: unknown;
  marker: ArtikelMarker;
  searchProbes: Probe[];
  listProbes: Probe[];
}) {
  const http = r.mode === "http";
  const header = [
    "query",
    "text",
    "match",
    "rows",
    "client med",
    "p95",
    `${http ? "server" : "in-proc"} med`,
    "p95",
    "sql tx med",
    "p95",
    "stmt med",
    "p95",
    "plan, ms (EXPLAIN ANALYZE)",
  ];
  const cells = (s: Summary) => [fmt(s.median), fmt(s.p95)];
  const optionText = (p: Probe) =>
    [p.search ?? "", p.options.verleihbar ? "+verleihbar" : "", p.options.geloescht ? "+geloescht" : ""]
      .filter(Boolean)
      .join(" ");
  const rowsOf = (probes: Probe[]) =>
    probes.map((p) => [
      `${p.name}${p.extra ? " *" : ""}`,
      optionText(p),
      p.matches ?? "",
      p.totalCount ? `${p.rows}/${p.totalCount}` : (p.rows ?? ""),
      ...cells(summarize(p.client)),
      ...cells(summarize(p.server)),
      ...cells(summarize(p.sqlTx)),
      ...cells(summarize(p.sqlQuery)),
      planSummary(p.plans),
    ]);
  const overall = (probes: Probe[]) => ({
    client: summarize(probes.flatMap((p) => p.client)),
    server: summarize(probes.flatMap((p) => p.server)),
    sqlTx: summarize(probes.flatMap((p) => p.sqlTx)),
    sqlQuery: summarize(probes.flatMap((p) => p.sqlQuery)),
  });
  const overallRow = (label: string, o: ReturnType<typeof overall>) => [
    label,
    "",
    "",
    "",
    ...cells(o.client),
    ...cells(o.server),
    ...cells(o.sqlTx),
    ...cells(o.sqlQuery),
    "",
  ];
  const searchOverall = overall(r.searchProbes);
  const searchCore = overall(r.searchProbes.filter((p) => !p.extra));
  const listOverall = overall(r.listProbes);
  const listPlain = overall(r.listProbes.filter((p) => !p.extra));
  const loads = (l: number[]) => l.map((x) => x.toFixed(1)).join(" ");

  out(
    `\nArticle bench on ${args.db}: ${r.marker.size} + ${r.marker.smallSize} articles, seed ${r.marker.seed}, ` +
      `mode ${r.mode}`,
  );
  if (!http) {
    out(
      "mode sql: the article routes are not there yet, the repository functions they call were measured " +
        "(in-proc = withTenant + drizzle + SQL in this process; no client time)",
    );
    if (r.appError) out(`  (the app did not start: ${String(r.appError).split("\n")[0]})`);
  }
  out(`n=${N} per query after ${WARMUP} warm-up, one request at a time, times in ms`);
  out(`load average ${loads(loadStart)} at start, ${loads(os.loadavg())} at end (${os.cpus().length} cpus)`);
  out(
    "sql tx = the captured tenant transaction replayed raw (BEGIN, set_config, statements, COMMIT); stmt = its",
  );
  out("statements alone\n");
  out(http ? "GET /app/api/artikelsearch?search=…" : "artikelZeilen (what GET artikelsearch runs)");
  out(
    table(header, [
      ...rowsOf(r.searchProbes),
      overallRow("ALL", searchOverall),
      overallRow("brief's mix", searchCore),
    ]),
  );
  out("* not in the brief's mix");
  out(`\n${http ? "GET /app/api/artikel?… (x-total-count)" : "listArtikel (what GET artikel runs)"}`);
  out(
    table(header, [
      ...rowsOf(r.listProbes),
      overallRow("ALL", listOverall),
      overallRow("no search", listPlain),
    ]),
  );
  out("* with search words");

  const verdict = (value: number, budget: number) =>
    Number.isFinite(value)
      ? `${value.toFixed(2)} ${value <= budget ? "PASS" : "FAIL"} (budget ${budget})`
      : "-";
  const budgets = {
    searchServerP95: verdict(searchOverall.server.p95, BUDGET.searchP95),
    searchServerP95BriefMix: verdict(searchCore.server.p95, BUDGET.searchP95),
    searchClientP95: verdict(searchOverall.client.p95, BUDGET.searchP95),
    searchClientP95BriefMix: verdict(searchCore.client.p95, BUDGET.searchP95),
    listServerP95: verdict(listOverall.server.p95, BUDGET.listP95),
    listServerP95WithoutSearch: verdict(listPlain.server.p95, BUDGET.listP95),
    listClientP95: verdict(listOverall.client.p95, BUDGET.listP95),
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

  const date = new Date().toISOString().slice(0, 10);
  const dir = path.join(import.meta.dirname, "..", "results");
  mkdirSync(dir, { recursive: true });
  const file = args.out ?? path.join(dir, `${date}-artikel${http ? "" : "-sql"}.json`);
  const probeJson = (p: Probe) => ({
    name: p.name,
    extra: p.extra,
    what: p.what,
    search: p.search,
    options: p.options,
    matches: p.matches,
    rows: p.rows,
    totalCount: p.totalCount,
    plan: planSummary(p.plans),
    client: summarize(p.client),
    server: summarize(p.server),
    sqlTx: summarize(p.sqlTx),
    sqlStatements: summarize(p.sqlQuery),
  });
  const result = {
    date: new Date().toISOString(),
    mode: r.mode,
    machine: { cpus: os.cpus().length, cpu: os.cpus()[0]?.model, node: process.version },
    loadAverage: { start: loadStart, end: os.loadavg() },
    data: r.marker,
    params: { n: N, warmup: WARMUP, db: args.db, concurrency: 1, logLevel: args["log-level"] },
    budgets,
    search: { overall: searchOverall, briefMix: searchCore, queries: r.searchProbes.map(probeJson) },
    list: { overall: listOverall, withoutSearch: listPlain, queries: r.listProbes.map(probeJson) },
  };
  // NaN (no client time in mode sql) is written as null; number arrays on one line, as biome writes them.
  const json = JSON.stringify(
    result,
    (_, v) => (typeof v === "number" && !Number.isFinite(v) ? null : v),
    2,
  ).replace(/\[\s+([-\d.eE,\s]+?)\s+\]/g, (_, items: string) => `[${items.split(/,\s*/).join(", ")}]`);
  writeFileSync(file, `${json}\n`);
  const plansFile = file.replace(/\.json$/, "-plans.txt");
  writeFileSync(
    plansFile,
    [...r.searchProbes, ...r.listProbes]
      .map((p) => `=== ${p.name}: ${p.what}\n${(p.plans ?? []).join("\n\n")}\n`)
      .join("\n"),
  );
  out(`\nwrote ${path.relative(process.cwd(), file)} and ${path.relative(process.cwd(), plansFile)}`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `bench artikel measure failed: ${error instanceof Error ? (error.stack ?? error.message) : error}\n`,
  );
  process.exit(1);
});
