/**
 * The cash book at 100 000 entries (DESIGN §9: any list endpoint, 100 000 rows in the tenant, page of 20 with total
 * count: server p95 ≤ 20 ms; the write path — a posting with its balance check — p95 ≤ 50 ms): the book of
 * daten.ts (three years, the current one heaviest), the real API on it (buildApp on the bench database, in this
 * process, one keep-alive client signed in over HTTP as a member with ROLE_KASSABUCH_ADMIN), and per round, after
 * the warm-up, every probe once, interleaved:
 *
 * - lists (GET kassabuch): first page (default sort: date, id ascending), page 100, the last page, this month
 *   (von/bis), this year, newest first (sort=date,desc), by id descending, this month newest first, a search word
 *   (extra: no budget); the SQL each one ran — captured from the pg driver — also replayed raw in the same tenant
 *   transaction (column sql). There is no sort by amount (sort=betrag is 400: date and id only);
 * - writes (PUT kassabuch: a small income and a small expense dated today — the balance guard — and an expense
 *   dated a year back); they add rows to the book, which the next run removes again (daten.ts);
 * - exports (GET kassabuch/export) in the first --n-export rounds: CSV of this month and of this year, PDF of this
 *   month;
 * - heavy exports (--n-heavy times each, after the rounds): the CSV of the whole book, PDFs of the last --pdf-rows
 *   entries (default: the cap, KASSABUCH_EXPORT_MAX.pdf; a period ending today holding at most that many) and the
 *   PDF of this year (over the cap: refused). Each with the process's peak RSS (the high-water mark reset before
 *   the request: /proc/self/clear_refs; the app runs in this process). An export must answer 400 exactly when its
 *   period holds more entries than the format's cap (counted as the owner before each call).
 *
 * Before the rounds, every row of one call of each list is checked against the rules' running balances over the
 * whole book (kassabuch.rules.ts laufendeSalden): a wrong balance fails the run (exit 1). Server time is Node's
 * `request` event to the last byte handed to the socket (a listener the bench adds to app.server). After the rounds,
 * EXPLAIN (ANALYZE, BUFFERS) of every captured statement of the lists and of the expense, as the application role
 * with the tenant set (lib/measure.ts); the plans go beside the JSON (`-plans.txt`, not committed).
 *
 *   npm run bench:kassabuch:liste -- [--n 200] [--warmup 20] [--n-export 10] [--n-heavy 3] [--pdf-rows 2000,5000]
 *                                    [--db kontor_bench_kassabuch] [--fresh] [--size 100000] [--small 2000]
 *                                    [--seed 17] [--zero-year] [--skip-over-cap] [--log-level silent] [--out f.json]
 *
 * `--zero-year` measures with kassaStartZeroYear (every year a segment of its own; the data are valid both ways).
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { todayIso } from "@kontor/domain/date/calendar";
import { KASSABUCH_EXPORT_MAX } from "@kontor/domain/kassabuch/kassabuch.codes";
import { laufendeSalden } from "@kontor/domain/kassabuch/kassabuch.rules";
import { toNumber } from "@kontor/domain/money/decimal";
import pg from "pg";
import { buildApp } from "../../apps/api/src/app.ts";
import { loadConfig } from "../../apps/api/src/config.ts";
import { openDatabase } from "../../apps/api/src/db/client.ts";
import { withClient } from "../lib/db.ts";
import { createClient } from "../lib/http.ts";
import {
  API,
  type Call,
  captureProbe,
  explainProbes,
  type Probe,
  type Stmt,
  startRun,
} from "../lib/measure.ts";
import { fmt, msSince, out, type Summary, summarize, table } from "../lib/stats.ts";
import { buchBereitstellen, LOGIN, PASSWORD } from "./daten.ts";

const run = startRun({
  db: { type: "string", default: "kontor_bench_kassabuch" },
  fresh: { type: "boolean", default: false },
  size: { type: "string", default: "100000" },
  small: { type: "string", default: "2000" },
  seed: { type: "string", default: "17" },
  "n-export": { type: "string", default: "10" },
  "n-heavy": { type: "string", default: "3" },
  "pdf-rows": { type: "string" },
  "zero-year": { type: "boolean", default: false },
  "skip-over-cap": { type: "boolean", default: false },
});
const args = run.args;
const N_EXPORT = Number(args["n-export"]);
const N_HEAVY = Number(args["n-heavy"]);
const PDF_MAX = KASSABUCH_EXPORT_MAX.pdf;
const PDF_ROWS = (args["pdf-rows"] ?? String(PDF_MAX)).split(",").map(Number);
const LIST_BUDGET = 20;
const WRITE_BUDGET = 50;

const heute = todayIso();
const { database, marker } = await buchBereitstellen(
  run.url,
  run.db,
  { size: Number(args.size), small: Number(args.small), seed: Number(args.seed), heute },
  args.fresh,
  () => openDatabase({ databaseUrl: run.url }),
);
await withClient(run.url, (c) =>
  c.query("UPDATE mandant SET kassa_start_zero_year = $2 WHERE id = $1", [
    marker.mandantId,
    args["zero-year"],
  ]),
);
const app = await buildApp(
  loadConfig({
    DATABASE_URL: run.url,
    TOKEN_SECRET: randomBytes(32).toString("hex"),
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "kontor-bench-kassabuch-")),
    LOG_LEVEL: run.logLevel,
    KONTOR_DEMO_DATA: "false",
  }),
  database,
);

// --- Server time per request and a client that sends any method ------------------------------------------------
const serverMs = new Map<string, number>();
app.server.prependListener("request", (req, res) => {
  const id = req.headers["x-bench-id"];
  if (typeof id !== "string") return;
  const start = process.hrtime.bigint();
  res.once("finish", () => serverMs.set(id, msSince(start)));
});
await app.listen({ port: 0, host: "127.0.0.1" });
const client = createClient(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
let auth: Record<string, string> = {};
let seq = 0;

interface Antwort extends Call {
  status: number;
  bytes: number;
}

async function request(method: string, pfad: string, body?: unknown, expect = 200): Promise<Antwort> {
  const id = String(++seq);
  const r = await client.request(method, pfad, {
    headers: { ...auth, "x-bench-id": id },
    ...(body === undefined ? {} : { body }),
  });
  if (!serverMs.has(id)) await new Promise((resolve) => setImmediate(resolve));
  const server = serverMs.get(id) ?? Number.NaN;
  serverMs.delete(id);
  if (r.status !== expect) throw new Error(`${method} ${pfad}: ${r.status} ${r.body.slice(0, 500)}`);
  const total = r.headers["x-total-count"];
  return {
    status: r.status,
    ms: r.ms,
    server,
    body: r.body,
    bytes: Buffer.byteLength(r.body),
    ...(total === undefined ? {} : { totalCount: String(total) }),
  };
}

{
  const r = await client.request("POST", `${API}/auth/login`, {
    body: { usernameOrEmail: LOGIN, password: PASSWORD },
  });
  if (r.status !== 200) throw new Error(`login: ${r.status} ${r.body}`);
  auth = {
    authorization: `Bearer ${JSON.parse(r.body).accessToken}`,
    "x-mandant-id": String(marker.mandantId),
  };
}

// --- The periods the probes ask for --------------------------------------------------------------------------------
const jahr = heute.slice(0, 4);
const monatVon = `${heute.slice(0, 7)}-01`;
const monatBis = (() => {
  const d = new Date(`${monatVon}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + 1, 0);
  return d.toISOString().slice(0, 10);
})();
const vorJahr = `${Number(jahr) - 1}${heute.slice(4)}`;
const raw = new pg.Client({ connectionString: run.url });
await raw.connect();
/** Counts as the table owner (the probes' expectations). */
const anzahl = async (von: string | null, bis: string | null) =>
  Number(
    (
      await raw.query<{ n: string }>(
        "SELECT count(*)::text AS n FROM kassabuch_eintrag WHERE mandant_id = $1 AND ($2::date IS NULL OR datum >= $2) AND ($3::date IS NULL OR datum <= $3)",
        [marker.mandantId, von, bis],
      )
    ).rows[0]!.n,
  );
