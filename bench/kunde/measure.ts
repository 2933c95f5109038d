/**
 * Customer search and list latency (issue 6, DESIGN §9) against the data of generate.ts.
 *
 * Starts the real API in this process (buildApp on the bench database, a free port), signs in over HTTP and calls
 * GET kundessearch for a fixed mix of searches and GET kundes (page of 20 with x-total-count), one request at a
 * time, rounds interleaved so that every query sees the same conditions. Per query: client latency (localhost
 * HTTP, keep-alive), server time (request event to the last byte handed to the socket) and the SQL the endpoint
 * ran (captured from the pg driver) replayed raw in the same tenant transaction. Then the overhead ratio
 * endpoint ÷ (trivial route + the same SQL raw) with a breakdown, and EXPLAIN ANALYZE of every statement.
 *
 *   node --import tsx bench/kunde/measure.ts [--n 200] [--warmup 20] [--db kontor_bench] [--tune stats]
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import pg from "pg";
import { buildApp } from "../../apps/api/src/app.ts";
import { loadConfig } from "../../apps/api/src/config.ts";
import { openDatabase } from "../../apps/api/src/db/client.ts";
import { withTenant } from "../../apps/api/src/db/tenant.ts";
import { databaseUrl, withClient } from "../lib/db.ts";
import { createClient } from "../lib/http.ts";
import { fmt, msSince, type Summary, summarize, table } from "../lib/stats.ts";
import { BENCH_PASSWORD, type BenchMarker, DEFAULT_DB, readMarker } from "./marker.ts";
import { countMatches, searchMix } from "./mix.ts";
import { setTunes, TUNES } from "./tunes.ts";

const { values: args } = parseArgs({
  options: {
    n: { type: "string", default: "200" },
    warmup: { type: "string", default: "20" },
    db: { type: "string", default: DEFAULT_DB },
    "ratio-query": { type: "string", default: "mueller wien" },
    "log-level": { type: "string", default: "silent" },
    tune: { type: "string", default: "" },
    out: { type: "string" },
  },
});
const N = Number(args.n);
const WARMUP = Number(args.warmup);
const url = databaseUrl(args.db);
const tunes = (args.tune ?? "").split(",").filter(Boolean);
const API = "/app/api";

/** DESIGN §9 / issue 6. */
const BUDGET = { searchServerP95: 10, listP95: 20, overheadRatio: 1.5 };

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

