import { daysInMonth, parseIsoDate, todayIso } from "@kontor/domain/date/calendar";
import type { TFieldError } from "@kontor/domain/http/problem.schema";
import { add, compare, dec, toFixedString, toNumber } from "@kontor/domain/money/decimal";
import { zahlungHindernis } from "@kontor/domain/zahlung/zahlung.codes";
import {
  skontoAufteilen,
  skontoOffen,
  skontoStufen,
  ueberfaelligTage,
  zahlungVerteilen,
} from "@kontor/domain/zahlung/zahlung.rules";
import type {
  TAbschreibung,
  TOffenePostenQuery,
  TOffenerPosten,
  TOffenerSaldo,
  TTeilzahlung,
  TZahlung,
  TZahlungAnlegen,
  TZahlungListQuery,
  TZahlungReport,
  TZahlungReportQuery,
} from "@kontor/domain/zahlung/zahlung.schema";
import { sql } from "drizzle-orm";
import { queryRows, type Tx } from "../../db/client.ts";
import { validation } from "../../db/teile.ts";
import type { Audit, TenantScope } from "../../db/tenant.ts";
import { notFound, ProblemError } from "../../http/problem.ts";
import {
  abgeschriebenIn,
  belegeFuerZahlung,
  findPosten,
  findZahlung,
  guthabenGesperrt,
  insertZahlung,
  insertZuordnung,
  kundeName,
  listPosten,
  listZahlungen,
  offenAn,
  offenerSaldo,
  type PostenRow,
  zahlungenProMonat,
} from "./zahlung.repository.ts";

/**
 * Payments and open items as use cases (issue 17). Every change goes through `scope.change` (audited: the payment's
 * own history and an entry on each document it touches). The open amount and the paid flag of a document are never
 * written here: the triggers of migration 0025 derive them from the allocations and write-offs this service writes,
 * in the same transaction.
 */

const ZAHLUNG = "zahlung";
const BELEG = "beleg";

/** The payment as stored, 404 when the tenant has none with this id. */
const gefunden = async (tx: Tx, id: number) => (await findZahlung(tx, id)) ?? Promise.reject(notFound());

/** An open-document row as the contract answers it: due date and overdue days on `heute`, skonto still open. */
function alsPosten(row: PostenRow, heute: string): TOffenerPosten {
  const stufen =
    row.offen > 0 && row.skonto === 0 && row.abgeschrieben === 0 && !row.storniert
      ? skontoOffen(
          skontoStufen(row.term, row.belegDatum, row.summeBrutto - row.gutschriften, row.bezahltBetrag),
          heute,
        )
      : [];
  return {
    id: row.id,
    belegNummer: row.belegNummer,
    belegDatum: row.belegDatum,
    belegsTyp: row.belegsTyp,
    kunde: row.kunde,
    summeNetto: row.summeNetto,
    summeBrutto: row.summeBrutto,
    bezahlt: row.bezahlt,
    storniert: row.storniert,
    zahlungList: row.zahlungList,
    bezahltBetrag: row.bezahltBetrag,
    skonto: row.skonto,
    gutschriften: row.gutschriften,
    abgeschrieben: row.abgeschrieben,
    restbetrag: row.offen,
    faelligAm: row.faelligAm,
    ueberfaelligTage: row.offen > 0 ? ueberfaelligTage(row.faelligAm, heute) : 0,
    skontoStufen: stufen,
    // Projects get their names with the project entity (time tracking); until then documents link them by id only.
    projektBezeichnungen: [],
  };
}

/**
 * Records a payment inside a change: the documents are locked (id order), each must take payments (field code
 * notFound, notFinalized, cancelled, notPayable or notOpen at `belegSet.N.id`) and belong to one customer
 * (notEqual); the amount is split by zahlungVerteilen (skonto, overpayment); allocations are written with their
 * skonto per VAT rate. Answers the new payment's id.
 */
