import type { TEingangListQuery } from "@kontor/domain/erechnung/eingang.schema";
import { anzeigename } from "@kontor/domain/kunde/kunde.rules";
import type { TFirmaTyp } from "@kontor/domain/typen/typen";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { countRowsUpTo, orderBy, pageOf } from "../../db/paging.ts";
import { eingangsrechnung as e, kunde } from "../../db/schema/index.ts";
import { currentMandant } from "../../db/schema/tenant.ts";

/**
 * Incoming e-invoices in the database (issue 19). Every function runs in the tenant transaction (row-level security
 * confines it to the tenant); the rules are the service's (eingang.service.ts).
 */

/** The columns of a record without the file's bytes (and without the business terms, for lists). */
const ZEILE = {
  id: e.id,
  nummer: e.nummer,
  art: e.art,
  datum: e.datum,
  faelligAm: e.faelligAm,
  brutto: e.brutto,
  zahlbar: e.zahlbar,
  waehrung: e.waehrung,
  format: e.format,
  status: e.status,
  dateiname: e.dateiname,
  lieferantId: e.lieferantId,
  firma: kunde.firma,
  bezeichnung: kunde.bezeichnung,
  vorname: kunde.vorname,
  nachname: kunde.nachname,
  geschlecht: kunde.geschlecht,
};

type ZeileRow = Pick<
  typeof e.$inferSelect,
  | "id"
  | "nummer"
  | "art"
  | "datum"
  | "faelligAm"
  | "brutto"
  | "zahlbar"
  | "waehrung"
  | "format"
  | "status"
  | "dateiname"
  | "lieferantId"
> &
  Pick<typeof kunde.$inferSelect, "firma" | "bezeichnung" | "vorname" | "nachname" | "geschlecht">;

const lieferantAus = (
  row: Pick<ZeileRow, "lieferantId" | "firma" | "bezeichnung" | "vorname" | "nachname" | "geschlecht">,
) => ({
  id: row.lieferantId,
  anzeigename: anzeigename(
    {
      firma: row.firma as TFirmaTyp,
      bezeichnung: row.bezeichnung,
      vorname: row.vorname,
      nachname: row.nachname,
      geschlecht: row.geschlecht as never,
    },
    "de",
  ),
});

const zeileAus = ({ lieferantId, firma, bezeichnung, vorname, nachname, geschlecht, ...rest }: ZeileRow) => ({
  ...rest,
  lieferant: lieferantAus({ lieferantId, firma, bezeichnung, vorname, nachname, geschlecht }),
});
export type EingangZeile = ReturnType<typeof zeileAus>;

const SORT = {
  datum: e.datum,
  faelligAm: e.faelligAm,
  nummer: e.nummer,
  brutto: e.brutto,
  zahlbar: e.zahlbar,
  status: e.status,
  format: e.format,
  id: e.id,
} as const;

/** One page of the list and the total (filters: supplier, status; default: the newest first). */
export async function listEingang(tx: Tx, query: TEingangListQuery) {
  const where = and(
    query.lieferantId === undefined ? undefined : eq(e.lieferantId, query.lieferantId),
    query.status === undefined ? undefined : eq(e.status, query.status),
  );
  const page = await pageOf(
    tx
      .select(ZEILE)
      .from(e)
      .innerJoin(kunde, and(eq(kunde.mandantId, e.mandantId), eq(kunde.id, e.lieferantId)))
      .where(where)
      .orderBy(
        ...orderBy(
          query.sort,
          SORT,
          [
            { field: "datum", direction: "desc" },
            { field: "id", direction: "desc" },
          ],
          e.id,
        ),
      )
      .limit(query.size)
      .offset(query.page * query.size),
    query,
    (limit) => countRowsUpTo(tx, e, where, limit),
  );
  return { ...page, items: page.items.map(zeileAus) };
}

