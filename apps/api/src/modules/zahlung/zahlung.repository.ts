import type { TBelegZahlung } from "@kontor/domain/beleg/beleg.schema";
import { anzeigename } from "@kontor/domain/kunde/kunde.rules";
import type { TBelegsTyp } from "@kontor/domain/typen/typen";
import type { TZahlungsart } from "@kontor/domain/zahlung/zahlung.codes";
import type {
  TOffenePostenQuery,
  TZahlung,
  TZahlungListQuery,
  TZahlungZeile,
} from "@kontor/domain/zahlung/zahlung.schema";
import { type SQL, sql } from "drizzle-orm";
import { queryRows, type Tx } from "../../db/client.ts";
import { countSelectUpTo, type Page, totalOf } from "../../db/paging.ts";
import { currentMandant } from "../../db/schema/tenant.ts";

/**
 * Payments and open items in the database (issue 17). Every function runs in the tenant transaction (row-level
 * security confines it to the tenant). Reading and writing only; the rules are the service's (zahlung.rules.ts).
 */

/** The customer's name as lists show it (display name from the domain). */
interface KundeSpalten {
  kunde_id: number | string | null;
  kunde_firma: string | null;
  kunde_bezeichnung: string | null;
  kunde_vorname: string | null;
  kunde_nachname: string | null;
  kunde_geschlecht: string | null;
}
const KUNDE_SPALTEN = sql.raw(`k.id AS kunde_id, k.firma AS kunde_firma, k.bezeichnung AS kunde_bezeichnung,
  k.vorname AS kunde_vorname, k.nachname AS kunde_nachname, k.geschlecht AS kunde_geschlecht`);

const kundeAus = (row: KundeSpalten) =>
  row.kunde_id === null
    ? null
    : {
        id: Number(row.kunde_id),
        anzeigename: anzeigename(
          {
            firma: row.kunde_firma as "firma" | "privatperson",
            bezeichnung: row.kunde_bezeichnung,
            vorname: row.kunde_vorname,
            nachname: row.kunde_nachname,
            geschlecht: row.kunde_geschlecht as never,
          },
          "de",
        ),
      };

const zahl = (wert: number | string | null | undefined) =>
  wert === null || wert === undefined ? 0 : Number(wert);

/** The payments of a document as JSON (SQL; `b` is the document): its share, skonto, day, means, comment. */
export const ZAHLUNGEN_JSON = sql.raw(`(SELECT coalesce(json_agg(json_build_object('id', z.id,
    'zahlungsDatum', z.zahlungs_datum, 'betrag', zb.betrag, 'skonto', zb.skonto, 'kommentar', z.kommentar,
    'zahlungsart', z.zahlungsart) ORDER BY z.zahlungs_datum, z.id), '[]')
  FROM zahlung_beleg zb JOIN zahlung z ON z.mandant_id = zb.mandant_id AND z.id = zb.zahlung_id
  WHERE zb.mandant_id = b.mandant_id AND zb.beleg_id = b.id)`);

/** The write-off of a document as JSON or null (SQL; `b` is the document). */
export const ABSCHREIBUNG_JSON = sql.raw(`(SELECT json_build_object('betrag', a.betrag, 'grund', a.grund,
    'datum', a.datum) FROM beleg_abschreibung a WHERE a.mandant_id = b.mandant_id AND a.beleg_id = b.id)`);

/** A payment as the JSON subquery answers it. */
interface ZahlungJson {
  id: number;
  zahlungsDatum: string;
  betrag: number;
  skonto: number;
  kommentar: string | null;
  zahlungsart: TZahlungsart;
}

/** The JSON payments as the contract's rows (numbers as numbers). */
export const belegZahlungen = (rows: ZahlungJson[] | null): TBelegZahlung[] =>
  (rows ?? []).map((z) => ({
    id: Number(z.id),
    zahlungsDatum: z.zahlungsDatum,
    betrag: Number(z.betrag),
    skonto: Number(z.skonto),
    kommentar: z.kommentar,
    zahlungsart: z.zahlungsart,
  }));

