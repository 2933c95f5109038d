import { todayIso } from "@kontor/domain/date/calendar";
import { KASSABUCH_EXPORT_MAX } from "@kontor/domain/kassabuch/kassabuch.codes";
import {
  hoechsteAusgabe,
  type KassaEinstellungen,
  laufendeSalden,
  zeitraum,
} from "@kontor/domain/kassabuch/kassabuch.rules";
import type { TKassabuchEintrag } from "@kontor/domain/kassabuch/kassabuch.schema";
import { toNumber } from "@kontor/domain/money/decimal";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/client.ts";
import { auditLog, kassabuchEintrag, mandant } from "../../db/schema/index.ts";
import { withTenant } from "../../db/tenant.ts";
import { call, createTenantUser, createTestApp, login, type TestApp } from "../../test/helpers.ts";
import { createBeleg, rechnungsfaehig } from "../beleg/beleg.testing.ts";
import { pdfSeiten } from "../belegausgabe/pdfText.testing.ts";
import { type Caller, createKunde } from "../kunde/kunde.testing.ts";
import { type Fortsetzung, periodeTeil } from "./kassabuch.repository.ts";
import { buch, buche, eintrag, gebucht, kassaMandant } from "./kassabuch.testing.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const api = (path: string) => `/app/api/${path}`;
const post = (who: Caller, path: string, payload: object = {}) =>
  call(t, { method: "POST", url: api(path), ...who, payload });
const fieldErrors = (body: string) =>
  (JSON.parse(body).fieldErrors as { field: string; code: string }[]).map((f) => `${f.field}:${f.code}`);

describe("access", () => {
  it("no token is 401, on every route", async () => {
    const who = await kassaMandant(t);
    for (const [method, path] of [
      ["GET", "kassabuch"],
      ["PUT", "kassabuch"],
      ["POST", "kassabuch/1/korrektur"],
      ["POST", "kassabuch/abschluss"],
      ["GET", "kassabuch/export?format=csv"],
    ] as const) {
      const response = await call(t, { method, url: api(path), mandantId: who.mandantId, payload: {} });
      expect(response.statusCode, `${method} ${path}`).toBe(401);
    }
  });

  it("without the module 403 error.moduleMissing; without a cash-book role 403 error.forbidden", async () => {
    const ohneModul = await kassaMandant(t, { modules: ["rechnungslegung"] });
    const response = await call(t, { method: "GET", url: api("kassabuch"), ...ohneModul });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe("error.moduleMissing");
    const nurUser = await kassaMandant(t, { authorities: ["ROLE_USER"] });
    for (const [method, path] of [
      ["GET", "kassabuch"],
      ["PUT", "kassabuch"],
      ["GET", "kassabuch/export?format=pdf"],
    ] as const) {
      const r = await call(t, { method, url: api(path), ...nurUser, payload: eintrag() });
      expect(r.statusCode, `${method} ${path}`).toBe(403);
      expect(r.json().code).toBe("error.forbidden");
    }
  });

  it("ROLE_KASSABUCH reads and posts, but corrections and closes need ROLE_KASSABUCH_ADMIN", async () => {
    const who = await kassaMandant(t, { authorities: ["ROLE_KASSABUCH"] });
    const e = await gebucht(t, who, { typ: "einnahme" });
    expect((await buch(t, who)).total).toBe(1);
    expect((await post(who, `kassabuch/${e.id}/korrektur`)).statusCode).toBe(403);
    expect((await post(who, "kassabuch/abschluss", { art: "tag", datum: "2025-03-01" })).statusCode).toBe(
      403,
    );
  });

  it("another tenant's entries are not seen, and its ids are 404", async () => {
    const a = await kassaMandant(t);
    const b = await kassaMandant(t);
    const fremd = await gebucht(t, b, { typ: "einnahme", text: "ZZB-geheim" });
    const seen = await buch(t, a, "?search=ZZB");
    expect(seen.total).toBe(0);
    expect(JSON.stringify(seen)).not.toContain("ZZB");
    expect((await post(a, `kassabuch/${fremd.id}/korrektur`)).statusCode).toBe(404);
    // B's supplier and VAT rate cannot be named in A's entry.
    const lieferant = await createKunde(t, b, { bezeichnung: "B-Lieferant", lieferant: true });
    const response = await buche(t, a, { lieferant: { id: lieferant.id } });
    expect(response.statusCode).toBe(400);
    expect(fieldErrors(response.body)).toEqual(["lieferant.id:notFound"]);
    expect((await buch(t, b)).total).toBe(1);
  });
});

