/**
 * The cash book of the list bench (liste.ts): one tenant with module kassabuch, a member with ROLE_KASSABUCH_ADMIN
 * and `size` entries over three years (the current one heaviest: 20 / 30 / 50 %), inserted as the table owner with
 * one `INSERT … SELECT FROM unnest(…)` per 5 000 rows — plus a small second tenant (`small` entries in the last
 * year) so that row-level security filters for real.
 *
 * The entries are generated in the book's order (date, then id; ids reserved from the table's sequence in one
 * block), every expense at most the running balance at that point less 1 000 € — of the whole book from the opening
 * balance and of its year from zero — so no running balance is below zero whether or not the years start at zero
 * (kassaStartZeroYear), and the measurement's back-dated expenses still fit. Daily takings and small expenses; when the drawer holds more than 4 000 € some of it goes to
 * the bank (a large expense). About 40 % carry a VAT rate (the tenant's rates, copied as the app does), a quarter of
 * the expenses one of 40 suppliers (customer records flagged lieferant), 70 % a receipt number, 30 % an account;
 * 0.5 % are corrections (the counter-entry of an earlier entry of the last days: opposite type, same amount, rate,
 * receipt and supplier, `korrektur_von` naming it, at most one per entry).
 *
 * The table has no triggers (append-only is a REVOKE for the application role: the owner may insert). An
 * `app_setting` row `bench.kassabuch.liste` records the parameters and the last generated id: a run with the same
 * parameters reuses the data and removes what earlier measurements posted (ids above it, as the owner); other
 * parameters (or --fresh) drop and recreate the database.
 */
import type pg from "pg";
import type { Database } from "../../apps/api/src/db/client.ts";
import { createMandant, createUser } from "../../apps/api/src/setup/seed.ts";
import { ensureDatabase, readBenchMarker, withClient, writeBenchMarker } from "../lib/db.ts";
import { BATCH, col, log, seconds } from "../lib/generate.ts";
import { createRng, type Rng } from "../lib/prng.ts";

export const MARKER = "bench.kassabuch.liste";
export const LOGIN = "bench-kassabuch";
export const PASSWORD = "bench-kassabuch";
/** The opening balance (kassaBetrag) and the first day of the book (kassaStartdatum): 1 January two years ago. */
export const KASSA_BETRAG = "2000.00";
/** What every running balance keeps (cents): the measured postings (a year back, ~1.5 € each) must still fit. */
const BODEN = 100_000;
/** The generator's version (in the marker: a changed generator makes new data). */
const VERSION = 2;

export interface BuchParameter {
  size: number;
  small: number;
  seed: number;
  /** The last day of the data (the day it was generated): the months and years the probes ask for. */
  heute: string;
}

export interface BuchMarker extends BuchParameter {
  version: number;
  mandantId: number;
  kleinId: number;
  userId: number;
  startdatum: string;
  /** The largest id the generator wrote: rows above it were posted by measurements. */
  maxId: number;
  eintraege: number;
  korrekturen: number;
  mitMwst: number;
  mitLieferant: number;
}

const gleich = (a: BuchMarker, b: BuchParameter) =>
  a.version === VERSION &&
  a.size === b.size &&
  a.small === b.small &&
  a.seed === b.seed &&
  a.heute === b.heute;

/**
 * The database as the parameters want it: reused (after removing measured postings) when its marker has the same
 * parameters, else created anew. `open` opens it as the app does (and migrates): called after a drop.
 */
export async function buchBereitstellen(
  url: string,
  dbName: string,
  p: BuchParameter,
  fresh: boolean,
  open: () => Promise<Database>,
): Promise<{ database: Database; marker: BuchMarker }> {
  await ensureDatabase(dbName, fresh);
  const alt = await withClient(url, (c) => readBenchMarker<BuchMarker>(c, MARKER));
  if (alt && gleich(alt, p)) {
    const database = await open();
    await database.migrate();
    const weg = await withClient(url, async (c) => {
      const r = await c.query("DELETE FROM kassabuch_eintrag WHERE mandant_id = $1 AND id > $2", [
        alt.mandantId,
        alt.maxId,
      ]);
      await c.query("DELETE FROM kassabuch_abschluss WHERE mandant_id = $1", [alt.mandantId]);
      // The day rows (migration 0027 fills them from the entries there are): analyzed like the entries.
      await c.query(r.rowCount ? "VACUUM ANALYZE kassabuch_eintrag, kassabuch_tag" : "ANALYZE kassabuch_tag");
      return r.rowCount ?? 0;
    });
    log(`data reused (${alt.eintraege} entries${weg ? `; ${weg} measured postings removed` : ""})`);
    return { database, marker: alt };
  }
  if (alt) await ensureDatabase(dbName, true);
  const database = await open();
  await database.migrate();
  return { database, marker: await erzeugen(url, database, p) };
}

