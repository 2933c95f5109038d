/**
 * The SQL an endpoint runs, for the raw-SQL column and the overhead ratio: an app instance inside the harness
 * (buildApp + loadConfig on the bench database, as the server does, never listening) answers each request through
 * `inject`, and every statement it sends through the pg driver is captured. The harness replays them raw through
 * pg from its own clients (replay.ts). The same instance lists the API's routes (its OpenAPI document), from which
 * the paged lists are found. Closed before anything is measured.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { loadConfig } from "../../apps/api/src/config.ts";
import { openDatabase } from "../../apps/api/src/db/client.ts";

export interface Stmt {
  /** The prepared statement's name where the app names one (replayed with it: prepared once per connection). */
  name?: string;
  text: string;
  values: unknown[];
}

let capturing: Stmt[] | undefined;
const clientQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...params: unknown[]) {
  if (capturing) {
    const [config, values] = params as [
      string | { text?: string; name?: string; values?: unknown[] },
      unknown[] | undefined,
    ];
    const text = typeof config === "string" ? config : config?.text;
    const own = typeof config === "object" ? config.values : undefined;
    const name = typeof config === "object" ? config.name : undefined;
    if (text) capturing.push({ ...(name ? { name } : {}), text, values: own ?? values ?? [] });
  }
  return (clientQuery as (...p: unknown[]) => unknown).apply(this, params);
} as typeof clientQuery;

export interface Captured {
  status: number;
  headers: Record<string, unknown>;
  body: string;
  statements: Stmt[];
}

export interface Request {
  method: "GET" | "POST";
  path: string;
  body?: unknown;
  /** With the signed-in user's token and the tenant (x-mandant-id). */
  auth: boolean;
}

export interface OpenApiGet {
  path: string;
  query: string[];
}

export async function openCapture(url: string) {
  const database = await openDatabase({ databaseUrl: url });
  const config = loadConfig({
    DATABASE_URL: url,
    TOKEN_SECRET: randomBytes(32).toString("hex"),
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "kontor-bench-capture-")),
    LOG_LEVEL: "silent",
    KONTOR_DEMO_DATA: "false",
  });
  const { buildApp } = await import("../../apps/api/src/app.ts");
  const app = await buildApp(config, database);
  await app.ready();
  let auth: Record<string, string> = {};

  async function send(r: Request) {
    return app.inject({
      method: r.method,
      url: r.path,
      headers: r.auth ? auth : {},
      ...(r.body === undefined ? {} : { payload: r.body as object }),
    });
  }

  return {
    async signIn(login: string, password: string, mandantId: number) {
      const r = await send({
        method: "POST",
        path: "/app/api/auth/login",
        body: { usernameOrEmail: login, password },
        auth: false,
      });
      if (r.statusCode !== 200) throw new Error(`capture: login failed: ${r.statusCode} ${r.body}`);
      auth = { authorization: `Bearer ${r.json().accessToken}`, "x-mandant-id": String(mandantId) };
    },
    /**
     * The request answered twice; the statements of the second answer (steady state: caches warm, prepared
     * statements known).
     */
    async capture(r: Request): Promise<Captured> {
      await send(r);
      capturing = [];
      try {
        const res = await send(r);
        return { status: res.statusCode, headers: res.headers, body: res.body, statements: capturing };
      } finally {
        capturing = undefined;
      }
    },
    /** The API's GET routes with their query parameters (from its OpenAPI document). */
    routes(): OpenApiGet[] {
      const spec = app.swagger() as {
        paths: Record<string, { get?: { parameters?: { in: string; name: string }[] } }>;
      };
      return Object.entries(spec.paths).flatMap(([p, item]) =>
        item.get
          ? [
              {
                path: p,
                query: (item.get.parameters ?? []).filter((x) => x.in === "query").map((x) => x.name),
              },
            ]
          : [],
      );
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}
export type Capture = Awaited<ReturnType<typeof openCapture>>;

// --- Replay -------------------------------------------------------------------------------------------------------
const isBegin = (s: Stmt) => /^\s*begin\b/i.test(s.text);
const isEnd = (s: Stmt) => /^\s*(commit|rollback)\b/i.test(s.text);

/**
 * What the raw replay runs for a request's statements: its tenant transaction (BEGIN … COMMIT; the sign-in checks
 * before it are the guard's, not the query's) — or, where the request has none (sign-in), all its statements in
 * one. Always ending in ROLLBACK, so a replay changes nothing (for reads as fast as COMMIT).
 */
export function replayable(statements: Stmt[]): Stmt[] {
  const begin = statements.findIndex(isBegin);
  const end = statements.findLastIndex(isEnd);
  const body =
    begin >= 0 && end > begin
      ? statements.slice(begin + 1, end)
      : statements.filter((s) => !isBegin(s) && !isEnd(s));
  // The app's BEGIN carries its tenant setup (`BEGIN; select set_config(…)`, db/client.ts): replayed as it was sent.
  const opening = begin >= 0 && end > begin ? statements[begin]! : { text: "BEGIN", values: [] };
  return [opening, ...body, { text: "ROLLBACK", values: [] }];
}

/** Runs the statements through `client` (prepared ones by their name); the time in ms. */
export async function replay(client: pg.Client, statements: Stmt[]): Promise<number> {
  const start = process.hrtime.bigint();
  for (const s of statements) {
    await client.query(
      s.name ? { name: s.name, text: s.text, values: s.values } : { text: s.text, values: s.values },
    );
  }
  return Number(process.hrtime.bigint() - start) / 1e6;
}
