/**
 * Customer bench data (issue 6, DESIGN §9), the base of every bench database: a database migrated by the app
 * itself, a big tenant with `size` customers and a small one (`smallSize`) so that row-level security really
 * filters, one user in both. Deterministic (seed); called again with the same parameters it reuses the data, with
 * other parameters (or `fresh`) it drops and recreates the whole database (every other generator builds on it).
 * The harness (bench/run.ts, harness/data.ts) calls it.
 */
import { AUTHORITIES, MODULES } from "@kontor/domain/access/access.schema";
import pg from "pg";
import { openDatabase } from "../../apps/api/src/db/client.ts";
import { createMandant, createUser } from "../../apps/api/src/setup/seed.ts";
import { ensureDatabase, withClient, writeBenchMarker } from "../lib/db.ts";
import { BATCH, col, type GenOptions, log, progress, seconds, withoutIndexes } from "../lib/generate.ts";
import { createRng, type Rng } from "../lib/prng.ts";
import { type GenKunde, generateKunde } from "./data.ts";
import { BENCH_PASSWORD, type BenchMarker, DATA_VERSION, MARKER_KEY, readMarker } from "./marker.ts";

export async function generateKunden(o: GenOptions): Promise<BenchMarker> {
  const { size, smallSize, seed, url } = o;
  const started = performance.now();
  const created = await ensureDatabase(o.db, o.fresh);
  if (!created) {
    const marker = await withClient(url, readMarker).catch(() => undefined);
    const same =
      marker?.version === DATA_VERSION &&
      marker.size === size &&
      marker.smallSize === smallSize &&
      marker.seed === seed;
    if (same) {
      log(
        `${o.db}: reusing ${size} + ${smallSize} customers (seed ${seed}, generated ${marker.generatedAt})`,
      );
      return marker;
    }
    log(`${o.db}: ${marker ? "other parameters" : "no complete bench data"}: generating anew`);
    await ensureDatabase(o.db, true);
  }

  const database = await openDatabase({ databaseUrl: url });
  let mandantId: number;
  let smallMandantId: number;
  const login = "bench";
  try {
    await database.migrate();
    log(`migrated ${o.db} (${seconds(started)} s)`);
    const adresse = { strasse: "Mariahilfer Straße", hausNummer: "1", plz: "1060", ort: "Wien", land: "AT" };
    mandantId = await createMandant(database.db, {
      bezeichnung: "Bench Handels GmbH",
      uid: "ATU12345675",
      modules: MODULES,
      adresse,
    });
    smallMandantId = await createMandant(database.db, {
      bezeichnung: "Bench Klein OG",
      modules: MODULES,
      adresse: { ...adresse, plz: "8010", ort: "Graz" },
    });
    await createUser(database.db, {
      login,
      email: "bench@kontor.local",
      password: BENCH_PASSWORD,
      firstName: "Bench",
      lastName: "Mark",
      authorities: AUTHORITIES,
      mandantIds: [mandantId, smallMandantId],
    });
  } finally {
    await database.close();
  }

  // Bulk data as the owner (row-level security does not apply to it): one unnest() INSERT per batch, in one
  // transaction with the secondary indexes built once at the end.
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const rng = createRng(seed);
    await client.query("BEGIN");
    // No foreign-key checks while loading (consistent by construction; the tables have no other triggers).
    await client.query("SET LOCAL session_replication_role = replica");
    // The tables have no statistics until the end: without this the planner may look rows up by a sequential scan
    // per batch (the addresses' join by customer number, the search texts' UPDATE), quadratic over a million rows.
    await client.query("SET LOCAL enable_seqscan = off");
    await withoutIndexes(client, ["kunde", "adresse", "kunde_feld"], ["adresse_kunde_idx"], async () => {
      await insertTenant(client, rng, mandantId, size);
      await insertTenant(client, rng, smallMandantId, smallSize);
    });
    await client.query("COMMIT");
    const t = performance.now();
    await client.query("VACUUM ANALYZE kunde, adresse, kunde_feld, felddefinition");
    log(`vacuum analyze (${seconds(t)} s)`);
    const marker: BenchMarker = {
      version: DATA_VERSION,
      size,
      smallSize,
      seed,
      mandantId,
      smallMandantId,
      login,
      generatedAt: new Date().toISOString(),
      seconds: Math.round((performance.now() - started) / 1000),
    };
    await writeBenchMarker(client, MARKER_KEY, marker);
    log(`${o.db}: ${size} + ${smallSize} customers in ${marker.seconds} s`);
    return marker;
  } finally {
    await client.end();
  }
}

