/**
 * The working-time team view (issue 22: GET zeiterfassung/mitarbeiter — every employee's month with target,
 * actual, balance, overtime, vacation left, approval state, open requests and flags — for 100 employees: server
 * p95 ≤ 100 ms). Data: one tenant with the module, an admin with ROLE_ARBEITSZEITERFASSUNG_ADMIN and `--employees`
 * members with ROLE_ARBEITSZEITERFASSUNG, each with settings (part time for every fifth), balances starting on
 * 1 January of last year, so the overtime and vacation balances run over ~23 months; Austrian public holidays of
 * both years (imported through the app); records on every working day up to today (mostly two with a lunch
 * break, some one long stretch — a missing break —, some at home, some late evenings — short rest periods),
 * vacation and sick days, months before the current one approved for most employees. A small second tenant with
 * the same shape (`--small` employees) so row-level security filters for real.
 *
 * Settings, holidays and the tenant's rules go through the app's routes; records and absences are inserted in bulk
 * as the table owner, and then the app computes the day rows itself (PUT zeiterfassung/betrieb with pausenAbzug
 * switched over and back recomputes every day of the tenant: the values the rules give, not the bench's).
 * A marker (app_setting bench.arbeitszeit.team) keeps the data for the next run with the same parameters.
 *
 * Probes, round robin after the warm-up: the team view of this month (the budget) and of last month; an employee's
 * month (GET zeiterfassung/monat, extra); the sheet as PDF and the payroll CSV (extra, --n-report times).
 *
 *   npm run bench:arbeitszeit -- [--employees 100] [--small 10] [--n 200] [--warmup 20] [--n-report 10]
 *                                [--db kontor_bench_arbeitszeit] [--fresh] [--seed 22] [--out f.json]
 */
import { writeFileSync } from "node:fs";
import { addDays, daysBetween, todayIso } from "@kontor/domain/date/calendar";
import { isoWochentag, lokalZuInstant } from "@kontor/domain/date/zeitzone";
import { createMandant, createUser } from "../../apps/api/src/setup/seed.ts";
import { ensureDatabase, readBenchMarker, withClient, writeBenchMarker } from "../lib/db.ts";
import { BATCH, col, log, seconds } from "../lib/generate.ts";
import { API, buildApp, openApi, serve, startRun } from "../lib/measure.ts";
import { createRng } from "../lib/prng.ts";
import { fmt, out, summarize, table } from "../lib/stats.ts";

const run = startRun({
  db: { type: "string", default: "kontor_bench_arbeitszeit" },
  employees: { type: "string", default: "100" },
  small: { type: "string", default: "10" },
  seed: { type: "string", default: "22" },
  fresh: { type: "boolean", default: false },
  "n-report": { type: "string", default: "10" },
});
const args = run.args;
const MITARBEITER = Number(args.employees);
const KLEIN = Number(args.small);
const SEED = Number(args.seed);
const N_REPORT = Number(args["n-report"]);
const BUDGET = 100;
const MARKER = "bench.arbeitszeit.team";
const VERSION = 1;
const PASSWORD = "bench-arbeitszeit";
const ADMIN = "bench-az-admin";

const heute = todayIso();
const jahr = Number(heute.slice(0, 4));
const beginn = `${jahr - 1}-01-01`;
const monat = heute.slice(0, 7);
const vormonat = addDays(`${monat}-01`, -1).slice(0, 7);

interface Marker {
  version: number;
  employees: number;
  small: number;
  seed: number;
  heute: string;
  mandantId: number;
  kleinId: number;
  eintraege: number;
  abwesenheiten: number;
  ersterMitarbeiter: number;
}

const gleich = (m: Marker | undefined) =>
  m?.version === VERSION &&
  m.employees === MITARBEITER &&
  m.small === KLEIN &&
  m.seed === SEED &&
  m.heute === heute;

await ensureDatabase(run.db, run.args.fresh);
let marker = await withClient(run.url, (c) => readBenchMarker<Marker>(c, MARKER));
if (marker && !gleich(marker)) {
  await ensureDatabase(run.db, true);
  marker = undefined;
}
const api = await openApi(run);
await api.database.migrate();
const app = await buildApp(api);
const client = await serve(app);

