import type pg from "pg";
import { readBenchMarker } from "../lib/db.ts";

/** Bump when the generated data changes shape: a database with an older marker is generated anew. */
export const DATA_VERSION = 2;
export const MARKER_KEY = "bench.kunde";
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

export const readMarker = (client: pg.Client) => readBenchMarker<BenchMarker>(client, MARKER_KEY);