describe("PUT kassabuch", () => {
  it("posts an entry with supplier and VAT rate; the answer carries the running balance", async () => {
    const who = await kassaMandant(t);
    const lieferant = await createKunde(t, who, { bezeichnung: "Papier Huber", lieferant: true });
    const mwst = (await call(t, { method: "GET", url: api("mehrwertssteuers/all"), ...who })).json() as {
      id: number;
      mwst: number;
    }[];
    const satz = mwst.find((m) => m.mwst === 20)!;
    const e = await gebucht(t, who, {
      betrag: 12.34,
      belegnummer: "B-1",
      kontonummer: "7600",
      text: "Kopierpapier",
      lieferant: { id: lieferant.id },
      mehrwertssteuer: { id: satz.id },
    });
    expect(e).toMatchObject({
      date: "2025-03-01",
      typ: "ausgabe",
      betrag: 12.34,
      saldo: 87.66,
      belegnummer: "B-1",
      kontonummer: "7600",
      lieferant: { id: lieferant.id, anzeigename: "Papier Huber" },
      mehrwertssteuer: { id: satz.id, mwst: 20 },
      beleg: null,
      korrekturVon: null,
      korrigiertDurch: null,
    });
    // Audited in the same transaction.
    const log = await withTenant(t.db, who.mandantId, (tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, "kassabuch"), eq(auditLog.entityId, e.id))),
    );
    expect(log.map((l) => l.action)).toEqual(["create"]);
  });

  it.each<[string, object, string[]]>([
    ["amount zero", { betrag: 0 }, ["betrag:min"]],
    ["negative amount", { betrag: -1 }, ["betrag:min"]],
    ["three decimals", { betrag: 1.001 }, ["betrag:invalid"]],
    ["no text", { text: " " }, ["text:required"]],
    ["unknown type", { typ: "umbuchung" }, ["typ:enum"]],
    ["impossible date", { date: "2025-02-30" }, ["date:pattern"]],
    ["unknown field", { saldo: 5 }, ["saldo:unknownField"]],
    ["a customer who is no supplier", { lieferant: { id: -1 } }, ["lieferant.id:min"]],
  ])("400 for %s, nothing stored", async (_, over, codes) => {
    const who = await kassaMandant(t);
    const response = await buche(t, who, over);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().code).toBe("error.validation");
    expect(fieldErrors(response.body)).toEqual(codes);
    expect((await buch(t, who)).total).toBe(0);
  });

  it("400 for a customer who is no supplier and a VAT rate that does not exist", async () => {
    const who = await kassaMandant(t);
    const kunde = await createKunde(t, who, { bezeichnung: "Nur Kunde" });
    const response = await buche(t, who, { lieferant: { id: kunde.id }, mehrwertssteuer: { id: 999999999 } });
    expect(response.statusCode).toBe(400);
    expect(fieldErrors(response.body)).toEqual(["lieferant.id:notFound", "mehrwertssteuer.id:notFound"]);
  });

  it("a body with an id is 409 error.kassabuchAppendOnly: entries are never changed", async () => {
    const who = await kassaMandant(t);
    const e = await gebucht(t, who, { typ: "einnahme" });
    const response = await buche(t, who, { id: e.id, betrag: 1 });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe("error.kassabuchAppendOnly");
    expect((await buch(t, who)).entries.map((x) => x.betrag)).toEqual([10]);
  });

  it("an expense above the cash balance is refused at the amount, with the largest possible", async () => {
    const who = await kassaMandant(t, { kassaBetrag: 50 });
    const response = await buche(t, who, { betrag: 50.01 });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: "error.cashBalanceExceeded",
      fieldErrors: [{ field: "betrag", code: "cashBalanceExceeded", max: 50 }],
    });
    expect((await buch(t, who)).total).toBe(0);
    await gebucht(t, who, { betrag: 50 });
    expect((await buch(t, who)).actualBalance).toBe(0);
  });

  it("a back-dated expense may not take a later running balance below zero", async () => {
    const who = await kassaMandant(t, { kassaBetrag: 100 });
    await gebucht(t, who, { date: "2025-03-10", betrag: 80 });
    // The end of 03-01 holds 100, but 03-10 would go below zero beyond 20.
    const zuViel = await buche(t, who, { date: "2025-03-01", betrag: 20.01 });
    expect(zuViel.statusCode).toBe(409);
    expect(zuViel.json().fieldErrors[0].max).toBe(20);
    await gebucht(t, who, { date: "2025-03-01", betrag: 20 });
    const b = await buch(t, who);
    expect(b.entries.map((e) => [e.date, e.saldo])).toEqual([
      ["2025-03-01", 80],
      ["2025-03-10", 0],
    ]);
  });

  it("a day before the cash book's start is refused at the date", async () => {
    const who = await kassaMandant(t, { kassaStartdatum: "2025-02-01" });
    const response = await buche(t, who, { date: "2025-01-31", typ: "einnahme" });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: "error.kassabuchBeforeStart",
      fieldErrors: [{ field: "date", code: "beforeKassaStart" }],
    });
  });

  it("amounts are exact: 0.10 + 0.20 is 0.30", async () => {
    const who = await kassaMandant(t, { kassaBetrag: 0 });
    await gebucht(t, who, { typ: "einnahme", betrag: 0.1 });
    await gebucht(t, who, { typ: "einnahme", betrag: 0.2 });
    const e = await gebucht(t, who, { betrag: 0.3 });
    expect(e.saldo).toBe(0);
  });
});

