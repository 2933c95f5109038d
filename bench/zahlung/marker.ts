import type pg from "pg";
import { readBenchMarker } from "../lib/db.ts";

/** Bump when the generated payments change shape: a database with an older marker gets its payments anew. */
export const ZAHLUNG_DATA_VERSION = 2;
export const ZAHLUNG_MARKER_KEY = "bench.zahlung";

/** What the payment generator wrote (app_setting bench.zahlung), on top of the document data (bench.beleg). */
export interface ZahlungMarker {
  version: number;
  seed: number;
  /** The document data the payments were made for (its generatedAt). */
  belegGeneratedAt: string;
  mandantId: number;
  /** The customer given 10 000 invoices, most of them paid (as the generator pays: 97 % of those older than 30 days). */
  grosskundeId: number;
  /** The customer given 10 000 invoices, none of them paid (the worst case of one customer's open items). */
  saeumigId: number;
  invoices: number;
  payments: number;
  skontoPayments: number;
  partPayments: number;
  openItems: number;
  today: string;
  generatedAt: string;
  seconds: number;
}

export const readZahlungMarker = (client: pg.Client) =>
  readBenchMarker<ZahlungMarker>(client, ZAHLUNG_MARKER_KEY, "zahlung");
