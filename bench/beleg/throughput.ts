/**
 * Invoice throughput (issue 15, DESIGN §9: create + finalize an invoice with 10 positions, ≥ 200 per second, no
 * number gaps) against the harness's data at 100 000 (database kontor_bench_100k: 200 000 documents in the tenant,
 * stricter than the budget's 100 000; `npm run bench -- --scale 100000 --generate-only` makes it).
 *
 * The real API (buildApp on the bench database, a free port, this process) and a signed-in keep-alive client. One
 * invoice is what the editor does: PUT /app/api/beleg (a new invoice draft: a customer with its billing address,
 * 7 article positions and 3 service positions, today's date) and POST /app/api/beleg/{id}/freigabe (number from
 * the invoice circle, legal contents checked, addresses copied). Per concurrency level (--concurrency, default
 * 1,2,4,8 clients, each sending its next invoice when the last one is finalized): --warmup invoices, then --n
 * invoices timed: invoices per second (wall time), client and server time of both requests (median, p95); at
 * concurrency 1 also the time the requests spent in SQL and their statements (pg driver, api.ts sqlMeter).
 * Then the gap check: every invoice has a number, the numbers are distinct and consecutive from the circle's
 * number before the run, and the circle stands at the last one. Afterwards the invoices made here, their audit
 * entries and the circle are put back as they were (--keep: left in place), so the data stay as generated.
 * Then the raw SQL floor (--no-floor: not): the least SQL an invoice needs, 10 statements in one transaction
 * through pg at the same concurrency levels, numbered from the same circle — as the app takes the number (circle
 * locked, then the remaining statements and COMMIT) and with the number taken last (floorInvoice).
 *
 *   node --import tsx bench/beleg/throughput.ts [--n 300] [--warmup 30] [--concurrency 1,2,4,8] [--db kontor_bench_100k]
 *                                               [--log-level silent] [--out file.json] [--keep] [--no-floor]
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { todayIso } from "@kontor/domain/date/calendar";
import pg from "pg";
import { APP_ROLE, TENANT_SETTING } from "../../apps/api/src/db/schema/tenant.ts";
import { BENCH_PASSWORD, readMarker } from "../kunde/marker.ts";
import { withClient } from "../lib/db.ts";
import * as bench from "../lib/measure.ts";
import * as report from "../lib/report.ts";
import { fmt, out, type Summary, summarize, table } from "../lib/stats.ts";
import { type Answer, serveWrites, sqlMeter, type WriteApi } from "./api.ts";
import { LEISTUNGEN } from "./data.ts";
import { readBelegMarker } from "./marker.ts";

const run = bench.startRun({
  concurrency: { type: "string", default: "1,2,4,8" },
  keep: { type: "boolean", default: false },
  "no-floor": { type: "boolean", default: false },
});
// Fewer rounds than the read probes: every invoice is two requests and ~60 statements.
if (!process.argv.includes("--n")) run.n = 300;
if (!process.argv.includes("--warmup")) run.warmup = 30;
const levels = run.args.concurrency.split(",").map(Number);
if (!levels.every((c) => Number.isSafeInteger(c) && c > 0)) throw new Error("--concurrency: e.g. 1,2,4,8");

/** DESIGN §9. */
const BUDGET_PER_SECOND = 200;

interface Stamm {
  kunden: number[];
  artikel: { id: number; bezeichnung: string; preis: number; mwst: number }[];
}