/** A call through the app's routes as the admin of `mandantId` (setup only, not measured). */
async function als(mandantId: number, method: string, pfad: string, body?: unknown) {
  const login = await app.inject({
    method: "POST",
    url: `${API}/auth/login`,
    payload: { usernameOrEmail: ADMIN, password: PASSWORD },
  });
  const token = login.json().accessToken as string;
  const r = await app.inject({
    method: method as "PUT",
    url: `${API}/${pfad}`,
    headers: { authorization: `Bearer ${token}`, "x-mandant-id": String(mandantId) },
    ...(body === undefined ? {} : { payload: body as object }),
  });
  if (r.statusCode >= 300) throw new Error(`${method} ${pfad}: ${r.statusCode} ${r.body.slice(0, 300)}`);
  return r;
}

async function erzeugen(): Promise<Marker> {
  const start = performance.now();
  const rng = createRng(SEED);
  const db = api.database.db;
  const mandantId = await createMandant(db, {
    bezeichnung: "Arbeitszeit Bench GmbH",
    modules: ["zeiterfassung"],
  });
  const kleinId = await createMandant(db, {
    bezeichnung: "Arbeitszeit Bench klein",
    modules: ["zeiterfassung"],
  });
  await createUser(db, {
    login: ADMIN,
    email: `${ADMIN}@bench.test`,
    password: PASSWORD,
    firstName: "Anna",
    lastName: "Admin",
    authorities: ["ROLE_USER", "ROLE_ARBEITSZEITERFASSUNG_ADMIN"],
    mandantIds: [mandantId, kleinId],
  });
  const mitarbeiter: { id: number; mandantId: number; teilzeit: boolean }[] = [];
  for (const [mid, anzahl] of [
    [mandantId, MITARBEITER],
    [kleinId, KLEIN],
  ] as const) {
    for (let i = 0; i < anzahl; i++) {
      const login = `bench-az-${mid}-${i}`;
      const id = await createUser(db, {
        login,
        email: `${login}@bench.test`,
        password: PASSWORD,
        firstName: `Vorname${i}`,
        lastName: `Nachname${String(i).padStart(3, "0")}`,
        authorities: ["ROLE_ARBEITSZEITERFASSUNG"],
        mandantIds: [mid],
      });
      mitarbeiter.push({ id, mandantId: mid, teilzeit: i % 5 === 4 });
    }
  }
  log(`users: ${mitarbeiter.length + 1} (${seconds(start)} s)`);
  for (const mid of [mandantId, kleinId]) {
    for (const j of [jahr - 1, jahr])
      await als(mid, "POST", "holidayentry/import", { jahr: j, region: "AT" });
    await als(mid, "PUT", "zeiterfassung/betrieb", {
      region: "AT",
      pausenAbzug: false,
      confirmTimes: true,
      zeitausgleich: true,
      vacationMode: true,
    });
  }
  for (const m of mitarbeiter)
    await als(m.mandantId, "PUT", `zem_settings/${m.id}`, {
      workhours: m.teilzeit ? 20 : 38.5,
      ...(m.teilzeit
        ? { workhoursMon: 8, workhoursTue: 8, workhoursWed: 4, workhoursThu: 0, workhoursFri: 0 }
        : {}),
      uberstunden_aktuell: rng.int(-10, 30),
      uberstunden_beginn: beginn,
      urlaub_aktuell: rng.int(0, 10),
      urlaubsanspruchjahr: 25,
      eintrittsdatum: `${jahr - 3}-03-01`,
      part_time: m.teilzeit,
    });
  log(`settings and holidays through the app (${seconds(start)} s)`);

  // Records and absences, in bulk as the owner.
  const feiertage = new Set<string>();
  await withClient(run.url, async (c) => {
    const { rows } = await c.query<{ datum: string }>(
      "SELECT datum::text FROM feiertag WHERE mandant_id = $1",
      [mandantId],
    );
    for (const r of rows) feiertage.add(r.datum);
  });
  type Rec = { mandantId: number; userId: number; datum: string; von: Date; bis: Date; homeoffice: boolean };
  type Abw = { mandantId: number; userId: number; art: string; von: string; bis: string };
  const recs: Rec[] = [];
  const abws: Abw[] = [];
  const zeit = (datum: string, minuten: number) => {
    const hh = String(Math.floor(minuten / 60)).padStart(2, "0");
    const mm = String(minuten % 60).padStart(2, "0");
    return new Date(lokalZuInstant(datum, `${hh}:${mm}`) ?? lokalZuInstant(datum, "12:00")!);
  };
  const tage = daysBetween(beginn, heute);
  for (const m of mitarbeiter) {
    for (let t = 0; t < tage; t++) {
      const datum = addDays(beginn, t);
      const wt = isoWochentag(datum);
      if (wt > 5 || feiertage.has(datum) || (m.teilzeit && wt > 3)) continue;
      if (rng.chance(0.045)) {
        abws.push({
          mandantId: m.mandantId,
          userId: m.id,
          art: rng.chance(0.7) ? "urlaub" : "krank",
          von: datum,
          bis: datum,
        });
        continue;
      }
      const homeoffice = rng.chance(0.2);
      const start = rng.int(7 * 60, 9 * 60);
      const vormittag = rng.int(200, 280);
      if (rng.chance(0.1)) {
        // One long stretch: a missing break.
        recs.push({
          mandantId: m.mandantId,
          userId: m.id,
          datum,
          von: zeit(datum, start),
          bis: zeit(datum, start + vormittag + rng.int(150, 260)),
          homeoffice,
        });
        continue;
      }
      const mittag = start + vormittag + rng.int(20, 60);
      const ende = Math.min(mittag + rng.int(m.teilzeit ? 60 : 180, m.teilzeit ? 200 : 300), 23 * 60 + 30);
      recs.push({
        mandantId: m.mandantId,
        userId: m.id,
        datum,
        von: zeit(datum, start),
        bis: zeit(datum, start + vormittag),
        homeoffice,
      });
      recs.push({
        mandantId: m.mandantId,
        userId: m.id,
        datum,
        von: zeit(datum, mittag),
        bis: zeit(datum, ende),
        homeoffice,
      });
    }
  }
  await withClient(run.url, async (c) => {
    for (let i = 0; i < recs.length; i += BATCH) {
      const b = recs.slice(i, i + BATCH);
      await c.query(
        `INSERT INTO arbeitszeit (mandant_id, user_id, datum, von, bis, homeoffice, erfasst_von)
         SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::date[], $4::timestamptz[], $5::timestamptz[],
                              $6::boolean[], $7::text[])`,
        [
          col(b, (r) => r.mandantId),
          col(b, (r) => r.userId),
          col(b, (r) => r.datum),
          col(b, (r) => r.von),
          col(b, (r) => r.bis),
          col(b, (r) => r.homeoffice),
          col(b, () => "bench"),
        ],
      );
    }
    await c.query(
      `INSERT INTO abwesenheit (mandant_id, user_id, art, von, bis, status, erfasst_von)
       SELECT m, u, a, v, b, 'genehmigt', 'bench' FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::date[], $5::date[]) AS x(m, u, a, v, b)`,
      [
        col(abws, (a) => a.mandantId),
        col(abws, (a) => a.userId),
        col(abws, (a) => a.art),
        col(abws, (a) => a.von),
        col(abws, (a) => a.bis),
      ],
    );
    // Open requests: a few vacation requests next month.
    const naechster = addDays(`${monat}-01`, 40);
    await c.query(
      `INSERT INTO abwesenheit (mandant_id, user_id, art, von, bis, status, erfasst_von)
       SELECT mandant_id, user_id, 'urlaub', $1::date, $1::date, 'beantragt', 'bench'
         FROM user_mandant um JOIN unnest($2::bigint[]) AS x(u) ON um.user_id = x.u`,
      [naechster, mitarbeiter.filter((_, i) => i % 7 === 0).map((m) => m.id)],
    );
    // Months before this one approved for most employees, last month submitted for some.
    const monate: string[] = [];
    for (let d = beginn; d.slice(0, 7) < monat; d = `${addDays(`${d.slice(0, 7)}-28`, 5).slice(0, 7)}-01`)
      monate.push(d);
    await c.query(
      `INSERT INTO arbeitszeit_monat (mandant_id, user_id, monat, status)
       SELECT m, u, mo, CASE WHEN mo = $4::date AND u % 3 = 0 THEN 'eingereicht' ELSE 'genehmigt' END
         FROM unnest($1::bigint[], $2::bigint[]) AS x(m, u) CROSS JOIN unnest($3::date[]) AS y(mo)
        WHERE u % 10 <> 0`,
      [col(mitarbeiter, (m) => m.mandantId), col(mitarbeiter, (m) => m.id), monate, `${vormonat}-01`],
    );
    await c.query("ANALYZE arbeitszeit, abwesenheit, arbeitszeit_monat");
  });
  log(`records ${recs.length}, absences ${abws.length} (${seconds(start)} s)`);
  // The day rows as the app computes them: switching pausenAbzug recomputes every day of the tenant.
  for (const mid of [mandantId, kleinId])
    for (const pausenAbzug of [true, false])
      await als(mid, "PUT", "zeiterfassung/betrieb", {
        region: "AT",
        pausenAbzug,
        confirmTimes: true,
        zeitausgleich: true,
        vacationMode: true,
      });
  await withClient(run.url, (c) => c.query("ANALYZE arbeitszeit_tag"));
  log(`day rows by the app (${seconds(start)} s)`);
  const neu: Marker = {
    version: VERSION,
    employees: MITARBEITER,
    small: KLEIN,
    seed: SEED,
    heute,
    mandantId,
    kleinId,
    eintraege: recs.length,
    abwesenheiten: abws.length,
    ersterMitarbeiter: mitarbeiter[0]!.id,
  };
  await withClient(run.url, (c) => writeBenchMarker(c, MARKER, neu));
  return neu;
}