/** What a payment needs of a document it settles, the row locked (every payment locks its documents first). */
export interface BelegFuerZahlung {
  id: number;
  belegNummer: string | null;
  belegsTyp: TBelegsTyp;
  belegDatum: string;
  kundeId: number | null;
  freigabe: boolean;
  storniert: boolean;
  summeBrutto: number;
  offen: number;
  bezahlt: number;
  skonto: number;
  gutschriften: number;
  abgeschrieben: number;
  term: { nettoTage: number; skontoList: { tage: number; prozent: number }[] } | null;
  mwst: { satz: number; kategorie: string; basis: number; betrag: number }[];
}

/** The parts of the open amount of a document (SQL; `b` is the document). */
const TEILE = sql.raw(`
  coalesce((SELECT sum(zb.betrag) FROM zahlung_beleg zb WHERE zb.mandant_id = b.mandant_id AND zb.beleg_id = b.id), 0)
    AS bezahlt_betrag,
  coalesce((SELECT sum(zb.skonto) FROM zahlung_beleg zb WHERE zb.mandant_id = b.mandant_id AND zb.beleg_id = b.id), 0)
    AS skonto,
  coalesce((SELECT sum(abs(g.summe_brutto)) FROM beleg g WHERE g.mandant_id = b.mandant_id
    AND g.ursprung_beleg_id = b.id AND g.belegs_typ = 'gutschrift' AND g.freigabe AND NOT g.storniert), 0)
    AS gutschriften,
  coalesce((SELECT a.betrag FROM beleg_abschreibung a WHERE a.mandant_id = b.mandant_id AND a.beleg_id = b.id), 0)
    AS abgeschrieben`);

interface TeileSpalten {
  bezahlt_betrag: string | number;
  skonto: string | number;
  gutschriften: string | number;
  abgeschrieben: string | number;
}

/**
 * The documents a payment names, locked in id order (two payments on the same documents queue, never deadlock),
 * with their open amount, its parts, their payment term and VAT lines. Ids the tenant does not have are missing.
 */
export async function belegeFuerZahlung(
  tx: Tx,
  ids: readonly number[],
): Promise<Map<number, BelegFuerZahlung>> {
  if (ids.length === 0) return new Map();
  const liste = sql.join(
    [...new Set(ids)].map((id) => sql`${id}`),
    sql`, `,
  );
  await tx.execute(sql`SELECT id FROM beleg WHERE id IN (${liste}) ORDER BY id FOR UPDATE`);
  const rows = await queryRows<
    TeileSpalten & {
      id: string | number;
      beleg_nummer: string | null;
      belegs_typ: string;
      beleg_datum: string;
      kunde_id: string | number | null;
      freigabe: boolean;
      storniert: boolean;
      summe_brutto: string | number;
      offen: string | number;
      netto_tage: number | null;
      skonto_list: { tage: number; prozent: number }[] | null;
      mwst: { satz: number; kategorie: string; basis: number; betrag: number }[];
    }
  >(
    tx,
    sql`SELECT b.id, b.beleg_nummer, b.belegs_typ, b.beleg_datum::text AS beleg_datum, b.kunde_id, b.freigabe,
        b.storniert, b.summe_brutto, b.offen, zz.netto_tage, zz.skonto_list, ${TEILE},
        (SELECT coalesce(json_agg(json_build_object('satz', m.satz, 'kategorie', m.kategorie, 'basis', m.basis,
          'betrag', m.betrag) ORDER BY m.id), '[]') FROM beleg_mwst m
          WHERE m.mandant_id = b.mandant_id AND m.beleg_id = b.id) AS mwst
      FROM beleg b
      LEFT JOIN zahlungsziel zz ON zz.mandant_id = b.mandant_id AND zz.id = b.zahlungsziel_id
      WHERE b.id IN (${liste})`,
  );
  return new Map(
    rows.map((r) => [
      Number(r.id),
      {
        id: Number(r.id),
        belegNummer: r.beleg_nummer,
        belegsTyp: r.belegs_typ as TBelegsTyp,
        belegDatum: r.beleg_datum,
        kundeId: r.kunde_id === null ? null : Number(r.kunde_id),
        freigabe: r.freigabe,
        storniert: r.storniert,
        summeBrutto: zahl(r.summe_brutto),
        offen: zahl(r.offen),
        bezahlt: zahl(r.bezahlt_betrag),
        skonto: zahl(r.skonto),
        gutschriften: zahl(r.gutschriften),
        abgeschrieben: zahl(r.abgeschrieben),
        term: r.netto_tage === null ? null : { nettoTage: r.netto_tage, skontoList: r.skonto_list ?? [] },
        mwst: r.mwst.map((m) => ({
          satz: Number(m.satz),
          kategorie: m.kategorie,
          basis: Number(m.basis),
          betrag: Number(m.betrag),
        })),
      },
    ]),
  );
}

