/**
 * What bench/lib does not have yet and the throughput bench needs (candidates for lib/measure.ts):
 *
 * - `serveWrites`: like lib/measure.ts `serve`, but PUT and POST with a JSON body and several requests at once
 *   (`maxSockets` keep-alive connections); server time per request as there (Node's `request` event to the last
 *   byte handed to the socket);
 * - `sqlMeter`: the time the app's SQL takes and the number of statements, from the pg driver (every
 *   `Client.query`, promise or callback, from the call to its result) while a window is open — meaningful for one
 *   request at a time only.
 */
import type { AddressInfo } from "node:net";
import pg from "pg";
import { createClient } from "../lib/http.ts";
import { API, type App } from "../lib/measure.ts";
import { msSince } from "../lib/stats.ts";

export interface Answer {
  status: number;
  /** Client latency (ms) and server time (ms). */
  ms: number;
  server: number;
  body: string;
}

export interface WriteApi {
  signIn(login: string, password: string, mandantId: number): Promise<void>;
  request(method: "GET" | "PUT" | "POST", path: string, body?: unknown): Promise<Answer>;
  close(): void;
}

export async function serveWrites(app: App, maxSockets: number): Promise<WriteApi> {
  const serverMs = new Map<string, number>();
  app.server.prependListener("request", (req, res) => {
    const id = req.headers["x-bench-id"];
    if (typeof id !== "string") return;
    const start = process.hrtime.bigint();
    res.once("finish", () => serverMs.set(id, msSince(start)));
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const client = createClient(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, maxSockets);
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
    async request(method, path, body) {
      const id = String(++seq);
      const r = await client.request(method, path, {
        headers: { ...auth, "x-bench-id": id },
        ...(body === undefined ? {} : { body }),
      });
      if (!serverMs.has(id)) await new Promise((resolve) => setImmediate(resolve));
      const server = serverMs.get(id) ?? Number.NaN;
      serverMs.delete(id);
      return { status: r.status, ms: r.ms, server, body: r.body };
    },
    close: () => client.close(),
  };
}

// --- SQL time and statements of the app, from the pg driver -------------------------------------------------------
interface Window {
  ms: number;
  statements: number;
  /** Each statement's text and time, when asked for. */
  each?: { text: string; ms: number }[];
}
let window: Window | undefined;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...params: unknown[]) {
  const w = window;
  if (!w) return (query as (...p: unknown[]) => unknown).apply(this, params);
  w.statements++;
  const start = process.hrtime.bigint();
  const config = params[0] as string | { text?: string };
  const text = typeof config === "string" ? config : (config?.text ?? "");
  const took = () => {
    const ms = msSince(start);
    w.ms += ms;
    w.each?.push({ text, ms });
  };
  const last = params[params.length - 1];
  if (typeof last === "function") {
    params[params.length - 1] = (...result: unknown[]) => {
      took();
      return (last as (...r: unknown[]) => unknown)(...result);
    };
    return (query as (...p: unknown[]) => unknown).apply(this, params);
  }
  const result = (query as (...p: unknown[]) => unknown).apply(this, params);
  if (result && typeof (result as Promise<unknown>).then === "function")
    (result as Promise<unknown>).then(took, took);
  return result;
} as typeof query;

/** Runs `fn` with the SQL meter open: its result, the ms spent in SQL and the statements sent (`each`: each one). */
export async function sqlMeter<T>(fn: () => Promise<T>, each = false): Promise<{ value: T } & Window> {
  const w: Window = { ms: 0, statements: 0, ...(each ? { each: [] } : {}) };
  window = w;
  try {
    const value = await fn();
    return { value, ...w };
  } finally {
    window = undefined;
  }
}
