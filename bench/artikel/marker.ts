import type pg from "pg";
import { readBenchMarker } from "../lib/db.ts";

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

export const readArtikelMarker = (client: pg.Client) =>
  readBenchMarker<ArtikelMarker>(client, ARTIKEL_MARKER_KEY);
