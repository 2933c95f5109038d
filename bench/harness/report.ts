/**
 * What a harness run writes: a markdown table per scale — scenario, median, p95, p99, requests per second, the
 * overhead ratio and the budget verdict, at each concurrency, then the memory lines — and the JSON beside it with
 * every figure (per scenario and per variant, client and server time, raw SQL, statuses).
 */
import { type Summary, summarize } from "../lib/stats.ts";
import type { LevelResult, MeasuredScenario, Samples } from "./measure.ts";
import type { Hammer } from "./memory.ts";
import { BUDGETS } from "./scenarios.ts";

export interface ScaleResult {
  scale: number;
  db: string;
  data: Record<string, unknown>;
  dataSeconds: number;
  server: { argv: readonly string[]; how: string; output: string[] };
  loadAverage: { start: number[]; end: number[] };
  scenarios: MeasuredScenario[];
  /** Rows and total of one answer of each variant (lists), by scenario id. */
  shape: Record<string, { rows?: number; total?: string }>;
  levels: LevelResult[];
  memory: { rest: { rss: number; hwm: number }; hammer: Hammer; restAfter: { rss: number; hwm: number } };
}

export interface RunInfo {
  date: string;
  machine: { cpus: number; cpu?: string; node: string; postgres: string };
  commit: string;
  n: number;
  warmup: number;
}

export interface Figures {
  id: string;
  kind: string;
  variants: number;
  concurrency: number;
  /** Samples per variant (fewer than n where the scenario reached its time limit). */
  n: number;
  server: Summary;
  client: Summary;
  sql: Summary;
  requestsPerSecond: number;
  /** Client median of the endpoint ÷ (client median of the trivial route + median of its SQL raw). */
  overhead: number;
  overheadP95: number;
  statuses: Record<string, number>;
  errors: number;
  firstError?: string;
  verdict: string;
}

const TRIVIAL = "trivial appinfo";
const isOk = (status: string) => status.startsWith("2");

/** The figures of every scenario at one level, with the verdict (judged at concurrency 1 only). */
export function figures(scenarios: MeasuredScenario[], level: LevelResult): Figures[] {
  const trivial = level.scenarios[TRIVIAL];
  const trivialClient = summarize(trivial?.client ?? []);
  return scenarios.map((s) => {
    const x: Samples = level.scenarios[s.id]!;
    const server = summarize(x.server.filter(Number.isFinite));
    const client = summarize(x.client);
    const sql = summarize(x.sql);
    const hasSql = x.sql.length > 0 && s.kind !== "trivial";
    const overhead = hasSql ? client.median / (trivialClient.median + sql.median) : Number.NaN;
    const overheadP95 = hasSql ? client.p95 / (trivialClient.p95 + sql.p95) : Number.NaN;
    const errors = Object.entries(x.statuses)
      .filter(([status]) => !isOk(status))
      .reduce((sum, [, count]) => sum + count, 0);
    const time = Number.isFinite(server.p95) ? server : client;
    let verdict = "—";
    if (errors > 0) verdict = `ERROR (${errors} not 2xx)`;
    else if (level.concurrency === 1 && (s.p95Budget !== undefined || s.overheadBudget)) {
      const failed: string[] = [];
      if (s.p95Budget !== undefined && !(time.p95 <= s.p95Budget)) failed.push(`p95 > ${s.p95Budget}`);
      if (s.overheadBudget && !(overhead <= BUDGETS.overhead)) failed.push(`overhead > ${BUDGETS.overhead}`);
      verdict = failed.length ? `FAIL (${failed.join(", ")})` : "PASS";
    }
    return {
      id: s.id,
      kind: s.kind,
      variants: s.variants.length,
      concurrency: level.concurrency,
      n: x.rounds * level.concurrency,
      server,
      client,
      sql,
      requestsPerSecond: x.wallMs > 0 ? (x.requests * 1000) / x.wallMs : Number.NaN,
      overhead,
      overheadP95,
      statuses: x.statuses,
      errors,
      ...(x.firstError ? { firstError: x.firstError } : {}),
      verdict,
    };
  });
}

const ms = (x: number) => (Number.isFinite(x) ? x.toFixed(x < 10 ? 2 : 1) : "—");
const int = (x: number) =>
  Number.isFinite(x) ? Math.round(x).toLocaleString("en-US").replaceAll(",", " ") : "—";
const mb = (x: number) => `${Math.round(x)} MB`;
const loads = (l: number[]) => l.map((x) => x.toFixed(1)).join(" ");

function shapeText(shape: { rows?: number; total?: string } | undefined): string {
  if (!shape) return "";
  if (shape.total !== undefined) return `${shape.rows ?? "?"} / ${shape.total}`;
  return shape.rows === undefined ? "" : String(shape.rows);
}

function scaleTitle(r: ScaleResult): string {
  return `${int(r.scale)} customers and articles (database ${r.db})`;
}

