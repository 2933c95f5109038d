import type { TBeleg } from "@kontor/domain/beleg/beleg.schema";
import { todayIso } from "@kontor/domain/date/calendar";
import type { TFieldError } from "@kontor/domain/http/problem.schema";
import { KASSABUCH_EXPORT_MAX, type TKassabuchTyp } from "@kontor/domain/kassabuch/kassabuch.codes";
import {
  abschlussBis,
  datumsSperre,
  type KassaEinstellungen,
  laufendeSalden,
} from "@kontor/domain/kassabuch/kassabuch.rules";
import type {
  TKassabuch,
  TKassabuchAbschluss,
  TKassabuchAbschlussNeu,
  TKassabuchEintrag,
  TKassabuchEintragNeu,
  TKassabuchKorrektur,
  TKassabuchQuery,
} from "@kontor/domain/kassabuch/kassabuch.schema";
import { add, compare, dec, isZero, sub, toFixedString, toNumber } from "@kontor/domain/money/decimal";
import type { Tx } from "../../db/client.ts";
import type { Total } from "../../db/paging.ts";
import type { Audit, TenantScope } from "../../db/tenant.ts";
import { notFound, ProblemError } from "../../http/problem.ts";
import {
  abgeschlossenBis,
  abschliessen,
  alleBuchungen,
  anzahlImZeitraum,
  einstellungen,
  einstellungenUndAbschluss,
  eintraegeVonBeleg,
  eintragen,
  eintragRoh,
  type Fortsetzung,
  hoechsteAusgabe,
  lieferantGibtEs,
  mandantName,
  mwstSatz,
  type NeuerEintrag,
  periodeTeil,
  saldoAm,
  sperren,
  stand,
  zeilen,
} from "./kassabuch.repository.ts";

/**
 * The cash book's use cases (issue 17). Entries are append-only; every write runs in one tenant transaction that
 * first takes the tenant's cash-book lock, then checks the date (start of the book, closed periods) and, for an
 * expense, the balance guard (kassabuch.rules.ts: no running balance below zero, at the entry's day or after it),
 * inserts and audits. Cash invoices post through `barrechnungBuchen` / `stornoGegenbuchen`, called by the document
 * service inside the finalization transaction.
 */

const ENTITY = "kassabuch";
/** Entries per part of a CSV export. */
const EXPORT_TEIL = 5_000;

const betragZuHoch = (field: string, max: ReturnType<typeof dec>) =>
  new ProblemError(409, "error.cashBalanceExceeded", "Issue exceeds cash balance!", [
    { field, code: "cashBalanceExceeded", max: Math.max(0, toNumber(max)) },
  ]);

function datumGesperrt(
  e: KassaEinstellungen,
  geschlossenBis: string | null,
  date: string,
  field: string,
): ProblemError | undefined {
  const sperre = datumsSperre(e, geschlossenBis, date);
  if (sperre === "periodClosed")
    return new ProblemError(
      409,
      "error.kassabuchClosed",
      `The cash book is closed through ${geschlossenBis}.`,
      [{ field, code: "periodClosed" }],
    );
  if (sperre === "beforeKassaStart")
    return new ProblemError(
      409,
      "error.kassabuchBeforeStart",
      `The cash book starts on ${e.kassaStartdatum}.`,
      [{ field, code: "beforeKassaStart" }],
    );
  return undefined;
}

/**
 * Posts one entry under the lock the caller holds: date rules, the guard for an expense, insert, audit.
 * `felder` names the request fields a refusal points at (the date and the amount).
 */
async function buchen(
  tx: Tx,
  audit: Audit,
  e: KassaEinstellungen,
  geschlossenBis: string | null,
  eintrag: NeuerEintrag,
  felder: { date: string; betrag: string },
  detail: Record<string, unknown> = {},
): Promise<number> {
  const gesperrt = datumGesperrt(e, geschlossenBis, eintrag.datum, felder.date);
  if (gesperrt) throw gesperrt;
  if (eintrag.typ === "ausgabe") {
    const max = await hoechsteAusgabe(tx, e, eintrag.datum);
    if (compare(dec(eintrag.betrag), max) > 0) throw betragZuHoch(felder.betrag, max);
  }
  const id = await eintragen(tx, eintrag);
  audit({
    entity: ENTITY,
    entityId: id,
    action: eintrag.korrekturVon === null ? "create" : "korrektur",
    detail: { date: eintrag.datum, typ: eintrag.typ, betrag: eintrag.betrag, ...detail },
  });
  return id;
}

