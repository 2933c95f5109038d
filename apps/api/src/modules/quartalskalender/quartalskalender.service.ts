import { todayIso } from "@kontor/domain/date/calendar";
import type { TFieldError } from "@kontor/domain/http/problem.schema";
import {
  eintragVerschieben,
  icsKalender,
  imQuartal,
  kopieVerschiebung,
  quartalBeginn,
  quartalEnde,
} from "@kontor/domain/quartalskalender/quartalskalender.rules";
import type {
  TKalenderEintrag,
  TKalenderEintragSpeichern,
  TQuartalskalenderBoard,
  TQuartalskalenderKopie,
  TQuartalskalenderSpeichern,
} from "@kontor/domain/quartalskalender/quartalskalender.schema";
import { and, eq } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { mapUniqueViolation } from "../../db/errors.ts";
import { mandant, quartalskalender, quartalskalenderEintrag } from "../../db/schema/index.ts";
import type { TenantScope } from "../../db/tenant.ts";
import { notFound, ProblemError } from "../../http/problem.ts";
import * as repo from "./quartalskalender.repository.ts";

/**
 * The quarter calendar (issue 23): boards, calendars, their entries, copies into another quarter, today's entries of
 * the caller and the iCalendar export. Every change goes through TenantScope.change (audit log); the rules (weeks,
 * the copy's shift, iCalendar text) are the pure functions of packages/domain/quartalskalender.
 */

const UNIQUE = { quartalskalender_uq: "bezeichnung" };

const ungueltig = (fieldErrors: TFieldError[]) =>
  new ProblemError(400, "error.validation", undefined, fieldErrors);

async function kalenderOder404(tx: Tx, id: number) {
  const kalender = await repo.kalenderLesen(tx, id);
  if (!kalender) throw notFound();
  return kalender;
}

async function boardLesen(tx: Tx, mandantId: number, id: number): Promise<TQuartalskalenderBoard> {
  const kalender = await kalenderOder404(tx, id);
  const von = quartalBeginn(kalender.jahr, kalender.quartal);
  const bis = quartalEnde(kalender.jahr, kalender.quartal);
  return {
    kalender,
    von,
    bis,
    zeilen: await repo.zeilen(tx, mandantId, id, kalender.zeilenArt),
    eintraege: await repo.eintraege(tx, id),
    notes: await repo.notes(tx, id),
    feiertage: await repo.feiertage(tx, von, bis),
  };
}

/** The checks of an entry against its calendar (one 400 with every field that is wrong). */
async function eintragPruefen(
  tx: Tx,
  scope: TenantScope,
  kalender: { jahr: number; quartal: number; zeilenArt: "personen" | "baustellen" },
  e: TKalenderEintragSpeichern,
) {
  const fehler: TFieldError[] = [];
  if (!imQuartal(e.von, kalender.jahr, kalender.quartal))
    fehler.push({ field: "von", code: "outsideQuarter" });
  if (!imQuartal(e.bis, kalender.jahr, kalender.quartal))
    fehler.push({ field: "bis", code: "outsideQuarter" });
  if (kalender.zeilenArt === "personen") {
    if (e.userId === null) fehler.push({ field: "userId", code: "required" });
    else if (!(await repo.istMitglied(tx, scope.id, e.userId)))
      fehler.push({ field: "userId", code: "notFound" });
  } else {
    if (e.userId !== null) fehler.push({ field: "userId", code: "notAllowed" });
    if (e.baustelleId === null) fehler.push({ field: "baustelleId", code: "required" });
  }
  if (e.baustelleId !== null && !(await repo.baustelleGibtEs(tx, e.baustelleId)))
    fehler.push({ field: "baustelleId", code: "notFound" });
  if (e.kundeId !== null && !(await repo.kundeGibtEs(tx, e.kundeId)))
    fehler.push({ field: "kundeId", code: "notFound" });
  if (fehler.length > 0) throw ungueltig(fehler);
}