/** A new payment's row; its id. */
export async function insertZahlung(
  tx: Tx,
  werte: {
    kundeId: number;
    zahlungsDatum: string;
    betrag: string;
    zahlungsart: TZahlungsart;
    kommentar: string | null;
    ueberzahlung: string;
    createdBy: number;
    createdLogin: string;
  },
): Promise<number> {
  const [row] = await queryRows<{ id: string | number }>(
    tx,
    sql`INSERT INTO zahlung (kunde_id, zahlungs_datum, betrag, zahlungsart, kommentar, ueberzahlung, created_by,
        created_login)
      VALUES (${werte.kundeId}, ${werte.zahlungsDatum}, ${werte.betrag}, ${werte.zahlungsart}, ${werte.kommentar},
        ${werte.ueberzahlung}, ${werte.createdBy}, ${werte.createdLogin})
      RETURNING id`,
  );
  return Number(row!.id);
}

/** An allocation of a payment to a document (the trigger brings the document's open amount up to date). */
export async function insertZuordnung(
  tx: Tx,
  werte: {
    zahlungId: number;
    belegId: number;
    betrag: string;
    skonto: string;
    skontoProzent: number | null;
    skontoMwst: unknown[];
  },
): Promise<void> {
  await tx.execute(sql`INSERT INTO zahlung_beleg (zahlung_id, beleg_id, betrag, skonto, skonto_prozent, skonto_mwst)
    VALUES (${werte.zahlungId}, ${werte.belegId}, ${werte.betrag}, ${werte.skonto}, ${werte.skontoProzent},
      ${JSON.stringify(werte.skontoMwst)}::jsonb)`);
}

interface ZahlungSpalten extends KundeSpalten {
  id: string | number;
  zahlungs_datum: string;
  betrag: string | number;
  zahlungsart: TZahlungsart;
  kommentar: string | null;
  ueberzahlung: string | number;
  skonto: string | number;
}
const ZAHLUNG_SPALTEN = sql.raw(`z.id, z.zahlungs_datum::text AS zahlungs_datum, z.betrag, z.zahlungsart,
  z.kommentar, z.ueberzahlung,
  coalesce((SELECT sum(zb.skonto) FROM zahlung_beleg zb WHERE zb.mandant_id = z.mandant_id AND zb.zahlung_id = z.id), 0)
    AS skonto,
  k.id AS kunde_id, k.firma AS kunde_firma, k.bezeichnung AS kunde_bezeichnung, k.vorname AS kunde_vorname,
  k.nachname AS kunde_nachname, k.geschlecht AS kunde_geschlecht`);

