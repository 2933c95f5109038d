import type {
  TAbwesenheitArt,
  TAbwesenheitStatus,
  TMonatStatus,
} from "@kontor/domain/arbeitszeit/arbeitszeit.codes";
import type {
  TArbeitszeitBetrieb,
  TZeiterfassungUserData,
} from "@kontor/domain/arbeitszeit/arbeitszeit.schema";
import { daysInMonth } from "@kontor/domain/date/calendar";
import { and, asc, eq, gte, lte, ne, sql } from "drizzle-orm";
import { queryRows, type Tx } from "../../db/client.ts";
import {
  abwesenheit,
  arbeitszeit,
  arbeitszeitEinstellung,
  arbeitszeitMonat,
  arbeitszeitTag,
  auditLog,
  feiertag,
  mandant,
} from "../../db/schema/index.ts";

/**
 * Data access of employee working time (issue 22). Every statement runs in the request's tenant transaction (RLS);
 * the employees themselves (app_user, user_mandant, user_authority) are global tables read by the tenant id.
 */

export const ROLLE = "ROLE_ARBEITSZEITERFASSUNG";
export const ROLLE_ADMIN = "ROLE_ARBEITSZEITERFASSUNG_ADMIN";

export type Eintrag = typeof arbeitszeit.$inferSelect;
export type AbwesenheitRow = typeof abwesenheit.$inferSelect;
export type FeiertagRow = typeof feiertag.$inferSelect;

export interface MitarbeiterRow {
  id: number;
  firstName: string | null;
  lastName: string | null;
  login: string;
  admin: boolean;
  daten: TZeiterfassungUserData | null;
}

