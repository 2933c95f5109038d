/**
 * Article data for the Excel export bench (issue 7): a tenant of its own ("Bench Artikel Excel") in the bench
 * database with --size articles (default 100 000), master data (VAT rates, goods groups with subgroups, price
 * tiers), 1–3 base price entries per article (some in the future) and tier prices for a fifth. Deterministic
 * (seeded); recorded in app_setting bench.artikel.excel, so a second run with the same parameters reuses it. Other
 * bench data in the database (customers) are not touched.
 */
import { AUTHORITIES, MODULES } from "@kontor/domain/access/access.schema";
import pg from "pg";
import { openDatabase } from "../../apps/api/src/db/client.ts";
import { createMandant, createUser } from "../../apps/api/src/setup/seed.ts";
import { databaseUrl, ensureDatabase, readBenchMarker, withClient, writeBenchMarker } from "../lib/db.ts";
import { BATCH, log, seconds, writeSearchTexts } from "../lib/generate.ts";
import { createRng, type Rng } from "../lib/prng.ts";

export const EXCEL_MARKER_KEY = "bench.artikel.excel";
export const EXCEL_DATA_VERSION = 1;
export const EXCEL_LOGIN = "bench-artikel-excel";
export const EXCEL_PASSWORD = "bench-passwort-1";

export interface ExcelMarker {
  version: number;
  size: number;
  seed: number;
  mandantId: number;
  login: string;
  generatedAt: string;
  seconds: number;
}

/** The marker, once the article tables exist. */
const readMarker = (client: pg.Client) => readBenchMarker<ExcelMarker>(client, EXCEL_MARKER_KEY, "artikel");

const WOERTER = [
  "Bügelsäge",
  "Schraubendreher",
  "Hammer",
  "Zange",
  "Gießkanne",
  "Schlüssel",
  "Dübel",
  "Holzschraube",
  "Türband",
  "Fensterdichtung",
  "Kabelbinder",
  "Steckdose",
  "Lötkolben",
  "Maßband",
  "Wasserwaage",
  "Schleifpapier",
  "Bohrer",
  "Spachtel",
  "Pinsel",
  "Außenleuchte",
];
const EIGENSCHAFTEN = [
  "groß",
  "klein",
  "verzinkt",
  "Edelstahl",
  "rot",
  "schwarz",
  "Profi",
  "Öko",
  "XL",
  "lang",
];
const HERSTELLER = [
  "Bahco",
  "Wera",
  "Knipex",
  "Fischer",
  "Gardena",
  "Makita",
  "Bosch",
  "Würth",
  "Hilti",
  null,
];

/**
 * Creates (or reuses) the tenant and its articles. Returns the marker: tenant id and login of the measurement.
 */
export async function ensureExcelData(db: string, size: number, seed: number): Promise<ExcelMarker> {
  const started = performance.now();
  const url = databaseUrl(db);
  await ensureDatabase(db, false);
  const marker = await withClient(url, readMarker);
  if (marker && marker.version === EXCEL_DATA_VERSION && marker.size === size && marker.seed === seed) {
    log(`${db}: reusing ${size} articles (tenant ${marker.mandantId}, generated ${marker.generatedAt})`);
    return marker;
  }

  const database = await openDatabase({ databaseUrl: url });
  let mandantId: number;
  let login: string;
  try {
    await database.migrate();
    mandantId = await createMandant(database.db, {
      bezeichnung: `Bench Artikel Excel ${new Date().toISOString()}`,
      modules: MODULES,
      adresse: { strasse: "Mariahilfer Straße", hausNummer: "1", plz: "1060", ort: "Wien", land: "AT" },
    });
    login = `${EXCEL_LOGIN}-${mandantId}`;
    await createUser(database.db, {
      login,
      email: `${login}@kontor.local`,
      password: EXCEL_PASSWORD,
      authorities: AUTHORITIES,
      mandantIds: [mandantId],
    });
  } finally {
    await database.close();
  }

  // Bulk data as the owner (row-level security does not apply to it): one unnest() INSERT per batch.
  const owner = new pg.Client({ connectionString: url });
  await owner.connect();
  try {
    // An earlier generation (other parameters): its articles go (the tenant stays, empty).
    if (marker) await owner.query("DELETE FROM artikel WHERE mandant_id = $1", [marker.mandantId]);
    await owner.query("BEGIN");
    const t = performance.now();
    await insertArticles(owner, createRng(seed), mandantId, size);
    await owner.query("COMMIT");
    log(`tenant ${mandantId}: ${size} articles with prices (${seconds(t)} s)`);
    await writeSearchTexts(owner, "artikel", [mandantId]);
    await owner.query("VACUUM ANALYZE artikel, artikel_preis, untergruppe, warengruppe, mehrwertssteuer");
    const next: ExcelMarker = {
      version: EXCEL_DATA_VERSION,
      size,
      seed,
      mandantId,
      login,
      generatedAt: new Date().toISOString(),
      seconds: Math.round((performance.now() - started) / 1000),
    };
    await writeBenchMarker(owner, EXCEL_MARKER_KEY, next);
    log(`${db}: ${size} articles in ${next.seconds} s`);
    return next;
  } finally {
    await owner.end();
  }
}

const isoDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function insertArticles(client: pg.Client, rng: Rng, mandantId: number, size: number) {
  // The tenant's VAT rates (createMandant may have made the usual ones already).
  await client.query(
    `INSERT INTO mehrwertssteuer (mandant_id, mwst) VALUES ($1, 20), ($1, 10), ($1, 13) ON CONFLICT DO NOTHING`,
    [mandantId],
  );
  const mwst = await client.query<{ id: string }>("SELECT id FROM mehrwertssteuer WHERE mandant_id = $1", [
    mandantId,
  ]);
  const mwstIds = mwst.rows.map((r) => r.id);
  const untergruppen: string[] = [];
  for (let w = 1; w <= 10; w++) {
    const wg = await client.query<{ id: string }>(
      "INSERT INTO warengruppe (mandant_id, waren_gruppe, bezeichnung) VALUES ($1, $2, $3) RETURNING id",
      [mandantId, String(w * 10), `Warengruppe ${w} ${rng.pick(WOERTER)}`],
    );
    for (let u = 1; u <= 5; u++) {
      const ug = await client.query<{ id: string }>(
        `INSERT INTO untergruppe (mandant_id, warengruppe_id, unter_gruppe, bezeichnung) VALUES ($1, $2, $3, $4)
         RETURNING id`,
        [mandantId, wg.rows[0]!.id, String(w * 10 + u), `${rng.pick(WOERTER)} ${rng.pick(EIGENSCHAFTEN)}`],
      );
      untergruppen.push(ug.rows[0]!.id);
    }
  }
  const tiers = await client.query<{ id: string }>(
    "INSERT INTO preisschiene (mandant_id, bezeichnung) VALUES ($1, 'Händler'), ($1, 'Großkunde') RETURNING id",
    [mandantId],
  );
  const tierIds = tiers.rows.map((r) => r.id);

  for (let from = 1; from <= size; from += BATCH) {
    const rows: unknown[][] = [[], [], [], [], [], [], [], [], [], [], []];
    const preise: unknown[][] = [[], [], [], []];
    for (let n = from; n < Math.min(from + BATCH, size + 1); n++) {
      const nummer = `E${String(n).padStart(6, "0")}`;
      const ek = rng.int(50, 500_000) / 100;
      const values = [
        nummer,
        `${rng.pick(WOERTER)} ${rng.pick(EIGENSCHAFTEN)} ${rng.int(1, 999)}`,
        rng.chance(0.7)
          ? `${rng.pick(WOERTER)} aus ${rng.pick(EIGENSCHAFTEN)}, für Haus und Garten geeignet`
          : null,
        rng.chance(0.9) ? ek : null,
        rng.int(0, 50_000) / 10,
        rng.chance(0.03),
        rng.pick(mwstIds),
        rng.chance(0.9) ? rng.pick(untergruppen) : null,
        rng.pick(HERSTELLER),
        rng.chance(0.05),
        null,
      ];
      for (const [i, v] of values.entries()) rows[i]!.push(v);
      const basis = Math.round(ek * (1.3 + rng.next()) * 100) / 100;
      const eintraege: [number, string, string | null][] = [[basis, isoDay(-rng.int(100, 2000)), null]];
      if (rng.chance(0.5)) eintraege.push([Math.round(basis * 110) / 100, isoDay(-rng.int(1, 99)), null]);
      if (rng.chance(0.1)) eintraege.push([Math.round(basis * 120) / 100, isoDay(rng.int(1, 300)), null]);
      if (rng.chance(0.2))
        eintraege.push([Math.round(basis * 90) / 100, isoDay(-rng.int(1, 500)), rng.pick(tierIds)]);
      for (const [preis, von, tier] of eintraege) {
        preise[0]!.push(nummer);
        preise[1]!.push(preis);
        preise[2]!.push(von);
        preise[3]!.push(tier);
      }
    }
    await client.query(
      `INSERT INTO artikel (mandant_id, artikel_nummer, artikel_bezeichnung, artikel_beschreibung, einkaufs_preis,
                            lagerstand, geloescht, mehrwertssteuer_id, untergruppe_id, hersteller, verleihbar)
       SELECT $1, u.nr, u.bez, u.beschr, u.ek, u.lager, u.del, u.mwst, u.ug, u.herst, u.verl
         FROM unnest($2::text[], $3::text[], $4::text[], $5::numeric[], $6::numeric[], $7::bool[], $8::bigint[],
                     $9::bigint[], $10::text[], $11::bool[]) AS u(nr, bez, beschr, ek, lager, del, mwst, ug, herst, verl)`,
      [mandantId, ...rows.slice(0, 10)],
    );
    await client.query(
      `INSERT INTO artikel_preis (mandant_id, artikel_id, preis, von_datum, preisschiene_id)
       SELECT a.mandant_id, a.id, u.preis, u.von, u.tier
         FROM unnest($2::text[], $3::numeric[], $4::date[], $5::bigint[]) AS u(nr, preis, von, tier)
         JOIN artikel a ON a.mandant_id = $1 AND a.artikel_nummer = u.nr
       ON CONFLICT DO NOTHING`,
      [mandantId, ...preise],
    );
  }
}