/** Companies with a complete billing address, and articles (not deleted) with their VAT rate. */
async function stammdaten(c: pg.Client, mandantId: number): Promise<Stamm> {
  const kunden = await c.query<{ id: string }>(
    `SELECT k.id FROM kunde k
       JOIN adresse a ON a.mandant_id = k.mandant_id AND a.kunde_id = k.id AND a.position = 0
      WHERE k.mandant_id = $1 AND k.aktiv AND NOT k.lieferant AND k.firma = 'firma' AND k.bezeichnung IS NOT NULL
        AND a.strasse IS NOT NULL AND a.plz IS NOT NULL AND a.ort IS NOT NULL AND a.land = 'AT'
      ORDER BY k.id LIMIT 200`,
    [mandantId],
  );
  const artikel = await c.query<{ id: string; bezeichnung: string; preis: string; mwst: string }>(
    `SELECT a.id, a.artikel_bezeichnung AS bezeichnung, round(coalesce(a.einkaufs_preis, 8) * 1.6, 2) AS preis, m.mwst
       FROM artikel a JOIN mehrwertssteuer m ON m.mandant_id = a.mandant_id AND m.id = a.mehrwertssteuer_id
      WHERE a.mandant_id = $1 AND NOT a.geloescht ORDER BY a.id LIMIT 500`,
    [mandantId],
  );
  return {
    kunden: kunden.rows.map((r) => Number(r.id)),
    artikel: artikel.rows.map((r) => ({
      id: Number(r.id),
      bezeichnung: r.bezeichnung,
      preis: Number(r.preis),
      mwst: Number(r.mwst),
    })),
  };
}

/** The i-th invoice draft: 7 article positions, 3 services, amounts well under the AT VAT-id limit (10 000 €). */
function rechnung(i: number, s: Stamm, today: string) {
  return {
    belegDatum: today,
    belegsTyp: "rechnung",
    kunde: { id: s.kunden[i % s.kunden.length]! },
    leistungsDatum: today,
    rechnungsText: "Vielen Dank für Ihren Auftrag.",
    belegspositionSet: Array.from({ length: 10 }, (_, p) => {
      if (p < 7) {
        const a = s.artikel[(i * 7 + p) % s.artikel.length]!;
        return {
          artikel: { id: a.id },
          positionsBeschreibung: a.bezeichnung,
          positionsMenge: 1 + ((i + p) % 5),
          positionsPreis: a.preis,
          positionsMwst: a.mwst,
        };
      }
      const [beschreibung, preis, stunden] = LEISTUNGEN[(i + p) % LEISTUNGEN.length]!;
      return {
        positionsBeschreibung: beschreibung,
        positionsMenge: stunden ? 1.5 + ((i + p) % 4) : 1,
        positionsPreis: preis,
        positionsMwst: 20,
        ...(p === 9 && i % 10 === 0 ? { rabatt: 5 } : {}),
      };
    }),
  };
}

interface Invoice {
  id: number;
  nummer: string;
  put: Answer;
  post: Answer;
  /** Concurrency 1 only: SQL time (ms) and statements of each request. */
  putSql?: { ms: number; statements: number };
  postSql?: { ms: number; statements: number };
}

const ok = (what: string, a: Answer) => {
  if (a.status !== 200) throw new Error(`${what}: ${a.status} ${a.body.slice(0, 500)}`);
  return JSON.parse(a.body) as { id: number; belegNummer: string | null };
};

/** Concurrency 1: every statement's time, by request and statement text (in the order first seen). */
const statementTimes = new Map<string, number[][]>();
function noteStatements(request: string, each: { text: string; ms: number }[] | undefined) {
  const seen = new Map<string, number>();
  for (const { text, ms } of each ?? []) {
    const key = `${request} ${text.replace(/\s+/g, " ").trim()}`;
    const k = seen.get(key) ?? 0;
    seen.set(key, k + 1);
    const list = statementTimes.get(key) ?? [];
    const times = list[k] ?? [];
    times.push(ms);
    list[k] = times;
    statementTimes.set(key, list);
  }
}

