/**
 * Article bench data (issue 7, DESIGN §9): `size` articles in the big bench tenant and `smallSize` in the small
 * one, added to the customer bench data (kunde/generate.ts: same database, tenants and login). Goods groups with
 * subgroups, three price tiers, images (assets linked by many articles), suppliers (the tenant's customers flagged
 * lieferant). Deterministic (seed); called again with the same parameters on the same customer data it reuses the
 * articles, otherwise they are replaced.
 */
import { createHash } from "node:crypto";
import pg from "pg";
import { openDatabase } from "../../apps/api/src/db/client.ts";
import type { BenchMarker } from "../kunde/marker.ts";
import { withClient, writeBenchMarker } from "../lib/db.ts";
import { BATCH, col, type GenOptions, log, progress, seconds, withoutIndexes } from "../lib/generate.ts";
import { createRng, type Rng } from "../lib/prng.ts";
import { BILDER, type GenArtikel, generateArtikel } from "./data.ts";
import { ARTIKEL_DATA_VERSION, ARTIKEL_MARKER_KEY, type ArtikelMarker, readArtikelMarker } from "./marker.ts";
import { PREISSCHIENEN, WARENGRUPPEN } from "./names.ts";

export async function generateArtikelDaten(o: GenOptions, kunde: BenchMarker): Promise<ArtikelMarker> {
  const { size, smallSize, seed, url } = o;
  const started = performance.now();
  const existing = await withClient(url, readArtikelMarker);
  if (
    !o.fresh &&
    existing?.version === ARTIKEL_DATA_VERSION &&
    existing.size === size &&
    existing.smallSize === smallSize &&
    existing.seed === seed &&
    existing.kundeGeneratedAt === kunde.generatedAt
  ) {
    log(`${o.db}: reusing ${size} + ${smallSize} articles (seed ${seed}, generated ${existing.generatedAt})`);
    return existing;
  }

  // The articles' tables come with migration 0012: the customer data may predate it.
  const database = await openDatabase({ databaseUrl: url });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }

  // Bulk data as the owner (row-level security does not apply to it), secondary indexes built at the end.
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const today = new Date().toISOString().slice(0, 10);
    const rng = createRng(seed);
    await client.query("DELETE FROM app_setting WHERE key = $1", [ARTIKEL_MARKER_KEY]);
    await client.query("BEGIN");
    // The documents are made from the articles (beleg_position refers to them): they go first.
    if ((await client.query("SELECT to_regclass('beleg') IS NOT NULL AS ok")).rows[0]?.ok) {
      await client.query("TRUNCATE beleg CASCADE");
      await client.query(
        "DELETE FROM app_setting WHERE key LIKE 'bench.%' AND key NOT LIKE 'bench.kunde%' AND key NOT LIKE 'bench.artikel%'",
      );
    }
    await withoutIndexes(
      client,
      ["artikel", "artikel_preis", "artikel_lieferant", "artikel_bild"],
      [],
      async () => {
        await insertTenant(client, rng, kunde.mandantId, size, today);
        await insertTenant(client, rng, kunde.smallMandantId, smallSize, today);
      },
    );
    await client.query("COMMIT");
    const t = performance.now();
    // FULL: replaced articles would leave their dead rows' pages at the start of the table (a sequential scan
    // then crosses empty pages first) and bloat the trigram index. FULL does not set the visibility map; the
    // plain VACUUM after it does (else the list's count by index-only scan fetches heap pages).
    await client.query("VACUUM FULL artikel, artikel_preis, artikel_lieferant, artikel_bild, asset");
    await client.query(
      "VACUUM ANALYZE artikel, artikel_preis, artikel_lieferant, artikel_bild, asset, untergruppe, warengruppe, preisschiene",
    );
    log(`vacuum analyze (${seconds(t)} s)`);
    const marker: ArtikelMarker = {
      version: ARTIKEL_DATA_VERSION,
      size,
      smallSize,
      seed,
      kundeGeneratedAt: kunde.generatedAt,
      mandantId: kunde.mandantId,
      smallMandantId: kunde.smallMandantId,
      today,
      generatedAt: new Date().toISOString(),
      seconds: Math.round((performance.now() - started) / 1000),
    };
    await writeBenchMarker(client, ARTIKEL_MARKER_KEY, marker);
    log(`${o.db}: ${size} + ${smallSize} articles in ${marker.seconds} s`);
    return marker;
  } finally {
    await client.end();
  }
}

