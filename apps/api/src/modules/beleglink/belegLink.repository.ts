import type { TBelegLink } from "@kontor/domain/beleg/belegLink.schema";
import { BUSINESS_TIME_ZONE } from "@kontor/domain/date/calendar";
import { and, desc, eq, isNull, type SQL, sql } from "drizzle-orm";
import { type Db, queryRows, type Tx } from "../../db/client.ts";
import {
  appUser,
  beleg,
  belegLink,
  currentMandant,
  kunde,
  mandant,
  zahlungsziel,
} from "../../db/schema/index.ts";
import { withoutTenant } from "../../db/tenant.ts";

/**
 * Share links in the database (issue 16). Everything but `findLive` runs inside a tenant transaction (row-level
 * security confines it to the selected tenant); `findLive` is the public lookup before a tenant is known.
 */

const ZONE = sql.raw(`'${BUSINESS_TIME_ZONE}'`);

/** The moment a link with this last day ends: midnight after it, in the business time zone. */
export const endOfDay = (gueltigBis: string): SQL =>
  sql`((${gueltigBis}::date + 1)::timestamp AT TIME ZONE ${ZONE})`;

const linkColumns = {
  id: belegLink.id,
  belegId: belegLink.belegId,
  erstelltAm: belegLink.createdAt,
  erstelltVon: appUser.login,
  gueltigBis: sql<
    string | null
  >`to_char(((${belegLink.expiresAt} AT TIME ZONE ${ZONE}) - interval '1 day')::date,
    'YYYY-MM-DD')`,
  widerrufenAm: belegLink.revokedAt,
  aufrufe: belegLink.viewCount,
  letzterAufruf: belegLink.lastViewedAt,
  status: sql<TBelegLink["status"]>`case when ${belegLink.revokedAt} is not null then 'widerrufen'
    when ${belegLink.expiresAt} <= now() then 'abgelaufen' else 'aktiv' end`,
};

const iso = (value: Date | null) => (value ? value.toISOString() : null);
const present = (row: {
  erstelltAm: Date;
  widerrufenAm: Date | null;
  letzterAufruf: Date | null;
}): Pick<TBelegLink, "erstelltAm" | "widerrufenAm" | "letzterAufruf"> => ({
  erstelltAm: row.erstelltAm.toISOString(),
  widerrufenAm: iso(row.widerrufenAm),
  letzterAufruf: iso(row.letzterAufruf),
});

/** The links of a document, newest first. */
export async function linksOf(tx: Tx, belegId: number, linkId?: number): Promise<TBelegLink[]> {
  const rows = await tx
    .select(linkColumns)
    .from(belegLink)
    .leftJoin(appUser, eq(appUser.id, belegLink.createdBy))
    .where(and(eq(belegLink.belegId, belegId), linkId === undefined ? undefined : eq(belegLink.id, linkId)))
    .orderBy(desc(belegLink.id));
  return rows.map((row) => ({ ...row, ...present(row) }));
}

/** Whether the tenant has the document, and whether it is finalized; undefined when it has none with this id. */
export async function belegFreigabe(tx: Tx, belegId: number): Promise<{ freigabe: boolean } | undefined> {
  const [row] = await tx.select({ freigabe: beleg.freigabe }).from(beleg).where(eq(beleg.id, belegId));
  return row;
}

export async function insertLink(
  tx: Tx,
  values: { belegId: number; tokenHash: string; createdBy: number; gueltigBis: string | null },
): Promise<number> {
  const [row] = await tx
    .insert(belegLink)
    .values({
      belegId: values.belegId,
      tokenHash: values.tokenHash,
      createdBy: values.createdBy,
      expiresAt: values.gueltigBis === null ? null : endOfDay(values.gueltigBis),
    })
    .returning({ id: belegLink.id });
  return row!.id;
}

/** Revokes a live link of the document: true when it did; false when it was revoked already; undefined: no such link. */
export async function revokeLink(tx: Tx, belegId: number, linkId: number): Promise<boolean | undefined> {
  const revoked = await tx
    .update(belegLink)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(belegLink.belegId, belegId), eq(belegLink.id, linkId), isNull(belegLink.revokedAt)))
    .returning({ id: belegLink.id });
  if (revoked.length > 0) return true;
  const [exists] = await tx
    .select({ id: belegLink.id })
    .from(belegLink)
    .where(and(eq(belegLink.belegId, belegId), eq(belegLink.id, linkId)));
  return exists ? false : undefined;
}

/** What the public lookup answers of a live link: whose it is and which document it shows. */
export interface LiveLink {
  mandantId: number;
  linkId: number;
  belegId: number;
}

/**
 * The live link behind a token's hash — unrevoked, unexpired, of a finalized document of an active tenant — or
 * undefined, whatever the reason. Runs as the application role without a tenant: the one thing it can see of
 * beleg_link is what the SECURITY DEFINER function `kontor_beleg_link_finden` (migration 0023) answers.
 */
export async function findLive(db: Db, tokenHash: string): Promise<LiveLink | undefined> {
  const [row] = await withoutTenant(db, (tx) =>
    queryRows<{ mandant_id: string | number; link_id: string | number; beleg_id: string | number }>(
      tx,
      sql`select mandant_id, link_id, beleg_id from kontor_beleg_link_finden(${tokenHash})`,
    ),
  );
  return row
    ? { mandantId: Number(row.mandant_id), linkId: Number(row.link_id), belegId: Number(row.beleg_id) }
    : undefined;
}

/** One view of a link: counted, with its moment. */
export async function countView(tx: Tx, linkId: number): Promise<void> {
  await tx
    .update(belegLink)
    .set({ viewCount: sql`${belegLink.viewCount} + 1`, lastViewedAt: sql`now()` })
    .where(eq(belegLink.id, linkId));
}

/** What the public page shows of a document, read in its tenant's transaction. */
export async function publicBeleg(tx: Tx, belegId: number) {
  const [row] = await tx
    .select({
      mandant: sql<string>`coalesce(${beleg.verkaeufer}->>'bezeichnung', ${mandant.bezeichnung})`,
      belegsTyp: beleg.belegsTyp,
      belegNummer: beleg.belegNummer,
      belegDatum: beleg.belegDatum,
      summeBrutto: beleg.summeBrutto,
      storniert: beleg.storniert,
      sprache: kunde.belegLangKey,
      nettoTage: zahlungsziel.nettoTage,
    })
    .from(beleg)
    .innerJoin(mandant, eq(mandant.id, currentMandant))
    .leftJoin(kunde, and(eq(kunde.mandantId, beleg.mandantId), eq(kunde.id, beleg.kundeId)))
    .leftJoin(
      zahlungsziel,
      and(eq(zahlungsziel.mandantId, beleg.mandantId), eq(zahlungsziel.id, beleg.zahlungszielId)),
    )
    .where(and(eq(beleg.id, belegId), eq(beleg.freigabe, true)));
  return row;
}
