import type pg from "pg";
import { readBenchMarker } from "../lib/db.ts";

/** Bump when the generated documents change shape: a database with an older marker gets its documents anew. */
export const BELEG_DATA_VERSION = 1;
export const BELEG_MARKER_KEY = "bench.beleg";

/** What the document generator wrote (app_setting bench.beleg), beside the customer and article markers. */
export interface BelegMarker {
  version: number;
  size: number;
  smallSize: number;
  seed: number;
  /** Documents per day: the documents end at `today` and reach back size / perDay days. */
  perDay: number;
  /** The customer and article data the documents were made from (their generatedAt). */
  kundeGeneratedAt: string;
  artikelGeneratedAt: string;
  mandantId: number;
  smallMandantId: number;
  /** The last generated document's day (the newest). */
  today: string;
  /** Positions written in the big tenant. */
  positionen: number;
  generatedAt: string;
  seconds: number;
}

export const readBelegMarker = (client: pg.Client) => readBenchMarker<BelegMarker>(client, BELEG_MARKER_KEY);