export interface Satz {
  id: number;
  mwst: string;
}

interface Zeile {
  id: number;
  datum: string;
  belegnummer: string | null;
  kontonummer: string | null;
  text: string;
  lieferantId: number | null;
  typ: "einnahme" | "ausgabe";
  mehrwertssteuerId: number | null;
  mwst: string | null;
  /** Cents. */
  cent: number;
  korrekturVon: number | null;
  erfasstAm: string;
}

const EINNAHMEN = ["Tageslosung", "Barverkauf", "Barverkauf Ware", "Anzahlung Kunde", "Trinkgeldkassa"];
export const AUSGABEN = [
  "Porto",
  "Büromaterial",
  "Reinigungsmittel",
  "Kaffee und Milch",
  "Tankrechnung",
  "Parkgebühr",
  "Zeitung",
  "Blumen Empfang",
  "Kleinteile Baumarkt",
  "Briefmarken",
  "Getränke Besprechung",
  "Taxi",
];
const KONTEN = ["2700", "4000", "5000", "7300", "7600", "7780"];

const iso = (d: Date) => d.toISOString().slice(0, 10);
const tageZwischen = (von: string, bis: string) => {
  const tage: string[] = [];
  for (let d = new Date(`${von}T00:00:00Z`); iso(d) <= bis; d.setUTCDate(d.getUTCDate() + 1))
    tage.push(iso(d));
  return tage;
};

/** The entries of one tenant in the book's order, ids from `erste` on (see the header). */
export function buchung(
  rng: Rng,
  anzahl: number,
  jahre: readonly (readonly [von: string, bis: string, anteil: number])[],
  opening: number,
  saetze: readonly Satz[],
  lieferanten: readonly number[],
  erste: number,
): Zeile[] {
  const zeilen: Zeile[] = [];
  const korrigiert = new Set<number>();
  let saldo = opening;
  let rest = anzahl;
  for (const [j, [von, bis, anteil]] of jahre.entries()) {
    const tage = tageZwischen(von, bis);
    const imJahr = j === jahre.length - 1 ? rest : Math.round(anzahl * anteil);
    rest -= imJahr;
    const proTag = new Array<number>(tage.length).fill(0);
    for (let i = 0; i < imJahr; i++) proTag[rng.int(0, tage.length - 1)]!++;
    let jahrSaldo = 0;
    let belegNr = 0;
    for (const [t, datum] of tage.entries()) {
      for (let i = 0; i < proTag[t]!; i++) {
        const id = erste + zeilen.length;
        const erfasstAm = `${datum}T${String(7 + Math.floor((i * 12) / Math.max(1, proTag[t]!))).padStart(2, "0")}:${String(rng.int(0, 59)).padStart(2, "0")}:00+01:00`;
        const kann = Math.min(saldo, jahrSaldo) - BODEN;
        // A correction of an entry of the last ~200 (same year, not a correction, not corrected yet).
        if (rng.chance(0.005) && zeilen.length > 0) {
          const kandidat = zeilen[Math.max(0, zeilen.length - 1 - rng.int(0, 200))]!;
          const frei =
            kandidat.korrekturVon === null && kandidat.datum >= von && !korrigiert.has(kandidat.id);
          if (frei && (kandidat.typ === "ausgabe" || kandidat.cent <= kann)) {
            const typ = kandidat.typ === "einnahme" ? "ausgabe" : "einnahme";
            zeilen.push({ ...kandidat, id, datum, typ, korrekturVon: kandidat.id, erfasstAm });
            korrigiert.add(kandidat.id);
            const d = typ === "einnahme" ? kandidat.cent : -kandidat.cent;
            saldo += d;
            jahrSaldo += d;
            continue;
          }
        }
        let typ: Zeile["typ"];
        let cent: number;
        let text: string;
        if (kann > 400_000 && rng.chance(0.3)) {
          typ = "ausgabe";
          cent = kann - 100_000 - rng.int(0, 50_000);
          text = "Einzahlung Bank";
        } else if (kann >= 100 && rng.chance(0.55)) {
          typ = "ausgabe";
          cent = Math.min(kann, rng.chance(0.8) ? rng.int(100, 6_000) : rng.int(6_000, 40_000));
          text = rng.pick(AUSGABEN);
        } else {
          typ = "einnahme";
          cent = rng.chance(0.7) ? rng.int(500, 15_000) : rng.int(15_000, 120_000);
          text = rng.pick(EINNAHMEN);
        }
        const satz = rng.chance(0.4) && saetze.length > 0 ? rng.pick(saetze) : null;
        const lieferant =
          typ === "ausgabe" && lieferanten.length > 0 && rng.chance(0.25) ? rng.pick(lieferanten) : null;
        zeilen.push({
          id,
          datum,
          belegnummer: rng.chance(0.7) ? `${datum.slice(0, 4)}-${String(++belegNr).padStart(5, "0")}` : null,
          kontonummer: rng.chance(0.3) ? rng.pick(KONTEN) : null,
          text,
          lieferantId: lieferant,
          typ,
          mehrwertssteuerId: satz?.id ?? null,
          mwst: satz?.mwst ?? null,
          cent,
          korrekturVon: null,
          erfasstAm,
        });
        const d = typ === "einnahme" ? cent : -cent;
        saldo += d;
        jahrSaldo += d;
        if (saldo < BODEN || jahrSaldo < BODEN)
          if (typ === "ausgabe") throw new Error(`generator: balance below the floor at ${datum}`);
      }
    }
  }
  return zeilen;
}