describe("GET kassabuch", () => {
  async function buchMitDrei() {
    const who = await kassaMandant(t, { kassaBetrag: 100 });
    await gebucht(t, who, { date: "2025-03-05", typ: "einnahme", betrag: 50, text: "Verkauf Bar" });
    await gebucht(t, who, { date: "2025-03-01", typ: "ausgabe", betrag: 30, text: "Porto Post" });
    await gebucht(t, who, {
      date: "2025-04-02",
      typ: "ausgabe",
      betrag: 5.5,
      text: "Kaffee",
      belegnummer: "K-9",
    });
    return who;
  }

  it("rows in the book's order with running balances, balances and the whole book's summary", async () => {
    const who = await buchMitDrei();
    const b = await buch(t, who);
    expect(b.total).toBe(3);
    expect(b.entries.map((e) => [e.date, e.typ, e.betrag, e.saldo])).toEqual([
      ["2025-03-01", "ausgabe", 30, 70],
      ["2025-03-05", "einnahme", 50, 120],
      ["2025-04-02", "ausgabe", 5.5, 114.5],
    ]);
    expect(b.actualBalance).toBe(114.5);
    expect(b.completeBalance).toBe(114.5);
    expect(b.zeitraum).toEqual({
      von: null,
      bis: null,
      anfangsbestand: 100,
      einnahmen: 50,
      ausgaben: 35.5,
      endbestand: 114.5,
      jahreswechsel: false,
    });
    expect(b.kassaStartdatum).toBe("2025-01-01");
    expect(b.abgeschlossenBis).toBeNull();
  });

  it("a period: opening before von, the balances of the rows as in the whole book", async () => {
    const who = await buchMitDrei();
    const b = await buch(t, who, "?von=2025-03-02&bis=2025-03-31");
    expect(b.entries.map((e) => [e.date, e.saldo])).toEqual([["2025-03-05", 120]]);
    expect(b.zeitraum).toMatchObject({ anfangsbestand: 70, einnahmen: 50, ausgaben: 0, endbestand: 120 });
  });

  it("pages, sorts by date or id both ways, filters by typ and search", async () => {
    const who = await buchMitDrei();
    const seite2 = await buch(t, who, "?size=2&page=1");
    expect(seite2.total).toBe(3);
    expect(seite2.entries.map((e) => e.date)).toEqual(["2025-04-02"]);
    const desc = await buch(t, who, "?sort=date,desc");
    expect(desc.entries.map((e) => e.date)).toEqual(["2025-04-02", "2025-03-05", "2025-03-01"]);
    expect(desc.entries.map((e) => e.saldo)).toEqual([114.5, 120, 70]);
    const ids = await buch(t, who, "?sort=id,asc");
    expect(ids.entries.map((e) => e.date)).toEqual(["2025-03-05", "2025-03-01", "2025-04-02"]);
    const ausgaben = await buch(t, who, "?typ=ausgabe");
    expect(ausgaben.total).toBe(2);
    expect((await buch(t, who, "?search=porto")).entries.map((e) => e.text)).toEqual(["Porto Post"]);
    expect((await buch(t, who, "?search=k-9")).entries.map((e) => e.text)).toEqual(["Kaffee"]);
    expect((await buch(t, who, "?search=%25")).total).toBe(0);
    const hinterDemEnde = await buch(t, who, "?page=5");
    expect(hinterDemEnde.entries).toEqual([]);
    expect(hinterDemEnde.total).toBe(3);
  });

  it.each([
    ["?sort=betrag,asc"],
    ["?size=0"],
    ["?von=2025-13-01"],
    ["?typ=x"],
    ["?page=-1"],
  ])("400 for %s", async (query) => {
    const who = await kassaMandant(t);
    const response = await call(t, { method: "GET", url: api(`kassabuch${query}`), ...who });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe("error.validation");
  });

  it("future-dated entries count in completeBalance, not in actualBalance", async () => {
    const who = await kassaMandant(t, { kassaBetrag: 10 });
    const morgen = `${Number(todayIso().slice(0, 4)) + 1}-06-01`;
    await gebucht(t, who, { date: morgen, typ: "einnahme", betrag: 5 });
    const b = await buch(t, who);
    expect([b.actualBalance, b.completeBalance]).toEqual([10, 15]);
  });

  it("years starting at zero: each year opens at zero after the start year; a period across one is flagged", async () => {
    const who = await kassaMandant(t, { kassaBetrag: 100, kassaStartZeroYear: true });
    await gebucht(t, who, { date: "2025-12-30", typ: "ausgabe", betrag: 40 });
    // 2026 opens at zero: no expense before income.
    const response = await buche(t, who, { date: "2026-01-02", betrag: 1 });
    expect(response.json().code).toBe("error.cashBalanceExceeded");
    await gebucht(t, who, { date: "2026-01-03", typ: "einnahme", betrag: 7 });
    const b = await buch(t, who, "?von=2025-12-01&bis=2026-01-31");
    expect(b.entries.map((e) => e.saldo)).toEqual([60, 7]);
    expect(b.zeitraum).toMatchObject({ anfangsbestand: 100, endbestand: 7, jahreswechsel: true });
  });
});

