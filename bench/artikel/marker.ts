import type pg from "pg";

/** Bump when the generated articles change shape: a database with an older marker gets its articles anew. */
export const ARTIKEL_DATA_VERSION = 1;
export const ARTIKEL_MARKER_KEY = "bench.artikel";

/** What the article generator wrote (app_setting bench.artikel), beside the customer marker (bench.kunde). */
export interface ArtikelMarker {
  version: number;
  size: number;
  smallSize: number;
  seed: number;
  /** The customer data the articles were added to (its generatedAt): new customer data, new articles. */
  kundeGeneratedAt: string;
  mandantId: number;
  smallMandantId: number;
  /** The day the prices are anchored at (past and future vonDatum around it). */
  today: string;
  generatedAt: string;
  seconds: number;
}

export async function readArtikelMarker(client: pg.Client): Promise<ArtikelMarker | undefined> {
  const exists = await client.query("SELECT to_regclass('public.app_setting') IS NOT NULL AS ok");
  if (!exists.rows[0]?.ok) return undefined;
  const { rows } = await client.query<{ value: string }>("SELECT value FROM app_setting WHERE key = $1", [
    ARTIKEL_MARKER_KEY,
  ]);
  return rows[0] ? (JSON.parse(rows[0].value) as ArtikelMarker) : undefined;
}