export const quartalskalenderService = {
  board: (scope: TenantScope, id: number) => scope.run((tx) => boardLesen(tx, scope.id, id)),

  /** Create, or rename: year, quarter and row kind stay as created (400 notAllowed at the field). */
  speichern: (scope: TenantScope, input: TQuartalskalenderSpeichern) =>
    scope.change(async (tx, audit) => {
      const { id, ...werte } = input;
      try {
        if (id === undefined) {
          const [row] = await tx
            .insert(quartalskalender)
            .values(werte)
            .returning({ id: quartalskalender.id });
          audit({ entity: "quartalskalender", entityId: row!.id, action: "create", detail: werte });
          return (await repo.kalenderLesen(tx, row!.id))!;
        }
        const alt = await kalenderOder404(tx, id);
        const fehler = (["jahr", "quartal", "zeilenArt"] as const)
          .filter((feld) => alt[feld] !== werte[feld])
          .map((field) => ({ field, code: "notAllowed" as const }));
        if (fehler.length > 0) throw ungueltig(fehler);
        await tx
          .update(quartalskalender)
          .set({ bezeichnung: werte.bezeichnung })
          .where(eq(quartalskalender.id, id));
        audit({
          entity: "quartalskalender",
          entityId: id,
          action: "update",
          detail: { bezeichnung: werte.bezeichnung },
        });
        return (await repo.kalenderLesen(tx, id))!;
      } catch (error) {
        if (error instanceof ProblemError) throw error;
        mapUniqueViolation(error, UNIQUE);
      }
    }),

  loeschen: (scope: TenantScope, id: number) =>
    scope.change(async (tx, audit) => {
      const rows = await tx.delete(quartalskalender).where(eq(quartalskalender.id, id)).returning({
        bezeichnung: quartalskalender.bezeichnung,
      });
      if (rows.length === 0) throw notFound();
      audit({ entity: "quartalskalender", entityId: id, action: "delete", detail: rows[0] });
    }),

  /**
   * A new calendar for another quarter from this one: same row kind, the name given (default: the source's), and
   * every recurring entry shifted by whole weeks (kopieVerschiebung: the Mondays of the quarters' first weeks), cut
   * to the target quarter, left out when nothing of it is inside. One-off entries and day notes are not copied.
   */
  kopie: (scope: TenantScope, id: number, ziel: TQuartalskalenderKopie) =>
    scope.change(async (tx, audit) => {
      const quelle = await kalenderOder404(tx, id);
      const bezeichnung = ziel.bezeichnung ?? quelle.bezeichnung;
      const nach = { jahr: ziel.jahr, quartal: ziel.quartal };
      let neuId: number;
      try {
        const [row] = await tx
          .insert(quartalskalender)
          .values({ ...nach, bezeichnung, zeilenArt: quelle.zeilenArt })
          .returning({ id: quartalskalender.id });
        neuId = row!.id;
      } catch (error) {
        mapUniqueViolation(error, UNIQUE);
      }
      const tage = kopieVerschiebung(quelle, nach);
      const kopien = (await repo.eintraege(tx, id))
        .filter((e) => e.wiederkehrend)
        .map((e) => eintragVerschieben(e, tage, nach))
        .filter((e): e is TKalenderEintrag => e !== null);
      if (kopien.length > 0)
        await tx.insert(quartalskalenderEintrag).values(
          kopien.map((e) => ({
            kalenderId: neuId,
            userId: e.userId,
            baustelleId: e.baustelleId,
            von: e.von,
            bis: e.bis,
            text: e.text,
            kundeId: e.kundeId,
            farbe: e.farbe,
            notiz: e.notiz,
            wiederkehrend: true,
          })),
        );
      audit({
        entity: "quartalskalender",
        entityId: neuId,
        action: "kopie",
        detail: { von: id, ...nach, bezeichnung, eintraege: kopien.length, tage },
      });
      return (await repo.kalenderLesen(tx, neuId))!;
    }),

  eintragSpeichern: (scope: TenantScope, kalenderId: number, input: TKalenderEintragSpeichern) =>
    scope.change(async (tx, audit) => {
      const kalender = await kalenderOder404(tx, kalenderId);
      const { id, ...werte } = input;
      if (id !== undefined && !(await repo.eintragLesen(tx, kalenderId, id))) throw notFound();
      await eintragPruefen(tx, scope, kalender, input);
      let eintragId = id;
      if (id === undefined) {
        const [row] = await tx
          .insert(quartalskalenderEintrag)
          .values({ ...werte, kalenderId })
          .returning({ id: quartalskalenderEintrag.id });
        eintragId = row!.id;
      } else {
        await tx
          .update(quartalskalenderEintrag)
          .set(werte)
          .where(and(eq(quartalskalenderEintrag.id, id), eq(quartalskalenderEintrag.kalenderId, kalenderId)));
      }
      audit({
        entity: "quartalskalenderEintrag",
        entityId: eintragId!,
        action: id === undefined ? "create" : "update",
        detail: { kalenderId, ...werte },
      });
      return (await repo.eintragLesen(tx, kalenderId, eintragId!))!;
    }),

  eintragLoeschen: (scope: TenantScope, kalenderId: number, id: number) =>
    scope.change(async (tx, audit) => {
      const rows = await tx
        .delete(quartalskalenderEintrag)
        .where(and(eq(quartalskalenderEintrag.id, id), eq(quartalskalenderEintrag.kalenderId, kalenderId)))
        .returning({ text: quartalskalenderEintrag.text, von: quartalskalenderEintrag.von });
      if (rows.length === 0) throw notFound();
      audit({
        entity: "quartalskalenderEintrag",
        entityId: id,
        action: "delete",
        detail: { kalenderId, ...rows[0] },
      });
    }),

  /** The caller's entries of today (Europe/Vienna) in person calendars: the home tile. */
  heute: (scope: TenantScope, heute = todayIso()) =>
    scope.run((tx) => repo.eintraegeAm(tx, scope.userId, heute)),

  /**
   * The calendar as iCalendar: one all-day event per entry (optionally one person's). Holidays are not exported —
   * every calendar app has its own —, nor day notes. UID = kontor-qk-<tenant>-<entry>@kontor: stable, so importing
   * the file again updates the events.
   */
  ics: (scope: TenantScope, id: number, userId: number | undefined, jetzt = new Date()) =>
    scope.run(async (tx) => {
      const board = await boardLesen(tx, scope.id, id);
      const namen = new Map(board.zeilen.map((z) => [z.id, z.name]));
      const ereignisse = board.eintraege
        .filter((e) => userId === undefined || e.userId === userId)
        .map((e) => {
          const zeile = board.kalender.zeilenArt === "personen" ? e.userId : e.baustelleId;
          const wer = zeile === null ? undefined : namen.get(zeile);
          return {
            uid: `kontor-qk-${scope.id}-${e.id}@kontor`,
            von: e.von,
            bis: e.bis,
            summary: wer ? `${e.text} (${wer})` : e.text,
            description: [e.kunde, board.kalender.zeilenArt === "personen" ? e.baustelle : null, e.notiz]
              .filter(Boolean)
              .join("\n"),
            location: e.baustelle,
            categories: board.kalender.bezeichnung,
          };
        });
      return { board, text: icsKalender({ name: board.kalender.bezeichnung, stempel: jetzt, ereignisse }) };
    }),

  mandantName: (scope: TenantScope) =>
    scope.run(async (tx) => {
      const [row] = await tx
        .select({ name: mandant.bezeichnung })
        .from(mandant)
        .where(eq(mandant.id, scope.id));
      return row?.name ?? "";
    }),
};