/** The first day of the shortest period ending today that holds at most `n` entries. */
async function vonFuer(n: number): Promise<string> {
  const { rows } = await raw.query<{ von: string }>(
    `SELECT min(datum)::text AS von FROM (
       SELECT datum, sum(count(*)) OVER (ORDER BY datum DESC) AS bis_heute
         FROM kassabuch_eintrag WHERE mandant_id = $1 AND datum <= $2 GROUP BY datum) x
      WHERE bis_heute <= $3`,
    [marker.mandantId, heute, n],
  );
  return rows[0]?.von ?? heute;
}
const imMonat = await anzahl(monatVon, monatBis);
const imJahr = await anzahl(`${jahr}-01-01`, `${jahr}-12-31`);
const alle = await anzahl(null, null);
const letzteSeite = Math.max(0, Math.ceil(alle / 20) - 1);

// --- Probes ----------------------------------------------------------------------------------------------------------
type Art = "list" | "write" | "export" | "heavy";
interface Messung {
  name: string;
  art: Art;
  extra?: boolean;
  method: string;
  pfad: string;
  body?: () => unknown;
  /** An export's format and period (the expected status follows from its count). */
  periode?: { format: "csv" | "pdf"; von: string | null; bis: string | null };
  /** The status of the last call. */
  status?: number;
  client: number[];
  server: number[];
  sql: number[];
  /** Peak RSS during the request and RSS before it (MB). */
  rss: number[];
  rssVorher: number[];
  rows?: number;
  total?: string;
  bytes?: number;
  probe?: Probe;
}

