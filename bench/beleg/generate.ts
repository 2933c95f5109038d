/**
 * Document bench data (issue 15, DESIGN §9): --size documents (default 200 000) in the big bench tenant and --small
 * (default 2 000) in the small one, added to the customer and article bench data (bench/kunde/generate.ts and
 * bench/artikel/generate.ts: same database, tenants and login; run them first). Written with SQL only
 * (generate_series and a hash of index and seed; data.ts), so 200 000 documents with ~1.3 million positions take
 * about a minute or two instead of shipping every row through the driver.
 *
 * Per document: a type (60 % invoices, 5 % cash invoices, 2 % credit notes, 15 % offers, 7 % order confirmations,
 * 8 % delivery notes, 3 % orders), a day (--per-day documents a day, ending today: 200 000 at 120 a day reach back
 * ~4.6 years), a customer (skewed: a few customers have many documents; half the cash invoices have none) with its
 * billing address, 1–12 positions (70 % articles of the tenant with their VAT rate, 30 % services: hours, travel,
 * material), 5 % position discount on 10 %, totals and VAT lines as the positions give them; 2 % drafts (30 % of
 * the last three days). Finalized documents have numbers as the app gives them: invoices from the tenant's invoice
 * circle `{YYYY}-{NNNNN}` restarting yearly, the other types from a circle of their own (`AN-{YYYY}-{NNNNN}` …), in
 * date order, gapless; the circles are left at the last number, so the app's next finalization continues them.
 * Paid: 97 % of the invoices older than 30 days. Not generated: cancellations, links between documents, projects,
 * custom fields.
 *
 * Every run with other parameters replaces all documents of the bench database (TRUNCATE: the bench database's
 * documents are this generator's; the throughput bench deletes what it creates). Foreign keys are not checked
 * while inserting (session_replication_role = replica; the data are consistent by construction); the list totals
 * per type and state (beleg_anzahl, whose trigger does not run then) are counted afterwards.
 *
 * Called by the harness (harness/data.ts) with the customer and article markers it builds on.
 */
import { DEFAULT_NUMBER_PATTERN } from "@kontor/domain/nummernkreis/nummernmuster.rules";
import pg from "pg";
import { openDatabase } from "../../apps/api/src/db/client.ts";
import type { ArtikelMarker } from "../artikel/marker.ts";
import type { BenchMarker } from "../kunde/marker.ts";
import { withClient, writeBenchMarker } from "../lib/db.ts";
import { type GenOptions, log, seconds } from "../lib/generate.ts";
import {
  ARTIKEL_ANTEIL,
  ENTWURF_ANTEIL,
  kreisCase,
  LEISTUNGEN,
  MAX_POSITIONEN,
  PREFIX,
  prefixCase,
  rnd,
  typCase,
} from "./data.ts";
import { BELEG_DATA_VERSION, BELEG_MARKER_KEY, type BelegMarker, readBelegMarker } from "./marker.ts";

/** Documents a day: the documents end today and reach back size / PER_DAY days (200 000: ~4.6 years). */
export const PER_DAY = 120;

