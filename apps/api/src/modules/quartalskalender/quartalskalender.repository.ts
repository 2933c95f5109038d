import { anzeigename } from "@kontor/domain/kunde/kunde.rules";
import type { TFarbe, TZeilenArt } from "@kontor/domain/quartalskalender/quartalskalender.codes";
import type {
  TKalenderEintrag,
  TKalenderZeile,
  TQuartalskalender,
} from "@kontor/domain/quartalskalender/quartalskalender.schema";
import { and, eq, type SQL, sql } from "drizzle-orm";
import { queryRows, type Tx } from "../../db/client.ts";
import { baustelle, feiertag, kunde, quartalskalender, quartalskalenderNote } from "../../db/schema/index.ts";

/**
 * Data of the quarter calendar (issue 23), in the request's tenant transaction (row-level security). The rows of a
 * calendar are read, not stored: a person calendar's rows are the tenant's members (user_mandant, a global table read
 * by the tenant id) and everybody who still has an entry in it; a site calendar's rows are the active construction
 * sites and every site that has an entry in it.
 */

/** The columns a calendar is listed with (anzahlEintraege counted per row: a calendar holds a few hundred). */
export const kalenderSpalten = {
  id: quartalskalender.id,
  jahr: quartalskalender.jahr,
  quartal: quartalskalender.quartal,
  bezeichnung: quartalskalender.bezeichnung,
  zeilenArt: quartalskalender.zeilenArt,
  // Written out: drizzle leaves the table name off columns of a one-table select, which the subquery needs.
  anzahlEintraege: sql<number>`(select count(*)::int from quartalskalender_eintrag e
    where e.mandant_id = quartalskalender.mandant_id and e.kalender_id = quartalskalender.id)`.mapWith(
    Number,
  ),
};

export async function kalenderLesen(tx: Tx, id: number): Promise<TQuartalskalender | undefined> {
  const [row] = await tx.select(kalenderSpalten).from(quartalskalender).where(eq(quartalskalender.id, id));
  return row as TQuartalskalender | undefined;
}

/** Rows of a calendar, in board order. */
export async function zeilen(
  tx: Tx,
  mandantId: number,
  kalenderId: number,
  art: TZeilenArt,
): Promise<TKalenderZeile[]> {
  if (art === "baustellen") {
    const rows = await queryRows<{ id: string | number; bezeichnung: string; aktiv: boolean }>(
      tx,
      sql`select b.id, b.bezeichnung, b.aktiv from baustelle b
          where b.aktiv or exists (select 1 from quartalskalender_eintrag e
            where e.mandant_id = b.mandant_id and e.kalender_id = ${kalenderId} and e.baustelle_id = b.id)
          order by b.bezeichnung, b.id`,
    );
    return rows.map((r) => ({ id: Number(r.id), name: r.bezeichnung, aktiv: r.aktiv }));
  }
  const rows = await queryRows<{
    id: string | number;
    first_name: string | null;
    last_name: string | null;
    login: string;
    mitglied: boolean;
  }>(
    tx,
    sql`select u.id, u.first_name, u.last_name, u.login,
          exists (select 1 from user_mandant um where um.user_id = u.id and um.mandant_id = ${mandantId}) as mitglied
        from app_user u
        where exists (select 1 from user_mandant um where um.user_id = u.id and um.mandant_id = ${mandantId})
           or exists (select 1 from quartalskalender_eintrag e where e.kalender_id = ${kalenderId} and e.user_id = u.id)
        order by u.last_name nulls last, u.first_name nulls last, u.login`,
  );
  return rows.map((r) => ({ id: Number(r.id), name: personName(r), aktiv: r.mitglied }));
}

/** "Vorname Nachname", else the login. */
export const personName = (u: { first_name: string | null; last_name: string | null; login: string }) =>
  [u.first_name, u.last_name]
    .map((teil) => teil?.trim())
    .filter(Boolean)
    .join(" ") || u.login;

/** Whether a user is a member of the tenant (a row of a person calendar). */
export async function istMitglied(tx: Tx, mandantId: number, userId: number): Promise<boolean> {
  const rows = await queryRows(
    tx,
    sql`select 1 from user_mandant where mandant_id = ${mandantId} and user_id = ${userId}`,
  );
  return rows.length > 0;
}

export async function baustelleGibtEs(tx: Tx, id: number): Promise<boolean> {
  return (await tx.select({ id: baustelle.id }).from(baustelle).where(eq(baustelle.id, id))).length > 0;
}

export async function kundeGibtEs(tx: Tx, id: number): Promise<boolean> {
  return (await tx.select({ id: kunde.id }).from(kunde).where(eq(kunde.id, id))).length > 0;
}

