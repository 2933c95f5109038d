/**
 * RKSV end to end (issue 18; budget: ≥ 100 signed cash invoices per second): cash invoices finalized through the
 * real API on PostgreSQL — number drawn, totals checked, the register locked, the receipt signed with the software
 * device, stored and chained, rksvBarcode written, all in the finalization transaction.
 *
 * One tenant with modules rechnungslegung and rksv, its invoice circle with rksv on, the register started. The
 * drafts are made first (not measured); then per round --n drafts are finalized at --concurrency requests at a time
 * (the register's row lock serialises the receipts; the rest of the finalization runs in parallel). Per round:
 * invoices per second (wall time) and the latency of a finalization; the median of the rounds is held against the
 * budget. The DEP of all rounds is then checked with the project's verifier.
 *
 *   npm run bench:rksv:finalisieren
 *   node --import tsx bench/rksv/finalisieren.ts [--runs 5] [--n 200] [--concurrency 4] [--db kontor_bench_rksv]
 *                                                [--fresh] [--log-level silent]
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { type DepExport, type KryptoMaterialContainer, pruefeDep } from "@kontor/rksv";
import { buildApp } from "../../apps/api/src/app.ts";
import { loadConfig } from "../../apps/api/src/config.ts";
import { openDatabase } from "../../apps/api/src/db/client.ts";
import { createMandant, createUser } from "../../apps/api/src/setup/seed.ts";
import { databaseUrl, ensureDatabase, withClient } from "../lib/db.ts";
import { createClient } from "../lib/http.ts";
import { fmt, out, summarize, table } from "../lib/stats.ts";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "5" },
    n: { type: "string", default: "200" },
    concurrency: { type: "string", default: "4" },
    db: { type: "string", default: "kontor_bench_rksv" },
    fresh: { type: "boolean", default: false },
    "log-level": { type: "string", default: "silent" },
    "ohne-rksv": { type: "boolean", default: false },
  },
});
/** The same finalizations without the module rksv: the share of the receipt in a finalization. */
const OHNE_RKSV = values["ohne-rksv"];
const RUNS = Number(values.runs);
const N = Number(values.n);
const PARALLEL = Number(values.concurrency);
const BUDGET = 100;
const API = "/app/api";

await ensureDatabase(values.db, values.fresh);
const url = databaseUrl(values.db);
const config = loadConfig({
  DATABASE_URL: url,
  TOKEN_SECRET: randomBytes(32).toString("hex"),
  DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "kontor-bench-rksv-")),
  LOG_LEVEL: values["log-level"],
  KONTOR_DEMO_DATA: "false",
});
const database = await openDatabase({ databaseUrl: url });
const app = await buildApp(config, database);
await app.listen({ port: 0, host: "127.0.0.1" });
const client = createClient(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, PARALLEL);

async function call(method: string, pfad: string, headers: Record<string, string>, body?: unknown) {
  const antwort = await client.request(method, `${API}/${pfad}`, { headers, body });
  if (antwort.status !== 200) throw new Error(`${method} ${pfad}: ${antwort.status} ${antwort.body}`);
  return { json: JSON.parse(antwort.body), ms: antwort.ms };
}

