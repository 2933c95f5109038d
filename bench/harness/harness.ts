/**
 * One harness run (bench/run.ts, and the smoke test with small numbers): per scale the data (data.ts), the SQL of
 * every scenario captured in the harness (capture.ts), the server started as production starts it (server.ts),
 * every scenario measured interleaved at each concurrency (measure.ts), the server's memory at rest and under 100
 * clients (memory.ts), the server stopped; then the markdown and the JSON (report.ts).
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { BENCH_PASSWORD } from "../kunde/marker.ts";
import { databaseUrl } from "../lib/db.ts";
import { log, seconds } from "../lib/generate.ts";
import { openCapture, replayable } from "./capture.ts";
import { prepareData } from "./data.ts";
import { type MeasuredScenario, measureLevel, rowsOf, type Session } from "./measure.ts";
import { hammer } from "./memory.ts";
import * as report from "./report.ts";
import { buildScenarios, hammerMix } from "./scenarios.ts";
import { memoryOf, REPO_ROOT, startServer } from "./server.ts";

export interface HarnessOptions {
  scales: number[];
  /** Database of a scale. */
  dbName: (scale: number) => string;
  small: number;
  documents: number;
  /** Cash book entries at a scale. */
  cashbook: (scale: number) => number;
  seed: number | undefined;
  fresh: boolean;
  /** Scenarios whose id matches (the trivial route is always measured: the overhead ratio needs it). */
  only: RegExp | undefined;
  n: number;
  warmup: number;
  /** A scenario leaves the rounds of a level after this many seconds once it has minSamples (measure.ts). */
  maxSeconds: number;
  minSamples: number;
  concurrency: number[];
  hammerClients: number;
  hammerSeconds: number;
  /** Build the API first where the repository has a build (server.ts). */
  build: boolean;
  /** Data only: no server, no measurement. */
  generateOnly: boolean;
  /** The markdown file (the JSON beside it). */
  out: string;
}

export interface HarnessResult {
  markdownFile: string;
  jsonFile: string;
  results: report.ScaleResult[];
  /** Answers other than 2xx: the run is broken (budgets are not errors). */
  errors: string[];
}

const TRIVIAL = "trivial appinfo";