interface EintragZeile {
  id: string | number;
  kalender_id: string | number;
  user_id: string | number | null;
  baustelle_id: string | number | null;
  baustelle_name: string | null;
  von: string;
  bis: string;
  text: string;
  kunde_id: string | number | null;
  k_firma: string | null;
  k_bezeichnung: string | null;
  k_vorname: string | null;
  k_nachname: string | null;
  k_geschlecht: string | null;
  farbe: TFarbe;
  notiz: string | null;
  wiederkehrend: boolean;
}

const zahl = (v: string | number | null) => (v === null ? null : Number(v));

function alsEintrag(z: EintragZeile): TKalenderEintrag {
  return {
    id: Number(z.id),
    kalenderId: Number(z.kalender_id),
    userId: zahl(z.user_id),
    baustelleId: zahl(z.baustelle_id),
    baustelle: z.baustelle_name,
    von: z.von,
    bis: z.bis,
    text: z.text,
    kundeId: zahl(z.kunde_id),
    kunde:
      z.kunde_id === null
        ? null
        : anzeigename({
            firma: z.k_firma as "firma" | "privatperson" | null,
            bezeichnung: z.k_bezeichnung,
            vorname: z.k_vorname,
            nachname: z.k_nachname,
            geschlecht: z.k_geschlecht,
          }),
    farbe: z.farbe,
    notiz: z.notiz,
    wiederkehrend: z.wiederkehrend,
  };
}

const eintragSelect = (where: SQL, extra: SQL = sql``) => sql`
  select e.id, e.kalender_id, e.user_id, e.baustelle_id, b.bezeichnung as baustelle_name,
         e.von::text as von, e.bis::text as bis, e.text, e.kunde_id,
         k.firma as k_firma, k.bezeichnung as k_bezeichnung, k.vorname as k_vorname, k.nachname as k_nachname,
         k.geschlecht as k_geschlecht, e.farbe, e.notiz, e.wiederkehrend ${extra}
  from quartalskalender_eintrag e
  left join baustelle b on b.mandant_id = e.mandant_id and b.id = e.baustelle_id
  left join kunde k on k.mandant_id = e.mandant_id and k.id = e.kunde_id
  where ${where}
  order by e.von, e.bis, e.id`;

export async function eintraege(tx: Tx, kalenderId: number): Promise<TKalenderEintrag[]> {
  return (await queryRows<EintragZeile>(tx, eintragSelect(sql`e.kalender_id = ${kalenderId}`))).map(
    alsEintrag,
  );
}

export async function eintragLesen(tx: Tx, kalenderId: number, id: number) {
  const [row] = await queryRows<EintragZeile>(
    tx,
    eintragSelect(sql`e.kalender_id = ${kalenderId} and e.id = ${id}`),
  );
  return row && alsEintrag(row);
}

/** The user's entries covering a day, across person calendars, with their calendar. */
export async function eintraegeAm(tx: Tx, userId: number, datum: string) {
  const rows = await queryRows<
    EintragZeile & { kalender_bezeichnung: string; jahr: number; quartal: number }
  >(
    tx,
    sql`select * from (${eintragSelect(
      sql`e.user_id = ${userId} and e.von <= ${datum}::date and e.bis >= ${datum}::date`,
    )}) x
      join lateral (select q.bezeichnung as kalender_bezeichnung, q.jahr, q.quartal from quartalskalender q
        where q.id = x.kalender_id and q.zeilen_art = 'personen') q on true
      order by x.von, x.id`,
  );
  return rows.map((r) => ({
    ...alsEintrag(r),
    kalenderBezeichnung: r.kalender_bezeichnung,
    jahr: Number(r.jahr),
    quartal: Number(r.quartal),
  }));
}

export async function notes(tx: Tx, kalenderId: number) {
  return tx
    .select({
      id: quartalskalenderNote.id,
      kalenderId: quartalskalenderNote.kalenderId,
      datum: quartalskalenderNote.datum,
      text: quartalskalenderNote.text,
    })
    .from(quartalskalenderNote)
    .where(eq(quartalskalenderNote.kalenderId, kalenderId))
    .orderBy(quartalskalenderNote.datum, quartalskalenderNote.id);
}

/** The tenant's holiday entries (working time, issue 22) between two days. */
export async function feiertage(tx: Tx, von: string, bis: string) {
  return tx
    .select({ datum: feiertag.datum, bezeichnung: feiertag.bezeichnung, halbtag: feiertag.halbtag })
    .from(feiertag)
    .where(and(sql`${feiertag.datum} >= ${von}`, sql`${feiertag.datum} <= ${bis}`))
    .orderBy(feiertag.datum);
}
