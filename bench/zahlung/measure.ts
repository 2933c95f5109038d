/**
 * Open items, open balance and payments latency (issue 17, DESIGN §9) against the data of bench/beleg/generate.ts
 * (200 000 documents in the tenant) and bench/zahlung/generate.ts (their payments; two customers with 10 000
 * invoices each, one of them with all 10 000 open).
 *
 * Starts the real API in this process (buildApp on the bench database), signs in over HTTP and calls, one request at
 * a time, rounds interleaved:
 * - GET unpaidbelege (page of 20 with x-total-count): the tenant's open items, filtered and sorted, and those of the
 *   two customers with 10 000 invoices (budget: list endpoints, p95 ≤ 20 ms);
 * - GET unpaidbelegesum/{tenant} (the open balance over all 200 000 documents) and ?kundenId= of the two customers
 *   (budget: p95 ≤ 20 ms);
 * - GET zahlung (the payment list; budget p95 ≤ 20 ms) and GET beleg/{id} of invoices with payments (the editor;
 *   budget p95 ≤ 30 ms, as the document bench).
 * The columns are those of every bench (../lib/measure.ts, ../lib/report.ts).
 *
 *   node --import tsx bench/zahlung/measure.ts [--n 200] [--warmup 20] [--db kontor_bench] [--log-level silent]
 *                                              [--out file.json]
 */
import pg from "pg";
import { BENCH_PASSWORD, readMarker } from "../kunde/marker.ts";
import { withClient } from "../lib/db.ts";
import * as bench from "../lib/measure.ts";
import * as report from "../lib/report.ts";
import { out } from "../lib/stats.ts";
import { readZahlungMarker, type ZahlungMarker } from "./marker.ts";

const run = bench.startRun({});
const { url } = run;

const BUDGET = { listP95: 20, saldoP95: 20, editorP95: 30 };

const PLAN_PATHS: report.AccessPath[] = [
  ["offen stand", /beleg_offen_stand/],
  ["faellig idx", /beleg_offen_faellig_idx/],
  ["offen idx", /beleg_offen_idx/],
  ["offen kunde idx", /beleg_offen_kunde_idx/],
  ["index-only", /Index Only Scan/],
  ["zahlung datum idx", /zahlung_datum_idx/],
  ["zahlung kunde idx", /zahlung_kunde_idx/],
  ["guthaben idx", /zahlung_guthaben_idx/],
  ["zuordnung idx", /zahlung_beleg_beleg_idx|zahlung_beleg_pkey/],
  ["pkey", /Index Scan using beleg_pkey/],
  ["seq scan", /Seq Scan on (beleg|zahlung)\b/],
  ["top-N sort", /Sort Method: top-N/],
  ["sort on disk", /Sort Method: external/],
];

type Kind = "posten" | "saldo" | "zahlung" | "editor";
type Probe = bench.Probe & { kind: Kind; path: string };

async function main() {
  const kunde = await withClient(url, readMarker);
  const marker = await withClient(url, readZahlungMarker);
  if (!kunde || !marker)
    throw new Error(`${run.db} has no payment bench data: run bench/zahlung/generate.ts first`);
  const m = marker.mandantId;
  const { grosskundeId: gross, saeumigId: saeumig } = marker;
  const editor = await withClient(url, async (c) =>
    (
      await c.query<{ id: string }>(
        `SELECT b.id FROM beleg b WHERE b.mandant_id = $1 AND b.belegs_typ = 'rechnung'
            AND EXISTS (SELECT 1 FROM zahlung_beleg z WHERE z.mandant_id = b.mandant_id AND z.beleg_id = b.id)
          ORDER BY b.id DESC LIMIT 5`,
        [m],
      )
    ).rows.map((row) => Number(row.id)),
  );

  const api = await bench.openApi(run);
  const { database } = api;
  const app = await bench.buildApp(api);
  const missing = bench.missingRoutes(app, ["unpaidbelege", "zahlung"]);
  if (missing[0]) throw new Error(`GET ${missing[0]} does not exist`);
  const http = await bench.serve(app);
  const raw = new pg.Client({ connectionString: url });
  await raw.connect();
  try {
    await http.signIn(kunde.login, BENCH_PASSWORD, m);
    const probe = (kind: Kind, name: string, path: string, extra = false) =>
      bench.captureProbe({ kind, name, extra, what: `GET ${path}`, path, call: () => http.get(path) });
    const P = bench.API;
    const probes: Probe[] = [
      await probe("posten", "first page", `${P}/unpaidbelege?page=0&size=20`),
      await probe("posten", "page 50", `${P}/unpaidbelege?page=49&size=20`),
      await probe("posten", "overdue", `${P}/unpaidbelege?page=0&size=20&ueberfaellig=true`),
      await probe("posten", "by open amount", `${P}/unpaidbelege?page=0&size=20&sort=restbetrag,desc`),
      await probe("posten", "by due date", `${P}/unpaidbelege?page=0&size=20&sort=faelligAm,asc`),
      await probe(
        "posten",
        "customer 10 000 (mostly paid)",
        `${P}/unpaidbelege?page=0&size=20&kundeId=${gross}`,
      ),
      await probe("posten", "customer 10 000 open", `${P}/unpaidbelege?page=0&size=20&kundeId=${saeumig}`),
      await probe("posten", "… page 100", `${P}/unpaidbelege?page=99&size=20&kundeId=${saeumig}`),
      await probe(
        "posten",
        "… overdue",
        `${P}/unpaidbelege?page=0&size=20&kundeId=${saeumig}&ueberfaellig=true`,
      ),
      await probe(
        "posten",
        "… a year",
        `${P}/unpaidbelege?page=0&size=20&kundeId=${saeumig}&von=${vorJahr(marker)}`,
      ),
      await probe("saldo", "tenant (200 000 documents)", `${P}/unpaidbelegesum/${m}`),
      await probe("saldo", "customer 10 000 (mostly paid)", `${P}/unpaidbelegesum/${m}?kundenId=${gross}`),
      await probe("saldo", "customer 10 000 open", `${P}/unpaidbelegesum/${m}?kundenId=${saeumig}`),
      await probe("zahlung", "payments, first page", `${P}/zahlung?page=0&size=20`),
      await probe("zahlung", "payments, page 50", `${P}/zahlung?page=49&size=20`),
      await probe("zahlung", "payments of a customer", `${P}/zahlung?page=0&size=20&kundeId=${gross}`),
    ];
    for (const id of editor) probes.push(await probe("editor", `invoice ${id}`, `${P}/beleg/${id}`));

    await bench.measureProbes(run, raw, probes, "belegspositionSet");
    await bench.explainProbes(raw, probes, () => undefined);
    printReport(marker, probes);
  } finally {
    http.close();
    await raw.end();
    await app.close();
    await database.close();
  }
}