const isControl = (s: Stmt) => /^\s*(begin|commit|rollback)\b/i.test(s.text) || /set_config\(/i.test(s.text);

/** A request's statements split into those before its tenant transaction (sign-in checks) and the transaction. */
function splitStatements(statements: Stmt[]): { before: Stmt[]; tx: Stmt[] } {
  const begin = statements.findIndex((s) => /^\s*begin\b/i.test(s.text));
  const commit = statements.findLastIndex((s) => /^\s*commit\b/i.test(s.text));
  if (begin < 0 || commit < begin) return { before: statements, tx: [] };
  return { before: statements.slice(0, begin), tx: statements.slice(begin, commit + 1) };
}

// --- Measurement ------------------------------------------------------------------------------------------------
interface Probe {
  name: string;
  /** Search: not in the issue's mix. List: with search words. */
  extra?: boolean;
  /** The HTTP path (with query) of the endpoint. */
  path: string;
  /** Search text, for the match count. */
  search?: string;
  /** What the endpoint sent before its tenant transaction (session and membership checks) and the transaction. */
  before: Stmt[];
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

interface Ratio {
  query: string;
  endpoint: number[];
  appinfo: number[];
  health: number[];
  tenantNoop: number[];
  tenantTx: number[];
  sql: number[];
  sqlWithAuth: number[];
}

async function main() {
  for (const t of tunes) {
    if (!TUNES[t]) throw new Error(`unknown --tune ${t}; known: ${Object.keys(TUNES).join(", ")}`);
  }
  const marker = await withClient(url, readMarker);
  if (!marker) throw new Error(`${args.db} has no bench data: run npm run bench:kunde:generate first`);
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

  const config = loadConfig({
    DATABASE_URL: url,
    TOKEN_SECRET: randomBytes(32).toString("hex"),
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "kontor-bench-")),
    LOG_LEVEL: args["log-level"],
    KONTOR_DEMO_DATA: "false",
  });
  const database = await openDatabase({ databaseUrl: url });
  const app = await buildApp(config, database);
  // Two bench-only routes (this process only) to split the overhead: the guard alone, the guard plus an empty
  // tenant transaction.
  const tenantRoute = { config: { auth: { level: "tenant" as const, access: "kunde" as const } } };
  app.get(`${API}/bench/tenant-noop`, tenantRoute, async () => ({ ok: true }));
  app.get(`${API}/bench/tenant-tx`, tenantRoute, async (request) =>
    withTenant(database.db, request.mandant!.id, async (tx) => {
      await tx.execute(sql`select 1`);
      return { ok: true };
    }),
  );
  const serverMs = new Map<string, number>();
  // Server time without touching the app: from the request event to the last byte handed to the socket.
  app.server.prependListener("request", (req, res) => {
    const id = req.headers["x-bench-id"];
    if (typeof id !== "string") return;
    const start = process.hrtime.bigint();
    res.once("finish", () => serverMs.set(id, msSince(start)));
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const http = createClient(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
  const raw = new pg.Client({ connectionString: url });
  await raw.connect();

  try {
    await setTunes(raw, tunes);
    for (const route of ["kundessearch", "kundes"]) {
      if (!app.hasRoute({ method: "GET", url: `${API}/${route}` }))
        throw new Error(`GET ${route} does not exist`);
    }
    const login = await http.request("POST", `${API}/auth/login`, {
      body: { usernameOrEmail: marker.login, password: BENCH_PASSWORD },
    });
    if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.body}`);
    const auth = { authorization: `Bearer ${JSON.parse(login.body).accessToken}`, "x-mandant-id": String(m) };

    let seq = 0;
    const call = async (probePath: string) => {
      const id = String(++seq);
      const response = await http.request("GET", probePath, { headers: { ...auth, "x-bench-id": id } });
      if (!serverMs.has(id)) await new Promise((resolve) => setImmediate(resolve));
      const server = serverMs.get(id) ?? Number.NaN;
      serverMs.delete(id);
      if (response.status !== 200) throw new Error(`GET ${probePath}: ${response.status} ${response.body}`);
      return { ...response, server };
    };
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
    // Each probe knows its SQL: the statements one call of the endpoint sent, captured from the driver.
    const capture = async (
      name: string,
      probePath: string,
      search?: string,
      extra = false,
    ): Promise<Probe> => {
      capturing = [];
      let statements: Stmt[] = [];
      try {
        await call(probePath);
      } finally {
        statements = capturing;
        capturing = undefined;
      }
      const { before, tx } = splitStatements(statements);
      if (tx.length === 0) throw new Error(`GET ${probePath}: no tenant transaction captured`);
      return {
        name,
        path: probePath,
        ...(search === undefined ? {} : { search }),
        extra,
        before,
        tx,
        client: [],
        server: [],
        sqlTx: [],
        sqlQuery: [],
      };
    };

    const enc = encodeURIComponent;
    const searchProbes: Probe[] = [];
    for (const s of searches) {
      searchProbes.push(
        await capture(s.name, `${API}/kundessearch?search=${enc(s.search)}`, s.search, s.extra),
      );
    }
    const listProbes: Probe[] = [];
    for (const [name, query, search] of lists) {
      listProbes.push(await capture(name, `${API}/kundes?${query}`, search, search !== undefined));
    }
    const all = [...searchProbes, ...listProbes];

    // Warm-up, then interleaved rounds: endpoint, then its transaction raw.
    for (let round = -WARMUP; round < N; round++) {
      for (const p of all) {
        const r = await call(p.path);
        const s = await replay(p.tx);
        if (round < 0) continue;
        p.client.push(r.ms);
        p.server.push(r.server);
        p.sqlTx.push(s.all);
        p.sqlQuery.push(s.query);
        if (round === 0) {
          const body = JSON.parse(r.body);
          p.rows = Array.isArray(body) ? body.length : body.kundeList?.length;
          const total = r.headers["x-total-count"];
          if (total !== undefined) p.totalCount = String(total);
        }
      }
    }

    // Overhead ratio for one search: endpoint ÷ (trivial route + the same SQL raw), all in the same rounds.
    const ratioProbe = await capture("ratio", `${API}/kundessearch?search=${enc(args["ratio-query"])}`);
    const ratio: Ratio = {
      query: args["ratio-query"],
      endpoint: [],
      appinfo: [],
      health: [],
      tenantNoop: [],
      tenantTx: [],
      sql: [],
      sqlWithAuth: [],
    };
    for (let round = -WARMUP; round < N; round++) {
      const sample = {
        endpoint: (await call(ratioProbe.path)).ms,
        appinfo: (await call(`${API}/appinfo`)).ms,
        health: (await call(`${API}/health`)).ms,
        tenantNoop: (await call(`${API}/bench/tenant-noop`)).ms,
        tenantTx: (await call(`${API}/bench/tenant-tx`)).ms,
        sql: (await replay(ratioProbe.tx)).all,
        sqlWithAuth: (await replay([...ratioProbe.before, ...ratioProbe.tx])).all,
      };
      if (round < 0) continue;
      for (const [key, value] of Object.entries(sample))
        ratio[key as Exclude<keyof Ratio, "query">].push(value);
    }

    // Match counts and plans (as the app role, in the tenant).
    for (const p of all) {
      if (p.search) p.matches = await countMatches(raw, m, p.search);
      p.plans = await explain(raw, p.tx);
    }
    report({ marker, searchProbes, listProbes, ratio, ratioProbe });
  } finally {
    http.close();
    await setTunes(raw, []).catch((error: unknown) => out(`could not undo the tunes: ${error}`));
    await raw.end();
    await app.close();
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
      if (/kunde_suche_trgm_idx/.test(plan)) parts.push("trgm");
      if (/Index Scan using kunde_sortname_idx/.test(plan)) parts.push("sortname idx");
      if (/Index Scan using kunde_nummer_uq/.test(plan)) parts.push("nummer idx");
      if (/Index Only Scan using bench_kunde_aktiv_idx/.test(plan)) parts.push("aktiv idx-only");
      if (/Seq Scan on kunde\b/.test(plan)) parts.push("seq scan");
      const exec = plan.match(/Execution Time: ([\d.]+) ms/);
      return `${parts.join(" ") || "?"}${exec ? ` ${Number(exec[1]).toFixed(1)}` : ""}`;
    })
    .join(", ");
}

function report(r: {
  marker: BenchMarker;
  searchProbes: Probe[];
  listProbes: Probe[];
  ratio: Ratio;
  ratioProbe: Probe;
}) {
  const header = [
    "query",
    "text",
    "match",
    "rows",
    "client med",
    "p95",
    "server med",
    "p95",
    "sql tx med",
    "p95",
    "stmt med",
    "p95",
    "plan, ms (EXPLAIN ANALYZE)",
  ];
  const cells = (s: Summary) => [fmt(s.median), fmt(s.p95)];
  const rowsOf = (probes: Probe[]) =>
    probes.map((p) => [
      `${p.name}${p.extra ? " *" : ""}`,
      p.search ?? p.path.replace(/^.*\?/, ""),
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
  const overallRow = (o: ReturnType<typeof overall>) => [
    "ALL",
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
  const listOverall = overall(r.listProbes);
  const searchCore = overall(r.searchProbes.filter((p) => !p.extra));
  const listPlain = overall(r.listProbes.filter((p) => !p.extra));
  const loads = (l: number[]) => l.map((x) => x.toFixed(1)).join(" ");

  out(
    `\nCustomer bench on ${args.db}: ${r.marker.size} + ${r.marker.smallSize} customers, seed ${r.marker.seed}`,
  );
  out(`n=${N} per query after ${WARMUP} warm-up, one request at a time, times in ms`);
  out(`load average ${loads(loadStart)} at start, ${loads(os.loadavg())} at end (${os.cpus().length} cpus)`);
  for (const t of tunes) out(`tune ${t}: ${TUNES[t]!.what}`);
  out(
    "client = HTTP round trip; server = request event to last byte; sql tx = the captured tenant transaction",
  );
  out("replayed raw (BEGIN, set_config, statements, COMMIT); stmt = its statements alone\n");
  out("GET /app/api/kundessearch?search=…");
  out(table(header, [...rowsOf(r.searchProbes), overallRow(searchOverall)]));
  out("* not in the issue's mix");
  out("\nGET /app/api/kundes?… (x-total-count)");
  out(table(header, [...rowsOf(r.listProbes), overallRow(listOverall)]));
  out("* with search words");

  const s = Object.fromEntries(
    Object.entries(r.ratio)
      .filter(([key]) => key !== "query")
      .map(([key, samples]) => [key, summarize(samples as number[])]),
  ) as Record<Exclude<keyof Ratio, "query">, Summary>;
  const ratioMedian = s.endpoint.median / (s.appinfo.median + s.sql.median);
  const ratioP95 = s.endpoint.p95 / (s.appinfo.p95 + s.sql.p95);
  const ratioWithAuth = s.endpoint.median / (s.appinfo.median + s.sqlWithAuth.median);
  out(`\nOverhead for kundessearch?search=${r.ratio.query} (client latency; same rounds):`);
  out(
    table(
      ["part", "median", "p95"],
      [
        ["GET kundessearch", ...cells(s.endpoint)],
        ["GET appinfo (trivial route, no db)", ...cells(s.appinfo)],
        ["GET health (select 1, no auth)", ...cells(s.health)],
        ["bench route: tenant guard only", ...cells(s.tenantNoop)],
        ["bench route: guard + tenant tx select 1", ...cells(s.tenantTx)],
        ["same SQL raw: tenant tx", ...cells(s.sql)],
        ["same SQL raw: sign-in checks + tenant tx", ...cells(s.sqlWithAuth)],
        ["RATIO endpoint / (appinfo + sql tx)", ratioMedian.toFixed(2), ratioP95.toFixed(2)],
        ["ratio endpoint / (appinfo + checks + tx)", ratioWithAuth.toFixed(2), ""],
      ],
    ),
  );
  out(
    `sign-in checks before the transaction: ${r.ratioProbe.before.length} statements; ` +
      `transaction: ${r.ratioProbe.tx.length} statements`,
  );

  const verdict = (value: number, budget: number) =>
    `${value.toFixed(2)} ${value <= budget ? "PASS" : "FAIL"} (budget ${budget})`;
  const budgets = {
    searchServerP95: verdict(searchOverall.server.p95, BUDGET.searchServerP95),
    searchServerP95IssueMix: verdict(searchCore.server.p95, BUDGET.searchServerP95),
    listServerP95: verdict(listOverall.server.p95, BUDGET.listP95),
    listServerP95WithoutSearch: verdict(listPlain.server.p95, BUDGET.listP95),
    overheadRatio: verdict(ratioMedian, BUDGET.overheadRatio),
  };
  out("\nBudgets (DESIGN §9, issue 6), server time p95:");
  out(`  kundessearch, whole mix ≤ ${BUDGET.searchServerP95} ms:           ${budgets.searchServerP95}`);
  out(`  kundessearch, the issue's mix (no extras):  ${budgets.searchServerP95IssueMix}`);
  out(`  kundes page of 20 + total, all ≤ ${BUDGET.listP95} ms:      ${budgets.listServerP95}`);
  out(`  kundes page of 20 + total, without search:   ${budgets.listServerP95WithoutSearch}`);
  out(`  overhead ratio (medians) ≤ ${BUDGET.overheadRatio}:              ${budgets.overheadRatio}`);

  const date = new Date().toISOString().slice(0, 10);
  const dir = path.join(import.meta.dirname, "..", "results");
  mkdirSync(dir, { recursive: true });
  const file = args.out ?? path.join(dir, `${date}-kunde${tunes.length ? `-${tunes.join("+")}` : ""}.json`);
  const probeJson = (p: Probe) => ({
    name: p.name,
    extra: p.extra,
    path: p.path,
    search: p.search,
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
    machine: { cpus: os.cpus().length, cpu: os.cpus()[0]?.model, node: process.version },
    loadAverage: { start: loadStart, end: os.loadavg() },
    data: r.marker,
    params: { n: N, warmup: WARMUP, db: args.db, concurrency: 1, logLevel: args["log-level"] },
    tunes: Object.fromEntries(tunes.map((t) => [t, TUNES[t]!.what])),
    budgets,
    search: { overall: searchOverall, issueMix: searchCore, queries: r.searchProbes.map(probeJson) },
    list: { overall: listOverall, withoutSearch: listPlain, queries: r.listProbes.map(probeJson) },
    ratio: {
      query: r.ratio.query,
      ...s,
      ratioMedian: Number(ratioMedian.toFixed(3)),
      ratioP95: Number(ratioP95.toFixed(3)),
      ratioWithSignInChecks: Number(ratioWithAuth.toFixed(3)),
    },
  };
  // Arrays of numbers on one line, as the formatter (biome) writes them: the file passes `npm run lint` as is.
  const json = JSON.stringify(result, null, 2).replace(
    /\[\s+([-\d.eE,\s]+?)\s+\]/g,
    (_, items: string) => `[${items.split(/,\s*/).join(", ")}]`,
  );
  writeFileSync(file, `${json}\n`);
  const plansFile = file.replace(/\.json$/, "-plans.txt");
  writeFileSync(
    plansFile,
    [...r.searchProbes, ...r.listProbes]
      .map((p) => `=== ${p.name}: ${p.path}\n${(p.plans ?? []).join("\n\n")}\n`)
      .join("\n"),
  );
  out(`\nwrote ${path.relative(process.cwd(), file)} and ${path.relative(process.cwd(), plansFile)}`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `bench measure failed: ${error instanceof Error ? (error.stack ?? error.message) : error}\n`,
  );
  process.exit(1);
});
