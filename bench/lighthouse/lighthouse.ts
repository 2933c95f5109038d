/**
 * Lighthouse on the production build (DESIGN §9: desktop performance ≥ 95 on the login, lists and the document
 * editor). Builds the web app, starts the production server on a fresh data directory with the demo data, and
 * audits the performance category of each page in Debian's Chromium — desktop preset and Lighthouse's default
 * (mobile: a mid-range phone on slow 4G, simulated) — signed in where the page needs it. Prints a table and writes
 * it as markdown to bench/results/<date>-lighthouse.md.
 *
 *   npm run bench:lighthouse [-- --runs 3] [--form-factor desktop|mobile] [--base-url http://127.0.0.1:8080]
 *                            [--no-build] [--out file.md] [--report-dir dir]
 *
 * `runLighthouse(options)` does the same for the benchmark harness.
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { type BrowserContext, chromium } from "@playwright/test";
import lighthouse, { desktopConfig, type Flags, type Result } from "lighthouse";

const repoRoot = path.resolve(import.meta.dirname, "..", "..");

/**
 * How the production server starts (the `serve` script's command). The one place to change when production moves
 * to compiled JavaScript.
 */
export const SERVER_COMMAND: readonly string[] = ["node", "--import", "tsx", "apps/api/src/server.ts"];

/** Debian's Chromium with the flags of the e2e tests (DESIGN §8). */
export const CHROME_PATH = "/usr/bin/chromium";
const CHROME_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** The demo data's administrator (KONTOR_DEMO_DATA). */
const DEMO_ADMIN = { usernameOrEmail: "admin", password: "admin123" };

export type FormFactor = "desktop" | "mobile";

/** A page to audit: its path under the server, and whether it needs a signed-in session. */
export interface AuditPage {
  name: string;
  path: string;
  signedIn: boolean;
}

export interface LighthouseOptions {
  /** An already running server; without it the production server is started (and stopped) here. */
  baseUrl?: string;
  /** `npm run build` before starting the server (default true; ignored with `baseUrl`). */
  build?: boolean;
  /** Default: both. */
  formFactors?: readonly FormFactor[];
  /** Audits per page and form factor; the median run (by score) is reported. Default 3. */
  runs?: number;
  /** Default: the login, the customer list, a customer's edit screen and the document editor (`defaultPages`). */
  pages?: (session: Session) => Promise<AuditPage[]> | AuditPage[];
  /** The markdown file; default bench/results/<date>-lighthouse.md; null: none. */
  out?: string | null;
  chromePath?: string;
  /** A folder for every run's full Lighthouse report (JSON, `<page>-<form factor>-<run>.json`), to look closer. */
  reportDir?: string;
  /** Progress lines (default: console.log). */
  log?: (line: string) => void;
}

export interface LighthouseMetrics {
  page: string;
  path: string;
  formFactor: FormFactor;
  /** Performance score 0–100. */
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  totalBytes: number;
  /** The scores of all runs. */
  runs: number[];
  /** What Lighthouse would improve on this page (its opportunities and failing diagnostics), best first. */
  advice: string[];
}

export interface LighthouseReport {
  results: LighthouseMetrics[];
  /** The markdown written (also when `out` is null). */
  markdown: string;
  file: string | null;
}

/** What the default pages need from a signed-in API session. */
export interface Session {
  baseUrl: string;
  token: string;
  mandantId: number;
  userId: number;
  get<T>(apiPath: string): Promise<T>;
}

/** The login, a list, an edit screen and the document editor (DESIGN §9 names login, lists and the editor). */
export async function defaultPages(session: Session): Promise<AuditPage[]> {
  const pages: AuditPage[] = [
    { name: "login", path: "/app/login", signedIn: false },
    { name: "customer list", path: "/app/kunde_list", signedIn: true },
  ];
  const [kunde] = await session.get<{ id: number }[]>("kundes?page=0&size=1&sort=id,asc");
  if (kunde) pages.push({ name: "customer edit", path: `/app/kunde/${kunde.id}`, signedIn: true });
  const [beleg] = await session.get<{ id: number }[]>("beleg?page=0&size=1");
  if (beleg)
    pages.push({ name: "document editor", path: `/app/beleg/${beleg.id}/edit/true/false`, signedIn: true });
  return pages;
}