async function zahlungBuchen(
  tx: Tx,
  scope: TenantScope,
  audit: Audit,
  eingabe: TZahlungAnlegen,
): Promise<number> {
  const belege = await belegeFuerZahlung(
    tx,
    eingabe.belegSet.map((anteil) => anteil.id),
  );
  const fehler: TFieldError[] = [];
  let kundeId: number | null = null;
  for (const [index, anteil] of eingabe.belegSet.entries()) {
    const b = belege.get(anteil.id);
    const field = `belegSet.${index}.id`;
    const hindernis = !b
      ? "notFound"
      : (zahlungHindernis({ ...b, restbetrag: b.offen }) ?? (b.kundeId === null ? "notPayable" : null));
    if (hindernis) fehler.push({ field, code: hindernis });
    else if (kundeId !== null && b!.kundeId !== kundeId) fehler.push({ field, code: "notEqual" });
    else kundeId = b!.kundeId;
  }
  if (fehler.length > 0) throw validation(fehler);
  const posten = eingabe.belegSet.map((anteil) => {
    const b = belege.get(anteil.id)!;
    return {
      id: b.id,
      restbetrag: b.offen,
      skontoStufen:
        b.skonto === 0 && b.abgeschrieben === 0
          ? skontoStufen(b.term, b.belegDatum, b.summeBrutto - b.gutschriften, b.bezahlt)
          : [],
    };
  });
  const ausGuthaben = eingabe.zahlungsart === "guthaben";
  const verteilung = zahlungVerteilen(posten, {
    zahlungsDatum: eingabe.zahlungsDatum,
    betrag: eingabe.betrag,
    anteile: eingabe.belegSet.map((anteil) => anteil.betrag),
    // Credit pays documents only: nothing of it becomes credit again.
    ueberzahlung: eingabe.ueberzahlung && !ausGuthaben,
  });
  if (verteilung.fehler.length > 0) throw validation(verteilung.fehler);
  if (ausGuthaben) {
    const verfuegbar = await guthabenGesperrt(tx, kundeId!);
    if (eingabe.betrag > verfuegbar)
      throw validation([{ field: "betrag", code: "guthaben", max: Math.max(0, verfuegbar) }]);
  }

  const zahlungId = await insertZahlung(tx, {
    kundeId: kundeId!,
    zahlungsDatum: eingabe.zahlungsDatum,
    betrag: toFixedString(dec(eingabe.betrag), 2),
    zahlungsart: eingabe.zahlungsart,
    kommentar: eingabe.kommentar,
    // A payment from credit uses it up: negative, so Σ ueberzahlung of a customer stays their credit.
    ueberzahlung: ausGuthaben
      ? toFixedString(dec(-eingabe.betrag), 2)
      : toFixedString(verteilung.ueberzahlung, 2),
    createdBy: scope.userId,
    createdLogin: scope.login,
  });
  for (const zuordnung of verteilung.zuordnungen) {
    const b = belege.get(zuordnung.id)!;
    const skonto = toNumber(zuordnung.skonto);
    await insertZuordnung(tx, {
      zahlungId,
      belegId: zuordnung.id,
      betrag: toFixedString(zuordnung.betrag, 2),
      skonto: toFixedString(zuordnung.skonto, 2),
      skontoProzent: zuordnung.skontoProzent,
      skontoMwst: skontoAufteilen(skonto, b.mwst),
    });
    audit({
      entity: BELEG,
      entityId: zuordnung.id,
      action: "zahlung",
      detail: {
        zahlungId,
        betrag: toNumber(zuordnung.betrag),
        ...(skonto === 0 ? {} : { skonto, skontoProzent: zuordnung.skontoProzent }),
      },
    });
  }
  audit({
    entity: ZAHLUNG,
    entityId: zahlungId,
    action: "create",
    detail: {
      betrag: eingabe.betrag,
      zahlungsDatum: eingabe.zahlungsDatum,
      zahlungsart: eingabe.zahlungsart,
      belege: verteilung.zuordnungen.map((z) => belege.get(z.id)?.belegNummer ?? z.id),
      ...(toNumber(verteilung.ueberzahlung) === 0 ? {} : { ueberzahlung: toNumber(verteilung.ueberzahlung) }),
    },
  });
  return zahlungId;
}