/** GET zahlung/{id}: the payment with its allocations; undefined when the tenant has none with this id. */
export async function findZahlung(tx: Tx, id: number): Promise<TZahlung | undefined> {
  const [row] = await queryRows<
    ZahlungSpalten & {
      created_login: string | null;
      created_at: Date | string;
      zuordnungen: {
        beleg_id: number;
        beleg_nummer: string | null;
        belegs_typ: string;
        betrag: number;
        skonto: number;
        skonto_prozent: number | null;
        skonto_mwst: { satz: number; kategorie: string; brutto: number; netto: number; mwst: number }[];
      }[];
    }
  >(
    tx,
    sql`SELECT ${ZAHLUNG_SPALTEN}, z.created_login, z.created_at,
        (SELECT coalesce(json_agg(json_build_object('beleg_id', b.id, 'beleg_nummer', b.beleg_nummer,
          'belegs_typ', b.belegs_typ, 'betrag', zb.betrag, 'skonto', zb.skonto, 'skonto_prozent', zb.skonto_prozent,
          'skonto_mwst', zb.skonto_mwst) ORDER BY b.beleg_datum, b.id), '[]')
          FROM zahlung_beleg zb JOIN beleg b ON b.mandant_id = zb.mandant_id AND b.id = zb.beleg_id
          WHERE zb.mandant_id = z.mandant_id AND zb.zahlung_id = z.id) AS zuordnungen
      FROM zahlung z LEFT JOIN kunde k ON k.mandant_id = z.mandant_id AND k.id = z.kunde_id
      WHERE z.id = ${id}`,
  );
  if (!row) return undefined;
  return {
    id: Number(row.id),
    zahlungsDatum: row.zahlungs_datum,
    betrag: zahl(row.betrag),
    zahlungsart: row.zahlungsart,
    kommentar: row.kommentar,
    kunde: kundeAus(row),
    skonto: zahl(row.skonto),
    ueberzahlung: zahl(row.ueberzahlung),
    belegSet: row.zuordnungen.map((z) => ({
      beleg: { id: Number(z.beleg_id), belegNummer: z.beleg_nummer, belegsTyp: z.belegs_typ as TBelegsTyp },
      betrag: Number(z.betrag),
      skonto: Number(z.skonto),
      skontoProzent: z.skonto_prozent === null ? null : Number(z.skonto_prozent),
      skontoMwst: z.skonto_mwst.map((m) => ({
        satz: Number(m.satz),
        kategorie: m.kategorie,
        brutto: Number(m.brutto),
        netto: Number(m.netto),
        mwst: Number(m.mwst),
      })),
    })),
    erstelltVon: row.created_login,
    erstelltAm: new Date(row.created_at).toISOString(),
  };
}

const ZAHLUNG_SORT: Record<TZahlungListQuery["sort"][number]["field"], string> = {
  zahlungsDatum: "z.zahlungs_datum",
  betrag: "z.betrag",
  id: "z.id",
};

/** GET zahlung: a page of payments (newest first by default) and the total. */
export async function listZahlungen(tx: Tx, query: TZahlungListQuery): Promise<Page<TZahlungZeile>> {
  const where = and(
    query.kundeId === undefined ? undefined : sql`z.kunde_id = ${query.kundeId}`,
    query.zahlungsart === undefined ? undefined : sql`z.zahlungsart = ${query.zahlungsart}`,
    query.von === undefined ? undefined : sql`z.zahlungs_datum >= ${query.von}`,
    query.bis === undefined ? undefined : sql`z.zahlungs_datum <= ${query.bis}`,
    query.belegId === undefined
      ? undefined
      : sql`EXISTS (SELECT 1 FROM zahlung_beleg zb WHERE zb.mandant_id = z.mandant_id AND zb.zahlung_id = z.id
          AND zb.beleg_id = ${query.belegId})`,
  );
  const order = ordnung(query.sort, ZAHLUNG_SORT, "z.zahlungs_datum DESC, z.id DESC", "z.id");
  const rows = await queryRows<ZahlungSpalten & { belege: { id: number; belegNummer: string | null }[] }>(
    tx,
    sql`SELECT ${ZAHLUNG_SPALTEN},
        (SELECT coalesce(json_agg(json_build_object('id', b.id, 'belegNummer', b.beleg_nummer)
          ORDER BY b.beleg_datum, b.id), '[]')
          FROM zahlung_beleg zb JOIN beleg b ON b.mandant_id = zb.mandant_id AND b.id = zb.beleg_id
          WHERE zb.mandant_id = z.mandant_id AND zb.zahlung_id = z.id) AS belege
      FROM (SELECT z.* FROM zahlung z ${where ? sql`WHERE ${where}` : sql``} ORDER BY ${order}
        LIMIT ${query.size} OFFSET ${query.page * query.size}) z
      LEFT JOIN kunde k ON k.mandant_id = z.mandant_id AND k.id = z.kunde_id
      ORDER BY ${order}`,
  );
  const total = await totalOf(rows.length, query, (limit) =>
    countSelectUpTo(tx, sql`SELECT 1 FROM zahlung z ${where ? sql`WHERE ${where}` : sql``}`, limit),
  );
  return {
    ...total,
    items: rows.map((row) => ({
      id: Number(row.id),
      zahlungsDatum: row.zahlungs_datum,
      betrag: zahl(row.betrag),
      zahlungsart: row.zahlungsart,
      kommentar: row.kommentar,
      kunde: kundeAus(row),
      skonto: zahl(row.skonto),
      ueberzahlung: zahl(row.ueberzahlung),
      belege: row.belege.map((b) => ({ id: Number(b.id), belegNummer: b.belegNummer })),
    })),
  };
}

