/**
 * The measurement: every scenario's requests against the server, interleaved — per round every variant of every
 * scenario in turn (round robin), so all of them see the same conditions — after warm-up rounds, at each level of
 * concurrency. At concurrency c a variant's turn is c requests at once over c keep-alive connections, then the
 * variant's captured SQL replayed raw by c pg clients at once; a variant gets `n` samples at every level
 * (n / c rounds) — unless it is slow: a scenario that has used `maxSeconds` per request of it (its requests and
 * their raw SQL) and has `minSamples` leaves the rounds, so one slow query does not hold the run for an hour. Per sample: the
 * client's round trip, the server's own time (x-bench-server-ms of the timing hook), and the raw SQL's time.
 */
import pg from "pg";
import { createClient } from "../lib/http.ts";
import { replay, type Stmt } from "./capture.ts";
import type { Scenario, Variant } from "./scenarios.ts";

/** A variant ready to measure: its request and the SQL it runs (replayable: BEGIN … ROLLBACK). */
export interface Probe extends Variant {
  sql: Stmt[];
}

export interface MeasuredScenario extends Omit<Scenario, "variants"> {
  variants: Probe[];
}

export interface Samples {
  client: number[];
  server: number[];
  sql: number[];
  /** Wall time of the scenario's turns (ms) and the requests they answered: requests per second. */
  wallMs: number;
  /** Time the scenario took, its raw SQL included (ms): what `maxSeconds` limits. */
  usedMs: number;
  /** Measured rounds. */
  rounds: number;
  requests: number;
  /** Answers by status; anything but 2xx is an error of the run. */
  statuses: Record<string, number>;
  /** The first answer that was not 2xx. */
  firstError?: string;
}

export interface LevelResult {
  concurrency: number;
  /** Per scenario id, and per scenario id and variant label. */
  scenarios: Record<string, Samples>;
  variants: Record<string, Record<string, Samples>>;
  seconds: number;
}

const empty = (): Samples => ({
  client: [],
  server: [],
  sql: [],
  wallMs: 0,
  usedMs: 0,
  rounds: 0,
  requests: 0,
  statuses: {},
});

export interface Session {
  baseUrl: string;
  /** Headers of a signed-in request (token, tenant). */
  auth: Record<string, string>;
}

export async function measureLevel(
  session: Session,
  dbUrl: string,
  scenarios: MeasuredScenario[],
  o: {
    concurrency: number;
    n: number;
    warmup: number;
    maxSeconds: number;
    minSamples: number;
    progress?: (line: string) => void;
  },
): Promise<LevelResult> {
  const c = o.concurrency;
  const http = createClient(session.baseUrl, c);
  const raws = await Promise.all(
    Array.from({ length: c }, async () => {
      const client = new pg.Client({ connectionString: dbUrl });
      await client.connect();
      return client;
    }),
  );
  const result: LevelResult = { concurrency: c, scenarios: {}, variants: {}, seconds: 0 };
  for (const s of scenarios) {
    result.scenarios[s.id] = empty();
    result.variants[s.id] = Object.fromEntries(s.variants.map((v) => [v.label, empty()]));
  }
  const started = performance.now();
  try {
    const rounds = Math.max(1, Math.ceil(o.n / c));
    const warm = Math.ceil(o.warmup / c);
    const minRounds = Math.ceil(Math.min(o.minSamples, o.n) / c);
    for (let round = -warm; round < rounds; round++) {
      const active = scenarios.filter((s) => {
        const x = result.scenarios[s.id]!;
        return x.rounds < minRounds || x.usedMs < o.maxSeconds * 1000 * s.variants.length;
      });
      if (
        o.progress &&
        round >= 0 &&
        (round % Math.max(1, Math.ceil(rounds / 10)) === 0 || round === rounds - 1)
      )
        o.progress(
          `  concurrency ${c}: round ${round + 1} of ${rounds}, ${active.length} of ${scenarios.length} scenarios`,
        );
      for (const s of active) {
        if (round >= 0) result.scenarios[s.id]!.rounds++;
        for (const v of s.variants) {
          const t0 = performance.now();
          const answers = await Promise.all(Array.from({ length: c }, () => send(http, session, v)));
          const wall = performance.now() - t0;
          const sql = v.sql.length > 2 ? await Promise.all(raws.map((raw) => replay(raw, v.sql))) : [];
          if (round < 0) continue;
          result.scenarios[s.id]!.usedMs += performance.now() - t0;
          for (const target of [result.scenarios[s.id]!, result.variants[s.id]![v.label]!]) {
            target.wallMs += wall;
            target.requests += answers.length;
            for (const a of answers) {
              target.client.push(a.ms);
              target.server.push(a.server);
              target.statuses[a.status] = (target.statuses[a.status] ?? 0) + 1;
              if ((a.status < 200 || a.status > 299) && !target.firstError)
                target.firstError = `${v.method} ${v.path}: ${a.status} ${a.body.slice(0, 300)}`;
            }
            target.sql.push(...sql);
          }
        }
      }
    }
  } finally {
    http.close();
    await Promise.all(raws.map((r) => r.end()));
  }
  result.seconds = (performance.now() - started) / 1000;
  return result;
}

export interface Answer {
  status: number;
  ms: number;
  server: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
}

export async function send(
  http: ReturnType<typeof createClient>,
  session: Session,
  v: Variant,
): Promise<Answer> {
  const r = await http.request(v.method, v.path, {
    headers: v.auth ? session.auth : {},
    ...(v.body === undefined ? {} : { body: v.body }),
  });
  const server = Number(r.headers["x-bench-server-ms"] ?? Number.NaN);
  return { status: r.status, ms: r.ms, server, body: r.body, headers: r.headers };
}

/** Rows of a list answer (the array, or the first array in the object) and its total headers. */
export function rowsOf(a: Answer): { rows?: number; total?: string } {
  let rows: number | undefined;
  try {
    const body = JSON.parse(a.body) as unknown;
    if (Array.isArray(body)) rows = body.length;
    else if (body && typeof body === "object") {
      const list = Object.values(body).find(Array.isArray);
      if (list) rows = list.length;
    }
  } catch {
    // not JSON
  }
  const count = a.headers["x-total-count"];
  const capped = a.headers["x-total-count-capped"];
  const total = count === undefined ? undefined : `${count}${capped === "true" ? "+" : ""}`;
  return { ...(rows === undefined ? {} : { rows }), ...(total === undefined ? {} : { total }) };
}