/**
 * Removing a payment takes its overpayment off the customer's credit: refused (409 error.guthabenVerwendet) when
 * that credit has already paid other documents.
 */
async function guthabenBleibt(tx: Tx, kundeId: number, ueberzahlung: number): Promise<void> {
  if (ueberzahlung <= 0) return;
  const guthaben = await guthabenGesperrt(tx, kundeId);
  if (compare(dec(guthaben), dec(ueberzahlung)) < 0)
    throw new ProblemError(409, "error.guthabenVerwendet", "The credit of this payment is in use");
}

/** The row's locked allocation of a payment to a document; undefined when there is none. */
async function zuordnungGesperrt(tx: Tx, zahlungId: number, belegId: number) {
  const [row] = await queryRows<{ betrag: string | number; skonto: string | number }>(
    tx,
    sql`SELECT zb.betrag, zb.skonto FROM zahlung_beleg zb
      WHERE zb.zahlung_id = ${zahlungId} AND zb.beleg_id = ${belegId} FOR UPDATE`,
  );
  return row;
}

/** The months of a period: first and last day of each, cut to the period. */
function monateVon(von: string, bis: string): { monat: string; bis: string }[] {
  const monate: { monat: string; bis: string }[] = [];
  let { year, month } = parseIsoDate(von);
  for (;;) {
    const monat = `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}`;
    const ende = `${monat}-${String(daysInMonth(year, month)).padStart(2, "0")}`;
    monate.push({ monat, bis: ende < bis ? ende : bis });
    if (ende >= bis) return monate;
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
}

/** The first day of the month `monate` months before the month of `datum`. */
function monatsanfangVor(datum: string, monate: number): string {
  const { year, month } = parseIsoDate(datum);
  const index = year * 12 + (month - 1) - monate;
  return `${String(Math.floor(index / 12)).padStart(4, "0")}-${String((index % 12) + 1).padStart(2, "0")}-01`;
}

const summeVon = (werte: readonly number[]) =>
  toNumber(werte.reduce((acc, wert) => add(acc, dec(wert)), dec(0)));

export const zahlungService = {
  /** POST zahlung: one payment over one or more documents of one customer; answers the payment. */
  create: (scope: TenantScope, eingabe: TZahlungAnlegen): Promise<TZahlung> =>
    scope.change(async (tx, audit) => gefunden(tx, await zahlungBuchen(tx, scope, audit, eingabe))),

  get: (scope: TenantScope, id: number): Promise<TZahlung> => scope.run((tx) => gefunden(tx, id)),

  list: (scope: TenantScope, query: TZahlungListQuery) => scope.run((tx) => listZahlungen(tx, query)),

  /** DELETE zahlung/{id}: the payment with all its allocations; the documents are open again by as much. */
  remove: (scope: TenantScope, id: number): Promise<void> =>
    scope.change(async (tx, audit) => {
      const [row] = await queryRows<{ kundeId: number; ueberzahlung: string | number }>(
        tx,
        sql`SELECT kunde_id AS "kundeId", ueberzahlung FROM zahlung WHERE id = ${id} FOR UPDATE`,
      );
      if (!row) throw notFound();
      await guthabenBleibt(tx, row.kundeId, Number(row.ueberzahlung));
      const zahlung = await gefunden(tx, id);
      await tx.execute(sql`DELETE FROM zahlung WHERE id = ${id}`);
      for (const z of zahlung.belegSet)
        audit({
          entity: BELEG,
          entityId: z.beleg.id,
          action: "zahlungEntfernt",
          detail: { zahlungId: id, betrag: z.betrag, ...(z.skonto === 0 ? {} : { skonto: z.skonto }) },
        });
      audit({
        entity: ZAHLUNG,
        entityId: id,
        action: "delete",
        detail: { betrag: zahlung.betrag, zahlungsDatum: zahlung.zahlungsDatum },
      });
    }),

  /**
   * DELETE zahlung/{id}/beleg/{belegId}: takes the payment off one document — the allocation goes and the payment's
   * amount shrinks by it (the money was booked to the wrong document); a payment with nothing left (no allocation,
   * no credit) goes altogether.
   */
  removeZuordnung: (scope: TenantScope, id: number, belegId: number): Promise<void> =>
    scope.change(async (tx, audit) => {
      const [zahlung] = await queryRows<{
        betrag: string | number;
        ueberzahlung: string | number;
        zahlungsart: string;
      }>(tx, sql`SELECT betrag, ueberzahlung, zahlungsart FROM zahlung WHERE id = ${id} FOR UPDATE`);
      if (!zahlung) throw notFound();
      const zuordnung = await zuordnungGesperrt(tx, id, belegId);
      if (!zuordnung) throw notFound();
      await tx.execute(sql`DELETE FROM zahlung_beleg WHERE zahlung_id = ${id} AND beleg_id = ${belegId}`);
      const [rest] = await queryRows<{ n: number }>(
        tx,
        sql`SELECT count(*)::int AS n FROM zahlung_beleg WHERE zahlung_id = ${id}`,
      );
      const ausGuthaben = zahlung.zahlungsart === "guthaben";
      const weg = (rest?.n ?? 0) === 0 && (ausGuthaben || Number(zahlung.ueberzahlung) === 0);
      if (weg) await tx.execute(sql`DELETE FROM zahlung WHERE id = ${id}`);
      // From credit: the credit not used on this document is the customer's again.
      else
        await tx.execute(
          sql`UPDATE zahlung SET betrag = betrag - ${String(zuordnung.betrag)}::numeric,
            ueberzahlung = CASE WHEN ${ausGuthaben} THEN -(betrag - ${String(zuordnung.betrag)}::numeric)
              ELSE ueberzahlung END
            WHERE id = ${id}`,
        );
      audit({
        entity: BELEG,
        entityId: belegId,
        action: "zahlungEntfernt",
        detail: { zahlungId: id, betrag: Number(zuordnung.betrag), skonto: Number(zuordnung.skonto) },
      });
      audit({
        entity: ZAHLUNG,
        entityId: id,
        action: weg ? "delete" : "update",
        detail: { belegEntfernt: belegId, betrag: Number(zuordnung.betrag) },
      });
    }),

  /**
   * GET zahlung/report: received, skonto, credit and written off in the period, open at its end, and per month what
   * came in and what was open at the month's end (default: the last 12 months up to today, Europe/Vienna).
   */
  report: (scope: TenantScope, query: TZahlungReportQuery): Promise<TZahlungReport> =>
    scope.run(async (tx) => {
      const heute = todayIso();
      const bis = query.bis ?? heute;
      const von = query.von ?? monatsanfangVor(bis, 11);
      const kunde = query.kundeId === undefined ? null : await kundeName(tx, query.kundeId);
      if (kunde === undefined) throw notFound();
      const monate = monateVon(von, bis);
      const offen = await offenAn(
        tx,
        monate.map((m) => m.bis),
        query.kundeId,
      );
      const zahlungen = new Map(
        (await zahlungenProMonat(tx, von, bis, query.kundeId)).map((z) => [z.monat, z]),
      );
      const zeilen = monate.map((m) => ({
        monat: m.monat,
        erhalten: zahlungen.get(m.monat)?.erhalten ?? 0,
        skonto: zahlungen.get(m.monat)?.skonto ?? 0,
        offen: offen.get(m.bis) ?? 0,
      }));
      return {
        von,
        bis,
        kunde,
        erhalten: summeVon(zeilen.map((z) => z.erhalten)),
        skonto: summeVon(zeilen.map((z) => z.skonto)),
        ueberzahlung: summeVon([...zahlungen.values()].map((z) => z.ueberzahlung)),
        abgeschrieben: await abgeschriebenIn(tx, von, bis, query.kundeId),
        offenAmStichtag: zeilen.at(-1)?.offen ?? 0,
        monate: zeilen,
      };
    }),

  /** GET unpaidbelege: a page of open items and the total (due dates and skonto as of today, Europe/Vienna). */
  openItems: async (scope: TenantScope, query: TOffenePostenQuery) => {
    const heute = todayIso();
    const page = await scope.run((tx) => listPosten(tx, query, heute));
    return { ...page, items: page.items.map((row) => alsPosten(row, heute)) };
  },

  /** One document as an open-document row (whatever its open amount); 404 when the tenant has none. */
  openItem: async (scope: TenantScope, id: number): Promise<TOffenerPosten> => {
    const row = await scope.run((tx) => findPosten(tx, id));
    if (!row) throw notFound();
    return alsPosten(row, todayIso());
  },

  /**
   * PUT unpaidbelege (SPEC §4 "save a partial payment" on a row): POST zahlung with this one document and the amount
   * as its share; problems are named at this body's fields (id, betrag). Answers the row.
   */
  partialPayment: async (scope: TenantScope, eingabe: TTeilzahlung): Promise<TOffenerPosten> => {
    try {
      await scope.change((tx, audit) =>
        zahlungBuchen(tx, scope, audit, {
          zahlungsDatum: eingabe.zahlungsDatum,
          betrag: eingabe.betrag,
          zahlungsart: eingabe.zahlungsart,
          kommentar: eingabe.kommentar,
          belegSet: [{ id: eingabe.id, betrag: eingabe.betrag }],
          ueberzahlung: false,
        }),
      );
    } catch (error) {
      const problem = error as { status?: number; fieldErrors?: TFieldError[] };
      if (problem.status === 400 && problem.fieldErrors) {
        const nur = problem.fieldErrors.find((f) => f.field === "belegSet.0.id");
        if (nur?.code === "notFound") throw notFound();
        throw validation(
          problem.fieldErrors.map((f) => ({
            ...f,
            field:
              f.field === "belegSet.0.id" ? "id" : f.field.startsWith("belegSet.0.") ? "betrag" : f.field,
          })),
        );
      }
      throw error;
    }
    return zahlungService.openItem(scope, eingabe.id);
  },

  /** GET unpaidbelegesum/{slug}: the open balance of the tenant (slug = its id) or of one customer. */
  balance: (scope: TenantScope, slug: string, kundeId: number | undefined): Promise<TOffenerSaldo> => {
    if (slug !== String(scope.id)) throw notFound();
    return scope.run((tx) => offenerSaldo(tx, kundeId));
  },

  /**
   * POST unpaidbelege/{id}/abschreibung: "marked paid" — the open amount written off with a reason (SPEC §4), only on
   * an open invoice (400 at `id`: notFinalized, cancelled, notPayable, notOpen). Answers the row.
   */
  writeOff: async (scope: TenantScope, id: number, eingabe: TAbschreibung): Promise<TOffenerPosten> => {
    await scope.change(async (tx, audit) => {
      const b = (await belegeFuerZahlung(tx, [id])).get(id);
      if (!b) throw notFound();
      const hindernis = zahlungHindernis({ ...b, restbetrag: b.offen });
      if (hindernis) throw validation([{ field: "id", code: hindernis }]);
      await tx.execute(sql`INSERT INTO beleg_abschreibung (beleg_id, betrag, grund, datum, created_by)
        VALUES (${id}, ${String(b.offen)}::numeric, ${eingabe.grund}, ${todayIso()}, ${scope.userId})`);
      audit({
        entity: BELEG,
        entityId: id,
        action: "abschreibung",
        detail: { betrag: b.offen, grund: eingabe.grund },
      });
    });
    return zahlungService.openItem(scope, id);
  },

  /** DELETE unpaidbelege/{id}/abschreibung: the write-off undone (404 when there is none). */
  removeWriteOff: (scope: TenantScope, id: number): Promise<void> =>
    scope.change(async (tx, audit) => {
      await belegeFuerZahlung(tx, [id]);
      const [row] = await queryRows<{ betrag: string | number }>(
        tx,
        sql`DELETE FROM beleg_abschreibung WHERE beleg_id = ${id} RETURNING betrag`,
      );
      if (!row) throw notFound();
      audit({
        entity: BELEG,
        entityId: id,
        action: "abschreibungEntfernt",
        detail: { betrag: Number(row.betrag) },
      });
    }),
};