const euro = (cent: number) => `${Math.trunc(cent / 100)}.${String(cent % 100).padStart(2, "0")}`;

export async function einfuegen(
  c: pg.Client,
  mandantId: number,
  userId: number,
  zeilen: Zeile[],
  login = LOGIN,
) {
  for (let i = 0; i < zeilen.length; i += BATCH) {
    const b = zeilen.slice(i, i + BATCH);
    await c.query(
      `INSERT INTO kassabuch_eintrag (mandant_id, id, datum, belegnummer, kontonummer, text, lieferant_id, typ,
                                      mehrwertssteuer_id, mwst, betrag, korrektur_von, erfasst_am, erfasst_von,
                                      erfasst_login)
       SELECT $1, id, datum, belegnummer, kontonummer, text, lieferant_id, typ, mehrwertssteuer_id, mwst, betrag,
              korrektur_von, erfasst_am, $14, $15
         FROM unnest($2::bigint[], $3::date[], $4::text[], $5::text[], $6::text[], $7::bigint[], $8::text[],
                     $9::bigint[], $10::numeric[], $11::numeric[], $12::bigint[], $13::timestamptz[])
              AS u(id, datum, belegnummer, kontonummer, text, lieferant_id, typ, mehrwertssteuer_id, mwst, betrag,
                   korrektur_von, erfasst_am)`,
      [
        mandantId,
        col(b, (z) => z.id),
        col(b, (z) => z.datum),
        col(b, (z) => z.belegnummer),
        col(b, (z) => z.kontonummer),
        col(b, (z) => z.text),
        col(b, (z) => z.lieferantId),
        col(b, (z) => z.typ),
        col(b, (z) => z.mehrwertssteuerId),
        col(b, (z) => z.mwst),
        col(b, (z) => euro(z.cent)),
        col(b, (z) => z.korrekturVon),
        col(b, (z) => z.erfasstAm),
        userId,
        login,
      ],
    );
  }
}

/** Reserves `n` consecutive ids of the table's sequence (the app's identity) and returns the first. */
export async function idsReservieren(c: pg.Client, n: number): Promise<number> {
  const { rows } = await c.query<{ erste: string }>(
    `SELECT nextval('kassabuch_eintrag_id_seq')::text AS erste`,
  );
  const erste = Number(rows[0]!.erste);
  await c.query(`SELECT setval('kassabuch_eintrag_id_seq', $1)`, [erste + n - 1]);
  return erste;
}

