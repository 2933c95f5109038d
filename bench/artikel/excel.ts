/**
 * Excel export of 100 000 articles (issue 7, DESIGN §9): time and peak memory of GET /app/api/artikel/excel.
 *
 * Prepares the data (excel-data.ts; reused when present), starts the API in a child process (excel-server.ts),
 * signs in over HTTP and downloads the export --runs times, one after another, reading the body as it arrives.
 * Per run: time to the first byte, total time and file size; then one more download, untimed, is read back with
 * exceljs' streaming reader and its rows counted (unless --no-check). Memory: the server process's RSS sampled every 20 ms from /proc/<pid>/status
 * (VmRSS) during the download, and its high-water mark VmHWM (peak RSS since the process started) after every run.
 * The baseline is the RSS after start and sign-in: the first run's VmHWM less it is what the export adds.
 *
 * --server-heap <MB> starts the server with that V8 heap limit (--max-old-space-size): if the export still succeeds,
 * its memory is bounded and the higher RSS without the limit is garbage V8 has not yet collected.
 *
 *   node --import tsx bench/artikel/excel.ts [--size 100000] [--seed 7] [--runs 3] [--db kontor_bench_100k] [--no-check]
 *                                            [--server-heap 64]
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { PassThrough } from "node:stream";
import { parseArgs } from "node:util";
import ExcelJS from "exceljs";
import { DEFAULT_DB, databaseUrl, withClient } from "../lib/db.ts";
import { EXCEL_PASSWORD, ensureExcelData } from "./excel-data.ts";

const { values: args } = parseArgs({
  options: {
    size: { type: "string", default: "100000" },
    seed: { type: "string", default: "7" },
    runs: { type: "string", default: "3" },
    db: { type: "string", default: DEFAULT_DB },
    "no-check": { type: "boolean", default: false },
    "server-heap": { type: "string" },
  },
});
const size = Number(args.size);
const runs = Number(args.runs);
const log = (message: string) => process.stdout.write(`${message}\n`);
const mb = (kb: number) => Math.round(kb / 102.4) / 10;

/** VmRSS and VmHWM of a process, in kB. */
function memory(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (key: string) =>
    Number(status.match(new RegExp(`^${key}:\\s+(\\d+) kB`, "m"))?.[1] ?? Number.NaN);
  return { rss: kb("VmRSS"), hwm: kb("VmHWM") };
}

function startServer(): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", path.join(import.meta.dirname, "excel-server.ts")],
    {
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl(args.db),
        TOKEN_SECRET: randomBytes(32).toString("hex"),
        LOG_LEVEL: "warn",
      },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const match = out.match(/listening (\d+)/);
      if (match) resolve({ child, port: Number(match[1]) });
    });
    child.once("exit", (code) => reject(new Error(`server exited (${code}) before listening`)));
  });
}

