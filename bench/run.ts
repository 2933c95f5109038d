/**
 * The bench harness (DESIGN §9): `npm run bench` — data at two scales, the server as production starts it, every
 * scenario interleaved at 1 and 10 connections against the same query in raw SQL and the trivial route, the
 * server's memory at rest and under 100 clients; a markdown table per scale in bench/results/<date>-bench.md and
 * the JSON beside it. See bench/README.md.
 *
 *   npm run bench -- [--scale 100000,1000000] [--only <regex>] [--n 200] [--warmup 20] [--concurrency 1,10]
 *                    [--max-seconds 20] [--min-samples 20]
 *                    [--db-prefix kontor_bench] [--db <name>] [--small 2000] [--documents 200000]
 *                    [--cashbook <entries>] [--seed <n>] [--fresh] [--clients 100] [--seconds 15]
 *                    [--no-build] [--generate-only] [--out bench/results/<date>-bench.md]
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { runHarness } from "./harness/harness.ts";
import { out } from "./lib/stats.ts";

const { values: a } = parseArgs({
  options: {
    scale: { type: "string", default: "100000,1000000" },
    only: { type: "string" },
    n: { type: "string", default: "200" },
    warmup: { type: "string", default: "20" },
    "max-seconds": { type: "string", default: "20" },
    "min-samples": { type: "string", default: "20" },
    concurrency: { type: "string", default: "1,10" },
    "db-prefix": { type: "string", default: "kontor_bench" },
    db: { type: "string" },
    small: { type: "string", default: "2000" },
    documents: { type: "string", default: "200000" },
    cashbook: { type: "string" },
    seed: { type: "string" },
    fresh: { type: "boolean", default: false },
    clients: { type: "string", default: "100" },
    seconds: { type: "string", default: "15" },
    "no-build": { type: "boolean", default: false },
    "generate-only": { type: "boolean", default: false },
    out: { type: "string" },
  },
});

const ints = (text: string, name: string) => {
  const list = text.split(",").map((x) => Number(x.trim().replaceAll("_", "")));
  if (list.length === 0 || !list.every((x) => Number.isSafeInteger(x) && x > 0))
    throw new Error(`--${name} takes positive integers separated by commas`);
  return list;
};
const int = (text: string, name: string) => ints(text, name)[0]!;

/** 100000 → 100k, 1000000 → 1m, 2000 → 2k. */
const label = (scale: number) =>
  scale % 1_000_000 === 0 ? `${scale / 1_000_000}m` : scale % 1000 === 0 ? `${scale / 1000}k` : String(scale);

const scales = ints(a.scale, "scale");
if (a.db && scales.length > 1) throw new Error("--db names one database: give one --scale with it");
const date = new Date().toISOString().slice(0, 10);

const result = await runHarness({
  scales,
  dbName: (scale) => a.db ?? `${a["db-prefix"]}_${label(scale)}`,
  small: int(a.small, "small"),
  documents: int(a.documents, "documents"),
  cashbook: (scale) => (a.cashbook ? int(a.cashbook, "cashbook") : scale),
  seed: a.seed === undefined ? undefined : int(a.seed, "seed"),
  fresh: a.fresh,
  only: a.only ? new RegExp(a.only, "i") : undefined,
  n: int(a.n, "n"),
  warmup: Number(a.warmup),
  maxSeconds: int(a["max-seconds"], "max-seconds"),
  minSamples: int(a["min-samples"], "min-samples"),
  concurrency: ints(a.concurrency, "concurrency"),
  hammerClients: int(a.clients, "clients"),
  hammerSeconds: int(a.seconds, "seconds"),
  build: !a["no-build"],
  generateOnly: a["generate-only"],
  out: path.resolve(a.out ?? path.join(import.meta.dirname, "results", `${date}-bench.md`)),
});
if (result.errors.length > 0) {
  out(`\n${result.errors.length} errors (answers other than 2xx):`);
  for (const e of result.errors) out(`  ${e}`);
  process.exit(1);
}
