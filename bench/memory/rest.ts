/**
 * The API's memory at rest (issue 20): starts the server as production does (`node --enable-source-maps
 * apps/api/dist/server.js`, built by `npm run build:api`; `--tsx` runs the sources through tsx instead, as
 * production did before), on a fresh PostgreSQL database (`--db`, default kontor_memory, dropped and created) or
 * on PGlite in a fresh data directory (`--pglite`), with the demo data. It waits for /app/api/health, signs in once
 * as admin, waits `--settle` ms and reads the child's VmRSS and VmHWM (peak) from /proc/<pid>/status and its
 * process.memoryUsage() after a full GC (a preload answers SIGUSR2; the app is not changed). Prints one markdown
 * table row (`--header` adds the header first).
 *
 *   npm run build:api && node --import tsx bench/memory/rest.ts [--pglite] [--tsx] [--db kontor_memory]
 *                                                             [--settle 2000] [--header]
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { databaseUrl, ensureDatabase, SERVER_URL } from "../lib/db.ts";

const { values: options } = parseArgs({
  options: {
    pglite: { type: "boolean", default: false },
    tsx: { type: "boolean", default: false },
    db: { type: "string", default: "kontor_memory" },
    settle: { type: "string", default: "2000" },
    header: { type: "boolean", default: false },
  },
});

const repoRoot = path.resolve(import.meta.dirname, "../..");
const MB = 1024 * 1024;

/** Answers SIGUSR2 with process.memoryUsage() after a full GC, as one line on stderr. */
const MEMORY_PRELOAD = `data:text/javascript,${encodeURIComponent(
  'process.on("SIGUSR2", () => { globalThis.gc?.(); process.stderr.write("kontor-memory " + JSON.stringify(process.memoryUsage()) + "\\n"); });',
)}`;

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** kB figures of /proc/<pid>/status (VmRSS, VmHWM, …) in MB. */
function procStatus(pid: number): Record<string, number> {
  const fields: Record<string, number> = {};
  for (const line of readFileSync(`/proc/${pid}/status`, "utf8").split("\n")) {
    const match = /^(Vm\w+):\s+(\d+) kB/.exec(line);
    if (match) fields[match[1]!] = Number(match[2]) / 1024;
  }
  return fields;
}

async function waitUntilUp(child: ChildProcess, base: string, output: () => string) {
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output()}`);
    try {
      if ((await fetch(`${base}/app/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not come up:\n${output()}`);
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), "kontor-memory-"));
let url: string | undefined;
if (!options.pglite) {
  await ensureDatabase(options.db, true);
  url = databaseUrl(options.db);
}
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const entry = options.tsx ? ["--import", "tsx", "apps/api/src/server.ts"] : ["apps/api/dist/server.js"];
const started = performance.now();
const child = spawn(
  process.execPath,
  ["--enable-source-maps", "--expose-gc", "--import", MEMORY_PRELOAD, ...entry],
  {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATABASE_URL: url ?? "",
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      KONTOR_DEMO_DATA: "true",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  },
);
let output = "";
child.stdout!.on("data", (chunk) => {
  output += chunk;
});
child.stderr!.on("data", (chunk) => {
  output += chunk;
});
const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

try {
  await waitUntilUp(child, base, () => output);
  const startSeconds = (performance.now() - started) / 1000;
  const login = await fetch(`${base}/app/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ usernameOrEmail: "admin", password: "admin123" }),
  });
  if (login.status !== 200) throw new Error(`sign-in answered ${login.status}`);
  await login.arrayBuffer();
  await new Promise((r) => setTimeout(r, Number(options.settle)));

  const status = procStatus(child.pid!);
  const before = output.length;
  child.kill("SIGUSR2");
  let memory: NodeJS.MemoryUsage | undefined;
  for (let i = 0; i < 100 && !memory; i++) {
    await new Promise((r) => setTimeout(r, 50));
    const line = /kontor-memory (\{.*\})/.exec(output.slice(before));
    if (line) memory = JSON.parse(line[1]!) as NodeJS.MemoryUsage;
  }

  const mb = (value: number | undefined) => (value === undefined ? "–" : `${Math.round(value)} MB`);
  if (options.header) {
    console.log(
      "| server | database | RSS at rest | RSS peak (VmHWM) | heap used | heap total | external | start |",
    );
    console.log("|---|---|---:|---:|---:|---:|---:|---:|");
  }
  console.log(
    `| ${options.tsx ? "tsx (sources)" : "compiled (dist)"} | ${options.pglite ? "PGlite" : "PostgreSQL"} | ` +
      `${mb(status.VmRSS)} | ${mb(status.VmHWM)} | ${mb(memory && memory.heapUsed / MB)} | ` +
      `${mb(memory && memory.heapTotal / MB)} | ${mb(memory && memory.external / MB)} | ${startSeconds.toFixed(1)} s |`,
  );
} finally {
  child.kill("SIGTERM");
  await exited;
  rmSync(dataDir, { recursive: true, force: true });
  if (!options.pglite) {
    const admin = new pg.Client({ connectionString: SERVER_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${options.db.replaceAll('"', '""')}" WITH (FORCE)`);
    await admin.end();
  }
}