export async function runLighthouse(options: LighthouseOptions = {}): Promise<LighthouseReport> {
  const log = options.log ?? ((line: string) => console.log(line));
  const formFactors = options.formFactors ?? (["desktop", "mobile"] as const);
  const runs = options.runs ?? 3;
  const server = options.baseUrl ? null : await startServer({ build: options.build ?? true, log });
  const baseUrl = options.baseUrl ?? server!.baseUrl;
  const profile = mkdtempSync(path.join(os.tmpdir(), "kontor-lighthouse-"));
  let context: BrowserContext | null = null;
  try {
    const session = await signInApi(baseUrl);
    const pages = await (options.pages ?? defaultPages)(session);
    const port = await freePort();
    // One Chrome for the sign-in and every audit: Lighthouse connects to its debugging port and audits in a new tab
    // of the same (persistent) profile, so the session stored in localStorage is there.
    context = await chromium.launchPersistentContext(profile, {
      executablePath: options.chromePath ?? CHROME_PATH,
      headless: true,
      args: [...CHROME_FLAGS, `--remote-debugging-port=${port}`],
    });
    const chromeVersion = context.browser()?.version() ?? "?";
    log(`Chromium ${chromeVersion}, ${pages.length} pages × ${formFactors.join(" + ")} × ${runs} runs`);

    const results: LighthouseMetrics[] = [];
    // Anonymous pages first: Lighthouse clears the origin's storage before each of them (a cold first visit).
    const ordered = [...pages.filter((p) => !p.signedIn), ...pages.filter((p) => p.signedIn)];
    let signedIn = false;
    for (const page of ordered) {
      if (page.signedIn && !signedIn) {
        await signInBrowser(context, session);
        signedIn = true;
      }
      for (const formFactor of formFactors) {
        const audits: Result[] = [];
        for (let run = 0; run < runs; run++) {
          // Signed in, the storage stays (the session); the HTTP cache, the service worker and its caches go, so
          // every run is a first visit of that page like the anonymous ones.
          if (page.signedIn) await clearCaches(context, baseUrl);
          const lhr = await auditWithRetry(`${baseUrl}${page.path}`, port, formFactor, page.signedIn, log);
          if (options.reportDir) {
            mkdirSync(options.reportDir, { recursive: true });
            const name = `${page.name.replace(/\W+/g, "-")}-${formFactor}-${run + 1}.json`;
            writeFileSync(path.join(options.reportDir, name), JSON.stringify(lhr));
          }
          audits.push(lhr);
        }
        const metrics = summarize(page, formFactor, audits);
        log(
          `${page.name.padEnd(16)} ${formFactor.padEnd(7)} score ${metrics.score} (runs ${metrics.runs.join(", ")})` +
            `  FCP ${ms(metrics.fcpMs)}  LCP ${ms(metrics.lcpMs)}  TBT ${ms(metrics.tbtMs)}  CLS ${metrics.cls.toFixed(3)}` +
            `  ${kb(metrics.totalBytes)}`,
        );
        results.push(metrics);
      }
    }

    const markdown = toMarkdown(results, { chromeVersion, runs, baseUrl: options.baseUrl ? baseUrl : null });
    const file =
      options.out === null
        ? null
        : (options.out ??
          path.join(repoRoot, "bench", "results", `${new Date().toISOString().slice(0, 10)}-lighthouse.md`));
    if (file) {
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, markdown);
      log(`wrote ${path.relative(process.cwd(), file)}`);
    }
    return { results, markdown, file };
  } finally {
    await context?.close();
    rmSync(profile, { recursive: true, force: true });
    await server?.stop();
  }
}

// --- the server ---------------------------------------------------------------------------------------------------

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject()));
    });
  });
}

function run(command: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command[0]!, command.slice(1), { cwd: repoRoot, env, stdio: "inherit" });
    child.once("error", reject);
    child.once("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${command.join(" ")} exited with ${code}`)),
    );
  });
}