async function invoice(api: WriteApi, i: number, s: Stamm, today: string, meter: boolean): Promise<Invoice> {
  const body = rechnung(i, s, today);
  const put = meter
    ? await sqlMeter(() => api.request("PUT", `${bench.API}/beleg`, body), true)
    : { value: await api.request("PUT", `${bench.API}/beleg`, body) };
  if ("each" in put) noteStatements("PUT", put.each);
  const { id } = ok("PUT beleg", put.value);
  const path = `${bench.API}/beleg/${id}/freigabe`;
  const post = meter
    ? await sqlMeter(() => api.request("POST", path), true)
    : { value: await api.request("POST", path) };
  if ("each" in post) noteStatements("POST", post.each);
  const finalized = ok(`POST beleg/${id}/freigabe`, post.value);
  if (!finalized.belegNummer) throw new Error(`beleg ${id}: finalized without a number`);
  return {
    id,
    nummer: finalized.belegNummer,
    put: put.value,
    post: post.value,
    ...("ms" in put ? { putSql: { ms: put.ms, statements: put.statements } } : {}),
    ...("ms" in post ? { postSql: { ms: post.ms, statements: post.statements } } : {}),
  };
}

/** `count` invoices by `c` clients at once; wall time in ms. */
async function batch(api: WriteApi, s: Stamm, today: string, c: number, count: number, first: number) {
  let next = 0;
  const done: Invoice[] = [];
  const start = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: c }, async () => {
      while (next < count) {
        const i = first + next++;
        done.push(await invoice(api, i, s, today, c === 1));
      }
    }),
  );
  return { done, wallMs: Number(process.hrtime.bigint() - start) / 1e6 };
}

/**
 * The raw SQL floor: what an invoice needs at least, through pg without the app — one tenant transaction as the app
 * role with 10 statements (BEGIN, tenant, INSERT beleg, INSERT the 10 positions in one statement, INSERT the VAT
 * line, the circle FOR UPDATE, UPDATE circle, UPDATE beleg with number and address copy, INSERT 2 audit rows,
 * COMMIT). The number comes from the same circle (its lock serialises as the app's does).
 */
async function floorInvoice(
  c: pg.Client,
  m: number,
  userId: number,
  i: number,
  s: Stamm,
  today: string,
  late: boolean,
) {
  const body = rechnung(i, s, today);
  const pos = body.belegspositionSet;
  const summen = pos.map((p) => Math.round(p.positionsMenge * p.positionsPreis * 100) / 100);
  const netto = summen.reduce((a, b) => a + b, 0);
  await c.query("BEGIN");
  await c.query("SELECT set_config('role', $1, true), set_config($2, $3, true)", [
    APP_ROLE,
    TENANT_SETTING,
    String(m),
  ]);
  const { rows } = await c.query<{ id: string }>(
    `INSERT INTO beleg (beleg_datum, belegs_typ, kunde_id, leistungs_datum, rechnungs_text, summe_netto, summe_brutto,
                        created_by)
     VALUES ($1, 'rechnung', $2, $1, $3, $4, $5, $6) RETURNING id`,
    [today, body.kunde.id, body.rechnungsText, netto, Math.round(netto * 120) / 100, userId],
  );
  const id = rows[0]!.id;
  await c.query(
    `INSERT INTO beleg_position (beleg_id, position, positions_nummer, artikel_id, positions_beschreibung,
                                 positions_menge, positions_mwst, positions_preis, positions_summe)
     SELECT $1, * FROM unnest($2::int[], $3::int[], $4::bigint[], $5::text[], $6::numeric[], $7::numeric[],
                              $8::numeric[], $9::numeric[])`,
    [
      id,
      pos.map((_, k) => k),
      pos.map((_, k) => k + 1),
      pos.map((p) => ("artikel" in p ? (p.artikel?.id ?? null) : null)),
      pos.map((p) => p.positionsBeschreibung),
      pos.map((p) => p.positionsMenge),
      pos.map((p) => p.positionsMwst),
      pos.map((p) => p.positionsPreis),
      summen,
    ],
  );
  await c.query(
    "INSERT INTO beleg_mwst (beleg_id, satz, kategorie, basis, betrag) VALUES ($1, 20, 'S', $2, $3)",
    [id, netto, Math.round(netto * 20) / 100],
  );
  const audit = (nummer: string | null) =>
    c.query(
      `INSERT INTO audit_log (user_id, login, entity, entity_id, action, detail)
       VALUES ($1, 'bench', 'beleg', $2, 'create', NULL), ($1, 'bench', 'beleg', $2, 'finalize', $3)`,
      [userId, id, JSON.stringify({ belegNummer: nummer })],
    );
  if (late) {
    // The number last: the circle's row is locked by one UPDATE … RETURNING and held for one more statement
    // (the document's number) and the COMMIT only.
    await audit(null);
    await c.query(
      `UPDATE beleg SET freigabe = true, freigabe_am = now(),
              rechnungs_adresse = (SELECT to_jsonb(a) FROM adresse a WHERE a.kunde_id = $2 AND a.position = 0)
        WHERE id = $1`,
      [id, body.kunde.id],
    );
    const kreis = await c.query<{ last: number }>(
      `UPDATE rechnungskreis SET last_rechnungsnummer = last_rechnungsnummer + 1, last_jahr = $1
        WHERE id = (SELECT min(id) FROM rechnungskreis) RETURNING last_rechnungsnummer AS last`,
      [Number(today.slice(0, 4))],
    );
    const nummer = `${today.slice(0, 4)}-${String(kreis.rows[0]!.last).padStart(5, "0")}`;
    await c.query("UPDATE beleg SET beleg_nummer = $2 WHERE id = $1", [id, nummer]);
    await c.query("COMMIT");
    return;
  }
  const kreis = await c.query<{ id: string; last: number }>(
    "SELECT id, last_rechnungsnummer AS last FROM rechnungskreis ORDER BY id LIMIT 1 FOR UPDATE",
  );
  const k = kreis.rows[0]!;
  await c.query("UPDATE rechnungskreis SET last_rechnungsnummer = $2, last_jahr = $3 WHERE id = $1", [
    k.id,
    k.last + 1,
    Number(today.slice(0, 4)),
  ]);
  const nummer = `${today.slice(0, 4)}-${String(k.last + 1).padStart(5, "0")}`;
  await c.query(
    `UPDATE beleg SET beleg_nummer = $2, freigabe = true, freigabe_am = now(),
            rechnungs_adresse = (SELECT to_jsonb(a) FROM adresse a WHERE a.kunde_id = $3 AND a.position = 0)
      WHERE id = $1`,
    [id, nummer, body.kunde.id],
  );
  await audit(nummer);
  await c.query("COMMIT");
}

