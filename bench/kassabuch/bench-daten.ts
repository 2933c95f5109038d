/**
 * The cash book of the harness (bench/run.ts): `size` entries in the big bench tenant and `smallSize` in the small
 * one, made by the list bench's generator (daten.ts `buchung`: three years, the current one heaviest, no running
 * balance below zero, corrections, VAT rates, suppliers) and inserted as the table owner (the day rows,
 * kassabuch_tag, are kept by the table's statement triggers). Deterministic (seed); reused while the marker
 * matches (and the documents are the same: a new document generation empties the cash book with them).
 */
import pg from "pg";
import type { BelegMarker } from "../beleg/marker.ts";
import type { BenchMarker } from "../kunde/marker.ts";
import { readBenchMarker, writeBenchMarker } from "../lib/db.ts";
import { type GenOptions, log, seconds } from "../lib/generate.ts";
import { createRng } from "../lib/prng.ts";
import { buchung, einfuegen, idsReservieren, KASSA_BETRAG, type Satz } from "./daten.ts";

const MARKER_KEY = "bench.kassabuch";
const VERSION = 1;

export interface KassabuchMarker {
  version: number;
  size: number;
  smallSize: number;
  seed: number;
  belegGeneratedAt: string;
  mandantId: number;
  /** The last day of the book (the day it was generated). */
  heute: string;
  startdatum: string;
  eintraege: number;
  generatedAt: string;
  seconds: number;
}

export async function generateKassabuch(
  o: GenOptions,
  kunde: BenchMarker,
  beleg: BelegMarker,
): Promise<KassabuchMarker> {
  const started = performance.now();
  const c = new pg.Client({ connectionString: o.url });
  await c.connect();
  try {
    const existing = await readBenchMarker<KassabuchMarker>(c, MARKER_KEY);
    if (
      !o.fresh &&
      existing?.version === VERSION &&
      existing.size === o.size &&
      existing.smallSize === o.smallSize &&
      existing.seed === o.seed &&
      existing.belegGeneratedAt === beleg.generatedAt
    ) {
      log(`${o.db}: reusing ${existing.eintraege} cash book entries (generated ${existing.generatedAt})`);
      return existing;
    }
    await c.query("DELETE FROM app_setting WHERE key = $1", [MARKER_KEY]);
    const heute = new Date().toISOString().slice(0, 10);
    const jahr = Number(heute.slice(0, 4));
    const startdatum = `${jahr - 2}-01-01`;
    const tenants = [kunde.mandantId, kunde.smallMandantId];
    const userId = Number(
      (await c.query<{ id: string }>("SELECT id FROM app_user WHERE login = $1", [kunde.login])).rows[0]!.id,
    );
    await c.query("BEGIN");
    // The book's triggers read it by date while it grows, before it has statistics: by index, never a scan per batch.
    await c.query("SET LOCAL enable_seqscan = off");
    await c.query("DELETE FROM kassabuch_eintrag WHERE mandant_id = ANY($1)", [tenants]);
    await c.query("DELETE FROM kassabuch_abschluss WHERE mandant_id = ANY($1)", [tenants]);
    await c.query(
      "UPDATE mandant SET kassa_betrag = $2, kassa_startdatum = $3, kassa_start_zero_year = false WHERE id = ANY($1)",
      [tenants, KASSA_BETRAG, startdatum],
    );
    const opening = Math.round(Number(KASSA_BETRAG) * 100);
    let eintraege = 0;
    for (const [i, m] of tenants.entries()) {
      const big = i === 0;
      const count = big ? o.size : o.smallSize;
      const saetze = (
        await c.query<Satz>(
          "SELECT id::int AS id, mwst::text AS mwst FROM mehrwertssteuer WHERE mandant_id = $1",
          [m],
        )
      ).rows;
      const lieferanten = (
        await c.query<{ id: string }>(
          "SELECT id FROM kunde WHERE mandant_id = $1 AND lieferant ORDER BY id LIMIT 40",
          [m],
        )
      ).rows.map((r) => Number(r.id));
      const jahre = big
        ? ([
            [`${jahr - 2}-01-01`, `${jahr - 2}-12-31`, 0.2],
            [`${jahr - 1}-01-01`, `${jahr - 1}-12-31`, 0.3],
            [`${jahr}-01-01`, heute, 0.5],
          ] as const)
        : ([[`${jahr - 1}-01-01`, heute, 1]] as const);
      const zeilen = buchung(
        createRng(o.seed + i),
        count,
        jahre,
        opening,
        saetze,
        lieferanten,
        await idsReservieren(c, count),
      );
      await einfuegen(c, m, userId, zeilen, kunde.login);
      if (big) eintraege = zeilen.length;
      log(`tenant ${m}: ${zeilen.length} cash book entries (${seconds(started)} s)`);
    }
    await c.query("COMMIT");
    await c.query("VACUUM ANALYZE kassabuch_eintrag, kassabuch_tag");
    const marker: KassabuchMarker = {
      version: VERSION,
      size: o.size,
      smallSize: o.smallSize,
      seed: o.seed,
      belegGeneratedAt: beleg.generatedAt,
      mandantId: kunde.mandantId,
      heute,
      startdatum,
      eintraege,
      generatedAt: new Date().toISOString(),
      seconds: Math.round((performance.now() - started) / 1000),
    };
    await writeBenchMarker(c, MARKER_KEY, marker);
    log(`${o.db}: ${eintraege} + ${o.smallSize} cash book entries in ${marker.seconds} s`);
    return marker;
  } finally {
    await c.end();
  }
}