/** One record with its business terms and the file's metadata (not its bytes); undefined when there is none. */
export async function findEingang(tx: Tx, id: number) {
  const [row] = await tx
    .select({
      ...ZEILE,
      syntax: e.syntax,
      contentType: e.contentType,
      groesse: sql<number>`octet_length(${e.datei})::int`,
      sha256: e.sha256,
      rechnung: e.rechnung,
      createdLogin: e.createdLogin,
      createdDate: e.createdDate,
      geprueftLogin: e.geprueftLogin,
      geprueftAm: e.geprueftAm,
    })
    .from(e)
    .innerJoin(kunde, and(eq(kunde.mandantId, e.mandantId), eq(kunde.id, e.lieferantId)))
    .where(eq(e.id, id));
  if (!row) return undefined;
  const { createdLogin, createdDate, geprueftLogin, geprueftAm, ...rest } = row;
  const zeile = zeileAus(rest as ZeileRow);
  return {
    ...zeile,
    syntax: rest.syntax,
    contentType: rest.contentType,
    groesse: Number(rest.groesse),
    sha256: rest.sha256,
    rechnung: rest.rechnung,
    erstelltVon: createdLogin,
    erstelltAm: createdDate.toISOString(),
    geprueftVon: geprueftLogin,
    geprueftAm: geprueftAm?.toISOString() ?? null,
  };
}

/** The original file (bytes, name, type); undefined when there is none. */
export async function findDatei(tx: Tx, id: number) {
  const [row] = await tx
    .select({ bytes: e.datei, dateiname: e.dateiname, contentType: e.contentType })
    .from(e)
    .where(eq(e.id, id));
  return row;
}

/**
 * Serializes the imports of the tenant (one transaction-scoped advisory lock): two uploads of the same new
 * supplier's invoices at once must not both create the supplier, nor both pass the duplicate checks.
 */
export async function importSperren(tx: Tx): Promise<void> {
  await tx.execute(
    sql`SELECT pg_advisory_xact_lock(hashtextextended('eingangsrechnung:' || ${currentMandant}, 0))`,
  );
}

/** The record holding a file with this SHA-256, if any. */
export async function idNachSha256(tx: Tx, sha256: string): Promise<number | undefined> {
  const [row] = await tx.select({ id: e.id }).from(e).where(eq(e.sha256, sha256));
  return row?.id;
}

/** The supplier's record with this invoice number, if any. */
export async function idNachNummer(tx: Tx, lieferantId: number, nummer: string): Promise<number | undefined> {
  const [row] = await tx
    .select({ id: e.id })
    .from(e)
    .where(and(eq(e.lieferantId, lieferantId), eq(e.nummer, nummer)));
  return row?.id;
}

/** A supplier (lieferant) whose VAT id (stored normalized) is this one: an active one first, else the oldest. */
export async function lieferantNachUid(tx: Tx, uid: string): Promise<number | undefined> {
  const [row] = await tx
    .select({ id: kunde.id })
    .from(kunde)
    .where(and(eq(kunde.lieferant, true), eq(kunde.uid, uid)))
    .orderBy(desc(kunde.aktiv), asc(kunde.id))
    .limit(1);
  return row?.id;
}

/** A supplier (lieferant) of this company name, case-insensitively: an active one first, else the oldest. */
export async function lieferantNachName(tx: Tx, name: string): Promise<number | undefined> {
  const [row] = await tx
    .select({ id: kunde.id })
    .from(kunde)
    .where(and(eq(kunde.lieferant, true), sql`lower(btrim(${kunde.bezeichnung})) = lower(${name})`))
    .orderBy(desc(kunde.aktiv), asc(kunde.id))
    .limit(1);
  return row?.id;
}

export type EingangNeu = typeof e.$inferInsert;

/** Stores a record; answers its id. */
export async function insertEingang(tx: Tx, values: EingangNeu): Promise<number> {
  const [row] = await tx.insert(e).values(values).returning({ id: e.id });
  return row!.id;
}

/** The record's status, its row locked; undefined when there is none. */
export async function statusGesperrt(tx: Tx, id: number) {
  const [row] = await tx
    .select({ status: e.status, nummer: e.nummer, lieferantId: e.lieferantId })
    .from(e)
    .where(eq(e.id, id))
    .for("update");
  return row;
}

export async function statusSetzen(tx: Tx, id: number, status: "entwurf" | "geprueft", login: string) {
  await tx
    .update(e)
    .set(
      status === "geprueft"
        ? { status, geprueftLogin: login, geprueftAm: new Date() }
        : { status, geprueftLogin: null, geprueftAm: null },
    )
    .where(eq(e.id, id));
}

export async function deleteEingang(tx: Tx, id: number): Promise<void> {
  await tx.delete(e).where(eq(e.id, id));
}
