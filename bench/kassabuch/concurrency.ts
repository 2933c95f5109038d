/**
 * The cash book's balance guard under load (issue 17): bursts of 100 cash entries sent at once, near the balance
 * limit, against the real API on PostgreSQL — how many are accepted and refused, that none is accepted beyond the
 * limit (no running balance of the stored book below zero), and the latency of a posting under that contention.
 *
 * Two app instances (buildApp on the same database, each with its own connection pool of 10, each on its own port —
 * two processes behind a load balancer as far as PostgreSQL can tell), the requests of a burst split between them.
 * Per round a fresh tenant (module kassabuch) and a member with ROLE_KASSABUCH. Two scenarios per round:
 *
 * - `limit`: opening balance 1 000,00 €, 100 expenses of 13,37 € dated over one month (back-dated ones among
 *   them). The balance covers exactly 74 (74 × 13,37 = 989,38): expected 74 accepted, 26 refused with
 *   error.cashBalanceExceeded, and 10,62 € left.
 * - `mixed`: opening balance 200,00 €, 100 entries, 60 % expenses of 1–80 €, 40 % income of 1–50 €, random days
 *   of one month: whatever is accepted, no running balance may end below zero.
 *
 * Before the bursts, 60 postings one at a time (10 warm-up) give the latency of a posting without contention.
 *
 * The stored book is then checked in SQL (as the table owner, past the API): the running balance after every entry
 * (date, then id) never below zero, the sum of accepted expenses, and the API's actualBalance equal to SQL's.
 *
 *   node --import tsx bench/kassabuch/concurrency.ts [--rounds 5] [--db kontor_bench_kassa] [--fresh]
 *                                                    [--log-level silent] [--out file.json]
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import type pg from "pg";
import { buildApp } from "../../apps/api/src/app.ts";
import { loadConfig } from "../../apps/api/src/config.ts";
import { openDatabase } from "../../apps/api/src/db/client.ts";
import { createMandant, createUser } from "../../apps/api/src/setup/seed.ts";
import { databaseUrl, ensureDatabase, withClient } from "../lib/db.ts";
import { type Client, createClient } from "../lib/http.ts";
import { createRng } from "../lib/prng.ts";
import { fmt, out, type Summary, summarize, table } from "../lib/stats.ts";

const { values } = parseArgs({
  options: {
    rounds: { type: "string", default: "5" },
    db: { type: "string", default: "kontor_bench_kassa" },
    fresh: { type: "boolean", default: false },
    "log-level": { type: "string", default: "silent" },
    out: { type: "string" },
  },
});
const ROUNDS = Number(values.rounds);
const BURST = 100;
const API = "/app/api";

interface Eintrag {
  date: string;
  typ: "einnahme" | "ausgabe";
  betrag: number;
  text: string;
}

interface Ergebnis {
  szenario: "limit" | "mixed";
  runde: number;
  accepted: number;
  refused: number;
  other: number;
  expected?: number;
  minSaldo: string;
  endSaldo: string;
  apiBalance: number;
  wallMs: number;
  ms: number[];
}

const tag = (d: number) => `2026-03-${String(d).padStart(2, "0")}`;

await ensureDatabase(values.db, values.fresh);
const url = databaseUrl(values.db);
const dataDir = mkdtempSync(path.join(os.tmpdir(), "kontor-bench-kassa-"));
const config = loadConfig({
  DATABASE_URL: url,
  TOKEN_SECRET: randomBytes(32).toString("hex"),
  DATA_DIR: dataDir,
  LOG_LEVEL: values["log-level"],
  KONTOR_DEMO_DATA: "false",
});
// Two instances, two pools: the first applies the migrations, the second finds them applied.
const databases = [await openDatabase({ databaseUrl: url }), await openDatabase({ databaseUrl: url })];
const apps: Awaited<ReturnType<typeof buildApp>>[] = [];
for (const database of databases) apps.push(await buildApp(config, database));
const clients: Client[] = [];
for (const app of apps) {
  await app.listen({ port: 0, host: "127.0.0.1" });
  clients.push(createClient(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, BURST));
}

/** A tenant with the cash book and its opening balance, a member with ROLE_KASSABUCH, signed in. */
async function mandant(runde: number, szenario: string, kassaBetrag: string) {
  const db = databases[0]!.db;
  const suffix = `${Date.now().toString(36)}-${runde}-${szenario}`;
  const mandantId = await createMandant(db, { bezeichnung: `Kassa Bench ${suffix}`, modules: ["kassabuch"] });
  await withClient(url, (c) =>
    c.query("UPDATE mandant SET kassa_betrag = $2, kassa_startdatum = '2026-01-01' WHERE id = $1", [
      mandantId,
      kassaBetrag,
    ]),
  );
  const login = `kassa-${suffix}`;
  await createUser(db, {
    login,
    email: `${login}@bench.test`,
    password: "bench-kassa",
    authorities: ["ROLE_KASSABUCH"],
    mandantIds: [mandantId],
  });
  const r = await clients[0]!.request("POST", `${API}/auth/login`, {
    body: { usernameOrEmail: login, password: "bench-kassa" },
  });
  if (r.status !== 200) throw new Error(`login: ${r.status} ${r.body}`);
  return {
    mandantId,
    headers: { authorization: `Bearer ${JSON.parse(r.body).accessToken}`, "x-mandant-id": String(mandantId) },
  };
}

