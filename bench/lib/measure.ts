/**
 * The API measurement of the benches (DESIGN §9), shared by kunde/measure.ts and artikel/measure.ts:
 *
 * - the run: common options (--n, --warmup, --db, --log-level, --out), the load average at start and end;
 * - the app: buildApp + loadConfig on the bench database in this process, listening on a free port, a keep-alive
 *   client signed in over HTTP; server time per request from Node's `request` event to the last byte handed to the
 *   socket (a listener on `app.server`; the app is not changed);
 * - the SQL a call runs, captured from the pg driver, split into the statements before the tenant transaction
 *   (sign-in checks) and the transaction, replayed raw through `pg` and explained as the application role;
 * - probes measured in interleaved rounds after the warm-up (endpoint, then its transaction raw);
 * - the API-overhead ratio endpoint ÷ (trivial route + the same SQL raw) with its breakdown.
 * What is printed and written of it: report.ts.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { type ParseArgsConfig, parseArgs } from "node:util";
import type { AccessArea } from "@kontor/domain/access/access.rules";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { loadConfig } from "../../apps/api/src/config.ts";
import { type Database, openDatabase } from "../../apps/api/src/db/client.ts";
import { withTenant } from "../../apps/api/src/db/tenant.ts";
import { DEFAULT_DB, databaseUrl } from "./db.ts";
import { createClient } from "./http.ts";
import { msSince, type Summary, summarize } from "./stats.ts";

export const API = "/app/api";

// --- The run ----------------------------------------------------------------------------------------------------
type Options = NonNullable<ParseArgsConfig["options"]>;
const OPTIONS = {
  n: { type: "string", default: "200" },
  warmup: { type: "string", default: "20" },
  db: { type: "string", default: DEFAULT_DB },
  "log-level": { type: "string", default: "silent" },
  out: { type: "string" },
} as const satisfies Options;

export interface MeasureRun<A> {
  /** All options, the common ones and the bench's own. */
  args: A;
  n: number;
  warmup: number;
  db: string;
  url: string;
  logLevel: string;
  out: string | undefined;
  loadStart: number[];
}

/** Parses the common options and the bench's own (`options`) and notes the load average at the start. */
export function startRun<const T extends Options>(options: T) {
  const { values } = parseArgs<{ options: typeof OPTIONS & T }>({ options: { ...OPTIONS, ...options } });
  const common = values as unknown as {
    n: string;
    warmup: string;
    db: string;
    "log-level": string;
    out?: string;
  };
  const run: MeasureRun<typeof values> = {
    args: values,
    n: Number(common.n),
    warmup: Number(common.warmup),
    db: common.db,
    url: databaseUrl(common.db),
    logLevel: common["log-level"],
    out: common.out,
    loadStart: os.loadavg(),
  };
  return run;
}

// --- The app ----------------------------------------------------------------------------------------------------
export type App = FastifyInstance;

/** The bench database as the app opens it, and the app's config for it (a temporary DATA_DIR, no demo data). */
export async function openApi(run: MeasureRun<unknown>) {
  const database = await openDatabase({ databaseUrl: run.url });
  const config = loadConfig({
    DATABASE_URL: run.url,
    TOKEN_SECRET: randomBytes(32).toString("hex"),
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "kontor-bench-")),
    LOG_LEVEL: run.logLevel,
    KONTOR_DEMO_DATA: "false",
  });
  return { database, config };
}

/** buildApp, imported when called: a bench may measure something else when the app does not load yet. */
export async function buildApp(api: Awaited<ReturnType<typeof openApi>>): Promise<App> {
  const { buildApp } = await import("../../apps/api/src/app.ts");
  return buildApp(api.config, api.database);
}

/** The routes of `names` (GET, under /app/api) the app does not have. */
export const missingRoutes = (app: App, names: readonly string[]) =>
  names.filter((name) => !app.hasRoute({ method: "GET", url: `${API}/${name}` }));

/** One call: client latency (NaN when there is no client), server time, the body and x-total-count. */
export interface Call {
  ms: number;
  server: number;
  body: string;
  totalCount?: string;
}

export interface Api {
  signIn(login: string, password: string, mandantId: number): Promise<void>;
  /** GET with the sign-in's token and tenant; a status other than 200 throws. */
  get(path: string): Promise<Call>;
  close(): void;
}