const liste = (name: string, query: string, extra = false): Messung => ({
  name,
  art: "list",
  extra,
  method: "GET",
  pfad: `${API}/kassabuch${query}`,
  client: [],
  server: [],
  sql: [],
  rss: [],
  rssVorher: [],
});
let cent = 0;
const buchung = (name: string, typ: "einnahme" | "ausgabe", date: string): Messung => ({
  name,
  art: "write",
  method: "PUT",
  pfad: `${API}/kassabuch`,
  body: () => ({
    date,
    typ,
    betrag: typ === "einnahme" ? 2.5 : Number((1 + (++cent % 100) / 100).toFixed(2)),
    text: `Bench ${name}`,
  }),
  client: [],
  server: [],
  sql: [],
  rss: [],
  rssVorher: [],
});
/** An export of the period von…bis (null: open); its answer is 400 exactly when the period holds more than the cap. */
const ausgabe = (
  name: string,
  art: Art,
  format: "csv" | "pdf",
  von: string | null,
  bis: string | null,
  lang = "de",
): Messung => ({
  name,
  art,
  method: "GET",
  pfad: `${API}/kassabuch/export?${new URLSearchParams({ format, lang, ...(von ? { von } : {}), ...(bis ? { bis } : {}) })}`,
  periode: { format, von, bis },
  client: [],
  server: [],
  sql: [],
  rss: [],
  rssVorher: [],
});

const messungen: Messung[] = [
  liste("first page (date asc)", ""),
  liste("page 100", "?page=100"),
  liste(`last page (${letzteSeite})`, `?page=${letzteSeite}`),
  liste("this month", `?von=${monatVon}&bis=${monatBis}`),
  liste("this year", `?von=${jahr}-01-01&bis=${jahr}-12-31`),
  liste("newest first (date desc)", "?sort=date,desc"),
  liste("by id desc", "?sort=id,desc"),
  liste("this month, newest first", `?von=${monatVon}&bis=${monatBis}&sort=date,desc`),
  liste("search 'porto'", "?search=porto", true),
  buchung("income today", "einnahme", heute),
  buchung("expense today", "ausgabe", heute),
  buchung("expense a year back", "ausgabe", vorJahr),
  ausgabe(`csv this month (${imMonat})`, "export", "csv", monatVon, monatBis),
  ausgabe(`csv this year (${imJahr})`, "export", "csv", `${jahr}-01-01`, `${jahr}-12-31`),
  ausgabe(`pdf this month (${imMonat})`, "export", "pdf", monatVon, monatBis),
];