/** The book as stored (table owner, past the API): least running balance and the balance after the last entry. */
async function buchSql(mandantId: number) {
  return withClient(url, async (c: pg.Client) => {
    const { rows } = await c.query<{ min: string | null; ende: string | null }>(
      `SELECT min(lauf)::text AS min, (array_agg(lauf ORDER BY datum DESC, id DESC))[1]::text AS ende
         FROM (SELECT k.datum, k.id, m.kassa_betrag
                        + sum(CASE WHEN k.typ = 'einnahme' THEN k.betrag ELSE -k.betrag END)
                          OVER (ORDER BY k.datum, k.id) AS lauf
                 FROM kassabuch_eintrag k JOIN mandant m ON m.id = k.mandant_id
                WHERE k.mandant_id = $1) x`,
      [mandantId],
    );
    return { min: rows[0]?.min ?? "-", ende: rows[0]?.ende ?? "-" };
  });
}

async function burst(
  runde: number,
  szenario: "limit" | "mixed",
  kassaBetrag: string,
  eintraege: Eintrag[],
  expected?: number,
): Promise<Ergebnis> {
  const { mandantId, headers } = await mandant(runde, szenario, kassaBetrag);
  const start = process.hrtime.bigint();
  const answers = await Promise.all(
    eintraege.map((body, i) =>
      clients[i % clients.length]!.request("PUT", `${API}/kassabuch`, { headers, body }),
    ),
  );
  const wallMs = Number(process.hrtime.bigint() - start) / 1e6;
  const refusedOk = (a: { status: number; body: string }) =>
    a.status === 409 && JSON.parse(a.body).code === "error.cashBalanceExceeded";
  const book = await buchSql(mandantId);
  const api = await clients[1]!.request("GET", `${API}/kassabuch?size=1`, { headers });
  return {
    szenario,
    runde,
    accepted: answers.filter((a) => a.status === 200).length,
    refused: answers.filter(refusedOk).length,
    other: answers.filter((a) => a.status !== 200 && !refusedOk(a)).length,
    ...(expected === undefined ? {} : { expected }),
    minSaldo: book.min,
    endSaldo: book.ende,
    apiBalance: JSON.parse(api.body).actualBalance,
    wallMs,
    ms: answers.map((a) => a.ms),
  };
}