/** The floor at each concurrency level: `c` connections, each sending its next invoice when the last committed. */
async function floorLevels(url: string, m: number, userId: number, s: Stamm, today: string, first: number) {
  const result: {
    variant: string;
    concurrency: number;
    invoices: number;
    wallMs: number;
    perSecond: number;
    invoice: Summary;
  }[] = [];
  let i = first;
  for (const c of levels) {
    const clients = await Promise.all(
      Array.from({ length: c }, async () => {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        return client;
      }),
    );
    try {
      for (const [late, timed] of [
        [false, false],
        [false, true],
        [true, false],
        [true, true],
      ] as const) {
        const count = timed ? run.n : run.warmup;
        let next = 0;
        const ms: number[] = [];
        const start = process.hrtime.bigint();
        await Promise.all(
          clients.map(async (client) => {
            while (next < count) {
              next++;
              const t = process.hrtime.bigint();
              await floorInvoice(client, m, userId, i++, s, today, late);
              ms.push(Number(process.hrtime.bigint() - t) / 1e6);
            }
          }),
        );
        const wallMs = Number(process.hrtime.bigint() - start) / 1e6;
        if (timed) {
          const level = {
            variant: late ? "number last" : "as the app",
            concurrency: c,
            invoices: count,
            wallMs: Math.round(wallMs),
            perSecond: Math.round((count / wallMs) * 1000 * 10) / 10,
            invoice: summarize(ms),
          };
          result.push(level);
          out(`raw SQL floor (${level.variant}), concurrency ${c}: ${level.perSecond} invoices/s`);
        }
      }
    } finally {
      await Promise.all(clients.map((client) => client.end()));
    }
  }
  return result;
}