/** The markdown of one scale. */
export function scaleMarkdown(r: ScaleResult): string {
  const lines: string[] = [];
  lines.push(`## ${scaleTitle(r)}`, "");
  const d = r.data as Record<string, Record<string, unknown>>;
  lines.push(
    `Data (${r.dataSeconds} s to generate or reuse): ${int(Number(d.kunde?.size))} + ${int(Number(d.kunde?.smallSize))} customers, ` +
      `${int(Number(d.artikel?.size))} + ${int(Number(d.artikel?.smallSize))} articles, ` +
      `${int(Number(d.beleg?.size))} + ${int(Number(d.beleg?.smallSize))} documents (${int(Number(d.beleg?.positionen))} positions), ` +
      `${int(Number(d.zahlung?.payments))} payments (${int(Number(d.zahlung?.openItems))} open items), ` +
      `${int(Number(d.kassabuch?.eintraege))} cash book entries, ${int(Number(d.firmengruppe?.size))} firm groups; ` +
      "the small tenant beside them (row-level security filters).",
    "",
    `Server: \`${r.server.argv.join(" ")}\` — ${r.server.how}; load average ${loads(r.loadAverage.start)} at start, ${loads(r.loadAverage.end)} at end.`,
    "",
  );
  lines.push(
    "| scenario | rows / total | conn | n | median | p95 | p99 | req/s | sql p95 | overhead | verdict |",
    "|---|---|--:|--:|--:|--:|--:|--:|--:|--:|---|",
  );
  const byLevel = r.levels.map((level) => figures(r.scenarios, level));
  for (const [i, s] of r.scenarios.entries()) {
    for (const [l, level] of r.levels.entries()) {
      const f = byLevel[l]![i]!;
      const name = l === 0 ? `${s.id}${s.variants.length > 1 ? ` (${s.variants.length})` : ""}` : "";
      lines.push(
        `| ${name} | ${l === 0 ? shapeText(r.shape[s.id]) : ""} | ${level.concurrency} | ${f.n} | ${ms(f.server.median)} | ${ms(f.server.p95)} | ${ms(f.server.p99)} | ${int(f.requestsPerSecond)} | ${ms(f.sql.p95)} | ${Number.isFinite(f.overhead) ? f.overhead.toFixed(2) : "—"} | ${f.verdict} |`,
      );
    }
  }
  const judged = byLevel[0]?.filter((f) => f.verdict !== "—") ?? [];
  const failed = judged.filter((f) => f.verdict !== "PASS");
  lines.push(
    "",
    `Budgets at 1 connection: ${judged.length - failed.length} of ${judged.length} PASS` +
      (failed.length ? `; not: ${failed.map((f) => `${f.id} — ${f.verdict}`).join("; ")}` : "") +
      ".",
  );
  const m = r.memory;
  const h = m.hammer;
  const rssVerdict = h.rssPeak <= BUDGETS.rssMb ? "PASS" : "FAIL";
  lines.push(
    "",
    `- RSS at rest (after start and sign-in): ${mb(m.rest.rss)} (VmHWM ${mb(m.rest.hwm)})`,
    `- RSS at ${h.clients} concurrent clients (${h.seconds} s of a mix of searches, lists and details; ` +
      `${int(h.requests)} requests, ${int(h.requestsPerSecond)}/s, client p95 ${ms(h.latency.p95)} ms` +
      `${Object.keys(h.statuses).some((s) => !isOk(s)) ? `, statuses ${JSON.stringify(h.statuses)}` : ""}): ` +
      `peak ${mb(h.rssPeak)}, after ${mb(h.rssAfter)}, VmHWM ${mb(h.hwm)} — ${rssVerdict} (≤ ${BUDGETS.rssMb} MB)`,
    `- RSS at rest after the measurement: ${mb(m.restAfter.rss)} (VmHWM ${mb(m.restAfter.hwm)})`,
  );
  const warnings = r.server.output.filter((line) => line.trim());
  if (warnings.length)
    lines.push(`- the server wrote ${warnings.length} lines at LOG_LEVEL=warn (in the JSON)`);
  return lines.join("\n");
}

export function markdown(info: RunInfo, results: ScaleResult[]): string {
  return [
    `# Bench ${info.date}`,
    "",
    `${info.machine.cpus} cpus (${info.machine.cpu ?? "?"}), Node ${info.machine.node}, ${info.machine.postgres}; ` +
      `commit ${info.commit}. n = ${info.n} per variant and concurrency after ${info.warmup} warm-up, interleaved.`,
    "",
    "Columns: **median / p95 / p99** — server time in ms (the request event to the response head, in the server " +
      "process); **req/s** — answers ÷ wall time of the scenario's turns; **sql p95** — the endpoint's SQL replayed " +
      "raw through pg (its transaction); **overhead** — endpoint ÷ (trivial route + the same SQL raw), client " +
      "medians, same rounds; **verdict** — at 1 connection: p95 against the scenario's budget (search 10 ms, " +
      "document number search 20, lists and details 20, the document editor 30) and overhead ≤ 1.5. " +
      "A scenario with (k) is k requests per round (a search mix, three records), judged over all of them.",
    "",
    ...results.map((r) => `${scaleMarkdown(r)}\n`),
  ].join("\n");
}

/** The JSON: every figure, per scenario and per variant. */
export function json(info: RunInfo, results: ScaleResult[]) {
  return {
    ...info,
    budgets: BUDGETS,
    scales: results.map((r) => ({
      scale: r.scale,
      db: r.db,
      data: r.data,
      dataSeconds: r.dataSeconds,
      server: r.server,
      loadAverage: r.loadAverage,
      memory: r.memory,
      levels: r.levels.map((level) => ({
        concurrency: level.concurrency,
        seconds: Number(level.seconds.toFixed(1)),
        scenarios: figures(r.scenarios, level).map((f) => {
          const s = r.scenarios.find((x) => x.id === f.id)!;
          return {
            ...f,
            shape: r.shape[f.id],
            variants: s.variants.map((v) => {
              const x = level.variants[f.id]![v.label]!;
              return {
                label: v.label,
                method: v.method,
                path: v.path,
                statements: v.sql.length - 2,
                server: summarize(x.server.filter(Number.isFinite)),
                client: summarize(x.client),
                sql: summarize(x.sql),
                statuses: x.statuses,
              };
            }),
          };
        }),
      })),
    })),
  };
}