/** Builds (optionally) and starts the production server on a fresh data directory; resolves once it answers. */
async function startServer(o: { build: boolean; log: (line: string) => void }) {
  if (o.build) {
    o.log("npm run build");
    await run(["npm", "run", "build", "--silent"]);
  }
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "kontor-lighthouse-data-"));
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(SERVER_COMMAND[0]!, SERVER_COMMAND.slice(1), {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      KONTOR_DEMO_DATA: "true",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  const stop = async () => {
    if (child.exitCode === null) child.kill("SIGTERM");
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  o.log(`${SERVER_COMMAND.join(" ")} on ${baseUrl} (data ${dataDir})`);
  // A first start migrates the database and loads the demo data: up to a minute on PGlite.
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/app/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error("the server did not answer within 3 minutes");
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return { baseUrl, stop };
}

// --- the session ----------------------------------------------------------------------------------------------------

/** Signs the demo administrator in through the API (POST auth/login) and picks the first tenant. */
async function signInApi(baseUrl: string): Promise<Session> {
  const call = async <T>(apiPath: string, init: RequestInit = {}): Promise<T> => {
    const response = await fetch(`${baseUrl}/app/api/${apiPath}`, init);
    if (!response.ok) throw new Error(`${init.method ?? "GET"} ${apiPath}: ${response.status}`);
    return (await response.json()) as T;
  };
  const login = await call<{ accessToken?: string }>("auth/login", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(DEMO_ADMIN),
  });
  if (!login.accessToken) throw new Error("the demo administrator could not sign in");
  const token = login.accessToken;
  const auth = { authorization: `Bearer ${token}` };
  const account = await call<{ id: number }>("account", { headers: auth });
  const [mandant] = await call<{ id: number; aktiv?: boolean }[]>("mandants/all", { headers: auth });
  if (!mandant) throw new Error("the demo administrator has no tenant");
  return {
    baseUrl,
    token,
    mandantId: mandant.id,
    userId: account.id,
    get: (apiPath) => call(apiPath, { headers: { ...auth, "x-mandant-id": String(mandant.id) } }),
  };
}

/** Viennese calendar date, as the web keeps the day it last checked the news. */
const viennaToday = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Vienna" }).format(new Date());

/**
 * The session in the browser as the web keeps it (src/app/session.ts: localStorage `kontor.token`,
 * `kontor.mandantId`); the news of the day count as seen, so no dialog covers the page.
 */
async function signInBrowser(context: BrowserContext, session: Session) {
  const page = await context.newPage();
  await page.goto(`${session.baseUrl}/app/manifest.webmanifest`);
  await page.evaluate(
    ({ token, mandantId, userId, today }) => {
      localStorage.setItem("kontor.token", token);
      localStorage.setItem("kontor.mandantId", String(mandantId));
      localStorage.setItem(`kontor.newsChecked.${userId}`, today);
    },
    { token: session.token, mandantId: session.mandantId, userId: session.userId, today: viennaToday() },
  );
  await page.close();
}

/** Empties the HTTP cache and the origin's service workers and caches; localStorage (the session) stays. */
async function clearCaches(context: BrowserContext, baseUrl: string) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.clearBrowserCache");
  await cdp.send("Storage.clearDataForOrigin", {
    origin: new URL(baseUrl).origin,
    storageTypes: "service_workers,cache_storage",
  });
  await cdp.detach();
  await page.close();
}

// --- auditing -------------------------------------------------------------------------------------------------------

async function audit(
  url: string,
  port: number,
  formFactor: FormFactor,
  keepStorage: boolean,
): Promise<Result> {
  const flags: Flags = {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance"],
    disableStorageReset: keepStorage,
  };
  // Desktop: Lighthouse's desktop preset; mobile: its default configuration (Moto G Power, slow 4G, simulated).
  const config = formFactor === "desktop" ? desktopConfig : undefined;
  const result = await lighthouse(url, flags, config);
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const lhr = result.lhr;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  if (lhr.finalDisplayedUrl !== url)
    throw new Error(`${url} ended at ${lhr.finalDisplayedUrl} (not signed in?)`);
  return lhr;
}

/** One more try after a failed audit (a busy machine can miss Lighthouse's timeouts); then the error stands. */
async function auditWithRetry(
  url: string,
  port: number,
  formFactor: FormFactor,
  keepStorage: boolean,
  log: (line: string) => void,
): Promise<Result> {
  try {
    return await audit(url, port, formFactor, keepStorage);
  } catch (error) {
    log(`${url} (${formFactor}): ${error instanceof Error ? error.message : String(error)}; once more`);
    return audit(url, port, formFactor, keepStorage);
  }
}

const numeric = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
const scoreOf = (lhr: Result) => Math.round((lhr.categories.performance?.score ?? 0) * 100);

function summarize(page: AuditPage, formFactor: FormFactor, audits: Result[]): LighthouseMetrics {
  const sorted = [...audits].sort((a, b) => scoreOf(a) - scoreOf(b));
  const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
  return {
    page: page.name,
    path: page.path,
    formFactor,
    score: scoreOf(median),
    fcpMs: numeric(median, "first-contentful-paint"),
    lcpMs: numeric(median, "largest-contentful-paint"),
    tbtMs: numeric(median, "total-blocking-time"),
    cls: numeric(median, "cumulative-layout-shift"),
    speedIndexMs: numeric(median, "speed-index"),
    totalBytes: numeric(median, "total-byte-weight"),
    runs: audits.map(scoreOf),
    advice: advice(median),
  };
}