async function insertTenant(client: pg.Client, rng: Rng, mandantId: number, count: number) {
  const t = performance.now();
  const felder = await client.query<{ id: string; bezeichnung: string }>(
    `INSERT INTO felddefinition (mandant_id, bereich, bezeichnung, type, sort_order, search)
     VALUES ($1, 'kunde', 'Branche', 'TEXT', 1, true), ($1, 'kunde', 'Betreuer', 'TEXT', 2, false)
     RETURNING id, bezeichnung`,
    [mandantId],
  );
  const feldId = (name: string) => felder.rows.find((r) => r.bezeichnung === name)!.id;
  for (let from = 1; from <= count; from += BATCH) {
    const batch: GenKunde[] = [];
    for (let n = from; n < Math.min(from + BATCH, count + 1); n++) batch.push(generateKunde(rng, 10_000 + n));
    await insertBatch(client, mandantId, batch, feldId("Branche"), feldId("Betreuer"));
    progress(from + BATCH - 1, count, t, `tenant ${mandantId}: customers`);
  }
  await client.query(
    `INSERT INTO stammnummer_stand (mandant_id, art, last_nummer) VALUES ($1, 'kunde', $2)
     ON CONFLICT (mandant_id, art) DO UPDATE SET last_nummer = $2`,
    [mandantId, 10_000 + count],
  );
  log(`tenant ${mandantId}: ${count} customers (${seconds(t)} s)`);
}

async function insertBatch(
  client: pg.Client,
  mandantId: number,
  batch: GenKunde[],
  brancheId: string,
  betreuerId: string,
) {
  const { rows } = await client.query<{ id: string; kunden_nummer: string }>(
    `INSERT INTO kunde (mandant_id, kunden_nummer, firma, bezeichnung, vorname, nachname, geschlecht, email, telnr,
                        uid, innergemeinschaftlich, lieferant, aktiv, sortname)
     SELECT $1, * FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
                              $9::text[], $10::text[], $11::bool[], $12::bool[], $13::bool[], $14::text[])
     RETURNING id, kunden_nummer`,
    [
      mandantId,
      col(batch, (k) => k.kundenNummer),
      col(batch, (k) => k.firma),
      col(batch, (k) => k.bezeichnung),
      col(batch, (k) => k.vorname),
      col(batch, (k) => k.nachname),
      col(batch, (k) => k.geschlecht),
      col(batch, (k) => k.email),
      col(batch, (k) => k.telnr),
      col(batch, (k) => k.uid),
      col(batch, (k) => k.innergemeinschaftlich),
      col(batch, (k) => k.lieferant),
      col(batch, (k) => k.aktiv),
      col(batch, (k) => k.sortname),
    ],
  );
  // Addresses and field values carry their customer's id (by number, from RETURNING): no join while the table
  // grows (a join by number planned without statistics read the whole customer index per batch).
  const ids = new Map(rows.map((r) => [r.kunden_nummer, r.id]));
  const idOf = (kundenNummer: string) => ids.get(kundenNummer)!;
  const adressen = batch.flatMap((k) => k.adressen.map((a) => ({ ...a, kundeId: idOf(k.kundenNummer) })));
  await client.query(
    `INSERT INTO adresse (mandant_id, kunde_id, position, adressen_typ, bezeichnung, strasse, haus_nummer, plz,
                          ort, land)
     SELECT $1, * FROM unnest($2::bigint[], $3::int[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
                              $9::text[], $10::text[])`,
    [
      mandantId,
      col(adressen, (a) => a.kundeId),
      col(adressen, (a) => a.position),
      col(adressen, (a) => a.adressenTyp),
      col(adressen, (a) => a.bezeichnung),
      col(adressen, (a) => a.strasse),
      col(adressen, (a) => a.hausNummer),
      col(adressen, (a) => a.plz),
      col(adressen, (a) => a.ort),
      col(adressen, (a) => a.land),
    ],
  );
  const felder = batch.flatMap((k) => [
    ...(k.branche ? [{ kundeId: idOf(k.kundenNummer), feld: brancheId, value: k.branche }] : []),
    ...(k.betreuer ? [{ kundeId: idOf(k.kundenNummer), feld: betreuerId, value: k.betreuer }] : []),
  ]);
  await client.query(
    `INSERT INTO kunde_feld (mandant_id, kunde_id, felddefinition_id, value)
     SELECT $1, * FROM unnest($2::bigint[], $3::bigint[], $4::text[])`,
    [mandantId, col(felder, (f) => f.kundeId), col(felder, (f) => f.feld), col(felder, (f) => f.value)],
  );
  // The search texts as the app writes them (its SQL function), while the batch's rows are still in the cache.
  await client.query(
    "UPDATE kunde SET suche = kontor_kunde_suche(mandant_id, id) WHERE mandant_id = $1 AND id = ANY($2::bigint[])",
    [mandantId, rows.map((r) => r.id)],
  );
}
