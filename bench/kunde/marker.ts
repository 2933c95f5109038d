import type pg from "pg";

/** Bump when the generated data changes shape: a database with an older marker is generated anew. */
export const DATA_VERSION = 2;
export const MARKER_KEY = "bench.kunde";
export const DEFAULT_DB = "kontor_bench";
export const BENCH_PASSWORD = "bench-passwort-1";

/** What the generator wrote (app_setting bench.kunde): the measurement reads tenants and login from it. */
export interface BenchMarker {
  version: number;
  size: number;
  smallSize: number;
  seed: number;
  mandantId: number;
  smallMandantId: number;
  login: string;
  generatedAt: string;
  seconds: number;
}

export async function readMarker(client: pg.Client): Promise<BenchMarker | undefined> {
  const exists = await client.query("SELECT to_regclass('public.app_setting') IS NOT NULL AS ok");
  if (!exists.rows[0]?.ok) return undefined;
  const { rows } = await client.query<{ value: string }>("SELECT value FROM app_setting WHERE key = $1", [
    MARKER_KEY,
  ]);
  return rows[0] ? (JSON.parse(rows[0].value) as BenchMarker) : undefined;
}