interface Stamm {
  mwst: Map<number, number>;
  untergruppe: Map<string, number>;
  preisschiene: number[];
  assets: number[];
  lieferanten: number[];
}

/** Replaces the tenant's articles and the master data they use (goods groups, subgroups, tiers, images). */
async function insertTenant(client: pg.Client, rng: Rng, mandantId: number, count: number, today: string) {
  const t = performance.now();
  await client.query("DELETE FROM artikel WHERE mandant_id = $1", [mandantId]);
  await client.query("DELETE FROM asset WHERE mandant_id = $1", [mandantId]);
  await client.query("DELETE FROM untergruppe WHERE mandant_id = $1", [mandantId]);
  await client.query("DELETE FROM warengruppe WHERE mandant_id = $1", [mandantId]);
  await client.query("DELETE FROM preisschiene WHERE mandant_id = $1 AND bezeichnung = ANY($2)", [
    mandantId,
    PREISSCHIENEN,
  ]);
  const stamm = await insertStamm(client, mandantId);
  // No foreign-key checks while loading (consistent by construction; the tables have no other triggers) — after
  // the deletes above, whose cascades are foreign-key triggers too.
  await client.query("SET LOCAL session_replication_role = replica");
  // No statistics until the end: rows are looked up by index, never by a sequential scan per batch.
  await client.query("SET LOCAL enable_seqscan = off");
  for (let from = 1; from <= count; from += BATCH) {
    const batch: GenArtikel[] = [];
    for (let n = from; n < Math.min(from + BATCH, count + 1); n++) {
      batch.push(generateArtikel(rng, 100_000 + n, today));
    }
    await insertBatch(client, mandantId, batch, stamm);
    progress(from + BATCH - 1, count, t, `tenant ${mandantId}: articles`);
  }
  await client.query("SET LOCAL session_replication_role = origin");
  await client.query("SET LOCAL enable_seqscan = on");
  log(`tenant ${mandantId}: ${count} articles (${seconds(t)} s)`);
}