describe("a longer book: pages deep into it, balances from the day rows", () => {
  /**
   * 300 entries over two months across a year change, inserted as the table owner in one statement (the day rows'
   * trigger sums many days at once), dated at random so ids and dates disagree (back-dated entries). Every page of
   * every order must carry the rules' running balances; totals, the period's summary and the guard's limit too.
   */
  async function langesBuch(zeroYear: boolean) {
    const e: KassaEinstellungen = {
      kassaBetrag: "500.00",
      kassaStartdatum: "2025-12-01",
      kassaStartZeroYear: zeroYear,
    };
    const who = await kassaMandant(t, { kassaBetrag: 500, kassaStartdatum: "2025-12-01" });
    await t.db.update(mandant).set({ kassaStartZeroYear: zeroYear }).where(eq(mandant.id, who.mandantId));
    let x = zeroYear ? 7 : 11;
    const zufall = (n: number) => {
      x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
      return x % n;
    };
    const werte = Array.from({ length: 300 }, (_, i) => {
      const tag = zufall(62);
      const date =
        tag < 31
          ? `2025-12-${String(tag + 1).padStart(2, "0")}`
          : `2026-01-${String(tag - 30).padStart(2, "0")}`;
      const typ = zufall(3) === 0 ? ("einnahme" as const) : ("ausgabe" as const);
      return {
        mandantId: who.mandantId,
        datum: date,
        text: `Lang ${i}`,
        typ,
        betrag: (1 + zufall(9_000) / 100).toFixed(2),
        erfasstLogin: who.login,
      };
    });
    const ids = await t.db.insert(kassabuchEintrag).values(werte).returning({ id: kassabuchEintrag.id });
    const buchungen = werte.map((w, i) => ({ id: ids[i]!.id, date: w.datum, typ: w.typ, betrag: w.betrag }));
    const saldo = new Map(laufendeSalden(e, buchungen).map((z) => [z.buchung.id, toNumber(z.saldo)]));
    return { who, e, buchungen, saldo };
  }

  it.each([false, true])("kassaStartZeroYear %s", async (zeroYear) => {
    const { who, e, buchungen, saldo } = await langesBuch(zeroYear);
    for (const query of [
      "",
      "&sort=date,desc",
      "&sort=id,desc",
      "&typ=ausgabe&sort=date,desc",
      "&von=2025-12-20&bis=2026-01-10",
    ]) {
      const erste = await buch(t, who, `?size=20${query}`);
      const gesehen: number[] = [];
      for (let page = 0; page * 20 < erste.total + 20; page++) {
        const b = await buch(t, who, `?size=20&page=${page}${query}`);
        expect(b.total, query).toBe(erste.total);
        for (const eintrag of b.entries)
          expect([eintrag.id, eintrag.saldo], query).toEqual([eintrag.id, saldo.get(eintrag.id)]);
        gesehen.push(...b.entries.map((eintrag) => eintrag.id));
      }
      expect(new Set(gesehen).size, query).toBe(erste.total);
      expect(gesehen.length, query).toBe(erste.total);
    }
    expect((await buch(t, who, "?typ=ausgabe")).total).toBe(
      buchungen.filter((b) => b.typ === "ausgabe").length,
    );
    const periode = await buch(t, who, "?von=2025-12-20&bis=2026-01-10");
    const regel = zeitraum(e, buchungen, "2025-12-20", "2026-01-10", todayIso());
    expect(periode.zeitraum).toMatchObject({
      anfangsbestand: toNumber(regel.anfangsbestand),
      einnahmen: toNumber(regel.einnahmen),
      ausgaben: toNumber(regel.ausgaben),
      endbestand: toNumber(regel.endbestand),
    });
    // The export's parts (here 7 entries each): the balances run on across parts and across the year change.
    for (const [von, bis] of [
      [null, null],
      ["2025-12-20", "2026-01-10"],
    ] as const) {
      const gelesen: { id: number; saldo: number }[] = [];
      let weiter: Fortsetzung | null = null;
      do {
        const teil = await withTenant(t.db, who.mandantId, (tx) =>
          periodeTeil(tx, e, { von, bis }, weiter, 7),
        );
        gelesen.push(...teil.items.map((eintrag) => ({ id: eintrag.id, saldo: eintrag.saldo })));
        weiter = teil.weiter ?? null;
      } while (weiter !== null);
      const erwartet = laufendeSalden(e, buchungen)
        .filter((z) => (von === null || z.buchung.date >= von) && (bis === null || z.buchung.date <= bis))
        .map((z) => ({ id: z.buchung.id, saldo: toNumber(z.saldo) }));
      expect(gelesen, `${von}…${bis}`).toEqual(erwartet);
    }
    for (const date of ["2025-12-01", "2025-12-24", "2026-01-01", "2026-01-31"]) {
      const response = await buche(t, who, { date, betrag: 9_999_999 });
      expect(response.statusCode, date).toBe(409);
      const max = Math.max(0, toNumber(hoechsteAusgabe(e, buchungen, date)));
      expect(response.json().fieldErrors[0].max, date).toBe(max);
    }
  });

  it("the day rows are the triggers' alone: the application role may read them, not write them", async () => {
    const who = await kassaMandant(t);
    await gebucht(t, who, { typ: "einnahme", betrag: 3 });
    const [tag] = await withTenant(t.db, who.mandantId, (tx) =>
      queryRows(tx, sql`SELECT anzahl, einnahmen::text AS einnahmen FROM kassabuch_tag`),
    );
    expect(tag).toMatchObject({ anzahl: 1, einnahmen: "3.00" });
    await expect(
      withTenant(t.db, who.mandantId, (tx) => tx.execute(sql`UPDATE kassabuch_tag SET anzahl = 0`)),
    ).rejects.toThrow();
  });
});