interface Level {
  concurrency: number;
  invoices: number;
  wallMs: number;
  perSecond: number;
  invoiceClient: Summary;
  putClient: Summary;
  putServer: Summary;
  postClient: Summary;
  postServer: Summary;
  putSql?: Summary;
  postSql?: Summary;
  putStatements?: number;
  postStatements?: number;
}

async function main() {
  const { url } = run;
  const kunde = await withClient(url, readMarker);
  const marker = await withClient(url, readBelegMarker);
  if (!kunde || !marker || marker.kundeGeneratedAt !== kunde.generatedAt)
    throw new Error(
      `${run.db} has no document bench data: run npm run bench -- --scale 100000 --generate-only first`,
    );
  const m = marker.mandantId;
  const today = todayIso();
  const raw = new pg.Client({ connectionString: url });
  await raw.connect();
  const before = await raw.query<{
    beleg: string;
    audit: string;
    docs: string;
    last: number;
    jahr: number | null;
    kreis: string;
  }>(
    `SELECT (SELECT coalesce(max(id), 0) FROM beleg) AS beleg,
            (SELECT coalesce(max(id), 0) FROM audit_log WHERE mandant_id = $1) AS audit,
            (SELECT count(*) FROM beleg WHERE mandant_id = $1) AS docs,
            r.last_rechnungsnummer AS last, r.last_jahr AS jahr, r.id AS kreis
       FROM rechnungskreis r WHERE r.mandant_id = $1 ORDER BY r.id LIMIT 1`,
    [m],
  );
  const b = before.rows[0]!;
  const stamm = await stammdaten(raw, m);

  const api = await bench.openApi(run);
  const app = await bench.buildApp(api);
  const client = await serveWrites(app, Math.max(...levels));
  const levelsOut: Level[] = [];
  let floor: Awaited<ReturnType<typeof floorLevels>> = [];
  const made: Invoice[] = [];
  let gaps: { ok: boolean; text: string } = { ok: false, text: "not checked" };
  try {
    await client.signIn(kunde.login, BENCH_PASSWORD, m);
    let i = 0;
    for (const c of levels) {
      const warm = await batch(client, stamm, today, c, run.warmup, i);
      i += run.warmup;
      made.push(...warm.done);
      const timed = await batch(client, stamm, today, c, run.n, i);
      i += run.n;
      made.push(...timed.done);
      const d = timed.done;
      const level: Level = {
        concurrency: c,
        invoices: d.length,
        wallMs: Math.round(timed.wallMs),
        perSecond: Math.round((d.length / timed.wallMs) * 1000 * 10) / 10,
        invoiceClient: summarize(d.map((x) => x.put.ms + x.post.ms)),
        putClient: summarize(d.map((x) => x.put.ms)),
        putServer: summarize(d.map((x) => x.put.server)),
        postClient: summarize(d.map((x) => x.post.ms)),
        postServer: summarize(d.map((x) => x.post.server)),
      };
      if (c === 1) {
        level.putSql = summarize(d.map((x) => x.putSql!.ms));
        level.postSql = summarize(d.map((x) => x.postSql!.ms));
        level.putStatements = summarize(d.map((x) => x.putSql!.statements)).median;
        level.postStatements = summarize(d.map((x) => x.postSql!.statements)).median;
      }
      levelsOut.push(level);
      out(
        `concurrency ${c}: ${level.perSecond} invoices/s (${d.length} in ${(timed.wallMs / 1000).toFixed(1)} s)`,
      );
    }
    gaps = await gapCheck(raw, m, b.kreis, b.last, b.jahr, today, made);
    if (!run.args["no-floor"]) {
      const userId = Number(
        (await raw.query<{ id: string }>("SELECT id FROM app_user WHERE login = $1", [kunde.login])).rows[0]!
          .id,
      );
      floor = await floorLevels(url, m, userId, stamm, today, i);
    }
  } finally {
    client.close();
    await app.close();
    await api.database.close();
    if (!run.args.keep) await putBack(raw, m, b);
    await raw.end();
  }
  printReport(levelsOut, floor, gaps, Number(b.docs), marker);
}

