/**
 * Smoke run of the whole harness (bench/run.ts) at a small scale, so that a schema or route change that breaks a
 * generator or a scenario fails `npm test`: 2 000 customers and articles, 2 000 documents, one round at 1 and
 * 10 connections, one second of 100 clients — into a throwaway database on the PostgreSQL server of BENCH_PG_URL
 * or DATABASE_URL (else 127.0.0.1:5432), dropped afterwards. It asserts that every scenario ran and answered 2xx
 * and that the report names every one of them; it never asserts a time.
 */
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, expect, test } from "vitest";
import { SERVER_URL } from "../lib/db.ts";
import { type HarnessResult, runHarness } from "./harness.ts";

const db = `kontor_bench_smoke_${process.pid}_${Date.now()}`;
const outDir = mkdtempSync(path.join(os.tmpdir(), "kontor-bench-smoke-"));

afterAll(async () => {
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${db}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
});

test("the whole harness runs at a small scale: every scenario answers 2xx and is in the report", async () => {
  const result: HarnessResult = await runHarness({
    scales: [2000],
    dbName: () => db,
    small: 200,
    documents: 2000,
    cashbook: () => 2000,
    seed: undefined,
    fresh: true,
    only: undefined,
    n: 1,
    warmup: 0,
    maxSeconds: 5,
    minSamples: 1,
    concurrency: [1, 10],
    hammerClients: 100,
    hammerSeconds: 1,
    build: false,
    generateOnly: false,
    out: path.join(outDir, "smoke-bench.md"),
  });
  expect(result.errors).toEqual([]);
  const [scale] = result.results;
  expect(scale).toBeDefined();
  const ids = scale!.scenarios.map((s) => s.id);
  for (const id of [
    "trivial appinfo",
    "login",
    "search kundessearch",
    "search artikelsearch",
    "search belegsearch",
    "list kundes",
    "list kundes search",
    "list artikel",
    "list artikel search",
    "list beleg",
    "list beleg search",
    "list zahlung",
    "list unpaidbelege",
    "list kassabuch",
    "list kassabuch search",
    "list firmengruppe",
    "list mehrwertssteuers",
    "detail kundes/{id}",
    "detail artikel/{id}",
    "detail beleg/{id}",
  ]) {
    expect(ids).toContain(id);
  }
  expect(ids.filter((id) => id.startsWith("list ")).length).toBeGreaterThanOrEqual(30);

  for (const level of scale!.levels) {
    expect([1, 10]).toContain(level.concurrency);
    for (const s of scale!.scenarios) {
      const x = level.scenarios[s.id]!;
      expect(x.requests, `${s.id} at ${level.concurrency}`).toBeGreaterThan(0);
      const statuses = Object.keys(x.statuses);
      expect(
        statuses.every((status) => status.startsWith("2")),
        `${s.id} at ${level.concurrency}: ${statuses} ${x.firstError ?? ""}`,
      ).toBe(true);
      if (s.kind !== "trivial") expect(x.sql.length, `${s.id}: raw SQL replayed`).toBeGreaterThan(0);
    }
  }
  // Every list answered with its total (x-total-count): a route found as a list is one.
  for (const s of scale!.scenarios.filter((x) => x.kind === "list"))
    expect(scale!.shape[s.id]?.total, `${s.id}: x-total-count`).toBeDefined();
  expect(scale!.memory.hammer.requests).toBeGreaterThan(0);
  expect(scale!.memory.hammer.rssPeak).toBeGreaterThan(0);

  expect(existsSync(result.markdownFile)).toBe(true);
  const markdown = readFileSync(result.markdownFile, "utf8");
  for (const id of ids) expect(markdown).toContain(`| ${id}`);
  expect(markdown).toContain("RSS at 100 concurrent clients");
  const json = JSON.parse(readFileSync(result.jsonFile, "utf8")) as { scales: { levels: unknown[] }[] };
  expect(json.scales[0]!.levels).toHaveLength(2);
});