if (marker) log(`data reused (${marker.eintraege} records, ${marker.abwesenheiten} absences)`);
const m = marker ?? (await erzeugen());
await client.signIn(ADMIN, PASSWORD, m.mandantId);

// Check before measuring: every employee is there, the figures add up.
{
  const zeilen = JSON.parse((await client.get(`${API}/zeiterfassung/mitarbeiter?monat=${monat}`)).body) as {
    ist: number;
    soll: number;
    saldoMonat: number;
  }[];
  // The admin is an employee too (the admin role is a working-time role).
  if (zeilen.length !== MITARBEITER + 1)
    throw new Error(`team view: ${zeilen.length} rows, expected ${MITARBEITER + 1}`);
  if (zeilen.some((z) => z.ist - z.soll !== z.saldoMonat)) throw new Error("team view: saldo ≠ ist − soll");
}

interface Probe {
  name: string;
  pfad: string;
  extra: boolean;
  n: number;
  server: number[];
  client: number[];
  bytes: number;
}
const probe = (name: string, pfad: string, extra: boolean, n = run.n): Probe => ({
  name,
  pfad: `${API}/${pfad}`,
  extra,
  n,
  server: [],
  client: [],
  bytes: 0,
});
const probes = [
  probe(`team view ${monat} (${MITARBEITER} employees)`, `zeiterfassung/mitarbeiter?monat=${monat}`, false),
  probe(`team view ${vormonat}`, `zeiterfassung/mitarbeiter?monat=${vormonat}`, false),
  probe(
    "employee month (GET zeiterfassung/monat)",
    `zeiterfassung/monat?userId=${m.ersterMitarbeiter}&monat=${monat}`,
    true,
  ),
  probe(
    "month sheet PDF",
    `zeiterfassungreport?userId=${m.ersterMitarbeiter}&monat=${vormonat}&format=pdf`,
    true,
    N_REPORT,
  ),
  probe("payroll CSV (team)", `zeiterfassungreport?team=true&monat=${vormonat}&format=csv`, true, N_REPORT),
];
for (let i = 0; i < run.warmup; i++) for (const p of probes) await client.get(p.pfad);
const runden = Math.max(...probes.map((p) => p.n));
const start = performance.now();
for (let i = 0; i < runden; i++)
  for (const p of probes) {
    if (i >= p.n) continue;
    const r = await client.get(p.pfad);
    p.server.push(r.server);
    p.client.push(r.ms);
    p.bytes = Buffer.byteLength(r.body);
  }
log(`rounds: ${seconds(start)} s`);

const ergebnis = probes.map((p) => ({
  name: p.name,
  extra: p.extra,
  bytes: p.bytes,
  server: summarize(p.server),
  client: summarize(p.client),
}));
out();
out(
  table(
    ["probe", "n", "server median", "server p95", "client p95", "bytes", "budget"],
    ergebnis.map((e) => [
      e.name,
      e.server.n,
      fmt(e.server.median),
      fmt(e.server.p95),
      fmt(e.client.p95),
      e.bytes,
      e.extra ? "extra" : e.server.p95 <= BUDGET ? `ok (≤ ${BUDGET})` : `OVER (${BUDGET})`,
    ]),
  ),
);
if (run.out)
  writeFileSync(
    run.out,
    `${JSON.stringify({ heute, employees: MITARBEITER, records: m.eintraege, loadStart: run.loadStart, ergebnis }, null, 2)}\n`,
  );
client.close();
await app.close();
await api.database.close();