/**
 * No gaps: every invoice made has a number of this year, they are distinct and consecutive after the circle's
 * number before the run, and the circle stands at the last one.
 */
async function gapCheck(
  raw: pg.Client,
  m: number,
  kreis: string,
  last: number,
  jahr: number | null,
  today: string,
  made: Invoice[],
) {
  const year = today.slice(0, 4);
  const start = jahr === Number(year) ? last : 0;
  const seqs = made.map((x) => {
    const match = x.nummer.match(/^(\d{4})-(\d+)$/);
    return match?.[1] === year ? Number(match[2]) : Number.NaN;
  });
  const sorted = [...seqs].sort((a, b) => a - b);
  const consecutive = sorted.every((s, k) => s === start + 1 + k);
  const { rows } = await raw.query<{ last: number; n: string; distinct: string }>(
    `SELECT (SELECT last_rechnungsnummer FROM rechnungskreis WHERE id = $2) AS last,
            count(*) AS n, count(DISTINCT beleg_nummer) AS distinct
       FROM beleg WHERE mandant_id = $1 AND id = ANY($3::bigint[]) AND freigabe`,
    [m, kreis, made.map((x) => x.id)],
  );
  const r = rows[0]!;
  const ok =
    consecutive &&
    Number(r.n) === made.length &&
    Number(r.distinct) === made.length &&
    r.last === start + made.length;
  return {
    ok,
    text:
      `${made.length} invoices, numbers ${year}-${String(sorted[0]).padStart(5, "0")} … ` +
      `${year}-${String(sorted[sorted.length - 1]).padStart(5, "0")}, ${r.distinct} distinct, ` +
      `${consecutive ? "consecutive" : "NOT consecutive"}, circle at ${r.last} (expected ${start + made.length})`,
  };
}

/** The documents made here, their audit entries and the invoice circle back as they were. */
async function putBack(
  raw: pg.Client,
  m: number,
  b: { beleg: string; audit: string; last: number; jahr: number | null; kreis: string },
) {
  await raw.query("BEGIN");
  // The parts first, then the documents, with their triggers: the list totals per type and state (beleg_anzahl)
  // count them down at COMMIT.
  for (const part of ["beleg_position", "beleg_mwst", "beleg_feld", "beleg_projekt", "beleg_quelle"])
    await raw.query(`DELETE FROM ${part} WHERE mandant_id = $1 AND beleg_id > $2`, [m, b.beleg]);
  await raw.query("DELETE FROM beleg WHERE mandant_id = $1 AND id > $2", [m, b.beleg]);
  await raw.query("DELETE FROM audit_log WHERE mandant_id = $1 AND id > $2", [m, b.audit]);
  await raw.query("UPDATE rechnungskreis SET last_rechnungsnummer = $2, last_jahr = $3 WHERE id = $1", [
    b.kreis,
    b.last,
    b.jahr,
  ]);
  await raw.query("COMMIT");
  await raw.query("VACUUM ANALYZE beleg, beleg_position, beleg_mwst, audit_log, rechnungskreis");
}

