/**
 * Payment bench data (issue 17, DESIGN §9), on top of the document data of bench/beleg/generate.ts (same database;
 * run that first). SQL only, in one transaction per tenant, triggers and foreign-key checks off
 * (session_replication_role = replica: the data are consistent by construction). What the triggers keep is computed
 * afterwards, with the app's own SQL functions where there are some (kontor_beleg_offen, kontor_beleg_bezahlt of
 * migration 0025): the open amount `beleg.offen`, the paid flag, the due date `beleg.faellig_am`, the open items per
 * customer and tenant (beleg_offen_stand) and the counts per type and state (beleg_anzahl).
 *
 * Per tenant: two payment terms (30 days net with 3 % skonto within 10 days; 14 days net) on 50 % / 30 % of the
 * invoices; every invoice the document generator marked paid gets one payment (bank 80 %, cash 15 %, card 5 %,
 * 0–40 days after the document date, never after today; 40 % of those with the skonto term paid within its 10 days
 * at 97 %, the rest written as skonto); 15 % of the unpaid invoices a part payment (30–70 %). In the big tenant two
 * customers get 10 000 invoices each (taken from other customers): the "Großkunde" as the generator pays them (most
 * paid), the "säumige" one with none paid — the worst case of one customer's open items.
 *
 * Again with the same parameters and document data: reused. Otherwise the payments (and the bench terms) are
 * replaced; documents moved to the two customers stay with them (run bench/beleg/generate.ts --fresh for pristine
 * documents).
 *
 * Called by the harness (harness/data.ts) with the markers it builds on.
 */
import pg from "pg";
import { rnd } from "../beleg/data.ts";
import type { BelegMarker } from "../beleg/marker.ts";
import type { BenchMarker } from "../kunde/marker.ts";
import { withClient, writeBenchMarker } from "../lib/db.ts";
import { log, seconds } from "../lib/generate.ts";
import { readZahlungMarker, ZAHLUNG_DATA_VERSION, ZAHLUNG_MARKER_KEY, type ZahlungMarker } from "./marker.ts";

/** Invoices per big customer. */
const GROSS = 10_000;

type R = (expr: string, k: number) => string;

export async function generateZahlungen(
  o: { db: string; url: string; seed: number; fresh: boolean },
  kunde: BenchMarker,
  beleg: BelegMarker,
): Promise<ZahlungMarker> {
  const { seed, url } = o;
  if (!Number.isSafeInteger(seed) || seed < 0 || seed > 1_000_000) throw new Error("payment seed 0…1000000");
  const r: R = (expr, k) => rnd(seed, expr, k);
  const started = performance.now();
  const existing = await withClient(url, readZahlungMarker);
  if (
    !o.fresh &&
    existing?.version === ZAHLUNG_DATA_VERSION &&
    existing.seed === seed &&
    existing.belegGeneratedAt === beleg.generatedAt
  ) {
    log(`${o.db}: reusing ${existing.payments} payments (seed ${seed}, generated ${existing.generatedAt})`);
    return existing;
  }

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const today = new Date().toISOString().slice(0, 10);
    await client.query("DELETE FROM app_setting WHERE key = $1", [ZAHLUNG_MARKER_KEY]);
    const big = await tenant(client, r, kunde.mandantId, today, kunde.login, true);
    await tenant(client, r, kunde.smallMandantId, today, kunde.login, false);
    const t = performance.now();
    await client.query(
      "VACUUM ANALYZE beleg, zahlung, zahlung_beleg, beleg_abschreibung, beleg_anzahl, beleg_offen_stand",
    );
    log(`vacuum analyze (${seconds(t)} s)`);
    const marker: ZahlungMarker = {
      version: ZAHLUNG_DATA_VERSION,
      seed,
      belegGeneratedAt: beleg.generatedAt,
      mandantId: kunde.mandantId,
      grosskundeId: big.grosskundeId!,
      saeumigId: big.saeumigId!,
      invoices: big.invoices,
      payments: big.payments,
      skontoPayments: big.skonto,
      partPayments: big.teil,
      openItems: big.offen,
      today,
      generatedAt: new Date().toISOString(),
      seconds: Math.round((performance.now() - started) / 1000),
    };
    await writeBenchMarker(client, ZAHLUNG_MARKER_KEY, marker);
    log(
      `${o.db}: ${marker.payments} payments (${marker.skontoPayments} with skonto, ${marker.partPayments} part payments) ` +
        `on ${marker.invoices} invoices, ${marker.openItems} open items, in ${marker.seconds} s`,
    );
    return marker;
  } finally {
    await client.end();
  }
}