/** ORDER BY from a whitelisted sort (column expressions of the table above), then the tie-breaker. */
function ordnung<F extends string>(
  sort: readonly { field: F; direction: "asc" | "desc" }[],
  spalten: Record<F, string>,
  standard: string,
  id: string,
): SQL {
  if (sort.length === 0) return sql.raw(standard);
  const teile = sort.map((s) => `${spalten[s.field]} ${s.direction === "desc" ? "DESC" : "ASC"}`);
  return sql.raw([...teile, `${id} ASC`].join(", "));
}

/** AND of the given conditions (undefined ones left out); undefined when none. */
function and(...bedingungen: (SQL | undefined)[]): SQL | undefined {
  const da = bedingungen.filter((b): b is SQL => b !== undefined);
  return da.length === 0 ? undefined : sql.join(da, sql` AND `);
}

/** An open-document row as read (the service adds due date, overdue days and skonto steps). */
export interface PostenRow {
  id: number;
  belegNummer: string | null;
  belegDatum: string;
  belegsTyp: TBelegsTyp;
  kunde: { id: number; anzeigename: string } | null;
  summeNetto: number;
  summeBrutto: number;
  bezahlt: boolean;
  storniert: boolean;
  offen: number;
  bezahltBetrag: number;
  skonto: number;
  gutschriften: number;
  abgeschrieben: number;
  faelligAm: string;
  term: { nettoTage: number; skontoList: { tage: number; prozent: number }[] } | null;
  zahlungList: TBelegZahlung[];
}

/** The net due date of a document (SQL; `b` the document): kept on the row by migration 0025's trigger. */
const FAELLIG = sql.raw("coalesce(b.faellig_am, b.beleg_datum)");

const POSTEN_SORT: Record<TOffenePostenQuery["sort"][number]["field"], string> = {
  faelligAm: "b.faellig_am",
  belegDatum: "b.beleg_datum",
  belegNummer: "b.beleg_nummer",
  summeBrutto: "b.summe_brutto",
  restbetrag: "b.offen",
};
/** The open items' default order: oldest first (the order of the index beleg_offen_idx). */
const POSTEN_STANDARD = "b.beleg_datum ASC, b.beleg_nummer ASC, b.id ASC";

/** The filter of the open items: something open (or a credit), customer, period, overdue on `heute`. */
function postenBedingung(
  query: Pick<TOffenePostenQuery, "kundeId" | "von" | "bis" | "ueberfaellig">,
  heute: string,
) {
  return and(
    sql`b.offen <> 0`,
    query.kundeId === undefined ? undefined : sql`b.kunde_id = ${query.kundeId}`,
    query.von === undefined ? undefined : sql`b.beleg_datum >= ${query.von}`,
    query.bis === undefined ? undefined : sql`b.beleg_datum <= ${query.bis}`,
    query.ueberfaellig === undefined
      ? undefined
      : query.ueberfaellig
        ? sql`b.offen > 0 AND b.faellig_am < ${heute}::date`
        : sql`NOT (b.offen > 0 AND ${FAELLIG} < ${heute}::date)`,
  )!;
}

