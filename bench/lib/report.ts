/**
 * What the benches print and keep of a measurement (measure.ts): the run's lines, the probe tables (columns
 * client / server / sql tx / stmt, median and p95, and the plan), the overhead table, budgets, and the JSON in
 * bench/results/ with every probe's plans beside it (`-plans.txt`, not committed).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { MeasureRun, Overhead, Probe } from "./measure.ts";
import { fmt, out, type Summary, summarize, table } from "./stats.ts";

const loads = (l: number[]) => l.map((x) => x.toFixed(1)).join(" ");

/** The run's lines under the title: rounds and the load average. */
export function printRun(run: MeasureRun<unknown>) {
  out(`n=${run.n} per query after ${run.warmup} warm-up, one request at a time, times in ms`);
  out(
    `load average ${loads(run.loadStart)} at start, ${loads(os.loadavg())} at end (${os.cpus().length} cpus)`,
  );
}

/** An access path named in the plan column: its label, where the plan shows it, unless the plan shows `unless`. */
export type AccessPath = readonly [label: string, pattern: RegExp, unless?: RegExp];

/** The access paths of a request's statements in a few words, with EXPLAIN ANALYZE's execution time. */
function planSummary(plans: string[] | undefined, paths: readonly AccessPath[]): string {
  return (plans ?? [])
    .map((plan) => {
      const parts = paths
        .filter(([, pattern, unless]) => pattern.test(plan) && !unless?.test(plan))
        .map(([label]) => label);
      if (/^select count\(/i.test(plan)) parts.unshift("count:");
      const exec = plan.match(/Execution Time: ([\d.]+) ms/);
      return `${parts.join(" ") || "?"}${exec ? ` ${Number(exec[1]).toFixed(1)}` : ""}`;
    })
    .join(", ");
}

const cells = (s: Summary) => [fmt(s.median), fmt(s.p95)];

/** Every column over all samples of the probes. */
export const overall = (probes: Probe[]) => ({
  client: summarize(probes.flatMap((p) => p.client)),
  server: summarize(probes.flatMap((p) => p.server)),
  sqlTx: summarize(probes.flatMap((p) => p.sqlTx)),
  sqlQuery: summarize(probes.flatMap((p) => p.sqlQuery)),
});
type Overall = ReturnType<typeof overall>;

/**
 * A row per probe, then the totals (`[label, overall]`, e.g. "ALL"). `text`: the text column; `server`: the
 * label of the server column ("server", "in-proc"); `paths`: the access paths the plan column names.
 */
export function probeTable<P extends Probe>(
  probes: P[],
  o: {
    text: (p: P) => string;
    paths: readonly AccessPath[];
    totals: readonly (readonly [string, Overall])[];
    server?: string;
  },
): string {
  const header = [
    "query",
    "text",
    "match",
    "rows",
    "client med",
    "p95",
    `${o.server ?? "server"} med`,
    "p95",
    "sql tx med",
    "p95",
    "stmt med",
    "p95",
    "plan, ms (EXPLAIN ANALYZE)",
  ];
  const rows = probes.map((p) => [
    `${p.name}${p.extra ? " *" : ""}`,
    o.text(p),
    p.matches ?? "",
    p.totalCount ? `${p.rows}/${p.totalCount}` : (p.rows ?? ""),
    ...cells(summarize(p.client)),
    ...cells(summarize(p.server)),
    ...cells(summarize(p.sqlTx)),
    ...cells(summarize(p.sqlQuery)),
    planSummary(p.plans, o.paths),
  ]);
  const totals = o.totals.map(([label, t]) => [
    label,
    "",
    "",
    "",
    ...cells(t.client),
    ...cells(t.server),
    ...cells(t.sqlTx),
    ...cells(t.sqlQuery),
    "",
  ]);
  return table(header, [...rows, ...totals]);
}

export const verdict = (value: number, budget: number) =>
  Number.isFinite(value)
    ? `${value.toFixed(2)} ${value <= budget ? "PASS" : "FAIL"} (budget ${budget})`
    : "-";

/** The overhead table; `endpoint`: the endpoint's label ("GET kundessearch"). */
export function printOverhead(o: Overhead, endpoint: string) {
  const s = o.parts;
  out(
    table(
      ["part", "median", "p95"],
      [
        [endpoint, ...cells(s.endpoint)],
        ["GET appinfo (trivial route, no db)", ...cells(s.appinfo)],
        ["GET health (select 1, no auth)", ...cells(s.health)],
        ["bench route: tenant guard only", ...cells(s.tenantNoop)],
        ["bench route: guard + tenant tx select 1", ...cells(s.tenantTx)],
        ["same SQL raw: tenant tx", ...cells(s.sql)],
        ["same SQL raw: sign-in checks + tenant tx", ...cells(s.sqlWithAuth)],
        ["RATIO endpoint / (appinfo + sql tx)", o.ratioMedian.toFixed(2), o.ratioP95.toFixed(2)],
        ["ratio endpoint / (appinfo + checks + tx)", o.ratioWithAuth.toFixed(2), ""],
      ],
    ),
  );
  out(`sign-in checks before the transaction: ${o.before} statements; transaction: ${o.tx} statements`);
}

// --- JSON -------------------------------------------------------------------------------------------------------
/** A probe's figures in the JSON (after the fields that say what it is). */
const probeJson = (p: Probe, paths: readonly AccessPath[]) => ({
  matches: p.matches,
  rows: p.rows,
  totalCount: p.totalCount,
  plan: planSummary(p.plans, paths),
  client: summarize(p.client),
  server: summarize(p.server),
  sqlTx: summarize(p.sqlTx),
  sqlStatements: summarize(p.sqlQuery),
});

/**
 * A section of probes in the JSON: all their samples, those of the probes that are not extras (under `core`:
 * "issueMix", "withoutSearch" …), and per probe `head` (what it is) and its figures.
 */
export const probesJson = <P extends Probe>(
  probes: P[],
  core: string,
  head: (p: P) => object,
  paths: readonly AccessPath[],
) => ({
  overall: overall(probes),
  [core]: overall(probes.filter((p) => !p.extra)),
  queries: probes.map((p) => ({ ...head(p), ...probeJson(p, paths) })),
});

/** The machine, its load average, the data measured and the parameters of the run. */
export const runJson = (run: MeasureRun<unknown>, data: object) => ({
  machine: { cpus: os.cpus().length, cpu: os.cpus()[0]?.model, node: process.version },
  loadAverage: { start: run.loadStart, end: os.loadavg() },
  data,
  params: { n: run.n, warmup: run.warmup, db: run.db, concurrency: 1, logLevel: run.logLevel },
});

export const overheadJson = (o: Overhead) => ({
  ...o.parts,
  ratioMedian: Number(o.ratioMedian.toFixed(3)),
  ratioP95: Number(o.ratioP95.toFixed(3)),
  ratioWithSignInChecks: Number(o.ratioWithAuth.toFixed(3)),
});

/**
 * Writes the result to --out or results/<date>-<name>.json and, beside it, every probe's plans (`-plans.txt`;
 * `label`: what the probe called).
 */
export function writeResult<P extends Probe>(
  run: MeasureRun<unknown>,
  name: string,
  result: object,
  probes: P[],
  label: (p: P) => string,
) {
  const dir = path.join(import.meta.dirname, "..", "results");
  mkdirSync(dir, { recursive: true });
  const file = run.out ?? path.join(dir, `${new Date().toISOString().slice(0, 10)}-${name}.json`);
  // NaN (no client time) is written as null; number arrays on one line, as the formatter (biome) writes them: the
  // file passes `npm run lint` as is.
  const json = JSON.stringify(result, null, 2).replace(
    /\[\s+([-\d.eE,\s]+?)\s+\]/g,
    (_, items: string) => `[${items.split(/,\s*/).join(", ")}]`,
  );
  writeFileSync(file, `${json}\n`);
  const plansFile = file.replace(/\.json$/, "-plans.txt");
  writeFileSync(
    plansFile,
    probes.map((p) => `=== ${p.name}: ${label(p)}\n${(p.plans ?? []).join("\n\n")}\n`).join("\n"),
  );
  out(`\nwrote ${path.relative(process.cwd(), file)} and ${path.relative(process.cwd(), plansFile)}`);
}