async function tenant(
  client: pg.Client,
  r: R,
  m: number,
  today: string,
  login: string,
  grosskunden: boolean,
) {
  const t = performance.now();
  const n = async (sql: string, params: unknown[] = []) =>
    Number((await client.query<{ n: string }>(sql, params)).rows[0]?.n ?? 0);
  await client.query("BEGIN");
  await client.query("SET LOCAL session_replication_role = replica");
  await client.query("SET LOCAL work_mem = '256MB'");
  await client.query("DELETE FROM zahlung_beleg WHERE mandant_id = $1", [m]);
  await client.query("DELETE FROM zahlung WHERE mandant_id = $1", [m]);
  await client.query("DELETE FROM beleg_abschreibung WHERE mandant_id = $1", [m]);
  await client.query(
    `UPDATE beleg SET zahlungsziel_id = NULL WHERE mandant_id = $1
       AND zahlungsziel_id IN (SELECT id FROM zahlungsziel WHERE mandant_id = $1 AND name LIKE 'Bench %')`,
    [m],
  );
  await client.query("DELETE FROM zahlungsziel WHERE mandant_id = $1 AND name LIKE 'Bench %'", [m]);
  const ziele = await client.query<{ id: string }>(
    `INSERT INTO zahlungsziel (mandant_id, name, netto_tage, skonto_list)
     VALUES ($1, 'Bench 30 Tage, 10 Tage 3 %', 30, '[{"tage": 10, "prozent": 3}]'), ($1, 'Bench 14 Tage', 14, '[]')
     RETURNING id`,
    [m],
  );
  const [skontoZiel, kurzZiel] = ziele.rows.map((row) => Number(row.id)) as [number, number];
  await client.query(
    `UPDATE beleg SET zahlungsziel_id = CASE WHEN ${r("id", 1)} < 0.5 THEN ${skontoZiel}
                                             WHEN ${r("id", 1)} < 0.8 THEN ${kurzZiel} END
      WHERE mandant_id = $1 AND belegs_typ = 'rechnung'`,
    [m],
  );

  let grosskundeId: number | undefined;
  let saeumigId: number | undefined;
  if (grosskunden) {
    // The two customers with the most invoices get 10 000 each, taken at random from the others.
    const top = await client.query<{ id: string }>(
      `SELECT kunde_id AS id FROM beleg WHERE mandant_id = $1 AND belegs_typ = 'rechnung' AND kunde_id IS NOT NULL
        GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 2`,
      [m],
    );
    [grosskundeId, saeumigId] = top.rows.map((row) => Number(row.id)) as [number, number];
    for (const [k, salt] of [
      [grosskundeId, 2],
      [saeumigId, 3],
    ] as const) {
      const fehlt =
        GROSS -
        (await n(
          "SELECT count(*) AS n FROM beleg WHERE mandant_id = $1 AND belegs_typ = 'rechnung' AND freigabe AND kunde_id = $2",
          [m, k],
        ));
      await client.query(
        `UPDATE beleg SET kunde_id = $2, adresse_id = NULL
          WHERE mandant_id = $1 AND id IN (
            SELECT id FROM beleg WHERE mandant_id = $1 AND belegs_typ = 'rechnung' AND freigabe
               AND kunde_id NOT IN ($4, $5) ORDER BY ${r("id", salt)} LIMIT $3)`,
        [m, k, Math.max(fehlt, 0), grosskundeId, saeumigId],
      );
    }
    await client.query(
      "UPDATE beleg SET bezahlt = false WHERE mandant_id = $1 AND belegs_typ = 'rechnung' AND kunde_id = $2",
      [m, saeumigId],
    );
  }

  // Full payments of the paid invoices (skonto where the term has it and the payment came within its days) and
  // part payments of some unpaid ones.
  await client.query(
    `CREATE TEMP TABLE g_zahlung ON COMMIT DROP AS
     SELECT b.id AS beleg_id, b.kunde_id, b.beleg_datum, b.summe_brutto AS brutto, b.bezahlt,
            b.bezahlt AND b.zahlungsziel_id = ${skontoZiel} AND ${r("b.id", 4)} < 0.4 AS mit_skonto,
            ${r("b.id", 5)} AS u, ${r("b.id", 6)} AS art
       FROM beleg b
      WHERE b.mandant_id = $1 AND b.belegs_typ = 'rechnung' AND b.freigabe AND NOT b.storniert
        AND b.kunde_id IS NOT NULL AND b.summe_brutto > 0
        AND (b.bezahlt OR ${r("b.id", 7)} < 0.15)`,
    [m],
  );
  await client.query(
    `CREATE TEMP TABLE g_z ON COMMIT DROP AS
     SELECT beleg_id, kunde_id,
            least(beleg_datum + CASE WHEN mit_skonto THEN floor(u * 10)::int ELSE floor(u * 40)::int END, $1::date)
              AS datum,
            CASE WHEN mit_skonto THEN round(brutto * 0.97, 2)
                 WHEN bezahlt THEN brutto
                 ELSE round(brutto * (0.3 + u * 0.4)::numeric, 2) END AS betrag,
            CASE WHEN mit_skonto THEN brutto - round(brutto * 0.97, 2) ELSE 0 END AS skonto,
            mit_skonto, bezahlt,
            CASE WHEN art < 0.8 THEN 'bank' WHEN art < 0.95 THEN 'bar' ELSE 'karte' END AS zahlungsart
       FROM g_zahlung`,
    [today],
  );
  await client.query(
    `INSERT INTO zahlung (mandant_id, id, kunde_id, zahlungs_datum, betrag, zahlungsart, ueberzahlung, created_login,
                          created_at)
     SELECT $1, beleg_id, kunde_id, datum, betrag, zahlungsart, 0, $2, datum + time '10:00' FROM g_z ORDER BY beleg_id`,
    [m, login],
  );
  await client.query(
    `INSERT INTO zahlung_beleg (mandant_id, zahlung_id, beleg_id, betrag, skonto, skonto_prozent)
     SELECT $1, beleg_id, beleg_id, betrag, skonto, CASE WHEN mit_skonto THEN 3 END FROM g_z ORDER BY beleg_id`,
    [m],
  );
  await client.query(
    "SELECT setval(pg_get_serial_sequence('zahlung', 'id'), (SELECT coalesce(max(id), 0) + 1 FROM zahlung), false)",
  );
  // What the triggers keep, with the app's functions.
  await client.query(
    `UPDATE beleg SET offen = kontor_beleg_offen(mandant_id, id, belegs_typ, freigabe, storniert, summe_brutto),
            bezahlt = kontor_beleg_bezahlt(belegs_typ, freigabe, storniert,
              kontor_beleg_offen(mandant_id, id, belegs_typ, freigabe, storniert, summe_brutto), bezahlt)
      WHERE mandant_id = $1 AND belegs_typ IN ('rechnung', 'barrechnung') AND freigabe`,
    [m],
  );
  await client.query(
    `UPDATE beleg b SET faellig_am = b.beleg_datum + coalesce((SELECT z.netto_tage FROM zahlungsziel z
        WHERE z.mandant_id = b.mandant_id AND z.id = b.zahlungsziel_id), 0)
      WHERE b.mandant_id = $1`,
    [m],
  );
  await client.query("DELETE FROM beleg_offen_stand WHERE mandant_id = $1", [m]);
  await client.query(
    `INSERT INTO beleg_offen_stand (mandant_id, kunde_id, anzahl, summe)
     SELECT mandant_id, 0, count(*), sum(offen) FROM beleg WHERE mandant_id = $1 AND offen <> 0 GROUP BY mandant_id
     UNION ALL
     SELECT mandant_id, kunde_id, count(*), sum(offen) FROM beleg
      WHERE mandant_id = $1 AND offen <> 0 AND kunde_id IS NOT NULL GROUP BY mandant_id, kunde_id`,
    [m],
  );
  await client.query("DELETE FROM beleg_anzahl WHERE mandant_id = $1", [m]);
  await client.query(
    `INSERT INTO beleg_anzahl (mandant_id, belegs_typ, freigabe, bezahlt, storniert, anzahl)
     SELECT mandant_id, belegs_typ, freigabe, bezahlt, storniert, count(*) FROM beleg WHERE mandant_id = $1
      GROUP BY mandant_id, belegs_typ, freigabe, bezahlt, storniert`,
    [m],
  );
  const stats = {
    invoices: await n("SELECT count(*) AS n FROM beleg WHERE mandant_id = $1 AND belegs_typ = 'rechnung'", [
      m,
    ]),
    payments: await n("SELECT count(*) AS n FROM g_z"),
    skonto: await n("SELECT count(*) AS n FROM g_z WHERE mit_skonto"),
    teil: await n("SELECT count(*) AS n FROM g_z WHERE NOT bezahlt"),
    offen: await n("SELECT count(*) AS n FROM beleg WHERE mandant_id = $1 AND offen <> 0", [m]),
  };
  await client.query("COMMIT");
  log(
    `tenant ${m}: ${stats.payments} payments, ${stats.offen} open items of ${stats.invoices} invoices (${seconds(t)} s)`,
  );
  return { ...stats, grosskundeId, saeumigId };
}