/** The rows of the given documents (open or not), in the given order. */
async function postenZeilen(tx: Tx, auswahl: SQL, order: SQL): Promise<PostenRow[]> {
  const rows = await queryRows<
    KundeSpalten &
      TeileSpalten & {
        id: string | number;
        beleg_nummer: string | null;
        beleg_datum: string;
        belegs_typ: string;
        summe_netto: string | number;
        summe_brutto: string | number;
        bezahlt: boolean;
        storniert: boolean;
        offen: string | number;
        faellig_am: string;
        netto_tage: number | null;
        skonto_list: { tage: number; prozent: number }[] | null;
        zahlungen: ZahlungJson[];
      }
  >(
    tx,
    sql`SELECT b.id, b.beleg_nummer, b.beleg_datum::text AS beleg_datum, b.belegs_typ, b.summe_netto, b.summe_brutto,
        b.bezahlt, b.storniert, b.offen, ${FAELLIG}::text AS faellig_am, zz.netto_tage, zz.skonto_list, ${TEILE},
        ${ZAHLUNGEN_JSON} AS zahlungen, ${KUNDE_SPALTEN}
      FROM beleg b
      LEFT JOIN zahlungsziel zz ON zz.mandant_id = b.mandant_id AND zz.id = b.zahlungsziel_id
      LEFT JOIN kunde k ON k.mandant_id = b.mandant_id AND k.id = b.kunde_id
      WHERE b.id IN (${auswahl})
      ORDER BY ${order}`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    belegNummer: r.beleg_nummer,
    belegDatum: r.beleg_datum,
    belegsTyp: r.belegs_typ as TBelegsTyp,
    kunde: kundeAus(r),
    summeNetto: zahl(r.summe_netto),
    summeBrutto: zahl(r.summe_brutto),
    bezahlt: r.bezahlt,
    storniert: r.storniert,
    offen: zahl(r.offen),
    bezahltBetrag: zahl(r.bezahlt_betrag),
    skonto: zahl(r.skonto),
    gutschriften: zahl(r.gutschriften),
    abgeschrieben: zahl(r.abgeschrieben),
    faelligAm: r.faellig_am,
    term: r.netto_tage === null ? null : { nettoTage: r.netto_tage, skontoList: r.skonto_list ?? [] },
    zahlungList: belegZahlungen(r.zahlungen),
  }));
}

/**
 * GET unpaidbelege: a page of the open items and the total. The page's ids come from the partial indexes on open
 * documents (beleg_offen_idx, beleg_offen_kunde_idx) first; only those 20 rows are then joined and summed.
 */
export async function listPosten(tx: Tx, query: TOffenePostenQuery, heute: string): Promise<Page<PostenRow>> {
  const where = postenBedingung(query, heute);
  const order = ordnung(query.sort, POSTEN_SORT, POSTEN_STANDARD, "b.id");
  const seite = sql`SELECT b.id FROM beleg b WHERE ${where} ORDER BY ${order}
    LIMIT ${query.size} OFFSET ${query.page * query.size}`;
  const items = await postenZeilen(tx, seite, order);
  // Filtered by nothing but the customer (or nothing): the exact count the trigger keeps (beleg_offen_stand).
  const nurKunde = query.von === undefined && query.bis === undefined && query.ueberfaellig === undefined;
  const total = await totalOf(items.length, query, async (limit) =>
    nurKunde
      ? ((
          await queryRows<{ n: number }>(
            tx,
            sql`SELECT coalesce((SELECT anzahl FROM beleg_offen_stand WHERE kunde_id = ${query.kundeId ?? 0}), 0)::int AS n`,
          )
        )[0]?.n ?? 0)
      : countSelectUpTo(tx, sql`SELECT 1 FROM beleg b WHERE ${where}`, limit),
  );
  return { items, ...total };
}

/** One document as an open-document row (whatever its open amount); undefined when the tenant has none. */
export async function findPosten(tx: Tx, id: number): Promise<PostenRow | undefined> {
  const [row] = await postenZeilen(tx, sql`${id}`, sql.raw("b.id"));
  return row;
}

/**
 * The open balance (Σ open amounts, how many: one row the trigger keeps, beleg_offen_stand) and the customers'
 * credit from overpayments, for one customer or the tenant.
 */