/** After the rounds (their postings made the book longer): the whole book, PDFs at --pdf-rows, one over the cap. */
async function schwereMessungen(): Promise<Messung[]> {
  const schwer = [ausgabe(`csv whole book (${await anzahl(null, null)})`, "heavy", "csv", null, null, "en")];
  for (const rows of PDF_ROWS) {
    const von = await vonFuer(rows);
    schwer.push(ausgabe(`pdf last ${await anzahl(von, heute)} (${von}…)`, "heavy", "pdf", von, heute));
  }
  if (!args["skip-over-cap"])
    schwer.push(
      ausgabe(
        `pdf this year (${await anzahl(`${jahr}-01-01`, `${jahr}-12-31`)}): over the cap`,
        "heavy",
        "pdf",
        `${jahr}-01-01`,
        `${jahr}-12-31`,
      ),
    );
  return schwer;
}
const schwer: Messung[] = [];

/** The status an export must answer now: 400 when its period holds more entries than the format's cap. */
async function erwartet(m: Messung): Promise<number> {
  if (!m.periode) return 200;
  const { format, von, bis } = m.periode;
  return (await anzahl(von, bis)) > KASSABUCH_EXPORT_MAX[format] ? 400 : 200;
}

const call = async (m: Messung): Promise<Antwort> => {
  const status = await erwartet(m);
  m.status = status;
  return request(m.method, m.pfad, m.body?.(), status);
};