/** The entry as the book shows it (running balance from its day on). */
async function gelesen(tx: Tx, e: KassaEinstellungen, id: number, date: string): Promise<TKassabuchEintrag> {
  const { items } = await zeilen(tx, e, { id, von: date });
  if (!items[0]) throw notFound();
  return items[0];
}

const gegenTyp = (typ: TKassabuchTyp): TKassabuchTyp => (typ === "einnahme" ? "ausgabe" : "einnahme");

export const kassabuchService = {
  /** GET kassabuch: a page of the book with running balances, the balances and the period's summary. */
  list: (scope: TenantScope, query: TKassabuchQuery, heute = todayIso()) =>
    scope.run(async (tx): Promise<{ body: TKassabuch; total: Total }> => {
      const { e, abgeschlossenBis: geschlossen } = await einstellungenUndAbschluss(tx);
      const seite = await zeilen(tx, e, query, query);
      const s = await stand(tx, e, query.von ?? null, query.bis ?? null, heute, query.typ);
      const total = seite.total ?? { totalCount: s.anzahl, totalCapped: false };
      return {
        total,
        body: {
          entries: seite.items,
          totalCount: total.totalCount,
          completeBalance: toNumber(s.completeBalance),
          actualBalance: toNumber(s.actualBalance),
          zeitraum: {
            von: query.von ?? null,
            bis: query.bis ?? null,
            anfangsbestand: toNumber(s.anfangsbestand),
            einnahmen: toNumber(s.einnahmen),
            ausgaben: toNumber(s.ausgaben),
            endbestand: toNumber(s.endbestand),
            jahreswechsel: s.jahreswechsel,
          },
          kassaStartdatum: e.kassaStartdatum,
          abgeschlossenBis: geschlossen,
        },
      };
    }),

  /** PUT kassabuch: a new entry (an id is refused: entries are never changed). */
  create: async (scope: TenantScope, input: TKassabuchEintragNeu): Promise<TKassabuchEintrag> => {
    if (input.id !== undefined)
      throw new ProblemError(409, "error.kassabuchAppendOnly", "Cash-book entries are never changed.");
    const id = await scope.change(async (tx, audit) => {
      await sperren(tx);
      const e = await einstellungen(tx);
      const fehler: TFieldError[] = [];
      if (input.lieferant && !(await lieferantGibtEs(tx, input.lieferant.id)))
        fehler.push({ field: "lieferant.id", code: "notFound" });
      const mwst = input.mehrwertssteuer ? await mwstSatz(tx, input.mehrwertssteuer.id) : null;
      if (mwst === undefined) fehler.push({ field: "mehrwertssteuer.id", code: "notFound" });
      if (fehler.length > 0) throw new ProblemError(400, "error.validation", undefined, fehler);
      return buchen(
        tx,
        audit,
        e,
        await abgeschlossenBis(tx),
        {
          datum: input.date,
          belegnummer: input.belegnummer,
          kontonummer: input.kontonummer,
          text: input.text,
          lieferantId: input.lieferant?.id ?? null,
          typ: input.typ,
          mehrwertssteuerId: input.mehrwertssteuer?.id ?? null,
          mwst: mwst ?? null,
          betrag: toFixedString(dec(input.betrag), 2),
          belegId: null,
          korrekturVon: null,
          erfasstVon: scope.userId,
          erfasstLogin: scope.login,
        },
        { date: "date", betrag: "betrag" },
      );
    });
    // Read after the commit: the tenant's cash-book lock is held only for the check and the insert.
    return scope.run(async (tx) => gelesen(tx, await einstellungen(tx), id, input.date));
  },

  /**
   * POST kassabuch/{id}/korrektur: the counter-entry of an entry (opposite type, same amount, rate, receipt and
   * supplier), dated today unless given, referring to it. Once per entry; a correction is not corrected again, and
   * an entry a cash invoice posted is corrected by the invoice's storno.
   */
  correct: async (scope: TenantScope, id: number, body: TKassabuchKorrektur): Promise<TKassabuchEintrag> => {
    const date = body.date ?? todayIso();
    const neu = await scope.change(async (tx, audit) => {
      await sperren(tx);
      const original = await eintragRoh(tx, id);
      if (!original) throw notFound();
      if (original.belegId !== null)
        throw new ProblemError(409, "error.kassabuchBeleg", "Cancel the cash invoice instead.");
      if (original.korrekturVon !== null || original.korrigiertDurch !== null)
        throw new ProblemError(409, "error.kassabuchKorrigiert");
      const e = await einstellungen(tx);
      return buchen(
        tx,
        audit,
        e,
        await abgeschlossenBis(tx),
        {
          datum: date,
          belegnummer: original.belegnummer,
          kontonummer: original.kontonummer,
          text: body.text ?? original.text,
          lieferantId: original.lieferantId,
          typ: gegenTyp(original.typ),
          mehrwertssteuerId: original.mehrwertssteuerId,
          mwst: original.mwst,
          betrag: original.betrag,
          belegId: null,
          korrekturVon: original.id,
          erfasstVon: scope.userId,
          erfasstLogin: scope.login,
        },
        { date: "date", betrag: "betrag" },
        { korrekturVon: original.id },
      );
    });
    return scope.run(async (tx) => gelesen(tx, await einstellungen(tx), neu, date));
  },

  /**
   * POST kassabuch/abschluss: closes a day or a month (through its last day). Only periods that have ended (the
   * last day not after today) and only forward: a day already closed is 409.
   */
  close: (
    scope: TenantScope,
    body: TKassabuchAbschlussNeu,
    heute = todayIso(),
  ): Promise<TKassabuchAbschluss> =>
    scope.change(async (tx, audit) => {
      const bis = abschlussBis(body.art, body.datum);
      if (bis > heute)
        throw new ProblemError(400, "error.validation", "Only a period that has ended can be closed.", [
          { field: "datum", code: "future" },
        ]);
      await sperren(tx);
      const geschlossen = await abgeschlossenBis(tx);
      if (geschlossen !== null && bis <= geschlossen)
        throw new ProblemError(409, "error.kassabuchClosed", `Already closed through ${geschlossen}.`, [
          { field: "datum", code: "periodClosed" },
        ]);
      const e = await einstellungen(tx);
      const saldo = toFixedString(await saldoAm(tx, e, bis), 2);
      const row = await abschliessen(tx, {
        art: body.art,
        bis,
        saldo,
        erstelltVon: scope.userId,
        erstelltLogin: scope.login,
      });
      audit({
        entity: "kassabuchAbschluss",
        entityId: row.id,
        action: "close",
        detail: { art: body.art, bis, saldo },
      });
      return {
        id: row.id,
        art: row.art,
        bis: row.bis,
        saldo: Number(row.saldo),
        erstelltAm: row.erstelltAm.toISOString(),
        erstelltVon: row.erstelltLogin,
      };
    }),

  /**
   * Everything an export prints: the period's summary and entries (book order). A period with more entries than
   * the format's cap (KASSABUCH_EXPORT_MAX, counted on the day rows before anything else is read) is 400 at `von`,
   * code max. With `teile` the entries are handed over EXPORT_TEIL at a time and not kept (the CSV: memory stays
   * that of one part and the file's text); the tenant's cash-book lock is held meanwhile, so no posting lands
   * between two parts and the summary is that of the rows.
   */
  export: (
    scope: TenantScope,
    anfrage: { format: keyof typeof KASSABUCH_EXPORT_MAX; von: string | null; bis: string | null },
    teile?: (eintraege: TKassabuchEintrag[]) => void,
    heute = todayIso(),
    max: number = KASSABUCH_EXPORT_MAX[anfrage.format],
  ) =>
    scope.run(async (tx) => {
      const { von, bis } = anfrage;
      if ((await anzahlImZeitraum(tx, von, bis)) > max)
        throw new ProblemError(
          400,
          "error.validation",
          `A ${anfrage.format} export holds at most ${max} entries: choose a shorter period.`,
          [{ field: "von", code: "max", max }],
        );
      if (teile) await sperren(tx);
      const e = await einstellungen(tx);
      const kopf = { mandant: await mandantName(tx), stand: await stand(tx, e, von, bis, heute) };
      if (!teile)
        return {
          ...kopf,
          eintraege: (await zeilen(tx, e, { von: von ?? undefined, bis: bis ?? undefined })).items,
        };
      let weiter: Fortsetzung | null = null;
      do {
        const teil = await periodeTeil(tx, e, { von, bis }, weiter, EXPORT_TEIL);
        teile(teil.items);
        weiter = teil.weiter ?? null;
      } while (weiter !== null);
      return { ...kopf, eintraege: [] };
    }),
};