export async function offenerSaldo(
  tx: Tx,
  kundeId: number | undefined,
): Promise<{ openBalance: number; anzahl: number; guthaben: number }> {
  const kunde = kundeId === undefined ? sql`` : sql` AND z.kunde_id = ${kundeId}`;
  const [row] = await queryRows<{
    summe: string | number | null;
    n: number | null;
    guthaben: string | number;
  }>(
    tx,
    sql`SELECT s.summe, s.anzahl::int AS n,
        (SELECT coalesce(sum(z.ueberzahlung), 0) FROM zahlung z WHERE z.ueberzahlung <> 0${kunde}) AS guthaben
      FROM (SELECT 1) eins LEFT JOIN beleg_offen_stand s ON s.kunde_id = ${kundeId ?? 0}`,
  );
  return { openBalance: zahl(row?.summe), anzahl: row?.n ?? 0, guthaben: zahl(row?.guthaben) };
}

/**
 * The open amount of the invoices (of one customer) at each of `tage`, from the history of what moved it: an invoice
 * issued (+ gross), a payment (− share − skonto), a credit note (− its gross; + again when it is cancelled), a
 * write-off (− amount), a cancellation (− what was still claimed: gross − skonto − credit notes − write-off, leaving
 * − payments: the formula of kontor_beleg_offen). At today it is the sum of `beleg.offen` (zahlung.routes.test.ts).
 */
export async function offenAn(
  tx: Tx,
  tage: readonly string[],
  kundeId: number | undefined,
): Promise<Map<string, number>> {
  if (tage.length === 0) return new Map();
  const kunde = kundeId === undefined ? sql`` : sql` AND b.kunde_id = ${kundeId}`;
  const rows = await queryRows<{ tag: string; offen: string | number | null }>(
    tx,
    sql`WITH inv AS MATERIALIZED (
        SELECT b.mandant_id, b.id, b.beleg_datum, b.summe_brutto,
          (SELECT min(s.beleg_datum) FROM beleg s WHERE s.mandant_id = b.mandant_id AND s.ursprung_beleg_id = b.id
             AND s.belegs_typ = 'storno' AND s.freigabe) AS storno_datum
          FROM beleg b WHERE b.belegs_typ = 'rechnung' AND b.freigabe${kunde}),
      gut AS MATERIALIZED (
        SELECT g.ursprung_beleg_id AS beleg_id, g.beleg_datum, abs(g.summe_brutto) AS betrag,
          (SELECT min(s.beleg_datum) FROM beleg s WHERE s.mandant_id = g.mandant_id AND s.ursprung_beleg_id = g.id
             AND s.belegs_typ = 'storno' AND s.freigabe) AS storno_datum
          FROM beleg g JOIN inv ON inv.mandant_id = g.mandant_id AND inv.id = g.ursprung_beleg_id
         WHERE g.belegs_typ = 'gutschrift' AND g.freigabe),
      ev AS MATERIALIZED (
        SELECT beleg_datum AS d, summe_brutto AS delta FROM inv
        UNION ALL
        SELECT z.zahlungs_datum, -(zb.betrag + zb.skonto)
          FROM zahlung_beleg zb JOIN zahlung z ON z.mandant_id = zb.mandant_id AND z.id = zb.zahlung_id
          JOIN inv ON inv.mandant_id = zb.mandant_id AND inv.id = zb.beleg_id
        UNION ALL
        SELECT beleg_datum, -betrag FROM gut
        UNION ALL
        SELECT storno_datum, betrag FROM gut WHERE storno_datum IS NOT NULL
        UNION ALL
        SELECT a.datum, -a.betrag FROM beleg_abschreibung a JOIN inv ON inv.mandant_id = a.mandant_id AND inv.id = a.beleg_id
        UNION ALL
        SELECT inv.storno_datum, -(inv.summe_brutto
            - coalesce((SELECT sum(zb.skonto) FROM zahlung_beleg zb WHERE zb.mandant_id = inv.mandant_id
                AND zb.beleg_id = inv.id), 0)
            - coalesce((SELECT sum(gut.betrag) FROM gut WHERE gut.beleg_id = inv.id AND gut.storno_datum IS NULL), 0)
            - coalesce((SELECT a.betrag FROM beleg_abschreibung a WHERE a.mandant_id = inv.mandant_id
                AND a.beleg_id = inv.id), 0))
          FROM inv WHERE inv.storno_datum IS NOT NULL)
      SELECT t.tag::text AS tag, (SELECT sum(ev.delta) FROM ev WHERE ev.d <= t.tag) AS offen
        FROM unnest(${`{${tage.join(",")}}`}::date[]) AS t(tag)`,
  );
  return new Map(rows.map((row) => [row.tag, zahl(row.offen)]));
}