async function erzeugen(url: string, database: Database, p: BuchParameter): Promise<BuchMarker> {
  const t0 = performance.now();
  const jahr = Number(p.heute.slice(0, 4));
  const startdatum = `${jahr - 2}-01-01`;
  const mandantId = await createMandant(database.db, {
    bezeichnung: "Kassabuch Bench GmbH",
    modules: ["kassabuch"],
  });
  const kleinId = await createMandant(database.db, {
    bezeichnung: "Kassabuch Bench klein",
    modules: ["kassabuch"],
  });
  const userId = await createUser(database.db, {
    login: LOGIN,
    email: `${LOGIN}@bench.test`,
    password: PASSWORD,
    authorities: ["ROLE_KASSABUCH_ADMIN"],
    mandantIds: [mandantId, kleinId],
  });
  const marker = await withClient(url, async (c) => {
    await c.query(
      "UPDATE mandant SET kassa_betrag = $2, kassa_startdatum = $3, kassa_start_zero_year = false WHERE id = ANY($1)",
      [[mandantId, kleinId], KASSA_BETRAG, startdatum],
    );
    // 40 suppliers (customer records flagged lieferant) with their search text, as the app writes it.
    await c.query(
      `INSERT INTO kunde (mandant_id, kunden_nummer, firma, bezeichnung, lieferant, sortname)
       SELECT $1, (90000 + g)::text, 'firma', 'Lieferant ' || g || ' GmbH', true, 'lieferant ' || g || ' gmbh'
         FROM generate_series(1, 40) g`,
      [mandantId],
    );
    await c.query("UPDATE kunde SET suche = kontor_kunde_suche(mandant_id, id) WHERE mandant_id = $1", [
      mandantId,
    ]);
    const lieferanten = (
      await c.query<{ id: string }>("SELECT id FROM kunde WHERE mandant_id = $1 AND lieferant ORDER BY id", [
        mandantId,
      ])
    ).rows.map((r) => Number(r.id));
    const saetze = async (id: number) =>
      (
        await c.query<Satz>(
          "SELECT id::int AS id, mwst::text AS mwst FROM mehrwertssteuer WHERE mandant_id = $1",
          [id],
        )
      ).rows;
    const opening = Math.round(Number(KASSA_BETRAG) * 100);
    const jahre = [
      [`${jahr - 2}-01-01`, `${jahr - 2}-12-31`, 0.2],
      [`${jahr - 1}-01-01`, `${jahr - 1}-12-31`, 0.3],
      [`${jahr}-01-01`, p.heute, 0.5],
    ] as const;
    const rng = createRng(p.seed);
    const gross = buchung(
      rng,
      p.size,
      jahre,
      opening,
      await saetze(mandantId),
      lieferanten,
      await idsReservieren(c, p.size),
    );
    const klein = buchung(
      createRng(p.seed + 1),
      p.small,
      [[`${jahr - 1}-01-01`, p.heute, 1]],
      opening,
      await saetze(kleinId),
      [],
      await idsReservieren(c, p.small),
    );
    log(`generated ${gross.length} + ${klein.length} entries (${seconds(t0)} s)`);
    await c.query("BEGIN");
    await einfuegen(c, mandantId, userId, gross);
    await einfuegen(c, kleinId, userId, klein);
    await c.query("COMMIT");
    log(`inserted (${seconds(t0)} s)`);
    await c.query("VACUUM ANALYZE kassabuch_eintrag, kassabuch_tag");
    await c.query("ANALYZE kunde");
    const m: BuchMarker = {
      ...p,
      version: VERSION,
      mandantId,
      kleinId,
      userId,
      startdatum,
      maxId: gross[gross.length - 1]?.id ?? 0,
      eintraege: gross.length,
      korrekturen: gross.filter((z) => z.korrekturVon !== null).length,
      mitMwst: gross.filter((z) => z.mwst !== null).length,
      mitLieferant: gross.filter((z) => z.lieferantId !== null).length,
    };
    await writeBenchMarker(c, MARKER, m);
    return m;
  });
  log(
    `tenant ${mandantId}: ${marker.eintraege} entries from ${startdatum} to ${p.heute} (${marker.korrekturen} corrections, ${marker.mitMwst} with VAT, ${marker.mitLieferant} with supplier); tenant ${kleinId}: ${p.small} (${seconds(t0)} s)`,
  );
  return marker;
}