try {
  const suffix = Date.now().toString(36);
  const mandantId = await createMandant(database.db, {
    bezeichnung: `RKSV Bench ${suffix}`,
    modules: OHNE_RKSV ? ["rechnungslegung"] : ["rechnungslegung", "rksv"],
    adresse: { strasse: "Ring", hausNummer: "1", plz: "1010", ort: "Wien", land: "AT" },
  });
  await withClient(url, async (c) => {
    await c.query("UPDATE mandant SET uid = 'ATU13585627' WHERE id = $1", [mandantId]);
    await c.query(
      `INSERT INTO rechnungskreis (mandant_id, rechnungskreis_name, rechnungsnummern_pattern, rksv)
       VALUES ($1, 'Kasse', 'BR-{YYYY}-{NNNNNN}', true)`,
      [mandantId],
    );
    await c.query("UPDATE rechnungskreis SET rksv = true WHERE mandant_id = $1", [mandantId]);
  });
  const login = `rksv-${suffix}`;
  await createUser(database.db, {
    login,
    email: `${login}@bench.test`,
    password: "bench-rksv",
    authorities: ["ROLE_USER", "ROLE_ADMIN_MANDANT"],
    mandantIds: [mandantId],
  });
  const anmeldung = await client.request("POST", `${API}/auth/login`, {
    body: { usernameOrEmail: login, password: "bench-rksv" },
  });
  const headers = {
    authorization: `Bearer ${JSON.parse(anmeldung.body).accessToken}`,
    "x-mandant-id": String(mandantId),
  };
  const kunde = (
    await call("PUT", "kundes", headers, {
      firma: "firma",
      bezeichnung: "Laufkunde",
      adresseLists: [{ strasse: "Ring", hausNummer: "2", plz: "1010", ort: "Wien", land: "AT" }],
    })
  ).json;
  const kasse = OHNE_RKSV
    ? null
    : (await call("POST", "rksv/startbeleg", headers, { kassenId: `BENCH-${suffix}` })).json.kasse;
  const heute = new Date().toISOString().slice(0, 10);

  const runden: { proSekunde: number; ms: number[] }[] = [];
  for (let runde = 0; runde <= RUNS; runde++) {
    const entwuerfe: number[] = [];
    for (let i = 0; i < N; i++)
      entwuerfe.push(
        (
          await call("PUT", "beleg", headers, {
            belegsTyp: "barrechnung",
            belegDatum: heute,
            leistungsDatum: heute,
            kunde: { id: kunde.id },
            belegspositionSet: [
              { positionsBeschreibung: "Kaffee", positionsMenge: 2, positionsPreis: 3.2, positionsMwst: 10 },
              { positionsBeschreibung: "Kuchen", positionsMenge: 1, positionsPreis: 4.5, positionsMwst: 20 },
            ],
          })
        ).json.id,
      );
    const ms: number[] = [];
    const start = process.hrtime.bigint();
    let naechster = 0;
    await Promise.all(
      Array.from({ length: PARALLEL }, async () => {
        while (naechster < entwuerfe.length) {
          const id = entwuerfe[naechster++]!;
          ms.push((await call("POST", `beleg/${id}/freigabe`, headers)).ms);
        }
      }),
    );
    const sekunden = Number(process.hrtime.bigint() - start) / 1e9;
    // Round 0 warms up (JIT, pools, plans).
    if (runde > 0) runden.push({ proSekunde: N / sekunden, ms });
  }

  let pruefung: ReturnType<typeof pruefeDep> | null = null;
  if (kasse) {
    const dep = (await call("GET", "rksv/dep", headers)).json as DepExport;
    const container = (await call("GET", `rksv/kasse/${kasse.id}/container`, headers))
      .json as KryptoMaterialContainer;
    pruefung = pruefeDep(dep, container);
    if (!pruefung.ok) throw new Error(`DEP invalid: ${JSON.stringify(pruefung)}`);
  }

  const proSekunde = runden.map((r) => r.proSekunde).sort((a, b) => a - b);
  const median = proSekunde[Math.floor(proSekunde.length / 2)]!;
  const latenz = summarize(runden.flatMap((r) => r.ms));
  out(
    `\n${OHNE_RKSV ? "Without RKSV (baseline)" : "RKSV end to end"} on ${values.db}: ${RUNS} rounds of ${N} cash invoices, ${PARALLEL} at a time (after a warm-up round)`,
  );
  out(
    table(
      ["round", "invoices/s", "latency median ms", "p95 ms"],
      runden.map((r, i) => {
        const s = summarize(r.ms);
        return [String(i + 1), fmt(r.proSekunde), fmt(s.median), fmt(s.p95)];
      }),
    ),
  );
  out(`latency over all rounds: median ${fmt(latenz.median)} ms, p95 ${fmt(latenz.p95)} ms`);
  if (pruefung?.ok)
    out(
      `DEP: ${pruefung.belegAnzahl} receipts verified, turnover counter ${pruefung.umsatzzaehlerCent} cents`,
    );
  out(
    `Budget ≥ ${BUDGET} signed cash invoices/s: median ${fmt(median)}/s — ${median >= BUDGET ? "PASS" : "FAIL"} (${fmt(median / BUDGET)} × budget)`,
  );
  process.exitCode = median >= BUDGET ? 0 : 1;
} finally {
  client.close();
  await app.close();
  await database.close();
}