/** A year before the data's today (YYYY-MM-DD). */
function vorJahr(marker: ZahlungMarker): string {
  const [y, mo, d] = marker.today.split("-");
  return `${Number(y) - 1}-${mo}-${d}`;
}

function printReport(marker: ZahlungMarker, probes: Probe[]) {
  const of = (kind: Kind) => probes.filter((p) => p.kind === kind);
  const text = (p: Probe) => p.path.replace(`${bench.API}/`, "");
  const tableOf = (kind: Kind) => {
    const list = of(kind);
    return report.probeTable(list, { text, paths: PLAN_PATHS, totals: [["ALL", report.overall(list)]] });
  };
  out(
    `\nPayment bench on ${run.db}: tenant ${marker.mandantId}, ${marker.invoices} invoices, ${marker.payments} payments ` +
      `(${marker.skontoPayments} with skonto, ${marker.partPayments} part payments), ${marker.openItems} open items; ` +
      `customers ${marker.grosskundeId} and ${marker.saeumigId} with 10 000 invoices each`,
  );
  report.printRun(run);
  out("GET /app/api/unpaidbelege?… (page of 20, x-total-count)");
  out(tableOf("posten"));
  out("");
  out("GET /app/api/unpaidbelegesum/{tenant}[?kundenId=] (the open balance)");
  out(tableOf("saldo"));
  out("GET /app/api/zahlung?… (page of 20, x-total-count)");
  out(tableOf("zahlung"));
  out("GET /app/api/beleg/{id} (an invoice with its payments, as the editor opens it)");
  out(tableOf("editor"));

  const p95 = (kind: Kind, core = false) =>
    report.overall(of(kind).filter((p) => !core || !p.extra)).server.p95;
  const kunde10k = report.overall(of("posten").filter((p) => p.path.includes("kundeId="))).server.p95;
  const budgets = {
    openItemsServerP95Tenant: report.verdict(p95("posten", true), BUDGET.listP95),
    openItemsServerP95All: report.verdict(p95("posten"), BUDGET.listP95),
    openItemsOfCustomer10000ServerP95: report.verdict(kunde10k, BUDGET.listP95),
    balanceServerP95: report.verdict(p95("saldo"), BUDGET.saldoP95),
    paymentsServerP95: report.verdict(p95("zahlung"), BUDGET.listP95),
    editorServerP95: report.verdict(p95("editor"), BUDGET.editorP95),
  };
  out("\nBudgets (DESIGN §9 and the brief), server time p95:");
  for (const [name, v] of Object.entries(budgets)) out(`  ${name.padEnd(42)} ${v}`);
  const head = (p: Probe) => ({ name: p.name, extra: p.extra, what: p.what });
  report.writeResult(
    run,
    "zahlung",
    {
      date: new Date().toISOString(),
      ...report.runJson(run, marker),
      budgets,
      posten: report.probesJson(of("posten"), "core", head, PLAN_PATHS),
      saldo: report.probesJson(of("saldo"), "all", head, PLAN_PATHS),
      zahlung: report.probesJson(of("zahlung"), "all", head, PLAN_PATHS),
      editor: report.probesJson(of("editor"), "all", head, PLAN_PATHS),
    },
    probes,
    (p) => p.what,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(
    `bench zahlung measure failed: ${error instanceof Error ? (error.stack ?? error.message) : error}\n`,
  );
  process.exit(1);
});