/**
 * Per month (YYYY-MM) of the period: the amounts received (payments from credit bring no money) and their
 * overpayments, the skonto granted.
 */
export async function zahlungenProMonat(
  tx: Tx,
  von: string,
  bis: string,
  kundeId: number | undefined,
): Promise<{ monat: string; erhalten: number; ueberzahlung: number; skonto: number }[]> {
  const kunde = kundeId === undefined ? sql`` : sql` AND z.kunde_id = ${kundeId}`;
  const rows = await queryRows<{
    monat: string;
    erhalten: string;
    ueberzahlung: string;
    skonto: string | null;
  }>(
    tx,
    sql`SELECT to_char(z.zahlungs_datum, 'YYYY-MM') AS monat,
        coalesce(sum(z.betrag) FILTER (WHERE z.zahlungsart <> 'guthaben'), 0) AS erhalten,
        coalesce(sum(z.ueberzahlung) FILTER (WHERE z.ueberzahlung > 0), 0) AS ueberzahlung,
        sum((SELECT coalesce(sum(zb.skonto), 0) FROM zahlung_beleg zb
          WHERE zb.mandant_id = z.mandant_id AND zb.zahlung_id = z.id)) AS skonto
      FROM zahlung z WHERE z.zahlungs_datum BETWEEN ${von}::date AND ${bis}::date${kunde}
      GROUP BY 1`,
  );
  return rows.map((r) => ({
    monat: r.monat,
    erhalten: zahl(r.erhalten),
    ueberzahlung: zahl(r.ueberzahlung),
    skonto: zahl(r.skonto),
  }));
}

/** Σ written off in the period (of one customer's invoices). */
export async function abgeschriebenIn(tx: Tx, von: string, bis: string, kundeId: number | undefined) {
  const kunde = kundeId === undefined ? sql`` : sql` AND b.kunde_id = ${kundeId}`;
  const [row] = await queryRows<{ summe: string | null }>(
    tx,
    sql`SELECT sum(a.betrag) AS summe FROM beleg_abschreibung a
      JOIN beleg b ON b.mandant_id = a.mandant_id AND b.id = a.beleg_id
      WHERE a.datum BETWEEN ${von}::date AND ${bis}::date${kunde}`,
  );
  return zahl(row?.summe);
}

/** A customer's display name; undefined when the tenant has none with this id. */
export async function kundeName(tx: Tx, id: number) {
  const [row] = await queryRows<KundeSpalten>(
    tx,
    sql`SELECT ${KUNDE_SPALTEN} FROM kunde k WHERE k.id = ${id}`,
  );
  return row ? kundeAus(row) : undefined;
}

/**
 * The credit of one customer (Σ overpayments kept minus what paid from it), with the customer's credit locked for
 * the transaction (advisory lock 'guthaben:<tenant>:<customer>'): a payment from credit and the removal of an
 * overpayment check the credit they commit on, across connections and processes.
 */
export async function guthabenGesperrt(tx: Tx, kundeId: number): Promise<number> {
  await tx.execute(
    sql`SELECT pg_advisory_xact_lock(hashtextextended('guthaben:' || ${currentMandant} || ':' || ${kundeId}, 0))`,
  );
  const [row] = await queryRows<{ guthaben: string | number }>(
    tx,
    sql`SELECT coalesce(sum(z.ueberzahlung), 0) AS guthaben FROM zahlung z
      WHERE z.kunde_id = ${kundeId} AND z.ueberzahlung <> 0`,
  );
  return zahl(row?.guthaben);
}