export async function generateBelege(
  o: GenOptions,
  kunde: BenchMarker,
  artikel: ArtikelMarker,
): Promise<BelegMarker> {
  const { size, smallSize, seed, url } = o;
  const perDay = PER_DAY;
  if (seed < 0 || seed > 1_000_000) throw new Error("the document seed must be 0…1000000");
  const started = performance.now();
  // The document tables come with migration 0018, their counts with 0020: the data may predate them (a reused
  // database is migrated too; migrations carry existing rows along).
  const database = await openDatabase({ databaseUrl: url });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  const existing = await withClient(url, readBelegMarker);
  if (
    !o.fresh &&
    existing?.version === BELEG_DATA_VERSION &&
    existing.size === size &&
    existing.smallSize === smallSize &&
    existing.seed === seed &&
    existing.perDay === perDay &&
    existing.kundeGeneratedAt === kunde.generatedAt &&
    existing.artikelGeneratedAt === artikel.generatedAt
  ) {
    log(
      `${o.db}: reusing ${size} + ${smallSize} documents (seed ${seed}, generated ${existing.generatedAt})`,
    );
    return existing;
  }

  const r = (expr: string, k: number) => rnd(seed, expr, k);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const today = new Date().toISOString().slice(0, 10);
    await client.query("DELETE FROM app_setting WHERE key = $1", [BELEG_MARKER_KEY]);
    let t = performance.now();
    // With the documents goes whatever refers to them (CASCADE): positions, share links, payments' assignments,
    // write-offs, signed receipts, cash book entries of a document … — the bench database's documents are this
    // generator's, and the later generators (payments, cash book) make theirs anew when the documents are new.
    await client.query(
      `TRUNCATE beleg, beleg_position, beleg_mwst, beleg_feld, beleg_projekt, beleg_quelle, beleg_anzahl, beleg_link,
         zahlung_beleg, zahlung, beleg_abschreibung CASCADE`,
    );
    await client.query("DELETE FROM audit_log WHERE entity = 'beleg'");
    log(`emptied the document tables (${seconds(t)} s)`);
    const userId = Number(
      (await client.query<{ id: string }>("SELECT id FROM app_user WHERE login = $1", [kunde.login])).rows[0]
        ?.id,
    );
    const tenant = { client, r, perDay, today, userId };
    const positionen = await insertTenant(tenant, kunde.mandantId, size, 0);
    await insertTenant(tenant, kunde.smallMandantId, smallSize, size);
    for (const name of ["beleg", "beleg_position", "beleg_mwst"])
      await client.query(
        `SELECT setval(pg_get_serial_sequence('${name}', 'id'), (SELECT coalesce(max(id), 0) + 1 FROM ${name}), false)`,
      );
    // The list totals per type and state: the trigger that keeps them did not run (replica mode).
    await client.query(`INSERT INTO beleg_anzahl (mandant_id, belegs_typ, freigabe, bezahlt, storniert, anzahl)
      SELECT mandant_id, belegs_typ, freigabe, bezahlt, storniert, count(*) FROM beleg
      GROUP BY mandant_id, belegs_typ, freigabe, bezahlt, storniert`);
    t = performance.now();
    await client.query("VACUUM ANALYZE beleg, beleg_position, beleg_mwst, rechnungskreis, belegnummerkreis");
    log(`vacuum analyze (${seconds(t)} s)`);
    const marker: BelegMarker = {
      version: BELEG_DATA_VERSION,
      size,
      smallSize,
      seed,
      perDay,
      kundeGeneratedAt: kunde.generatedAt,
      artikelGeneratedAt: artikel.generatedAt,
      mandantId: kunde.mandantId,
      smallMandantId: kunde.smallMandantId,
      today,
      positionen,
      generatedAt: new Date().toISOString(),
      seconds: Math.round((performance.now() - started) / 1000),
    };
    await writeBenchMarker(client, BELEG_MARKER_KEY, marker);
    log(`${o.db}: ${size} + ${smallSize} documents (${positionen} positions) in ${marker.seconds} s`);
    return marker;
  } finally {
    await client.end();
  }
}

interface Tenant {
  client: pg.Client;
  r: (expr: string, k: number) => string;
  perDay: number;
  today: string;
  userId: number;
}