describe("corrections", () => {
  it("a counter-entry refers to the entry; once only; a correction is not corrected", async () => {
    const who = await kassaMandant(t);
    const e = await gebucht(t, who, { betrag: 25, text: "Falsch gebucht" });
    const response = await post(who, `kassabuch/${e.id}/korrektur`, { date: "2025-03-02" });
    expect(response.statusCode, response.body).toBe(200);
    const k: TKassabuchEintrag = response.json();
    expect(k).toMatchObject({
      typ: "einnahme",
      betrag: 25,
      korrekturVon: e.id,
      saldo: 100,
      text: "Falsch gebucht",
    });
    const b = await buch(t, who);
    expect(b.entries.find((x) => x.id === e.id)?.korrigiertDurch).toBe(k.id);
    expect((await post(who, `kassabuch/${e.id}/korrektur`)).json().code).toBe("error.kassabuchKorrigiert");
    expect((await post(who, `kassabuch/${k.id}/korrektur`)).json().code).toBe("error.kassabuchKorrigiert");
    expect((await post(who, "kassabuch/999999999/korrektur")).statusCode).toBe(404);
    const bad = await post(who, `kassabuch/${e.id}/korrektur`, { date: "x" });
    expect(bad.statusCode).toBe(400);
  });

  it("correcting an income whose cash is spent is refused by the balance guard", async () => {
    const who = await kassaMandant(t, { kassaBetrag: 0 });
    const e = await gebucht(t, who, { typ: "einnahme", betrag: 30 });
    await gebucht(t, who, { betrag: 20 });
    const response = await post(who, `kassabuch/${e.id}/korrektur`, { date: "2025-03-01" });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe("error.cashBalanceExceeded");
  });
});

describe("closing", () => {
  it("a month close freezes the month: entries dated in it are refused at the date", async () => {
    const who = await kassaMandant(t);
    await gebucht(t, who, { date: "2025-03-10", typ: "einnahme", betrag: 5 });
    const response = await post(who, "kassabuch/abschluss", { art: "monat", datum: "2025-03-10" });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ art: "monat", bis: "2025-03-31", saldo: 105 });
    expect((await buch(t, who)).abgeschlossenBis).toBe("2025-03-31");
    const refused = await buche(t, who, { date: "2025-03-31", typ: "einnahme" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: "error.kassabuchClosed",
      fieldErrors: [{ field: "date", code: "periodClosed" }],
    });
    await gebucht(t, who, { date: "2025-04-01", typ: "einnahme" });
    // Only forward, only ended periods.
    const again = await post(who, "kassabuch/abschluss", { art: "tag", datum: "2025-03-15" });
    expect(again.json().code).toBe("error.kassabuchClosed");
    const zukunft = await post(who, "kassabuch/abschluss", { art: "tag", datum: "2199-01-01" });
    expect(zukunft.statusCode).toBe(400);
    expect(fieldErrors(zukunft.body)).toEqual(["datum:future"]);
    const falsch = await post(who, "kassabuch/abschluss", { art: "jahr", datum: "2025-03-15" });
    expect(falsch.statusCode).toBe(400);
    // A correction cannot be dated into the closed month either.
    const e = (await buch(t, who)).entries[0]!;
    const k = await post(who, `kassabuch/${e.id}/korrektur`, { date: "2025-03-20" });
    expect(k.json().code).toBe("error.kassabuchClosed");
  });
});