function printReport(
  levels: Level[],
  floor: Awaited<ReturnType<typeof floorLevels>>,
  gaps: { ok: boolean; text: string },
  docs: number,
  marker: object,
) {
  out(`\nInvoice throughput on ${run.db}: ${docs} documents in the tenant before the run`);
  report.printRun(run);
  out(
    "one invoice = PUT beleg (new draft, 10 positions) + POST beleg/{id}/freigabe; each client sends the next",
  );
  out("when its last one is finalized\n");
  const cells = (s: Summary | undefined) => (s ? [fmt(s.median), fmt(s.p95)] : ["", ""]);
  out(
    table(
      [
        "clients",
        "invoices/s",
        "ratio to 200/s",
        "invoice client med",
        "p95",
        "PUT server med",
        "p95",
        "PUT sql med",
        "stmts",
        "POST server med",
        "p95",
        "POST sql med",
        "stmts",
      ],
      levels.map((l) => [
        String(l.concurrency),
        l.perSecond.toFixed(1),
        (l.perSecond / BUDGET_PER_SECOND).toFixed(2),
        ...cells(l.invoiceClient),
        ...cells(l.putServer),
        l.putSql ? fmt(l.putSql.median) : "",
        l.putStatements ?? "",
        ...cells(l.postServer),
        l.postSql ? fmt(l.postSql.median) : "",
        l.postStatements ?? "",
      ]),
    ),
  );
  out("sql = time the request's statements took in the pg driver (call to result), concurrency 1 only");
  const statements = [...statementTimes.entries()].flatMap(([key, lists]) =>
    lists.map((list, k) => ({ key: k === 0 ? key : `${key} (#${k + 1})`, s: summarize(list) })),
  );
  out("\nStatements at concurrency 1 (warm-up included), in the order sent; median / p95 ms:");
  out(
    table(
      ["request statement", "n", "med", "p95"],
      statements.map(({ key, s }) => [
        key.length > 150 ? `${key.slice(0, 147)}…` : key,
        s.n,
        fmt(s.median),
        fmt(s.p95),
      ]),
    ),
  );
  if (floor.length > 0) {
    out(
      '\nRaw SQL floor (no app): one transaction of 10 statements per invoice through pg, same circle; "as the app":',
    );
    out(
      'the circle locked (SELECT … FOR UPDATE), then UPDATE circle, UPDATE beleg, audit, COMMIT; "number last": audit',
    );
    out("and the document first, then UPDATE circle … RETURNING, UPDATE beleg_nummer, COMMIT");
    out(
      table(
        ["variant", "connections", "invoices/s", "ratio to 200/s", "invoice med", "p95"],
        floor.map((f) => [
          f.variant,
          String(f.concurrency),
          f.perSecond.toFixed(1),
          (f.perSecond / BUDGET_PER_SECOND).toFixed(2),
          fmt(f.invoice.median),
          fmt(f.invoice.p95),
        ]),
      ),
    );
  }
  const best = Math.max(...levels.map((l) => l.perSecond));
  const budgets = {
    throughput: `${best.toFixed(1)}/s ${best >= BUDGET_PER_SECOND ? "PASS" : "FAIL"} (budget ≥ ${BUDGET_PER_SECOND}/s, best level)`,
    noGaps: `${gaps.ok ? "PASS" : "FAIL"}: ${gaps.text}`,
  };
  out(`\nBudgets (DESIGN §9):`);
  out(`  create + finalize, invoices per second: ${budgets.throughput}`);
  out(`  no number gaps:                        ${budgets.noGaps}`);

  const result = {
    date: new Date().toISOString(),
    ...report.runJson(run, { ...marker, documentsBefore: docs }),
    params: { n: run.n, warmup: run.warmup, db: run.db, concurrency: levels, logLevel: run.logLevel },
    budgets,
    levels,
    rawSqlFloor: floor,
    statements: [...statementTimes.entries()].flatMap(([key, lists]) =>
      lists.map((list, k) => ({ statement: key, occurrence: k + 1, ...summarize(list) })),
    ),
  };
  const dir = path.join(import.meta.dirname, "..", "results");
  mkdirSync(dir, { recursive: true });
  const file = run.out ?? path.join(dir, `${new Date().toISOString().slice(0, 10)}-beleg-throughput.json`);
  const json = JSON.stringify(result, null, 2).replace(
    /\[\s+([-\d.eE,\s]+?)\s+\]/g,
    (_, items: string) => `[${items.split(/,\s*/).join(", ")}]`,
  );
  writeFileSync(file, `${json}\n`);
  out(`\nwrote ${path.relative(process.cwd(), file)}`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `bench beleg throughput failed: ${error instanceof Error ? (error.stack ?? error.message) : error}\n`,
  );
  process.exit(1);
});