/** What posting needs to know about the one who acts. */
type Wer = Pick<TenantScope, "userId" | "login" | "modules">;

/** A cash invoice's cash: one entry per VAT rate (gross of the rate), or one of the total when signs are mixed. */
function kassenBetraege(b: TBeleg): { betrag: ReturnType<typeof dec>; mwst: string | null }[] {
  const proSatz = b.belegMwstSet.map((z) => ({
    betrag: add(dec(z.basis), dec(z.betrag)),
    mwst: toFixedString(dec(z.satz), 2),
  }));
  const null0 = dec(0);
  if (proSatz.length > 0 && proSatz.every((z) => compare(z.betrag, null0) > 0)) return proSatz;
  if (proSatz.length > 0 && proSatz.every((z) => compare(z.betrag, null0) < 0)) return proSatz;
  const summe = dec(b.summeBrutto);
  return isZero(summe) ? [] : [{ betrag: summe, mwst: proSatz.length === 1 ? proSatz[0]!.mwst : null }];
}

/**
 * Called by the document service in the finalization transaction of a cash invoice (barrechnung): posts its cash —
 * income per VAT rate, dated the invoice's date, referring to it — when the tenant has the cash book, the invoice
 * was not paid by card (bankomat) and it is dated on or after the book's start (earlier cash is in the opening
 * balance). A closed day refuses the finalization (409 error.kassabuchClosed at belegDatum).
 */