describe("cash invoices", () => {
  const kunden = new Map<number, number>();
  /** A finalized cash invoice of the tenant (made able to issue invoices, with a customer). */
  async function barrechnung(who: Caller, over: object = {}) {
    if (!kunden.has(who.mandantId)) {
      await rechnungsfaehig(t, who.mandantId);
      kunden.set(who.mandantId, (await createKunde(t, who, { bezeichnung: "Barkunde" })).id);
    }
    const draft = await createBeleg(t, who, {
      belegDatum: "2025-03-02",
      leistungsDatum: "2025-03-02",
      kunde: { id: kunden.get(who.mandantId)! },
      ...over,
    });
    const response = await post(who, `beleg/${draft.id}/freigabe`);
    expect(response.statusCode, response.body).toBe(200);
    // Paid at issue: the finalization answers it so, as a read after it does.
    const gelesen = await call(t, { method: "GET", url: api(`beleg/${draft.id}`), ...who });
    expect(response.json()).toMatchObject({ bezahlt: true, restbetrag: 0 });
    expect(gelesen.json()).toMatchObject({ bezahlt: true, restbetrag: 0 });
    return response.json() as { id: number; belegNummer: string };
  }

  it("finalizing posts the income per VAT rate, referring to the invoice; its storno posts the counter-entry", async () => {
    const who = await kassaMandant(t, { kassaBetrag: 0 });
    const b = await barrechnung(who, {
      belegspositionSet: [
        { positionsBeschreibung: "Beratung", positionsMenge: 2, positionsPreis: 50, positionsMwst: 20 },
        { positionsBeschreibung: "Buch", positionsMenge: 1, positionsPreis: 10, positionsMwst: 10 },
      ],
    });
    let book = await buch(t, who);
    expect(
      book.entries.map((e) => [e.typ, e.betrag, e.mehrwertssteuer?.mwst, e.beleg?.id, e.belegnummer]),
    ).toEqual([
      ["einnahme", 120, 20, b.id, b.belegNummer],
      ["einnahme", 11, 10, b.id, b.belegNummer],
    ]);
    expect(book.actualBalance).toBe(131);
    // An entry of an invoice is corrected by its storno, not by hand.
    expect((await post(who, `kassabuch/${book.entries[0]!.id}/korrektur`)).json().code).toBe(
      "error.kassabuchBeleg",
    );
    const storno = await post(who, `beleg/${b.id}/storno`, { belegDatum: "2025-03-03" });
    expect(storno.statusCode, storno.body).toBe(200);
    book = await buch(t, who);
    expect(book.entries.map((e) => [e.date, e.typ, e.betrag, e.beleg?.id, e.korrekturVon])).toEqual([
      ["2025-03-02", "einnahme", 120, b.id, null],
      ["2025-03-02", "einnahme", 11, b.id, null],
      ["2025-03-03", "ausgabe", 120, storno.json().id, book.entries[0]!.id],
      ["2025-03-03", "ausgabe", 11, storno.json().id, book.entries[1]!.id],
    ]);
    expect(book.actualBalance).toBe(0);
  });

  it("paid by card (bankomat), dated before the book's start, or without the module: no cash entry", async () => {
    const who = await kassaMandant(t, { kassaStartdatum: "2025-03-01" });
    await barrechnung(who, { bankomat: true });
    await barrechnung(who, { belegDatum: "2025-02-28" });
    expect((await buch(t, who)).total).toBe(0);
    const ohne = await kassaMandant(t, { modules: ["rechnungslegung"] });
    const b = await barrechnung(ohne);
    const count = await withTenant(t.db, ohne.mandantId, (tx) =>
      tx.select({ n: sql<number>`count(*)::int` }).from(kassabuchEintrag),
    );
    expect(count[0]!.n).toBe(0);
    expect(b.belegNummer).toBeTruthy();
  });

  it("a storno whose cash is spent is refused and nothing changes; a closed day refuses the finalization", async () => {
    const who = await kassaMandant(t, { kassaBetrag: 0 });
    const b = await barrechnung(who);
    await gebucht(t, who, { date: "2025-03-02", betrag: 100 });
    const storno = await post(who, `beleg/${b.id}/storno`, { belegDatum: "2025-03-03" });
    expect(storno.statusCode).toBe(409);
    expect(storno.json().code).toBe("error.cashBalanceExceeded");
    const original = await call(t, { method: "GET", url: api(`beleg/${b.id}`), ...who });
    expect(original.json().storniert).toBe(false);
    expect((await buch(t, who)).total).toBe(2);

    expect((await post(who, "kassabuch/abschluss", { art: "monat", datum: "2025-03-01" })).statusCode).toBe(
      200,
    );
    const draft = await createBeleg(t, who, {
      belegDatum: "2025-03-20",
      leistungsDatum: "2025-03-20",
      kunde: { id: kunden.get(who.mandantId)! },
    });
    const refused = await post(who, `beleg/${draft.id}/freigabe`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: "error.kassabuchClosed",
      fieldErrors: [{ field: "belegDatum", code: "periodClosed" }],
    });
    const still = await call(t, { method: "GET", url: api(`beleg/${draft.id}`), ...who });
    expect(still.json().freigabe).toBe(false);
  });
});