/** The performance audits that are not passed, with what they would save, most important first. */
function advice(lhr: Result): string[] {
  const refs = lhr.categories.performance?.auditRefs ?? [];
  return refs
    .map((ref) => lhr.audits[ref.id])
    .filter((a): a is NonNullable<typeof a> => a !== undefined)
    .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== "informative")
    .map((a) => `${a.title}${a.displayValue ? ` (${a.displayValue})` : ""}`);
}

// --- the report -----------------------------------------------------------------------------------------------------

const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : "-");
const kb = (bytes: number) => (Number.isFinite(bytes) ? `${(bytes / 1024).toFixed(0)} KB` : "-");

function toMarkdown(
  results: LighthouseMetrics[],
  o: { chromeVersion: string; runs: number; baseUrl: string | null },
): string {
  const verdict = (r: LighthouseMetrics) => (r.formFactor === "desktop" ? (r.score >= 95 ? " ✓" : " ✗") : "");
  const rows = results.map(
    (r) =>
      `| ${r.page} | \`${r.path}\` | ${r.formFactor} | ${r.score}${verdict(r)} | ${r.runs.join(", ")} | ${ms(r.fcpMs)} | ${ms(r.lcpMs)} | ${ms(r.tbtMs)} | ${r.cls.toFixed(3)} | ${ms(r.speedIndexMs)} | ${kb(r.totalBytes)} |`,
  );
  const advice = results
    .filter((r) => r.advice.length > 0)
    .map((r) => `- ${r.page}, ${r.formFactor}: ${r.advice.join("; ")}`);
  return [
    `# Lighthouse, ${new Date().toISOString().slice(0, 10)}`,
    "",
    "DESIGN §9: desktop performance ≥ 95 on the login, lists and the document editor (✓/✗). Mobile is Lighthouse's",
    "default (a mid-range phone, 4× CPU slowdown, slow 4G, simulated throttling), reported for comparison.",
    "",
    `Production build, ${o.baseUrl ? `server at ${o.baseUrl}` : `\`${SERVER_COMMAND.join(" ")}\` on a fresh data directory with the demo data`};`,
    `Chromium ${o.chromeVersion} (${CHROME_PATH}), Lighthouse performance category, median of ${o.runs} run(s) by score;`,
    `every run a first visit (empty HTTP cache, no service worker); signed-in pages with the demo administrator.`,
    "Desktop scores depend on the machine's load: the main thread's work is measured as it ran (no CPU slowdown in",
    "the desktop preset), so a busy machine stretches Total Blocking Time and the paints.",
    `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "?"}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}, Node ${process.version}.`,
    "",
    "| page | path | form factor | score | runs | FCP | LCP | TBT | CLS | Speed Index | bytes |",
    "|---|---|---|---|---|---|---|---|---|---|---|",
    ...rows,
    "",
    ...(advice.length > 0 ? ["What Lighthouse would still improve (median run):", "", ...advice, ""] : []),
  ].join("\n");
}

// --- command line -------------------------------------------------------------------------------------------------

if (import.meta.filename === process.argv[1]) {
  const { values } = parseArgs({
    options: {
      runs: { type: "string" },
      "form-factor": { type: "string", multiple: true },
      "base-url": { type: "string" },
      "no-build": { type: "boolean" },
      out: { type: "string" },
      "report-dir": { type: "string" },
    },
  });
  const formFactors = values["form-factor"]?.map((value) => {
    if (value !== "desktop" && value !== "mobile")
      throw new Error(`--form-factor ${value}: desktop or mobile`);
    return value;
  });
  const report = await runLighthouse({
    ...(values.runs ? { runs: Number(values.runs) } : {}),
    ...(formFactors ? { formFactors } : {}),
    ...(values["base-url"] ? { baseUrl: values["base-url"] } : {}),
    ...(values.out ? { out: path.resolve(values.out) } : {}),
    ...(values["report-dir"] ? { reportDir: path.resolve(values["report-dir"]) } : {}),
    build: !values["no-build"],
  });
  const failed = report.results.filter((r) => r.formFactor === "desktop" && r.score < 95);
  if (failed.length > 0) {
    console.log(`below 95 on desktop: ${failed.map((r) => r.page).join(", ")}`);
    process.exitCode = 1;
  }
}