export async function barrechnungBuchen(tx: Tx, wer: Wer, audit: Audit, b: TBeleg): Promise<void> {
  if (b.belegsTyp !== "barrechnung" || b.bankomat || !wer.modules.has("kassabuch") || b.id === undefined)
    return;
  await sperren(tx);
  const e = await einstellungen(tx);
  if (e.kassaStartdatum !== null && b.belegDatum < e.kassaStartdatum) return;
  const geschlossen = await abgeschlossenBis(tx);
  const betraege = kassenBetraege(b);
  // Income first, so a mixed invoice never checks an expense before its own income is in.
  betraege.sort((x, y) => compare(y.betrag, x.betrag));
  for (const { betrag, mwst } of betraege) {
    const einnahme = compare(betrag, dec(0)) > 0;
    await buchen(
      tx,
      audit,
      e,
      geschlossen,
      {
        datum: b.belegDatum,
        belegnummer: b.belegNummer ?? null,
        kontonummer: null,
        text: `Barrechnung ${b.belegNummer ?? ""}`.trim(),
        lieferantId: null,
        typ: einnahme ? "einnahme" : "ausgabe",
        mehrwertssteuerId: null,
        mwst,
        betrag: toFixedString(einnahme ? betrag : sub(dec(0), betrag), 2),
        belegId: b.id,
        korrekturVon: null,
        erfasstVon: wer.userId,
        erfasstLogin: wer.login,
      },
      { date: "belegDatum", betrag: "summeBrutto" },
      { belegId: b.id, belegNummer: b.belegNummer },
    );
  }
}

