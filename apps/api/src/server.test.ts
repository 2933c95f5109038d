import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterEach, beforeAll, describe, expect, it } from "vitest";

/**
 * The real server process as production runs it, compiled by `npm run build:api` (apps/api/dist/server.js, built
 * here first from the current sources): start, data-directory lock, configuration errors, graceful shutdown,
 * restarts.
 */
const repoRoot = path.resolve(import.meta.dirname, "../../..");
const running = new Set<ChildProcess>();

beforeAll(() => {
  execFileSync(process.execPath, ["apps/api/scripts/build.mjs"], { cwd: repoRoot, stdio: "pipe" });
});

afterEach(() => {
  for (const child of running) child.kill("SIGKILL");
  running.clear();
});

interface Started {
  child: ChildProcess;
  port: number;
  /** Everything the process printed (logs on stdout, reasons on stderr). */
  output: () => string;
  /** What it printed on stderr: the one-line reason when it stops. */
  errors: () => string;
  exited: Promise<number | null>;
}

function start(env: Record<string, string>): Started {
  const child = spawn(process.execPath, ["--enable-source-maps", "apps/api/dist/server.js"], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: "", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  let output = "";
  let errors = "";
  child.stdout!.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr!.on("data", (chunk) => {
    output += chunk;
    errors += chunk;
  });
  const exited = new Promise<number | null>((resolve) =>
    child.on("exit", (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  return { child, port: Number(env.PORT), output: () => output, errors: () => errors, exited };
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Up to 75 s: a fresh data directory is migrated and seeded first, which takes long on a loaded 2-core machine. */
async function waitUntilUp(server: Started) {
  for (let i = 0; i < 750; i++) {
    if (server.child.exitCode !== null) throw new Error(`server exited: ${server.output()}`);
    try {
      const response = await fetch(`http://127.0.0.1:${server.port}/app/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not come up: ${server.output()}`);
}

const newDataDir = () => mkdtempSync(path.join(tmpdir(), "kontor-server-"));

async function login(port: number, usernameOrEmail: string, password: string) {
  return fetch(`http://127.0.0.1:${port}/app/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ usernameOrEmail, password }),
  });
}

// Each test starts real server processes (migrations included): slow on a loaded 2-core machine, hence the limit.
describe("server process", { timeout: 90_000 }, () => {
  it("stops with a one-line reason and exit code 1 on a wrong configuration value", async () => {
    const server = start({ PORT: "not-a-port", DATA_DIR: newDataDir() });
    expect(await server.exited).toBe(1);
    expect(server.errors().trim()).toBe("kontor: Configuration error: PORT must be a number");
  });

  it("refuses a second process on the same data directory", async () => {
    const dataDir = newDataDir();
    const first = start({ PORT: String(await freePort()), DATA_DIR: dataDir });
    await waitUntilUp(first);
    const second = start({ PORT: String(await freePort()), DATA_DIR: dataDir });
    expect(await second.exited).not.toBe(0);
    const lines = second.errors().trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^kontor: Data directory .* is in use by another Kontor process \(pid \d+\)/);
    // the first one is unharmed
    expect((await fetch(`http://127.0.0.1:${first.port}/app/api/health`)).status).toBe(200);
  });

  it("seeds the demo data once, finishes in-flight requests on SIGTERM, and keeps all data across restarts", async () => {
    const dataDir = newDataDir();
    const port = await freePort();
    const first = start({ PORT: String(port), DATA_DIR: dataDir });
    await waitUntilUp(first);
    // The compiled server finds what it reads at run time (migrations, package.json) from dist/ as from src/.
    const { version } = JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8")) as {
      version: string;
    };
    expect(await (await fetch(`http://127.0.0.1:${port}/app/api/appinfo`)).json()).toMatchObject({ version });

    // Several sign-ins in flight when SIGTERM arrives: each must still get its answer.
    // (Counted from here: the demo seeding's own requests through app.inject are logged too.)
    const requests = () => (first.output().match(/incoming request/g) ?? []).length;
    const before = requests();
    const inFlight = Array.from({ length: 6 }, () => login(port, "admin", "admin123"));
    for (let i = 0; i < 200 && requests() < before + 6; i++) {
      await new Promise((r) => setTimeout(r, 5));
    }
    first.child.kill("SIGTERM");
    const responses = await Promise.all(inFlight);
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const { accessToken } = (await responses[0]!.json()) as { accessToken: string };
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain("shut down cleanly");
    expect(existsSync(path.join(dataDir, "kontor.lock"))).toBe(false);

    // Restart on the same directory: the token issued before still works (secret and session rows persisted),
    // and the demo data was not seeded a second time.
    const second = start({ PORT: String(port), DATA_DIR: dataDir });
    await waitUntilUp(second);
    const account = await fetch(`http://127.0.0.1:${port}/app/api/account`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(account.status).toBe(200);
    expect(await account.json()).toMatchObject({ login: "admin", firstName: "Anna" });
    const user = await login(port, "user", "user123");
    expect(user.status).toBe(200);
    expect(((await user.json()) as { authorities: string[] }).authorities.sort()).toEqual([
      "ROLE_KASSABUCH",
      "ROLE_USER",
    ]);
    expect(second.output()).not.toContain("demo data seeded");
    second.child.kill("SIGTERM");
    expect(await second.exited).toBe(0);
  });

  it.runIf(process.env.DATABASE_URL)(
    "on an empty PostgreSQL database without demo data it needs KONTOR_ADMIN_PASSWORD for the first administrator",
    async () => {
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      const name = `kontor_bootstrap_${process.pid}_${Date.now()}`;
      await admin.query(`create database ${name}`);
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = `/${name}`;
      try {
        const refused = start({
          PORT: String(await freePort()),
          DATA_DIR: newDataDir(),
          DATABASE_URL: url.href,
        });
        expect(await refused.exited).toBe(1);
        expect(refused.errors().trim()).toMatch(
          /^kontor: Configuration error: the database has no users; set KONTOR_ADMIN_PASSWORD/,
        );

        const port = await freePort();
        const started = start({
          PORT: String(port),
          DATA_DIR: newDataDir(),
          DATABASE_URL: url.href,
          KONTOR_ADMIN_PASSWORD: "first-admin-pw",
        });
        await waitUntilUp(started);
        expect((await login(port, "admin", "first-admin-pw")).status).toBe(200);
        expect((await login(port, "user", "user123")).status).toBe(401);
        started.child.kill("SIGTERM");
        expect(await started.exited).toBe(0);
      } finally {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    },
  );
});