const ergebnisse: Ergebnis[] = [];
/** Postings one at a time (no contention): the latency of one posting for comparison. */
let einzeln: Summary | undefined;
try {
  {
    const { headers } = await mandant(0, "single", "0.00");
    const ms: number[] = [];
    for (let i = 0; i < 60; i++) {
      const a = await clients[i % clients.length]!.request("PUT", `${API}/kassabuch`, {
        headers,
        body: { date: tag((i % 28) + 1), typ: "einnahme", betrag: 1.5, text: `Einzeln ${i}` },
      });
      if (a.status !== 200) throw new Error(`single: ${a.status} ${a.body}`);
      if (i >= 10) ms.push(a.ms);
    }
    einzeln = summarize(ms);
  }
  for (let runde = 1; runde <= ROUNDS; runde++) {
    const rng = createRng(runde);
    const zufall = () => rng.next();
    ergebnisse.push(
      await burst(
        runde,
        "limit",
        "1000.00",
        Array.from({ length: BURST }, (_, i) => ({
          date: tag(((i * 7) % 28) + 1),
          typ: "ausgabe" as const,
          betrag: 13.37,
          text: `Bench Ausgabe ${i}`,
        })),
        Math.floor(1000 / 13.37),
      ),
    );
    ergebnisse.push(
      await burst(
        runde,
        "mixed",
        "200.00",
        Array.from({ length: BURST }, (_, i) => {
          const ausgabe = zufall() < 0.6;
          const cent = ausgabe ? 100 + Math.floor(zufall() * 7_900) : 100 + Math.floor(zufall() * 4_900);
          return {
            date: tag(1 + Math.floor(zufall() * 28)),
            typ: ausgabe ? ("ausgabe" as const) : ("einnahme" as const),
            betrag: cent / 100,
            text: `Bench ${i}`,
          };
        }),
      ),
    );
  }
} finally {
  for (const client of clients) client.close();
  for (const app of apps) await app.close();
  for (const database of databases) await database.close();
}

const alle = (szenario: string) => ergebnisse.filter((e) => e.szenario === szenario);
const latenz = (szenario: string): Summary => summarize(alle(szenario).flatMap((e) => e.ms));
out(
  `cash book: ${ROUNDS} rounds × 2 bursts of ${BURST} concurrent PUT kassabuch over 2 app instances (2 × 10 connections)`,
);
out(
  `load average ${os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(" ")}`,
);
out();
out(
  table(
    [
      "scenario",
      "round",
      "accepted",
      "refused",
      "other",
      "expected",
      "min balance",
      "end balance",
      "api balance",
      "wall ms",
    ],
    ergebnisse.map((e) => [
      e.szenario,
      e.runde,
      e.accepted,
      e.refused,
      e.other,
      e.expected ?? "-",
      e.minSaldo,
      e.endSaldo,
      e.apiBalance,
      e.wallMs.toFixed(0),
    ]),
  ),
);
out();
out(
  table(
    ["scenario", "requests", "median ms", "p95 ms", "max ms", "mean ms"],
    ["limit", "mixed"].map((s) => {
      const l = latenz(s);
      return [s, l.n, fmt(l.median), fmt(l.p95), fmt(l.max), fmt(l.mean)];
    }),
  ),
);
if (einzeln)
  out(
    `one at a time (no contention, 50 after 10 warm-up): median ${fmt(einzeln.median)} ms, p95 ${fmt(einzeln.p95)} ms`,
  );
const ueberLimit = ergebnisse.filter(
  (e) =>
    e.minSaldo.startsWith("-") ||
    (e.expected !== undefined && e.accepted !== e.expected) ||
    Number(e.endSaldo) !== e.apiBalance ||
    e.other > 0,
);
out();
out(
  ueberLimit.length === 0
    ? "ok: 0 accepted above the limit — no running balance below zero, limit bursts accepted exactly what the balance covers"
    : `FAILED in ${ueberLimit.length} burst(s)`,
);
const ziel =
  values.out ??
  path.join(import.meta.dirname, "..", "results", `${new Date().toISOString().slice(0, 10)}-kassabuch.json`);
mkdirSync(path.dirname(ziel), { recursive: true });
writeFileSync(
  ziel,
  `${JSON.stringify(
    {
      bench: "kassabuch-concurrency",
      at: new Date().toISOString(),
      rounds: ROUNDS,
      burst: BURST,
      instances: apps.length,
      loadavg: os.loadavg(),
      bursts: ergebnisse.map(({ ms: _, ...e }) => e),
      latency: { limit: latenz("limit"), mixed: latenz("mixed"), single: einzeln },
      failures: ueberLimit.length,
    },
    null,
    2,
  )}\n`,
);
out(`written ${path.relative(process.cwd(), ziel)}`);
if (ueberLimit.length > 0) process.exitCode = 1;