async function insertStamm(client: pg.Client, mandantId: number): Promise<Stamm> {
  const mwst = await client.query<{ id: string; mwst: string }>(
    "SELECT id, mwst FROM mehrwertssteuer WHERE mandant_id = $1 AND land = 'AT'",
    [mandantId],
  );
  const untergruppe = new Map<string, number>();
  for (const w of WARENGRUPPEN) {
    const { rows } = await client.query<{ id: string }>(
      "INSERT INTO warengruppe (mandant_id, waren_gruppe, bezeichnung) VALUES ($1, $2, $3) RETURNING id",
      [mandantId, w.code, w.bezeichnung],
    );
    for (const u of w.untergruppen) {
      const ug = await client.query<{ id: string }>(
        `INSERT INTO untergruppe (mandant_id, warengruppe_id, unter_gruppe, bezeichnung) VALUES ($1, $2, $3, $4)
         RETURNING id`,
        [mandantId, rows[0]!.id, u.code, u.bezeichnung],
      );
      untergruppe.set(u.code, Number(ug.rows[0]!.id));
    }
  }
  const preisschiene: number[] = [];
  for (const bezeichnung of PREISSCHIENEN) {
    const { rows } = await client.query<{ id: string }>(
      "INSERT INTO preisschiene (mandant_id, bezeichnung) VALUES ($1, $2) RETURNING id",
      [mandantId, bezeichnung],
    );
    preisschiene.push(Number(rows[0]!.id));
  }
  // Images: small stand-in bytes (the search reads only the asset id); stored once, linked by many articles.
  const assets: number[] = [];
  for (let i = 0; i < BILDER; i++) {
    const inhalt = Buffer.from(`bench image ${mandantId} ${i} `.repeat(64));
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO asset (mandant_id, sha256, dateiname, content_type, groesse, inhalt, thumbnail)
       VALUES ($1, $2, $3, 'image/jpeg', $4, $5, $5) RETURNING id`,
      [mandantId, createHash("sha256").update(inhalt).digest("hex"), `bild-${i}.jpg`, inhalt.length, inhalt],
    );
    assets.push(Number(rows[0]!.id));
  }
  const lieferanten = await client.query<{ id: string }>(
    "SELECT id FROM kunde WHERE mandant_id = $1 AND lieferant ORDER BY id LIMIT 300",
    [mandantId],
  );
  return {
    mwst: new Map(mwst.rows.map((r) => [Number(r.mwst), Number(r.id)])),
    untergruppe,
    preisschiene,
    assets,
    lieferanten: lieferanten.rows.map((r) => Number(r.id)),
  };
}

async function insertBatch(client: pg.Client, mandantId: number, batch: GenArtikel[], stamm: Stamm) {
  const mwstId = (rate: number) => {
    const id = stamm.mwst.get(rate);
    if (id === undefined) throw new Error(`tenant ${mandantId} has no VAT rate ${rate} % (AT)`);
    return id;
  };
  const { rows } = await client.query<{ id: string; artikel_nummer: string }>(
    `INSERT INTO artikel (mandant_id, artikel_nummer, artikel_bezeichnung, artikel_beschreibung, einkaufs_preis,
                          lagerstand, geloescht, rabattier_faehig, mehrwertssteuer_id, untergruppe_id, hersteller,
                          verpackung, vpe, verleihbar, locked, webshop_artikel)
     SELECT $1, * FROM unnest($2::text[], $3::text[], $4::text[], $5::numeric[], $6::numeric[], $7::bool[],
                              $8::bool[], $9::bigint[], $10::bigint[], $11::text[], $12::text[], $13::numeric[],
                              $14::bool[], $15::bool[], $16::bool[])
     RETURNING id, artikel_nummer`,
    [
      mandantId,
      col(batch, (a) => a.artikelNummer),
      col(batch, (a) => a.artikelBezeichnung),
      col(batch, (a) => a.artikelBeschreibung),
      col(batch, (a) => a.einkaufsPreis),
      col(batch, (a) => a.lagerstand),
      col(batch, (a) => a.geloescht),
      col(batch, (a) => a.rabattierFaehig),
      col(batch, (a) => mwstId(a.mwst)),
      col(batch, (a) => (a.untergruppe === null ? null : stamm.untergruppe.get(a.untergruppe))),
      col(batch, (a) => a.hersteller),
      col(batch, (a) => a.verpackung),
      col(batch, (a) => a.vpe),
      col(batch, (a) => a.verleihbar),
      col(batch, (a) => a.locked),
      col(batch, (a) => a.webshopArtikel),
    ],
  );
  const ids = new Map(rows.map((r) => [r.artikel_nummer, Number(r.id)]));
  const idOf = (a: GenArtikel) => ids.get(a.artikelNummer)!;

  const preise = batch.flatMap((a) => a.preise.map((p) => ({ ...p, artikelId: idOf(a) })));
  await client.query(
    `INSERT INTO artikel_preis (mandant_id, artikel_id, preis, von_datum, preisschiene_id)
     SELECT $1, * FROM unnest($2::bigint[], $3::numeric[], $4::date[], $5::bigint[])`,
    [
      mandantId,
      col(preise, (p) => p.artikelId),
      col(preise, (p) => p.preis),
      col(preise, (p) => p.vonDatum),
      col(preise, (p) => (p.preisschiene === null ? null : stamm.preisschiene[p.preisschiene])),
    ],
  );

  if (stamm.lieferanten.length > 0) {
    const lieferant = batch.filter((a) => a.lieferant);
    await client.query(
      `INSERT INTO artikel_lieferant (mandant_id, artikel_id, lieferant_id, lieferanten_artikel_nummer,
                                      einkaufs_preis)
       SELECT $1, * FROM unnest($2::bigint[], $3::bigint[], $4::text[], $5::numeric[])`,
      [
        mandantId,
        col(lieferant, idOf),
        col(lieferant, (a) => stamm.lieferanten[Number(a.artikelNummer.slice(2)) % stamm.lieferanten.length]),
        col(lieferant, (a) => `L${a.artikelNummer.slice(2).split("").reverse().join("")}`),
        col(lieferant, (a) => a.einkaufsPreis),
      ],
    );
  }

  const bilder = batch.filter((a) => a.bild !== null);
  await client.query(
    `INSERT INTO artikel_bild (mandant_id, artikel_id, asset_id, position)
     SELECT $1, u.artikel_id, u.asset_id, 0 FROM unnest($2::bigint[], $3::bigint[]) AS u(artikel_id, asset_id)`,
    [mandantId, col(bilder, idOf), col(bilder, (a) => stamm.assets[a.bild!])],
  );
  // The search texts as the app writes them (its SQL function), while the batch's rows are still in the cache.
  await client.query(
    "UPDATE artikel SET suche = kontor_artikel_suche(mandant_id, id) WHERE mandant_id = $1 AND id = ANY($2::bigint[])",
    [mandantId, rows.map((r) => r.id)],
  );
}