const isControl = (s: Stmt) => /^\s*(begin|commit|rollback)\b/i.test(s.text) || /set_config\(/i.test(s.text);
/** The captured transaction raw (BEGIN … COMMIT as the app ran it): the statements' time. */
async function replay(statements: Stmt[]): Promise<number> {
  let ms = 0;
  for (const s of statements) {
    const t = process.hrtime.bigint();
    await raw.query(s.text, s.values);
    if (!isControl(s)) ms += msSince(t);
  }
  return ms;
}

// The SQL of the lists and of the expense, captured from one call each (lib/measure.ts).
for (const m of messungen.filter((m) => m.art === "list" || m.name === "expense today"))
  m.probe = await captureProbe({
    name: m.name,
    extra: false,
    what: `${m.method} ${m.pfad}`,
    call: () => call(m),
  });

/**
 * The balances the lists answer, checked against the rules (kassabuch.rules.ts laufendeSalden over every entry of
 * the book, read as the table owner): every row of one call of each list.
 */
async function saldenPruefen(): Promise<{ rows: number; falsch: string[] }> {
  const m = (
    await raw.query<{
      kassa_betrag: string | null;
      kassa_startdatum: string | null;
      kassa_start_zero_year: boolean;
    }>(
      "SELECT kassa_betrag::text, kassa_startdatum::text, kassa_start_zero_year FROM mandant WHERE id = $1",
      [marker.mandantId],
    )
  ).rows[0]!;
  const { rows } = await raw.query<{ id: number; date: string; typ: "einnahme" | "ausgabe"; betrag: string }>(
    "SELECT id::int AS id, datum::text AS date, typ, betrag::text AS betrag FROM kassabuch_eintrag WHERE mandant_id = $1",
    [marker.mandantId],
  );
  const e = {
    kassaBetrag: m.kassa_betrag,
    kassaStartdatum: m.kassa_startdatum,
    kassaStartZeroYear: m.kassa_start_zero_year,
  };
  const soll = new Map(laufendeSalden(e, rows).map((z) => [z.buchung.id, toNumber(z.saldo)]));
  let n = 0;
  const falsch: string[] = [];
  for (const m of messungen.filter((m) => m.art === "list")) {
    const body = JSON.parse((await call(m)).body) as { entries: { id: number; saldo: number }[] };
    for (const eintrag of body.entries) {
      n++;
      if (soll.get(eintrag.id) !== eintrag.saldo)
        falsch.push(`${m.name}: #${eintrag.id} ${eintrag.saldo} ≠ ${soll.get(eintrag.id)}`);
    }
  }
  return { rows: n, falsch };
}
const pruefung = await saldenPruefen();
out(
  pruefung.falsch.length === 0
    ? `balances ok: ${pruefung.rows} rows of the lists = the rules' running balances over the whole book`
    : `BALANCES WRONG in ${pruefung.falsch.length} of ${pruefung.rows} rows: ${pruefung.falsch.slice(0, 5).join("; ")}`,
);
if (pruefung.falsch.length > 0) process.exitCode = 1;

const rssKb = (feld: "VmRSS" | "VmHWM") =>
  Number(
    readFileSync("/proc/self/status", "utf8").match(new RegExp(`${feld}:\\s+(\\d+)`))?.[1] ?? Number.NaN,
  );
const gc = (globalThis as { gc?: () => void }).gc;

async function messen(m: Messung, round: number, mitRss: boolean) {
  let basis = Number.NaN;
  if (mitRss) {
    gc?.();
    writeFileSync("/proc/self/clear_refs", "5");
    basis = rssKb("VmRSS");
  }
  const r = await call(m);
  const spitze = mitRss ? rssKb("VmHWM") : Number.NaN;
  if (round < 0) return;
  m.client.push(r.ms);
  m.server.push(r.server);
  if (mitRss) {
    m.rss.push(spitze / 1024);
    m.rssVorher.push(basis / 1024);
  }
  if (m.art === "list" && m.probe) m.sql.push(await replay(m.probe.tx));
  if (m.client.length === 1) {
    m.bytes = r.bytes;
    if (r.totalCount !== undefined) m.total = r.totalCount;
    if (m.art === "list") m.rows = JSON.parse(r.body).entries.length;
  }
}

out(
  `cash book: ${alle} entries in tenant ${marker.mandantId} (${marker.startdatum} … ${heute}; this month ${imMonat}, this year ${imJahr}), kassaStartZeroYear ${args["zero-year"]}`,
);
const start = performance.now();
try {
  for (let round = -run.warmup; round < run.n; round++) {
    for (const m of messungen) {
      if (m.art === "export" && (N_EXPORT === 0 || round < -1 || round >= N_EXPORT)) continue;
      await messen(m, round, m.art === "export");
    }
  }
  if (N_HEAVY > 0) schwer.push(...(await schwereMessungen()));
  for (let i = 0; i < N_HEAVY; i++) for (const m of schwer) await messen(m, i, true);
  await explainProbes(
    raw,
    messungen.flatMap((m) => (m.probe ? [m.probe] : [])),
    () => undefined,
  );
} finally {
  client.close();
  await app.close();
  await database.close();
}
const sekunden = ((performance.now() - start) / 1000).toFixed(0);

// --- Report ----------------------------------------------------------------------------------------------------------
const s = (xs: number[]): Summary => summarize(xs.filter(Number.isFinite));
const execTimes = (m: Messung) =>
  (m.probe?.plans ?? [])
    .map((plan) => plan.match(/Execution Time: ([\d.]+) ms/)?.[1])
    .filter(Boolean)
    .map((x) => Number(x).toFixed(1))
    .join(" + ");
const budget = (m: Messung) =>
  m.art === "list" ? LIST_BUDGET : m.art === "write" ? WRITE_BUDGET : Number.POSITIVE_INFINITY;
const verdict = (m: Messung) => {
  const b = budget(m);
  if (!Number.isFinite(b)) return "";
  return s(m.server).p95 <= b ? "PASS" : "FAIL";
};

out(
  `n=${run.n} after ${run.warmup} warm-up (exports: ${N_EXPORT} after 1, heavy: ${N_HEAVY}), one request at a time, ms; ${sekunden} s`,
);
out(
  `load average ${run.loadStart.map((x) => x.toFixed(1)).join(" ")} at start, ${os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(" ")} at end (${os.cpus().length} cpus)`,
);
out();
out(
  table(
    [
      "probe",
      "rows/total",
      "n",
      "server med",
      "p95",
      "client med",
      "p95",
      "sql med",
      "p95",
      "explain",
      "budget",
    ],
    messungen
      .filter((m) => m.art === "list" || m.art === "write")
      .map((m) => {
        const sv = s(m.server);
        const cl = s(m.client);
        const sq = s(m.sql);
        return [
          `${m.name}${m.extra ? " *" : ""}`,
          m.art === "list" ? `${m.rows}/${m.total}` : "-",
          sv.n,
          fmt(sv.median),
          fmt(sv.p95),
          fmt(cl.median),
          fmt(cl.p95),
          fmt(sq.median),
          fmt(sq.p95),
          execTimes(m) || "-",
          `${verdict(m)} ${budget(m)}`,
        ];
      }),
  ),
);
out();
out(
  table(
    ["export", "status", "bytes", "n", "server med", "p95", "max", "peak RSS MB", "RSS before MB"],
    [...messungen.filter((m) => m.art === "export"), ...schwer].map((m) => {
      const sv = s(m.server);
      return [
        m.name,
        m.status ?? "-",
        m.bytes ?? "-",
        sv.n,
        fmt(sv.median),
        fmt(sv.p95),
        fmt(sv.max),
        fmt(s(m.rss).max),
        fmt(s(m.rssVorher).median),
      ];
    }),
  ),
);

const ziel =
  run.out ??
  path.join(
    import.meta.dirname,
    "..",
    "results",
    `${new Date().toISOString().slice(0, 10)}-kassabuch-liste.json`,
  );
mkdirSync(path.dirname(ziel), { recursive: true });
const plansFile = ziel.replace(/\.json$/, "-plans.txt");
writeFileSync(
  plansFile,
  messungen
    .filter((m) => m.probe?.plans)
    .map((m) => `=== ${m.name}: ${m.method} ${m.pfad}\n\n${m.probe!.plans!.join("\n\n")}\n`)
    .join("\n"),
);
writeFileSync(
  ziel,
  `${JSON.stringify(
    {
      bench: "kassabuch-liste",
      at: new Date().toISOString(),
      machine: {
        cpus: os.cpus().length,
        model: os.cpus()[0]?.model,
        memoryMb: Math.round(os.totalmem() / 2 ** 20),
      },
      loadavg: { start: run.loadStart, end: os.loadavg() },
      parameters: {
        n: run.n,
        warmup: run.warmup,
        nExport: N_EXPORT,
        nHeavy: N_HEAVY,
        zeroYear: args["zero-year"],
        pdfMax: PDF_MAX,
        csvMax: KASSABUCH_EXPORT_MAX.csv,
      },
      data: { ...marker, entriesNow: alle, thisMonth: imMonat, thisYear: imJahr },
      balanceCheck: { rows: pruefung.rows, wrong: pruefung.falsch },
      budgets: { listP95: LIST_BUDGET, writeP95: WRITE_BUDGET },
      probes: [...messungen, ...schwer].map((m) => ({
        name: m.name,
        art: m.art,
        extra: m.extra ?? false,
        request: `${m.method} ${m.pfad.replace(API, "")}`,
        status: m.status,
        rows: m.rows,
        totalCount: m.total,
        bytes: m.bytes,
        server: s(m.server),
        client: s(m.client),
        ...(m.sql.length ? { sql: s(m.sql) } : {}),
        ...(m.rss.length ? { peakRssMb: s(m.rss), rssBeforeMb: s(m.rssVorher) } : {}),
        ...(m.probe ? { statements: m.probe.tx.length, explainMs: execTimes(m) } : {}),
        verdict: verdict(m) || undefined,
      })),
    },
    null,
    2,
  )}\n`,
);
await raw.end();
out();
out(`written ${path.relative(process.cwd(), ziel)} (plans: ${path.relative(process.cwd(), plansFile)})`);