/** The tenant's `count` documents (ids base+1 …), their positions and VAT lines, and its number circles. */
async function insertTenant(g: Tenant, mandantId: number, count: number, base: number): Promise<number> {
  const { client, r, perDay, today, userId } = g;
  const t = performance.now();
  await client.query("BEGIN");
  await client.query("SET LOCAL session_replication_role = replica");
  await client.query("SET LOCAL work_mem = '256MB'");
  // Customers with a billing address (active, not suppliers), articles (not deleted) with their VAT rate.
  await client.query(
    `CREATE TEMP TABLE g_kunde ON COMMIT DROP AS
     SELECT row_number() OVER (ORDER BY k.id) AS i, k.id, a.id AS adresse_id,
            jsonb_build_object('id', a.id, 'adressenTyp', a.adressen_typ, 'firmenName', a.firmen_name,
              'adressZusatz', a.adress_zusatz, 'strasse', a.strasse, 'hausNummer', a.haus_nummer, 'stiege', a.stiege,
              'tuer', a.tuer, 'plz', a.plz, 'ort', a.ort, 'land', a.land, 'zuHanden', a.zu_handen) AS adresse
       FROM kunde k
       JOIN adresse a ON a.mandant_id = k.mandant_id AND a.kunde_id = k.id AND a.adressen_typ = 'rechnungsadresse'
                     AND a.position = 0
      WHERE k.mandant_id = $1 AND k.aktiv AND NOT k.lieferant`,
    [mandantId],
  );
  await client.query(
    `CREATE TEMP TABLE g_artikel ON COMMIT DROP AS
     SELECT row_number() OVER (ORDER BY a.id) AS i, a.id, a.artikel_bezeichnung, m.mwst,
            round(coalesce(a.einkaufs_preis, 8) * 1.6, 2) AS preis
       FROM artikel a JOIN mehrwertssteuer m ON m.mandant_id = a.mandant_id AND m.id = a.mehrwertssteuer_id
      WHERE a.mandant_id = $1 AND NOT a.geloescht`,
    [mandantId],
  );
  const nk = Number((await client.query("SELECT count(*) AS n FROM g_kunde")).rows[0].n);
  const na = Number((await client.query("SELECT count(*) AS n FROM g_artikel")).rows[0].n);
  if (nk === 0 || na === 0) throw new Error(`tenant ${mandantId}: no customers or articles to refer to`);

  // The documents: type, day, customer, draft, positions, paid. Newest last (n = count is today).
  await client.query(
    `CREATE TEMP TABLE g_doc ON COMMIT DROP AS
     SELECT n, ${base} + n AS id, typ, datum, entwurf, npos,
            CASE WHEN typ = 'barrechnung' AND ${r("n", 4)} < 0.5 THEN NULL
                 ELSE 1 + floor(power(${r("n", 3)}, 2) * ${nk})::int END AS kunde_i,
            NOT entwurf AND typ IN ('rechnung', 'barrechnung', 'gutschrift') AND
              CASE WHEN datum < $1::date - 30 THEN ${r("n", 6)} < 0.97 ELSE ${r("n", 6)} < 0.3 END AS bezahlt
       FROM (SELECT n, ${typCase(r("n", 1))} AS typ,
                    $1::date - ((${count} - n) / ${perDay})::int AS datum,
                    1 + floor(${r("n", 5)} * ${MAX_POSITIONEN})::int AS npos,
                    ${r("n", 2)} < ${ENTWURF_ANTEIL} OR (${count} - n < ${perDay * 3} AND ${r("n", 2)} < 0.3) AS entwurf
               FROM generate_series(1, ${count}) AS n) d`,
    [today],
  );
  // Numbers: per circle and year in date order, gapless, drafts none.
  await client.query(
    `CREATE TEMP TABLE g_beleg ON COMMIT DROP AS
     SELECT d.*, k.id AS kunde_id, k.adresse_id, k.adresse,
            CASE WHEN NOT d.entwurf THEN ${prefixCase("d.typ")} || extract(year FROM d.datum)::int || '-' ||
              lpad((row_number() OVER (PARTITION BY d.entwurf, ${kreisCase("d.typ")}, extract(year FROM d.datum)
                                      ORDER BY d.datum, d.n))::text, 5, '0') END AS nummer,
            row_number() OVER (PARTITION BY d.entwurf, ${kreisCase("d.typ")}, extract(year FROM d.datum)
                               ORDER BY d.datum, d.n) AS seq
       FROM g_doc d LEFT JOIN g_kunde k ON k.i = d.kunde_i`,
  );
  // Positions: article (its name, VAT rate, price) or a service; quantity, 5 % discount on 10 %.
  const pn = "(d.n * 16 + p)";
  const leistung = (col: 0 | 1 | 2) =>
    `(ARRAY[${LEISTUNGEN.map((l) => (col === 0 ? `'${l[0]}'` : String(l[col]))).join(", ")}])[1 + floor(${r(pn, 12)} * ${LEISTUNGEN.length})::int]`;
  await client.query(
    `CREATE TEMP TABLE g_pos ON COMMIT DROP AS
     SELECT d.id AS beleg_id, p - 1 AS position, p AS positions_nummer, a.id AS artikel_id,
            coalesce(a.artikel_bezeichnung, ${leistung(0)}) AS beschreibung,
            CASE WHEN a.id IS NULL AND ${leistung(2)} THEN round((0.5 + ${r(pn, 13)} * 7.5)::numeric, 1)
                 ELSE (1 + floor(power(${r(pn, 13)}, 3) * 40))::numeric END AS menge,
            coalesce(a.mwst, 20) AS mwst,
            coalesce(a.preis, ${leistung(1)}::numeric) AS preis,
            CASE WHEN ${r(pn, 14)} < 0.1 THEN 5 ELSE 0 END AS rabatt
       FROM g_beleg d CROSS JOIN generate_series(1, d.npos) AS p
       LEFT JOIN g_artikel a ON a.i = CASE WHEN ${r(pn, 10)} < ${ARTIKEL_ANTEIL}
                                           THEN 1 + floor(${r(pn, 11)} * ${na})::int END`,
  );
  await client.query(
    `CREATE TEMP TABLE g_mwst ON COMMIT DROP AS
     SELECT beleg_id, mwst AS satz, sum(round(menge * preis * (1 - rabatt / 100), 2)) AS basis
       FROM g_pos GROUP BY beleg_id, mwst`,
  );
  const verkaeufer = await client.query<{ v: object }>(
    `SELECT jsonb_build_object('bezeichnung', m.bezeichnung, 'uid', m.uid, 'adresse',
              (SELECT jsonb_build_object('strasse', a.strasse, 'hausNummer', a.haus_nummer, 'plz', a.plz, 'ort', a.ort,
                                         'land', a.land)
                 FROM adresse a WHERE a.mandant_id = m.id AND a.kunde_id IS NULL ORDER BY a.position, a.id LIMIT 1)) AS v
       FROM mandant m WHERE m.id = $1`,
    [mandantId],
  );
  await client.query(
    `INSERT INTO beleg (mandant_id, id, beleg_nummer, beleg_datum, belegs_typ, kunde_id, adresse_id, leistungs_datum,
                        summe_netto, summe_brutto, freigabe, freigabe_am, bezahlt, rechnungs_adresse, verkaeufer,
                        created_by, created_date, last_modified_date)
     SELECT $1, d.id, d.nummer, d.datum, d.typ, d.kunde_id, d.adresse_id,
            CASE WHEN d.typ IN ('rechnung', 'barrechnung', 'gutschrift', 'lieferschein') THEN d.datum END,
            s.netto, s.netto + s.steuer, NOT d.entwurf,
            CASE WHEN NOT d.entwurf THEN d.datum + time '16:00' END, d.bezahlt,
            CASE WHEN NOT d.entwurf THEN d.adresse END, CASE WHEN NOT d.entwurf THEN $2::jsonb END,
            $3, d.datum + time '08:00', d.datum + time '16:00'
       FROM g_beleg d
       JOIN (SELECT beleg_id, sum(basis) AS netto, sum(round(basis * satz / 100, 2)) AS steuer
               FROM g_mwst GROUP BY beleg_id) s ON s.beleg_id = d.id
      ORDER BY d.id`,
    [mandantId, JSON.stringify(verkaeufer.rows[0]!.v), userId || null],
  );
  const pos = await client.query(
    `INSERT INTO beleg_position (mandant_id, beleg_id, position, positions_nummer, artikel_id, positions_beschreibung,
                                 positions_menge, positions_mwst, positions_preis, positions_summe, rabatt)
     SELECT $1, beleg_id, position, positions_nummer, artikel_id, beschreibung, menge, mwst, preis,
            round(menge * preis * (1 - rabatt / 100), 2), rabatt
       FROM g_pos ORDER BY beleg_id, position`,
    [mandantId],
  );
  await client.query(
    `INSERT INTO beleg_mwst (mandant_id, beleg_id, satz, kategorie, basis, betrag)
     SELECT $1, beleg_id, satz, 'S', basis, round(basis * satz / 100, 2) FROM g_mwst ORDER BY beleg_id, satz`,
    [mandantId],
  );
  // The circles stay at the last number given (the current year's, else the last year that has one).
  const last = await client.query<{ kreis: string; jahr: number; seq: string }>(
    `SELECT DISTINCT ON (kreis) ${kreisCase("typ")} AS kreis, extract(year FROM datum)::int AS jahr, seq
       FROM g_beleg WHERE NOT entwurf ORDER BY kreis, datum DESC, seq DESC`,
  );
  const rechnung = last.rows.find((row) => row.kreis === "R");
  const kreis = await client.query(
    `UPDATE rechnungskreis SET last_rechnungsnummer = $2, last_jahr = $3, nummer_pro_jahr = true,
            rechnungsnummern_pattern = $4
      WHERE mandant_id = $1 AND id = (SELECT min(id) FROM rechnungskreis WHERE mandant_id = $1)`,
    [mandantId, rechnung ? Number(rechnung.seq) : 0, rechnung?.jahr ?? null, DEFAULT_NUMBER_PATTERN],
  );
  if (kreis.rowCount === 0)
    await client.query(
      `INSERT INTO rechnungskreis (mandant_id, rechnungskreis_name, rechnungsnummern_pattern, last_rechnungsnummer,
                                   last_jahr, nummer_pro_jahr) VALUES ($1, 'Standard', $2, $3, $4, true)`,
      [mandantId, DEFAULT_NUMBER_PATTERN, rechnung ? Number(rechnung.seq) : 0, rechnung?.jahr ?? null],
    );
  await client.query("DELETE FROM belegnummerkreis WHERE mandant_id = $1", [mandantId]);
  for (const row of last.rows.filter((row) => row.kreis !== "R"))
    await client.query(
      `INSERT INTO belegnummerkreis (mandant_id, belegs_typs, nummernkreis_pattern, last_nummer, last_jahr)
       VALUES ($1, ARRAY[$2], $3, $4, $5)`,
      [
        mandantId,
        row.kreis,
        `${PREFIX[row.kreis as keyof typeof PREFIX] ?? ""}${DEFAULT_NUMBER_PATTERN}`,
        Number(row.seq),
        row.jahr,
      ],
    );
  await client.query("COMMIT");
  log(`tenant ${mandantId}: ${count} documents, ${pos.rowCount} positions (${seconds(t)} s)`);
  return pos.rowCount ?? 0;
}