/** Serialises every write of one employee's working time (records, absences, month) across connections. */
export async function sperren(tx: Tx, mandantId: number, userId: number): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`arbeitszeit:${mandantId}:${userId}`}, 0))`,
  );
}

/** The tenant's working-time rules (mandant columns). */
export async function betrieb(tx: Tx, mandantId: number): Promise<TArbeitszeitBetrieb & { name: string }> {
  const [m] = await tx
    .select({
      region: mandant.arbeitszeitRegion,
      pausenAbzug: mandant.pausenAbzug,
      confirmTimes: mandant.confirmTimes,
      zeitausgleich: mandant.zeitausgleich,
      vacationMode: mandant.vacationMode,
      name: mandant.bezeichnung,
    })
    .from(mandant)
    .where(eq(mandant.id, mandantId));
  if (!m) throw new Error(`mandant ${mandantId} missing`);
  return { ...m, region: m.region as TArbeitszeitBetrieb["region"] };
}

export async function betriebSpeichern(tx: Tx, mandantId: number, b: TArbeitszeitBetrieb): Promise<void> {
  await tx
    .update(mandant)
    .set({
      arbeitszeitRegion: b.region,
      pausenAbzug: b.pausenAbzug,
      confirmTimes: b.confirmTimes,
      zeitausgleich: b.zeitausgleich,
      vacationMode: b.vacationMode,
      lastModifiedDate: new Date(),
    })
    .where(eq(mandant.id, mandantId));
}

/**
 * The tenant's employees: members holding ROLE_ARBEITSZEITERFASSUNG or _ADMIN, with their settings (one query),
 * sorted by last name, first name, login. `userId` narrows it to one.
 */
export async function mitarbeiter(tx: Tx, mandantId: number, userId?: number): Promise<MitarbeiterRow[]> {
  const rows = await queryRows<{
    id: string | number;
    first_name: string | null;
    last_name: string | null;
    login: string;
    admin: boolean;
    daten: TZeiterfassungUserData | null;
  }>(
    tx,
    sql`select u.id, u.first_name, u.last_name, u.login,
          bool_or(ua.authority = ${ROLLE_ADMIN}) as admin, e.daten
        from user_mandant um
        join app_user u on u.id = um.user_id
        join user_authority ua on ua.user_id = u.id and ua.authority in (${ROLLE}, ${ROLLE_ADMIN})
        left join arbeitszeit_einstellung e on e.user_id = u.id
        where um.mandant_id = ${mandantId} ${userId === undefined ? sql`` : sql`and u.id = ${userId}`}
        group by u.id, u.first_name, u.last_name, u.login, e.daten
        order by u.last_name nulls last, u.first_name nulls last, u.login`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    firstName: r.first_name,
    lastName: r.last_name,
    login: r.login,
    admin: r.admin,
    daten: r.daten,
  }));
}

export async function einstellungSpeichern(tx: Tx, userId: number, daten: TZeiterfassungUserData) {
  await tx
    .insert(arbeitszeitEinstellung)
    .values({ userId, daten })
    .onConflictDoUpdate({
      target: [arbeitszeitEinstellung.mandantId, arbeitszeitEinstellung.userId],
      set: { daten },
    });
}

// ---------------------------------------------------------------------------------------------------------------
// Records

const sichtbar = eq(arbeitszeit.geloescht, false);

export async function eintrag(tx: Tx, id: number): Promise<Eintrag | undefined> {
  const [row] = await tx
    .select()
    .from(arbeitszeit)
    .where(and(eq(arbeitszeit.id, id), sichtbar));
  return row;
}

export function eintraege(tx: Tx, userId: number, von: string, bis: string): Promise<Eintrag[]> {
  return tx
    .select()
    .from(arbeitszeit)
    .where(
      and(eq(arbeitszeit.userId, userId), gte(arbeitszeit.datum, von), lte(arbeitszeit.datum, bis), sichtbar),
    )
    .orderBy(asc(arbeitszeit.von), asc(arbeitszeit.id));
}

export async function offenerEintrag(tx: Tx, userId: number): Promise<Eintrag | undefined> {
  const [row] = await tx
    .select()
    .from(arbeitszeit)
    .where(and(eq(arbeitszeit.userId, userId), sql`${arbeitszeit.bis} is null`, sichtbar));
  return row;
}

/** Whether another visible record of the user overlaps [von, bis) (an open record runs until now). */
export async function ueberschneidet(
  tx: Tx,
  userId: number,
  von: Date,
  bis: Date,
  ohneId: number | null,
): Promise<boolean> {
  const rows = await tx
    .select({ id: arbeitszeit.id })
    .from(arbeitszeit)
    .where(
      and(
        eq(arbeitszeit.userId, userId),
        sichtbar,
        ohneId === null ? undefined : ne(arbeitszeit.id, ohneId),
        sql`${arbeitszeit.von} < ${bis.toISOString()}::timestamptz`,
        sql`coalesce(${arbeitszeit.bis}, greatest(now(), ${arbeitszeit.von} + interval '1 minute')) > ${von.toISOString()}::timestamptz`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function eintragAnlegen(
  tx: Tx,
  values: Omit<typeof arbeitszeit.$inferInsert, "mandantId" | "id">,
): Promise<Eintrag> {
  const [row] = await tx.insert(arbeitszeit).values(values).returning();
  return row!;
}

export async function eintragAendern(
  tx: Tx,
  id: number,
  values: Partial<typeof arbeitszeit.$inferInsert>,
): Promise<Eintrag> {
  const [row] = await tx.update(arbeitszeit).set(values).where(eq(arbeitszeit.id, id)).returning();
  return row!;
}

/** The audit trail of one record (entity arbeitszeit), oldest first. */
export function historie(tx: Tx, entity: string, entityId: number) {
  return tx
    .select({ at: auditLog.at, login: auditLog.login, action: auditLog.action, detail: auditLog.detail })
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
    .orderBy(asc(auditLog.at), asc(auditLog.id));
}

// ---------------------------------------------------------------------------------------------------------------
// Day cache

export interface TagWerte {
  brutto: number;
  pause: number;
  pausePflicht: number;
  abzug: number;
  netto: number;
  homeoffice: boolean;
  hinweise: string[];
}

export async function tagSchreiben(tx: Tx, userId: number, datum: string, w: TagWerte | null) {
  if (w === null) {
    await tx
      .delete(arbeitszeitTag)
      .where(and(eq(arbeitszeitTag.userId, userId), eq(arbeitszeitTag.datum, datum)));
    return;
  }
  await tx
    .insert(arbeitszeitTag)
    .values({ userId, datum, ...w })
    .onConflictDoUpdate({
      target: [arbeitszeitTag.mandantId, arbeitszeitTag.userId, arbeitszeitTag.datum],
      set: { ...w },
    });
}

export function tage(tx: Tx, userId: number, von: string, bis: string) {
  return tx
    .select()
    .from(arbeitszeitTag)
    .where(
      and(eq(arbeitszeitTag.userId, userId), gte(arbeitszeitTag.datum, von), lte(arbeitszeitTag.datum, bis)),
    );
}

/** Every visible record of the tenant (recomputing the whole day cache when the tenant's rules change). */
export function alleEintraege(tx: Tx): Promise<Eintrag[]> {
  return tx
    .select()
    .from(arbeitszeit)
    .where(sichtbar)
    .orderBy(asc(arbeitszeit.userId), asc(arbeitszeit.datum), asc(arbeitszeit.von));
}

/** Replaces the whole day cache of the tenant (in parts of 1 000 rows). */
export async function alleTageErsetzen(tx: Tx, rows: (TagWerte & { userId: number; datum: string })[]) {
  await tx.delete(arbeitszeitTag);
  for (let i = 0; i < rows.length; i += 1_000)
    await tx.insert(arbeitszeitTag).values(rows.slice(i, i + 1_000));
}

/**
 * Per employee: Σ netto of the month, Σ netto from the employee's start (`start`, null = no lower bound) up to
 * `bis`, days of the month with a flag, and home-office days of the month — one statement for all employees.
 */
export async function tagSummen(
  tx: Tx,
  starts: { userId: number; start: string | null }[],
  monatVon: string,
  monatBis: string,
  bis: string,
): Promise<Map<number, { monat: number; stand: number; hinweise: number; homeoffice: number }>> {
  if (starts.length === 0) return new Map();
  // Month bounds computed here, so every condition below is a plain range of the primary key (an expression such as
  // date_trunc(…) + interval was a filter after the scan, reading every day from the start: ~40 ms for 100).
  const monatsEnde = (d: string) =>
    `${d.slice(0, 8)}${daysInMonth(Number(d.slice(0, 4)), Number(d.slice(5, 7)))}`;
  const json = JSON.stringify(
    starts.map((s) => {
      const start = s.start ?? "1900-01-01";
      return {
        user_id: s.userId,
        start,
        start_monat: `${start.slice(0, 7)}-01`,
        start_ende: monatsEnde(start),
      };
    }),
  );
  const bisMonat = `${bis.slice(0, 7)}-01`;
  const rows = await queryRows<{
    user_id: string | number;
    monat: string | number | null;
    stand: string | number | null;
    hinweise: string | number | null;
    homeoffice: string | number | null;
  }>(
    tx,
    // Per employee: the month's days (netto, flagged days, home-office days) and the balance's netto from the
    // start up to `bis`: the days of the start's month and of bis's month, and the whole months between from
    // arbeitszeit_tag_monat (one row a month, not every day). Each part is a range of the primary key.
    sql`select s.user_id, m.netto as monat, m.hinweise, m.homeoffice,
          coalesce(a.netto, 0) + coalesce(b.netto, 0) + coalesce(c.netto, 0) as stand
        from jsonb_to_recordset(${json}::jsonb) as s(user_id bigint, start date, start_monat date, start_ende date)
        left join lateral (
          select sum(t.netto) as netto, count(*) filter (where cardinality(t.hinweise) > 0) as hinweise,
                 count(*) filter (where t.homeoffice) as homeoffice
            from arbeitszeit_tag t
           where t.user_id = s.user_id and t.datum between ${monatVon}::date and ${monatBis}::date) m on true
        left join lateral (
          select sum(t.netto) as netto from arbeitszeit_tag t
           where t.user_id = s.user_id and t.datum >= s.start and t.datum <= least(${bis}::date, s.start_ende)
        ) a on true
        left join lateral (
          select sum(t.netto) as netto from arbeitszeit_tag t
           where t.user_id = s.user_id and s.start_monat < ${bisMonat}::date
             and t.datum >= ${bisMonat}::date and t.datum <= ${bis}::date) b on true
        left join lateral (
          select sum(g.netto) as netto from arbeitszeit_tag_monat g
           where g.user_id = s.user_id and g.monat > s.start_monat and g.monat < ${bisMonat}::date) c on true`,
  );
  return new Map(
    rows.map((r) => [
      Number(r.user_id),
      {
        monat: Number(r.monat ?? 0),
        stand: Number(r.stand ?? 0),
        hinweise: Number(r.hinweise ?? 0),
        homeoffice: Number(r.homeoffice ?? 0),
      },
    ]),
  );
}

/**
 * The first day of each given employee's data (the earliest day row or approved absence) — the balance's start when
 * the settings name none. One statement; per employee two index lookups (the first day by the primary key's order),
 * not a scan of every day.
 */
export async function ersteTage(tx: Tx, userIds: readonly number[]): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await queryRows<{ user_id: string | number; erster: string | null }>(
    tx,
    sql`select u.user_id, least(t.datum, a.von)::text as erster
        from unnest(${`{${userIds.join(",")}}`}::bigint[]) as u(user_id)
        left join lateral (
          select datum from arbeitszeit_tag where user_id = u.user_id order by datum limit 1) t on true
        left join lateral (
          select von from abwesenheit where user_id = u.user_id and status = 'genehmigt' order by von limit 1
        ) a on true`,
  );
  return new Map(rows.flatMap((r) => (r.erster === null ? [] : [[Number(r.user_id), r.erster] as const])));
}

// ---------------------------------------------------------------------------------------------------------------
// Absences

export async function abwesenheitLesen(tx: Tx, id: number): Promise<AbwesenheitRow | undefined> {
  const [row] = await tx.select().from(abwesenheit).where(eq(abwesenheit.id, id));
  return row;
}

/** Absences overlapping [von, bis]; of one employee (userId) or all; optionally of one status. */
export function abwesenheiten(
  tx: Tx,
  filter: { userId?: number; von: string; bis: string; status?: TAbwesenheitStatus },
): Promise<AbwesenheitRow[]> {
  return tx
    .select()
    .from(abwesenheit)
    .where(
      and(
        filter.userId === undefined ? undefined : eq(abwesenheit.userId, filter.userId),
        lte(abwesenheit.von, filter.bis),
        gte(abwesenheit.bis, filter.von),
        filter.status === undefined ? undefined : eq(abwesenheit.status, filter.status),
      ),
    )
    .orderBy(asc(abwesenheit.von), asc(abwesenheit.id));
}

export async function abwesenheitUeberschneidet(
  tx: Tx,
  userId: number,
  von: string,
  bis: string,
  ohneId: number | null,
): Promise<boolean> {
  const rows = await tx
    .select({ id: abwesenheit.id })
    .from(abwesenheit)
    .where(
      and(
        eq(abwesenheit.userId, userId),
        ne(abwesenheit.status, "abgelehnt"),
        ohneId === null ? undefined : ne(abwesenheit.id, ohneId),
        lte(abwesenheit.von, bis),
        gte(abwesenheit.bis, von),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function abwesenheitSpeichern(
  tx: Tx,
  id: number | null,
  values: {
    userId: number;
    art: TAbwesenheitArt;
    von: string;
    bis: string;
    halbtag: boolean;
    status: TAbwesenheitStatus;
    kommentar: string | null;
    erfasstVon: string;
  },
): Promise<AbwesenheitRow> {
  if (id === null) {
    const [row] = await tx.insert(abwesenheit).values(values).returning();
    return row!;
  }
  const { erfasstVon: _, ...rest } = values;
  const [row] = await tx
    .update(abwesenheit)
    .set({ ...rest, entscheidung: null, entschiedenVon: null })
    .where(eq(abwesenheit.id, id))
    .returning();
  return row!;
}

export async function abwesenheitEntscheiden(
  tx: Tx,
  id: number,
  status: TAbwesenheitStatus,
  entscheidung: string | null,
  login: string,
): Promise<AbwesenheitRow> {
  const [row] = await tx
    .update(abwesenheit)
    .set({ status, entscheidung, entschiedenVon: login })
    .where(eq(abwesenheit.id, id))
    .returning();
  return row!;
}

export async function abwesenheitLoeschen(tx: Tx, id: number) {
  await tx.delete(abwesenheit).where(eq(abwesenheit.id, id));
}

/** Every absence of the tenant overlapping [von, bis] (team view) and every open request. */
export function abwesenheitenAlle(tx: Tx, von: string, bis: string): Promise<AbwesenheitRow[]> {
  return tx
    .select()
    .from(abwesenheit)
    .where(
      sql`(${abwesenheit.von} <= ${bis}::date and ${abwesenheit.bis} >= ${von}::date) or ${abwesenheit.status} = 'beantragt'`,
    );
}

// ---------------------------------------------------------------------------------------------------------------
// Month

export async function monatZeile(
  tx: Tx,
  userId: number,
  monat: string,
): Promise<{ id: number; status: TMonatStatus; kommentar: string | null } | undefined> {
  const [row] = await tx
    .select({
      id: arbeitszeitMonat.id,
      status: arbeitszeitMonat.status,
      kommentar: arbeitszeitMonat.kommentar,
    })
    .from(arbeitszeitMonat)
    .where(and(eq(arbeitszeitMonat.userId, userId), eq(arbeitszeitMonat.monat, monat)));
  return row;
}

/** The states of the months [von, bis] of one employee that are not offen. */
export function monate(tx: Tx, userId: number, von: string, bis: string) {
  return tx
    .select({ monat: arbeitszeitMonat.monat, status: arbeitszeitMonat.status })
    .from(arbeitszeitMonat)
    .where(
      and(
        eq(arbeitszeitMonat.userId, userId),
        gte(arbeitszeitMonat.monat, von),
        lte(arbeitszeitMonat.monat, bis),
      ),
    );
}

export function monateAlle(tx: Tx, monat: string) {
  return tx
    .select({ userId: arbeitszeitMonat.userId, status: arbeitszeitMonat.status })
    .from(arbeitszeitMonat)
    .where(eq(arbeitszeitMonat.monat, monat));
}

export async function monatSetzen(
  tx: Tx,
  userId: number,
  monat: string,
  status: TMonatStatus,
  kommentar: string | null | undefined,
): Promise<number> {
  const set = kommentar === undefined ? { status } : { status, kommentar };
  const [row] = await tx
    .insert(arbeitszeitMonat)
    .values({ userId, monat, status, kommentar: kommentar ?? null })
    .onConflictDoUpdate({
      target: [arbeitszeitMonat.mandantId, arbeitszeitMonat.userId, arbeitszeitMonat.monat],
      set,
    })
    .returning({ id: arbeitszeitMonat.id });
  return row!.id;
}

// ---------------------------------------------------------------------------------------------------------------
// Holidays

export function feiertage(tx: Tx, von: string, bis: string): Promise<FeiertagRow[]> {
  return tx
    .select()
    .from(feiertag)
    .where(and(gte(feiertag.datum, von), lte(feiertag.datum, bis)))
    .orderBy(asc(feiertag.datum));
}

export async function feiertagLesen(tx: Tx, id: number): Promise<FeiertagRow | undefined> {
  const [row] = await tx.select().from(feiertag).where(eq(feiertag.id, id));
  return row;
}

export { abwesenheit, arbeitszeit, feiertag };
