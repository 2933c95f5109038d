/**
 * The API server under measurement: started as production starts it, in a child process of its own, on the bench
 * database — so what is measured is the process users talk to (its startup, its JIT, its memory), not an app
 * instance inside the harness.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

export const REPO_ROOT = path.resolve(import.meta.dirname, "../..");

/**
 * How production starts the API — the one place that says it. `production` once the compiled server exists
 * (`npm run build:api`, then this); until then, and whenever the build is older than the sources, `source`.
 */
export const SERVER_COMMAND = {
  build: ["npm", "run", "build:api"],
  production: ["node", "--enable-source-maps", "apps/api/dist/server.js"],
  source: ["node", "--import", "tsx", "apps/api/src/server.ts"],
} as const;

const DIST_SERVER = path.join(REPO_ROOT, SERVER_COMMAND.production[2]);

/** The newest modification time of the API's and the packages' sources (tests excluded). */
function newestSource(): number {
  let newest = 0;
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === "node_modules" || entry.name === "dist") continue;
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.(ts|sql|json)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name))
        newest = Math.max(newest, statSync(file).mtimeMs);
    }
  };
  walk(path.join(REPO_ROOT, "apps/api/src"));
  for (const pkg of readdirSync(path.join(REPO_ROOT, "packages"))) {
    const src = path.join(REPO_ROOT, "packages", pkg, "src");
    if (existsSync(src)) walk(src);
  }
  return newest;
}

const hasBuildScript = () =>
  Boolean(
    (
      JSON.parse(readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")) as {
        scripts?: Record<string, string>;
      }
    ).scripts?.["build:api"],
  );

/**
 * The command to start: with `build`, runs the build first where the repository has one; then the compiled server
 * when it exists and is not older than the sources, else the sources through tsx.
 */
export function serverCommand(build: boolean): { argv: readonly string[]; how: string } {
  if (build && hasBuildScript()) {
    execFileSync(SERVER_COMMAND.build[0], SERVER_COMMAND.build.slice(1), {
      cwd: REPO_ROOT,
      stdio: "inherit",
    });
  }
  if (existsSync(DIST_SERVER)) {
    if (statSync(DIST_SERVER).mtimeMs >= newestSource())
      return { argv: SERVER_COMMAND.production, how: "production" };
    return { argv: SERVER_COMMAND.source, how: "source (apps/api/dist is older than the sources)" };
  }
  return { argv: SERVER_COMMAND.source, how: "source (no apps/api/dist yet)" };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** VmRSS and VmHWM (peak) of a process in MB, from /proc/<pid>/status (Linux). */
export function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (key: string) =>
    Number(status.match(new RegExp(`^${key}:\\s+(\\d+) kB`, "m"))?.[1] ?? Number.NaN);
  return { rss: kb("VmRSS") / 1024, hwm: kb("VmHWM") / 1024 };
}

export interface Server {
  baseUrl: string;
  pid: number;
  argv: readonly string[];
  how: string;
  /** What the server wrote (LOG_LEVEL=warn: warnings and errors only). */
  output: string[];
  stop(): Promise<void>;
}

/**
 * Starts the server on `databaseUrl` with LOG_LEVEL=warn on a free port of 127.0.0.1 and waits until
 * GET /app/api/health answers 200. The harness's timing hook (server-timing.mjs) is preloaded through NODE_OPTIONS.
 */
export async function startServer(databaseUrl: string, build: boolean): Promise<Server> {
  const { argv, how } = serverCommand(build);
  const port = await freePort();
  const timing = pathToFileURL(path.join(import.meta.dirname, "server-timing.mjs")).href;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --import=${timing}`.trim(),
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: "warn",
    PORT: String(port),
    HOST: "127.0.0.1",
    TOKEN_SECRET: randomBytes(32).toString("hex"),
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "kontor-bench-server-")),
    KONTOR_DEMO_DATA: "false",
    KONTOR_ENV: "production",
  };
  // Vitest and tsx set loader variables of their own for this process: the server starts clean of them.
  for (const key of Object.keys(env))
    if (key.startsWith("VITEST") || key === "TSX_TSCONFIG_PATH") delete env[key];
  const child: ChildProcess = spawn(process.execPath, argv.slice(1), {
    cwd: REPO_ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString("utf8").split("\n")) if (line.trim()) output.push(line);
  };
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  let exited: number | null | undefined;
  const exit = new Promise<void>((resolve) =>
    child.once("exit", (code) => {
      exited = code;
      resolve();
    }),
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (exited !== undefined) throw new Error(`the server exited (${exited}):\n${output.join("\n")}`);
    try {
      const r = await fetch(`${baseUrl}/app/api/health`);
      if (r.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`the server did not answer within 120 s:\n${output.join("\n")}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    baseUrl,
    pid: child.pid!,
    argv,
    how,
    output,
    async stop() {
      if (exited !== undefined) return;
      child.kill("SIGTERM");
      const killer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exit;
      clearTimeout(killer);
    },
  };
}