describe("export", () => {
  async function exportiert(who: Caller, query: string) {
    const response = await call(t, { method: "GET", url: api(`kassabuch/export?${query}`), ...who });
    expect(response.statusCode, response.body).toBe(200);
    return response;
  }

  it("CSV: UTF-8 with BOM, semicolons, decimal comma in German, point in English; formulas defused", async () => {
    const who = await kassaMandant(t, { kassaBetrag: 1234.5 });
    const a = await gebucht(t, who, {
      date: "2025-03-01",
      typ: "einnahme",
      betrag: 1000.25,
      text: "=HYPERLINK(1)",
    });
    const b = await gebucht(t, who, { date: "2025-03-02", betrag: 0.75, text: 'Porto; "Brief"' });
    const k = (
      await post(who, `kassabuch/${b.id}/korrektur`, { date: "2025-03-03" })
    ).json() as TKassabuchEintrag;
    const de = await exportiert(who, "format=csv&von=2025-03-01&bis=2025-03-31&lang=de");
    expect(de.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(de.headers["x-filename"]).toBe("Kassabuch 2025-03-01 bis 2025-03-31.csv");
    expect(de.headers["content-disposition"]).toContain("attachment");
    const text = de.rawPayload.toString("utf8");
    expect(text.startsWith("\uFEFFNr.;Datum;")).toBe(true);
    expect(text.slice(1).trimEnd().split("\r\n")).toEqual([
      "Nr.;Datum;Beleg-Nr.;Konto;Text;Lieferant;Typ;MwSt. %;Einnahme;Ausgabe;Saldo;Korrektur zu Nr.",
      ";01.03.2025;;;Anfangsbestand;;;;;;1234,50;",
      `${a.id};01.03.2025;;;'=HYPERLINK(1);;Einnahme;;1000,25;;2234,75;`,
      `${b.id};02.03.2025;;;"Porto; ""Brief""";;Ausgabe;;;0,75;2234,00;`,
      `${k.id};03.03.2025;;;"Porto; ""Brief""";;Einnahme;;0,75;;2234,75;${b.id}`,
      ";;;;Summe;;;;1001,00;0,75;;",
      ";31.03.2025;;;Endbestand;;;;;;2234,75;",
    ]);
    const en = (
      await exportiert(who, "format=csv&von=2025-03-01&bis=2025-03-31&lang=en")
    ).rawPayload.toString();
    expect(en).toContain(";2025-03-01;;;Opening balance;;;;;;1234.50;");
    expect(en).toContain("Closing balance;;;;;;2234.75;");
  });

  it("PDF: opening and closing balance, each entry, totals — in the chosen language", async () => {
    const who = await kassaMandant(t, { kassaBetrag: 100 });
    await gebucht(t, who, { date: "2025-03-01", typ: "einnahme", betrag: 20, text: "Barverkauf Zeitung" });
    await gebucht(t, who, { date: "2025-03-02", betrag: 5, text: "Briefmarken" });
    const de = await exportiert(who, "format=pdf&von=2025-03-01&bis=2025-03-31&lang=de");
    expect(de.headers["content-type"]).toBe("application/pdf");
    const seiten = (await pdfSeiten(de.rawPayload)).join("\n");
    for (const text of [
      "Kassabuch",
      "Anfangsbestand",
      "100,00 €",
      "Barverkauf Zeitung",
      "Briefmarken",
      "Endbestand",
      "115,00 €",
      "Summe",
    ])
      expect(seiten).toContain(text);
    const en = (await pdfSeiten((await exportiert(who, "format=pdf&lang=en")).rawPayload)).join("\n");
    for (const text of ["Cash book", "Opening balance", "€100.00", "Closing balance", "€115.00"])
      expect(en).toContain(text);
  });

  it("a period beyond the format's cap is 400 at von (code max) before anything is read; the CSV comes in parts", async () => {
    const who = await kassaMandant(t, { kassaBetrag: 100 });
    const n = KASSABUCH_EXPORT_MAX.pdf + 1;
    // As the table owner, in one statement: 250 entries a day from 2025-02-01 (cheaper than n postings).
    await t.db.execute(sql`
      INSERT INTO kassabuch_eintrag (mandant_id, datum, text, typ, betrag, erfasst_login)
      SELECT ${who.mandantId}, date '2025-02-01' + (g / 250), 'Masse ' || g, 'einnahme', 1.00, 'test'
        FROM generate_series(0, ${n - 1}) g`);
    const zuViel = await call(t, { method: "GET", url: api("kassabuch/export?format=pdf&lang=de"), ...who });
    expect(zuViel.statusCode).toBe(400);
    expect(zuViel.json()).toMatchObject({
      code: "error.validation",
      fieldErrors: [{ field: "von", code: "max", max: KASSABUCH_EXPORT_MAX.pdf }],
    });
    const tag = await exportiert(who, "format=pdf&von=2025-02-03&bis=2025-02-03&lang=en");
    expect((await pdfSeiten(tag.rawPayload)).join("\n")).toContain("€850.00");
    // The CSV of all of them: more than one part of the export (5 000), the balances running on across parts.
    expect(KASSABUCH_EXPORT_MAX.csv).toBeGreaterThan(n);
    const zeilen = (await exportiert(who, "format=csv&lang=en")).rawPayload
      .toString("utf8")
      .trimEnd()
      .split("\r\n");
    expect(zeilen).toHaveLength(n + 4);
    const salden = zeilen.slice(2, -2).map((z) => z.split(";")[10]);
    expect(salden).toEqual(Array.from({ length: n }, (_, i) => (101 + i).toFixed(2)));
    expect(zeilen.at(-2)).toBe(`;;;;Total;;;;${n}.00;0.00;;`);
    expect(zeilen.at(-1)).toContain(`;Closing balance;;;;;;${100 + n}.00;`);
  });

  it("400 for an unknown format or language", async () => {
    const who = await kassaMandant(t);
    for (const query of ["format=xlsx", "format=csv&lang=fr", ""]) {
      const response = await call(t, { method: "GET", url: api(`kassabuch/export?${query}`), ...who });
      expect(response.statusCode, query).toBe(400);
    }
  });
});

describe("append-only in the database", () => {
  it("the application role can neither change nor delete entries and closes", async () => {
    const who = await kassaMandant(t);
    const e = await gebucht(t, who, { typ: "einnahme" });
    await expect(
      withTenant(t.db, who.mandantId, (tx) =>
        tx.update(kassabuchEintrag).set({ betrag: "1.00" }).where(eq(kassabuchEintrag.id, e.id)),
      ),
    ).rejects.toThrow();
    await expect(
      withTenant(t.db, who.mandantId, (tx) =>
        tx.delete(kassabuchEintrag).where(eq(kassabuchEintrag.id, e.id)),
      ),
    ).rejects.toThrow();
    await expect(
      withTenant(t.db, who.mandantId, (tx) => tx.execute(sql`DELETE FROM kassabuch_abschluss`)),
    ).rejects.toThrow();
    expect((await buch(t, who)).entries[0]!.betrag).toBe(10);
  });
});

describe("plain user login", () => {
  it("a member with the cash-book role only sees the book", async () => {
    const user = await createTenantUser(t, { authorities: ["ROLE_KASSABUCH"], modules: ["kassabuch"] });
    const who = { token: await login(t, user), mandantId: user.mandantId };
    expect((await buch(t, who)).entries).toEqual([]);
  });
});

describe("the tenant's cash settings once the book has entries", () => {
  async function einstellungenAendern(who: Caller, aenderung: object) {
    const current = (await call(t, { method: "GET", url: api(`mandants/${who.mandantId}`), ...who })).json();
    return call(t, { method: "PUT", url: api("mandants"), ...who, payload: { ...current, ...aenderung } });
  }
  const verwalter = () =>
    kassaMandant(t, {
      authorities: ["ROLE_USER", "ROLE_ADMIN_MANDANT", "ROLE_KASSABUCH", "ROLE_KASSABUCH_ADMIN"],
      kassaBetrag: 100,
    });

  it("may change as long as no running balance falls below zero and no entry is before the start", async () => {
    const who = await verwalter();
    await gebucht(t, who, { date: "2025-03-01", betrag: 60 });
    expect((await einstellungenAendern(who, { kassaBetrag: 60 })).statusCode).toBe(200);
    const zuWenig = await einstellungenAendern(who, { kassaBetrag: 59.99, email: "neu@example.test" });
    expect(zuWenig.statusCode).toBe(409);
    // Refused as a whole: the other field of the same save is not stored either.
    const danach = (await call(t, { method: "GET", url: api(`mandants/${who.mandantId}`), ...who })).json();
    expect([danach.kassaBetrag, danach.email]).toEqual([60, null]);
    expect(zuWenig.json()).toMatchObject({
      code: "error.cashBalanceExceeded",
      fieldErrors: [{ field: "kassaBetrag", code: "cashBalanceExceeded" }],
    });
    const start = await einstellungenAendern(who, { kassaStartdatum: "2025-03-02" });
    expect(start.json()).toMatchObject({
      code: "error.kassabuchBeforeStart",
      fieldErrors: [{ field: "kassaStartdatum", code: "beforeKassaStart" }],
    });
    expect((await buch(t, who)).actualBalance).toBe(0);
    // Unrelated changes of the tenant are not affected.
    expect((await einstellungenAendern(who, { email: "kasse@example.test" })).statusCode).toBe(200);
  });

  it("cannot change once a period is closed", async () => {
    const who = await verwalter();
    await gebucht(t, who, { date: "2025-03-01", typ: "einnahme" });
    expect((await post(who, "kassabuch/abschluss", { art: "tag", datum: "2025-03-01" })).statusCode).toBe(
      200,
    );
    const response = await einstellungenAendern(who, { kassaBetrag: 500 });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe("error.kassabuchClosed");
  });
});
