/**
 * The harness's data at one scale, in one database: every generator in order, each reusing its data when its
 * marker (app_setting bench.*) says the same parameters and the same data below it — so a second run starts
 * measuring within seconds, and a changed generator or parameter regenerates what depends on it:
 *
 *   customers (scale + small; the database is made anew when they change) → articles (scale + small) →
 *   documents (--documents, 200 000 by default: the document bench's size) → payments → cash book (scale + small)
 *   → firm groups (scale: the generic list pattern at scale).
 *
 * Rows that carry derived fields are written as the app derives them: customers' and articles' search texts by the
 * app's SQL functions (kontor_kunde_suche, kontor_artikel_suche), document totals and VAT lines from their
 * positions, open amounts and paid flags by kontor_beleg_offen / kontor_beleg_bezahlt, list counters
 * (beleg_anzahl, beleg_offen_stand) counted, the cash book's day rows by its own triggers.
 */
import pg from "pg";
import { generateArtikelDaten } from "../artikel/generate.ts";
import type { ArtikelMarker } from "../artikel/marker.ts";
import { generateBelege } from "../beleg/generate.ts";
import type { BelegMarker } from "../beleg/marker.ts";
import { generateKassabuch, type KassabuchMarker } from "../kassabuch/bench-daten.ts";
import { generateKunden } from "../kunde/generate.ts";
import type { BenchMarker } from "../kunde/marker.ts";
import { databaseUrl, readBenchMarker, writeBenchMarker } from "../lib/db.ts";
import { log, seconds } from "../lib/generate.ts";
import { generateZahlungen } from "../zahlung/generate.ts";
import type { ZahlungMarker } from "../zahlung/marker.ts";

export interface DataOptions {
  db: string;
  /** Customers, articles, cash book entries and firm groups in the big tenant. */
  scale: number;
  /** Customers, articles, documents and cash book entries in the small tenant. */
  small: number;
  /** Documents in the big tenant. */
  documents: number;
  /** Cash book entries in the big tenant. */
  cashbook: number;
  /** The customers' seed; the other generators take the next ones. Undefined: each generator's own default. */
  seed: number | undefined;
  fresh: boolean;
}

export interface BenchData {
  db: string;
  url: string;
  kunde: BenchMarker;
  artikel: ArtikelMarker;
  beleg: BelegMarker;
  zahlung: ZahlungMarker;
  kassabuch: KassabuchMarker;
  firmengruppe: FirmengruppeMarker;
  seconds: number;
}

/** The default seeds of the generators (as the aggregate benches had them). */
const SEEDS = { kunde: 42, artikel: 7, beleg: 15, zahlung: 17, kassabuch: 17 };

export async function prepareData(o: DataOptions): Promise<BenchData> {
  const started = performance.now();
  const url = databaseUrl(o.db);
  const seed = (name: keyof typeof SEEDS, k: number) => (o.seed === undefined ? SEEDS[name] : o.seed + k);
  const base = { db: o.db, url, fresh: o.fresh };
  const kunde = await generateKunden({ ...base, size: o.scale, smallSize: o.small, seed: seed("kunde", 0) });
  // Below the customers `fresh` is done: a fresh customer generation made a new database.
  const rest = { ...base, fresh: false };
  const artikel = await generateArtikelDaten(
    { ...rest, size: o.scale, smallSize: o.small, seed: seed("artikel", 1) },
    kunde,
  );
  const beleg = await generateBelege(
    { ...rest, size: o.documents, smallSize: o.small, seed: seed("beleg", 2) },
    kunde,
    artikel,
  );
  const zahlung = await generateZahlungen({ ...rest, seed: seed("zahlung", 3) }, kunde, beleg);
  const kassabuch = await generateKassabuch(
    { ...rest, size: o.cashbook, smallSize: o.small, seed: seed("kassabuch", 4) },
    kunde,
    beleg,
  );
  const firmengruppe = await generateFirmengruppen(url, o.db, o.scale, kunde);
  const total = Number(seconds(started));
  log(`${o.db}: data ready (${total} s)`);
  return { db: o.db, url, kunde, artikel, beleg, zahlung, kassabuch, firmengruppe, seconds: total };
}

// --- Firm groups: the generic list pattern (crud.ts) at scale ----------------------------------------------------
const FG_KEY = "bench.firmengruppe";
const FG_VERSION = 1;

export interface FirmengruppeMarker {
  version: number;
  size: number;
  kundeGeneratedAt: string;
  generatedAt: string;
}

/**
 * `size` firm groups in the big tenant (names from a few word lists, so a search word matches some), every 20th
 * with two member customers; SQL only (generate_series), deterministic.
 */
async function generateFirmengruppen(url: string, db: string, size: number, kunde: BenchMarker) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const existing = await readBenchMarker<FirmengruppeMarker>(c, FG_KEY);
    if (
      existing?.version === FG_VERSION &&
      existing.size === size &&
      existing.kundeGeneratedAt === kunde.generatedAt
    ) {
      log(`${db}: reusing ${size} firm groups`);
      return existing;
    }
    const t = performance.now();
    const m = kunde.mandantId;
    await c.query("BEGIN");
    await c.query("DELETE FROM kunde_firmengruppe WHERE mandant_id = $1", [m]);
    await c.query("DELETE FROM firmengruppe WHERE mandant_id = $1", [m]);
    await c.query(
      `INSERT INTO firmengruppe (mandant_id, bezeichnung)
       SELECT $1, (ARRAY['Holding', 'Gruppe', 'Verbund', 'Einkaufsgemeinschaft', 'Konzern', 'Netzwerk'])[1 + g % 6]
                  || ' ' || (ARRAY['Alpen', 'Donau', 'Wiener', 'Steirische', 'Tiroler', 'Kärntner', 'Bayerische',
                                   'Mühlviertler', 'Salzburger', 'Burgenländische', 'Grazer'])[1 + (g / 6) % 11]
                  || ' ' || (ARRAY['Bau', 'Handel', 'Gastro', 'Technik', 'Holz', 'Metall', 'Logistik', 'Immobilien',
                                   'Energie', 'Lebensmittel', 'Gesundheit', 'Auto', 'Druck'])[1 + (g / 66) % 13]
                  || ' ' || g
         FROM generate_series(1, $2::int) AS g`,
      [m, size],
    );
    await c.query(
      `INSERT INTO kunde_firmengruppe (mandant_id, kunde_id, firmengruppe_id)
       WITH f AS (SELECT id, row_number() OVER (ORDER BY id) AS i FROM firmengruppe WHERE mandant_id = $1),
            k AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS j FROM kunde WHERE mandant_id = $1)
       SELECT DISTINCT $1::bigint, k.id, p.fg
         FROM (SELECT f.id AS fg, (f.i * 7 + d) % $2 AS j FROM f, generate_series(0, 1) AS d WHERE f.i % 20 = 0) p
         JOIN k ON k.j = p.j`,
      [m, kunde.size],
    );
    await c.query("COMMIT");
    await c.query("VACUUM ANALYZE firmengruppe, kunde_firmengruppe");
    const marker: FirmengruppeMarker = {
      version: FG_VERSION,
      size,
      kundeGeneratedAt: kunde.generatedAt,
      generatedAt: new Date().toISOString(),
    };
    await writeBenchMarker(c, FG_KEY, marker);
    log(`${db}: ${size} firm groups (${seconds(t)} s)`);
    return marker;
  } finally {
    await c.end();
  }
}