export async function runHarness(o: HarnessOptions): Promise<HarnessResult> {
  const info: report.RunInfo = {
    date: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpu: os.cpus()[0]?.model,
      node: process.version,
      postgres: "PostgreSQL",
    },
    commit: gitCommit(),
    n: o.n,
    warmup: o.warmup,
  };
  const results: report.ScaleResult[] = [];
  const errors: string[] = [];
  let build = o.build;
  for (const scale of o.scales) {
    const db = o.dbName(scale);
    log(`\n=== scale ${scale}: database ${db}`);
    const data = await prepareData({
      db,
      scale,
      small: o.small,
      documents: o.documents,
      cashbook: o.cashbook(scale),
      seed: o.seed,
      fresh: o.fresh,
    });
    if (o.generateOnly) continue;
    const url = databaseUrl(db);
    info.machine.postgres = await serverVersion(url);

    // The SQL of every request, captured in the harness; the API's list routes.
    let t = performance.now();
    const capture = await openCapture(url);
    const scenarios: MeasuredScenario[] = [];
    const shape: report.ScaleResult["shape"] = {};
    try {
      await capture.signIn(data.kunde.login, BENCH_PASSWORD, data.kunde.mandantId);
      const all = await buildScenarios(data, capture.routes(), BENCH_PASSWORD);
      for (const s of all.filter((x) => x.id === TRIVIAL || !o.only || o.only.test(x.id))) {
        const variants: MeasuredScenario["variants"] = [];
        for (const v of s.variants) {
          const c = await capture.capture(v);
          if (c.status < 200 || c.status > 299)
            errors.push(
              `${s.id}: ${v.method} ${v.path} answered ${c.status} in the capture: ${c.body.slice(0, 300)}`,
            );
          if (!shape[s.id] && s.kind === "list") {
            shape[s.id] = rowsOf({
              status: c.status,
              ms: 0,
              server: 0,
              body: c.body,
              headers: c.headers as Record<string, string>,
            });
          }
          variants.push({ ...v, sql: s.kind === "trivial" ? [] : replayable(c.statements) });
        }
        scenarios.push({ ...s, variants });
      }
    } finally {
      await capture.close();
    }
    log(`${scenarios.length} scenarios, their SQL captured (${seconds(t)} s)`);

    // The server, as production starts it.
    t = performance.now();
    const server = await startServer(url, build);
    build = false;
    log(`server ${server.argv.join(" ")} (${server.how}), pid ${server.pid}, up in ${seconds(t)} s`);
    try {
      const loadStart = os.loadavg();
      const session = await signIn(server.baseUrl, data.kunde.login, data.kunde.mandantId);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const rest = memoryOf(server.pid);
      const levels = [];
      for (const concurrency of o.concurrency) {
        t = performance.now();
        levels.push(
          await measureLevel(session, url, scenarios, {
            concurrency,
            n: o.n,
            warmup: o.warmup,
            maxSeconds: o.maxSeconds,
            minSamples: o.minSamples,
            progress: log,
          }),
        );
        log(`concurrency ${concurrency}: ${seconds(t)} s`);
      }
      t = performance.now();
      const mix = hammerMix(scenarios);
      const load = await hammer(
        server.pid,
        session,
        mix.length ? mix : scenarios.flatMap((s) => s.variants),
        {
          clients: o.hammerClients,
          seconds: o.hammerSeconds,
          seed: 20,
        },
      );
      log(`memory at ${o.hammerClients} clients: peak RSS ${Math.round(load.rssPeak)} MB (${seconds(t)} s)`);
      if (load.firstError) errors.push(`memory mix: ${load.firstError}`);
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const restAfter = memoryOf(server.pid);
      const result: report.ScaleResult = {
        scale,
        db,
        data: {
          kunde: data.kunde,
          artikel: data.artikel,
          beleg: data.beleg,
          zahlung: data.zahlung,
          kassabuch: data.kassabuch,
          firmengruppe: data.firmengruppe,
        },
        dataSeconds: data.seconds,
        server: { argv: server.argv, how: server.how, output: server.output },
        loadAverage: { start: loadStart, end: os.loadavg() },
        scenarios,
        shape,
        levels,
        memory: { rest, hammer: load, restAfter },
      };
      for (const level of levels)
        for (const [id, x] of Object.entries(level.scenarios))
          if (x.firstError) errors.push(`${id} at concurrency ${level.concurrency}: ${x.firstError}`);
      results.push(result);
      log(`\n${report.scaleMarkdown(result)}`);
    } finally {
      await server.stop();
    }
  }

  const markdownFile = o.out;
  const jsonFile = `${o.out.replace(/\.md$/, "")}.json`;
  if (!o.generateOnly) {
    mkdirSync(path.dirname(markdownFile), { recursive: true });
    writeFileSync(markdownFile, report.markdown(info, results));
    writeFileSync(jsonFile, `${JSON.stringify(report.json(info, results), null, 2)}\n`);
    log(
      `\nwrote ${path.relative(process.cwd(), markdownFile)} and ${path.relative(process.cwd(), jsonFile)}`,
    );
  }
  return { markdownFile, jsonFile, results, errors };
}

async function signIn(baseUrl: string, login: string, mandantId: number): Promise<Session> {
  const r = await fetch(`${baseUrl}/app/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ usernameOrEmail: login, password: BENCH_PASSWORD }),
  });
  if (r.status !== 200) throw new Error(`login failed: ${r.status} ${await r.text()}`);
  const { accessToken } = (await r.json()) as { accessToken: string };
  return { baseUrl, auth: { authorization: `Bearer ${accessToken}`, "x-mandant-id": String(mandantId) } };
}

async function serverVersion(url: string): Promise<string> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return `PostgreSQL ${(await c.query<{ v: string }>("SELECT current_setting('server_version') AS v")).rows[0]?.v ?? "?"}`;
  } finally {
    await c.end();
  }
}

function gitCommit(): string {
  try {
    const head = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: REPO_ROOT }).toString().trim();
    const dirty = execFileSync("git", ["status", "--porcelain", "--", "apps", "packages"], { cwd: REPO_ROOT })
      .toString()
      .trim();
    return dirty ? `${head} (apps/packages modified)` : head;
  } catch {
    return "?";
  }
}