function request(
  port: number,
  method: string,
  pathname: string,
  headers: Record<string, string>,
  body?: unknown,
) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        method,
        path: pathname,
        headers: { ...headers, ...(payload ? { "content-type": "application/json" } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

interface Run {
  firstByteMs: number;
  totalMs: number;
  bytes: number;
  rows: number | null;
  peakRssMb: number;
  vmHwmMb: number;
  filename: string | undefined;
}

/** One export download: streamed, timed, the server's RSS sampled meanwhile; the file read back (rows). */
function download(port: number, headers: Record<string, string>, pid: number, check: boolean): Promise<Run> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let peak = 0;
    const sampler = setInterval(() => {
      peak = Math.max(peak, memory(pid).rss);
    }, 20);
    const req = http.request({ host: "127.0.0.1", port, path: "/app/api/artikel/excel", headers }, (res) => {
      const firstByteMs = performance.now() - started;
      if (res.statusCode !== 200) reject(new Error(`export: ${res.statusCode}`));
      let bytes = 0;
      res.on("data", (c: Buffer) => {
        bytes += c.length;
      });
      let rows: Promise<number | null> = Promise.resolve(null);
      if (check) rows = countRows(res.pipe(new PassThrough()));
      else res.resume();
      res.on("end", async () => {
        const totalMs = performance.now() - started;
        clearInterval(sampler);
        const mem = memory(pid);
        resolve({
          firstByteMs: Math.round(firstByteMs),
          totalMs: Math.round(totalMs),
          bytes,
          rows: await rows,
          peakRssMb: mb(Math.max(peak, mem.rss)),
          vmHwmMb: mb(mem.hwm),
          filename: res.headers["x-filename"] as string | undefined,
        });
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

/** The data rows of the first sheet (without the header), read with exceljs' streaming reader. */
async function countRows(input: PassThrough): Promise<number> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {});
  let rows = 0;
  for await (const sheet of reader) for await (const _row of sheet) rows++;
  return rows - 1;
}

async function main() {
  const marker = await ensureExcelData(args.db, size, Number(args.seed));
  const { child, port } = await startServer();
  const pid = child.pid!;
  try {
    const login = await request(
      port,
      "POST",
      "/app/api/auth/login",
      {},
      {
        usernameOrEmail: marker.login,
        password: EXCEL_PASSWORD,
      },
    );
    if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.body}`);
    const headers = {
      authorization: `Bearer ${JSON.parse(login.body).accessToken}`,
      "x-mandant-id": String(marker.mandantId),
    };
    const notDeleted = await withClient(databaseUrl(args.db), async (client) => {
      const { rows } = await client.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM artikel WHERE mandant_id = $1 AND NOT geloescht",
        [marker.mandantId],
      );
      return rows[0]!.n;
    });
    const base = memory(pid);
    log(`server pid ${pid}: after start and sign-in RSS ${mb(base.rss)} MB, VmHWM ${mb(base.hwm)} MB`);
    log(`tenant ${marker.mandantId}: ${size} articles, ${notDeleted} not deleted (exported)`);
    const results: Run[] = [];
    for (let i = 1; i <= runs; i++) {
      const run = await download(port, headers, pid, false);
      results.push(run);
      log(
        `run ${i}: first byte ${run.firstByteMs} ms, total ${(run.totalMs / 1000).toFixed(2)} s, ` +
          `${(run.bytes / 1024 / 1024).toFixed(1)} MB, ` +
          `server RSS peak ${run.peakRssMb} MB (sampled), VmHWM ${run.vmHwmMb} MB, ${run.filename}`,
      );
    }
    // The file read back (not timed: the client's parsing would slow the download down).
    let checkedRows: number | null = null;
    if (!args["no-check"]) {
      checkedRows = (await download(port, headers, pid, true)).rows;
      log(`check: the file has ${checkedRows} data rows`);
      if (checkedRows !== notDeleted) throw new Error(`expected ${notDeleted} rows, got ${checkedRows}`);
    }
    const result = {
      date: new Date().toISOString(),
      machine: {
        cpus: os.cpus().length,
        model: os.cpus()[0]?.model,
        memGb: Math.round(os.totalmem() / 2 ** 30),
      },
      loadavg: os.loadavg(),
      node: process.version,
      serverHeapLimitMb: args["server-heap"] ? Number(args["server-heap"]) : null,
      size,
      exported: notDeleted,
      baseline: { rssMb: mb(base.rss), vmHwmMb: mb(base.hwm) },
      runs: results,
      checkedRows,
    };
    const dir = path.join(import.meta.dirname, "..", "results");
    mkdirSync(dir, { recursive: true });
    const suffix = args["server-heap"] ? `-heap${Number(args["server-heap"])}` : "";
    const file = path.join(dir, `${result.date.slice(0, 10)}-artikel-excel${suffix}.json`);
    writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
    log(`written ${path.relative(process.cwd(), file)}`);
  } finally {
    child.kill("SIGTERM");
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `bench excel failed: ${error instanceof Error ? (error.stack ?? error.message) : error}\n`,
  );
  process.exit(1);
});