/** Listens on a free port of 127.0.0.1 and answers a client that measures every request (see the header). */
export async function serve(app: App): Promise<Api> {
  const serverMs = new Map<string, number>();
  app.server.prependListener("request", (req, res) => {
    const id = req.headers["x-bench-id"];
    if (typeof id !== "string") return;
    const start = process.hrtime.bigint();
    res.once("finish", () => serverMs.set(id, msSince(start)));
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const client = createClient(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
  let auth: Record<string, string> = {};
  let seq = 0;
  return {
    async signIn(login, password, mandantId) {
      const r = await client.request("POST", `${API}/auth/login`, {
        body: { usernameOrEmail: login, password },
      });
      if (r.status !== 200) throw new Error(`login failed: ${r.status} ${r.body}`);
      auth = { authorization: `Bearer ${JSON.parse(r.body).accessToken}`, "x-mandant-id": String(mandantId) };
    },
    async get(probePath) {
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
    },
    close: () => client.close(),
  };
}

// --- SQL capture: every statement the app sends through the pg driver while `capturing` is set. ---------------
export interface Stmt {
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

/** The statements `fn` sent. */
async function captureSql(fn: () => Promise<unknown>): Promise<Stmt[]> {
  capturing = [];
  try {
    await fn();
    return capturing;
  } finally {
    capturing = undefined;
  }
}

/** Planner settings the app sets for its statement (SET LOCAL …): replayed before EXPLAIN, not timed as a query. */
const isSetting = (s: Stmt) => /^\s*set\s+local\b/i.test(s.text);
const isControl = (s: Stmt) =>
  /^\s*(begin|commit|rollback)\b/i.test(s.text) || /set_config\(/i.test(s.text) || isSetting(s);

/** A request's statements split into those before its tenant transaction (sign-in checks) and the transaction. */
function splitStatements(statements: Stmt[]): { before: Stmt[]; tx: Stmt[] } {
  const begin = statements.findIndex((s) => /^\s*begin\b/i.test(s.text));
  const commit = statements.findLastIndex((s) => /^\s*commit\b/i.test(s.text));
  if (begin < 0 || commit < begin) return { before: statements, tx: [] };
  return { before: statements.slice(0, begin), tx: statements.slice(begin, commit + 1) };
}

/** Runs the statements raw: the time of all, and of the statements alone (without BEGIN, set_config, COMMIT). */
async function replay(raw: pg.Client, statements: Stmt[]) {
  let query = 0;
  const start = process.hrtime.bigint();
  for (const stmt of statements) {
    const t = process.hrtime.bigint();
    await raw.query(stmt.text, stmt.values);
    if (!isControl(stmt)) query += msSince(t);
  }
  return { all: msSince(start), query };
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

// --- Probes -----------------------------------------------------------------------------------------------------
export interface ProbeSpec {
  name: string;
  /** Search: not in the mix of the issue. List: with search words. */
  extra: boolean;
  /** What is called (for messages): the HTTP request, or the function. */
  what: string;
  /** Search text, for the match count. */
  search?: string;
  call: () => Promise<Call>;
}

export interface Probe extends ProbeSpec {
  /** What the call sent before its tenant transaction (session and membership checks) and the transaction. */
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

/** A probe that knows its SQL: the statements one call sent, captured from the driver. */
export async function captureProbe<P extends ProbeSpec>(spec: P): Promise<P & Probe> {
  const { before, tx } = splitStatements(await captureSql(spec.call));
  if (tx.length === 0) throw new Error(`${spec.what}: no tenant transaction captured`);
  return { ...spec, before, tx, client: [], server: [], sqlTx: [], sqlQuery: [] };
}

/**
 * Warm-up, then interleaved rounds (every probe once per round): the call, then its transaction raw. Rows and
 * total count from the first measured round (`listKey`: the array of a page answer).
 */
export async function measureProbes(
  run: MeasureRun<unknown>,
  raw: pg.Client,
  probes: Probe[],
  listKey: string,
) {
  for (let round = -run.warmup; round < run.n; round++) {
    for (const p of probes) {
      const r = await p.call();
      const s = await replay(raw, p.tx);
      if (round < 0) continue;
      p.client.push(r.ms);
      p.server.push(r.server);
      p.sqlTx.push(s.all);
      p.sqlQuery.push(s.query);
      if (round === 0) {
        const body = JSON.parse(r.body);
        p.rows = Array.isArray(body) ? body.length : body[listKey]?.length;
        if (r.totalCount !== undefined) p.totalCount = r.totalCount;
      }
    }
  }
}

/** Per probe the match count (`count`, where it has one) and the plans of its transaction (as the app role). */
export async function explainProbes<P extends Probe>(
  raw: pg.Client,
  probes: P[],
  count: (p: P) => Promise<number> | undefined,
) {
  for (const p of probes) {
    const matches = await count(p);
    if (matches !== undefined) p.matches = matches;
    p.plans = await explain(raw, p.tx);
  }
}

// --- The API overhead (DESIGN §9): endpoint ÷ (trivial route + the same query in raw SQL) ------------------------
const BENCH_ROUTES = { tenantNoop: `${API}/bench/tenant-noop`, tenantTx: `${API}/bench/tenant-tx` };

/**
 * Two bench-only routes (this process only, before `serve`) to split the overhead: the tenant guard alone, the
 * guard plus an empty tenant transaction.
 */
export function addBenchRoutes(app: App, database: Database, access: AccessArea) {
  const tenantRoute = { config: { auth: { level: "tenant" as const, access } } };
  app.get(BENCH_ROUTES.tenantNoop, tenantRoute, async () => ({ ok: true }));
  app.get(BENCH_ROUTES.tenantTx, tenantRoute, async (request) =>
    withTenant(database.db, request.mandant!.id, async (tx) => {
      await tx.execute(sql`select 1`);
      return { ok: true };
    }),
  );
}

const OVERHEAD_PARTS = [
  "endpoint",
  "appinfo",
  "health",
  "tenantNoop",
  "tenantTx",
  "sql",
  "sqlWithAuth",
] as const;
type OverheadPart = (typeof OVERHEAD_PARTS)[number];

export interface Overhead {
  parts: Record<OverheadPart, Summary>;
  ratioMedian: number;
  ratioP95: number;
  ratioWithAuth: number;
  /** Statements before the transaction (sign-in checks) and in it. */
  before: number;
  tx: number;
}

/**
 * The ratio for one probe, client latency, all parts in the same rounds: the endpoint, GET appinfo (public, no
 * database: the trivial route), GET health, the bench routes (addBenchRoutes), the captured transaction raw, and
 * the raw transaction with the sign-in statements before it.
 */
export async function measureOverhead(
  run: MeasureRun<unknown>,
  api: Api,
  raw: pg.Client,
  probe: Probe,
): Promise<Overhead> {
  const samples = Object.fromEntries(OVERHEAD_PARTS.map((part) => [part, [] as number[]])) as Record<
    OverheadPart,
    number[]
  >;
  for (let round = -run.warmup; round < run.n; round++) {
    const sample: Record<OverheadPart, number> = {
      endpoint: (await probe.call()).ms,
      appinfo: (await api.get(`${API}/appinfo`)).ms,
      health: (await api.get(`${API}/health`)).ms,
      tenantNoop: (await api.get(BENCH_ROUTES.tenantNoop)).ms,
      tenantTx: (await api.get(BENCH_ROUTES.tenantTx)).ms,
      sql: (await replay(raw, probe.tx)).all,
      sqlWithAuth: (await replay(raw, [...probe.before, ...probe.tx])).all,
    };
    if (round < 0) continue;
    for (const part of OVERHEAD_PARTS) samples[part].push(sample[part]);
  }
  const s = Object.fromEntries(OVERHEAD_PARTS.map((part) => [part, summarize(samples[part])])) as Record<
    OverheadPart,
    Summary
  >;
  return {
    parts: s,
    ratioMedian: s.endpoint.median / (s.appinfo.median + s.sql.median),
    ratioP95: s.endpoint.p95 / (s.appinfo.p95 + s.sql.p95),
    ratioWithAuth: s.endpoint.median / (s.appinfo.median + s.sqlWithAuth.median),
    before: probe.before.length,
    tx: probe.tx.length,
  };
}