/**
 * Called in the storno's transaction: every entry the original posted gets its counter-entry (opposite type, same
 * amount and rate), dated the storno's date, referring to the storno and to the entry it corrects. Whatever the
 * module is now: what was posted is countered. The counter of an income is an expense, so the balance guard
 * applies (409 error.cashBalanceExceeded: the cash is no longer there to pay back).
 */
export async function stornoGegenbuchen(
  tx: Tx,
  wer: Wer,
  audit: Audit,
  originalId: number,
  storno: TBeleg,
): Promise<void> {
  const gebucht = await eintraegeVonBeleg(tx, originalId);
  if (gebucht.length === 0 || storno.id === undefined) return;
  await sperren(tx);
  const e = await einstellungen(tx);
  const geschlossen = await abgeschlossenBis(tx);
  // Counter the expenses (which become income) first.
  gebucht.sort((a, b) => (a.typ === b.typ ? a.id - b.id : a.typ === "ausgabe" ? -1 : 1));
  for (const eintrag of gebucht) {
    if (eintrag.korrekturVon !== null) continue;
    await buchen(
      tx,
      audit,
      e,
      geschlossen,
      {
        datum: storno.belegDatum,
        belegnummer: storno.belegNummer ?? null,
        kontonummer: eintrag.kontonummer,
        text: `Storno ${storno.belegNummer ?? ""} zu ${eintrag.text}`.replace(/\s+/g, " "),
        lieferantId: eintrag.lieferantId,
        typ: gegenTyp(eintrag.typ),
        mehrwertssteuerId: eintrag.mehrwertssteuerId,
        mwst: eintrag.mwst,
        betrag: eintrag.betrag,
        belegId: storno.id,
        korrekturVon: eintrag.id,
        erfasstVon: wer.userId,
        erfasstLogin: wer.login,
      },
      { date: "belegDatum", betrag: "summeBrutto" },
      { belegId: storno.id, belegNummer: storno.belegNummer, korrekturVon: eintrag.id },
    );
  }
}

/**
 * Called before a tenant's cash settings (kassaBetrag, kassaStartdatum, kassaStartZeroYear) are changed: once the
 * book has entries, the new settings must keep it valid — no entry before the new start date (409
 * error.kassabuchBeforeStart at kassaStartdatum), no running balance below zero (409 error.cashBalanceExceeded at
 * the changed field) — and once a period is closed they cannot change at all (409 error.kassabuchClosed): a close
 * froze the balances they make. Checked with the pure rules on the book as it is, under the cash-book lock, in the
 * transaction that saves the tenant (`tx` as the tenant).
 */
export async function kassaEinstellungenPruefen(
  tx: Tx,
  alt: KassaEinstellungen,
  neu: KassaEinstellungen,
): Promise<void> {
  const geaendert = (["kassaBetrag", "kassaStartdatum", "kassaStartZeroYear"] as const).filter(
    (feld) => String(alt[feld] ?? "") !== String(neu[feld] ?? ""),
  );
  if (geaendert.length === 0) return;
  await sperren(tx);
  const buchungen = await alleBuchungen(tx);
  if ((await abgeschlossenBis(tx)) !== null)
    throw new ProblemError(409, "error.kassabuchClosed", "The cash book has closed periods.", [
      ...geaendert.map((field) => ({ field, code: "periodClosed" as const })),
    ]);
  if (neu.kassaStartdatum !== null && buchungen.some((b) => b.date < neu.kassaStartdatum!))
    throw new ProblemError(409, "error.kassabuchBeforeStart", "Entries are dated before this start.", [
      { field: "kassaStartdatum", code: "beforeKassaStart" },
    ]);
  if (laufendeSalden(neu, buchungen).some(({ saldo }) => compare(saldo, dec(0)) < 0))
    throw new ProblemError(409, "error.cashBalanceExceeded", "A running balance would fall below zero.", [
      {
        field: geaendert.includes("kassaBetrag") ? "kassaBetrag" : geaendert[0]!,
        code: "cashBalanceExceeded",
      },
    ]);
}
