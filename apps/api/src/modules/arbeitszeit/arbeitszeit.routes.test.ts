import {
  MONAT_AKTIONEN,
  MONAT_STATUS,
  type TMonatStatus,
} from "@kontor/domain/arbeitszeit/arbeitszeit.codes";
import type {
  TArbeitszeit,
  TArbeitszeitHistorie,
  TArbeitszeitMonat,
  TFeiertag,
  TTeamZeile,
} from "@kontor/domain/arbeitszeit/arbeitszeit.schema";
import { todayIso } from "@kontor/domain/date/calendar";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTenant } from "../../db/tenant.ts";
import { createTestApp, type TestApp } from "../../test/helpers.ts";
import {
  api,
  fieldErrors,
  mitglied,
  ok,
  type Person,
  satz,
  vierzigStunden,
  zeitMandant,
} from "./arbeitszeit.testing.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** A tenant with an admin and an employee (40 h from 2025-05-01). */
async function betrieb(): Promise<{ admin: Person; ma: Person }> {
  const admin = await zeitMandant(t);
  const ma = await mitglied(t, admin.mandantId, ["ROLE_ARBEITSZEITERFASSUNG"], {
    firstName: "Eva",
    lastName: "Muster",
  });
  await ok(api(t, admin, "PUT", `zem_settings/${ma.userId}`, vierzigStunden()));
  return { admin, ma };
}

const erfasst = (who: Person, over = {}) => ok<TArbeitszeit>(api(t, who, "PUT", "zeiterfassung", satz(over)));
const monat = (who: Person, m: string, userId?: number) =>
  ok<TArbeitszeitMonat>(
    api(t, who, "GET", `zeiterfassung/monat?monat=${m}${userId ? `&userId=${userId}` : ""}`),
  );
const aktion = (who: Person, a: string, body: object) =>
  api(t, who, "POST", `zeiterfassung/monat/${a}`, body);

const ROUTES: [string, string, object?][] = [
  ["GET", "zeiterfassung?von=2025-05-01&bis=2025-05-31"],
  ["PUT", "zeiterfassung", satz()],
  ["GET", "zeiterfassung/1"],
  ["DELETE", "zeiterfassung/1"],
  ["GET", "zeiterfassung/1/historie"],
  ["POST", "zeiterfassung/kommen", {}],
  ["POST", "zeiterfassung/gehen"],
  ["GET", "zeiterfassung/monat?monat=2025-05"],
  ["POST", "zeiterfassung/monat/einreichen", { monat: "2025-05" }],
  ["GET", "zeiterfassung/mitarbeiter?monat=2025-05"],
  ["GET", "zeiterfassung/betrieb"],
  [
    "PUT",
    "zeiterfassung/betrieb",
    { region: "AT", pausenAbzug: false, confirmTimes: true, zeitausgleich: true, vacationMode: true },
  ],
  ["GET", "abwesenheit?von=2025-01-01&bis=2025-12-31"],
  ["PUT", "abwesenheit", { art: "krank", von: "2025-05-05", bis: "2025-05-05" }],
  ["DELETE", "abwesenheit/1"],
  ["POST", "abwesenheit/1/genehmigen", {}],
  ["POST", "abwesenheit/1/ablehnen", {}],
  ["GET", "zem_settings"],
  ["PUT", "zem_settings/1", { workhours: 40 }],
  ["GET", "holidayentry?jahr=2025"],
  ["GET", "holidayentry/asstring?jahr=2025"],
  ["GET", "holidayentry/1"],
  ["PUT", "holidayentry", { datum: "2025-12-24", bezeichnung: "Heiliger Abend" }],
  ["DELETE", "holidayentry/1"],
  ["POST", "holidayentry/import", { jahr: 2025, region: "AT" }],
  ["GET", "zeiterfassungreport?monat=2025-05&format=csv"],
];

describe("access", () => {
  it("no token is 401 on every route", async () => {
    const admin = await zeitMandant(t);
    for (const [method, path, body] of ROUTES) {
      const r = await api(t, { mandantId: admin.mandantId }, method as "GET", path, body);
      expect(r.statusCode, `${method} ${path}`).toBe(401);
    }
  });

  it("without the module 403 error.moduleMissing, without a working-time role 403 error.forbidden", async () => {
    const ohneModul = await zeitMandant(t, { modules: ["rechnungslegung"] });
    const ohneRolle = await zeitMandant(t, { authorities: ["ROLE_USER", "ROLE_ZEITERFASSUNG"] });
    for (const [method, path, body] of ROUTES) {
      const a = await api(t, ohneModul, method as "GET", path, body);
      expect(a.statusCode, `${method} ${path}`).toBe(403);
      expect(a.json().code).toBe("error.moduleMissing");
      const b = await api(t, ohneRolle, method as "GET", path, body);
      expect(b.statusCode, `${method} ${path}`).toBe(403);
      expect(b.json().code).toBe("error.forbidden");
    }
  });

  it("an employee may not use the admin routes (403)", async () => {
    const { ma } = await betrieb();
    for (const [method, path, body] of [
      ["GET", "zeiterfassung/mitarbeiter?monat=2025-05"],
      ["PUT", "zeiterfassung/betrieb", ROUTES[11]![2]],
      ["POST", "abwesenheit/1/genehmigen", {}],
      ["POST", "abwesenheit/1/ablehnen", {}],
      ["GET", "zem_settings"],
      ["PUT", `zem_settings/${ma.userId}`, { workhours: 40 }],
      ["PUT", "holidayentry", { datum: "2025-12-24", bezeichnung: "Heiliger Abend" }],
      ["DELETE", "holidayentry/1"],
      ["POST", "holidayentry/import", { jahr: 2025, region: "AT" }],
      ["GET", "zeiterfassungreport?monat=2025-05&format=csv&team=true"],
      ["POST", "zeiterfassung/monat/genehmigen", { monat: "2025-05" }],
    ] as const) {
      const r = await api(t, ma, method, path, body);
      expect(r.statusCode, `${method} ${path}`).toBe(403);
    }
  });

  it("another employee's data: 403 for userId, 404 for a record id; the admin may", async () => {
    const { admin, ma } = await betrieb();
    const kollege = await mitglied(t, admin.mandantId);
    const fremd = await erfasst(kollege);
    expect((await api(t, ma, "GET", `zeiterfassung/${fremd.id}`)).statusCode).toBe(404);
    expect((await api(t, ma, "GET", `zeiterfassung/${fremd.id}/historie`)).statusCode).toBe(404);
    expect((await api(t, ma, "DELETE", `zeiterfassung/${fremd.id}`)).statusCode).toBe(404);
    expect((await api(t, ma, "PUT", "zeiterfassung", satz({ id: fremd.id, bis: "13:00" }))).statusCode).toBe(
      404,
    );
    const fuer = await api(t, ma, "PUT", "zeiterfassung", satz({ userId: kollege.userId }));
    expect(fuer.statusCode).toBe(403);
    expect(fuer.json().code).toBe("error.forbidden");
    for (const path of [
      `zeiterfassung?von=2025-05-01&bis=2025-05-31&userId=${kollege.userId}`,
      `zeiterfassung/monat?monat=2025-05&userId=${kollege.userId}`,
      `abwesenheit?von=2025-05-01&bis=2025-05-31&userId=${kollege.userId}`,
      "abwesenheit?von=2025-05-01&bis=2025-05-31&alle=true",
      `zeiterfassungreport?monat=2025-05&format=csv&userId=${kollege.userId}`,
    ])
      expect((await api(t, ma, "GET", path)).statusCode, path).toBe(403);
    expect((await api(t, admin, "GET", `zeiterfassung/${fremd.id}`)).statusCode).toBe(200);
    await ok(api(t, admin, "PUT", "zeiterfassung", satz({ userId: kollege.userId, datum: "2025-05-06" })));
    // Not an employee of the tenant.
    const plain = await mitglied(t, admin.mandantId, ["ROLE_USER"]);
    const r = await api(t, admin, "PUT", "zeiterfassung", satz({ userId: plain.userId }));
    expect(r.statusCode).toBe(400);
    expect(fieldErrors(r)).toEqual(["userId:notFound"]);
    expect((await api(t, admin, "PUT", `zem_settings/${plain.userId}`, { workhours: 40 })).statusCode).toBe(
      404,
    );
  });

  it("another tenant's ids are 404", async () => {
    const a = await betrieb();
    const b = await betrieb();
    const rec = await erfasst(b.ma);
    const abw = await ok<{ abwesenheit: { id: number } }>(
      api(t, b.admin, "PUT", "abwesenheit", {
        art: "urlaub",
        von: "2025-05-07",
        bis: "2025-05-07",
        userId: b.ma.userId,
      }),
    );
    const f = await ok<TFeiertag>(
      api(t, b.admin, "PUT", "holidayentry", { datum: "2025-12-24", bezeichnung: "X" }),
    );
    for (const [method, path, body] of [
      ["GET", `zeiterfassung/${rec.id}`],
      ["GET", `zeiterfassung/${rec.id}/historie`],
      ["DELETE", `zeiterfassung/${rec.id}`],
      ["PUT", "zeiterfassung", satz({ id: rec.id })],
      ["DELETE", `abwesenheit/${abw.abwesenheit.id}`],
      ["POST", `abwesenheit/${abw.abwesenheit.id}/genehmigen`, {}],
      ["PUT", "abwesenheit", { id: abw.abwesenheit.id, art: "krank", von: "2025-05-07", bis: "2025-05-07" }],
      ["GET", `holidayentry/${f.id}`],
      ["DELETE", `holidayentry/${f.id}`],
      ["PUT", "holidayentry", { id: f.id, datum: "2025-12-24", bezeichnung: "Y" }],
      ["PUT", `zem_settings/${b.ma.userId}`, { workhours: 10 }],
    ] as const)
      expect((await api(t, a.admin, method, path, body)).statusCode, `${method} ${path}`).toBe(404);
    // B's employee is no employee of A.
    const r = await api(t, a.admin, "GET", `zeiterfassung/monat?monat=2025-05&userId=${b.ma.userId}`);
    expect(r.statusCode).toBe(400);
    expect(fieldErrors(r)).toEqual(["userId:notFound"]);
  });
});

describe("records", () => {
  it("saves, lists, reads; a past day is a correction; changes are in the history", async () => {
    const { ma } = await betrieb();
    const a = await erfasst(ma, { beschreibung: "Angebot", homeoffice: true });
    expect(a).toMatchObject({
      userId: ma.userId,
      datum: "2025-05-05",
      vonZeit: "08:00",
      bisZeit: "12:00",
      minuten: 240,
      beschreibung: "Angebot",
      homeoffice: true,
      korrektur: true,
      erfasstVon: ma.login,
    });
    expect(a.von).toBe("2025-05-05T06:00:00.000Z");
    const b = await ok<TArbeitszeit>(
      api(t, ma, "PUT", "zeiterfassung", satz({ id: a.id, von: "07:30", bis: "24:00", grund: "vergessen" })),
    );
    expect(b).toMatchObject({ id: a.id, vonZeit: "07:30", bisZeit: "24:00", minuten: 990, korrektur: true });
    const liste = await ok<TArbeitszeit[]>(api(t, ma, "GET", "zeiterfassung?von=2025-05-01&bis=2025-05-31"));
    expect(liste.map((r) => r.id)).toEqual([a.id]);
    expect(await ok(api(t, ma, "GET", `zeiterfassung/${a.id}`))).toMatchObject({ minuten: 990 });
    await ok(api(t, ma, "DELETE", `zeiterfassung/${a.id}`), 204);
    expect(
      await ok<TArbeitszeit[]>(api(t, ma, "GET", "zeiterfassung?von=2025-05-01&bis=2025-05-31")),
    ).toEqual([]);
    expect((await api(t, ma, "GET", `zeiterfassung/${a.id}`)).statusCode).toBe(404);
    const h = await ok<TArbeitszeitHistorie[]>(api(t, ma, "GET", `zeiterfassung/${a.id}/historie`)).catch(
      () => [] as TArbeitszeitHistorie[],
    );
    // The record is deleted: its history is no longer reachable through the API, but the audit log keeps it.
    expect(h).toEqual([]);
    const log = await withTenant(t.db, ma.mandantId, (tx) =>
      tx.execute(
        sql`select action, detail from audit_log where entity = 'arbeitszeit' and entity_id = ${a.id} order by id`,
      ),
    );
    const rows = (log as unknown as { rows: { action: string; detail: Record<string, unknown> }[] }).rows;
    expect(rows.map((r) => r.action)).toEqual(["create", "update", "delete"]);
    expect(rows[1]!.detail).toMatchObject({
      vorher: { datum: "2025-05-05", von: "08:00", bis: "12:00" },
      nachher: { datum: "2025-05-05", von: "07:30", bis: "24:00" },
      grund: "vergessen",
    });
  });

  it("history of a corrected record, oldest first", async () => {
    const { ma } = await betrieb();
    const a = await erfasst(ma);
    await ok(api(t, ma, "PUT", "zeiterfassung", satz({ id: a.id, bis: "12:30", grund: "länger" })));
    const h = await ok<TArbeitszeitHistorie[]>(api(t, ma, "GET", `zeiterfassung/${a.id}/historie`));
    expect(h.map((x) => x.aktion)).toEqual(["create", "update"]);
    expect(h[1]).toMatchObject({
      von: ma.login,
      vorher: { von: "08:00", bis: "12:00" },
      nachher: { von: "08:00", bis: "12:30" },
      grund: "länger",
    });
  });

  it.each<[string, object, string[]]>([
    ["bis before von", { von: "12:00", bis: "08:00" }, ["bis:bisVorVon"]],
    ["bis equal von", { von: "12:00", bis: "12:00" }, ["bis:bisVorVon"]],
    [
      "DST: 02:30 does not exist on 2026-03-29",
      { datum: "2026-03-29", von: "02:30", bis: "05:00" },
      ["von:invalid"],
    ],
    ["bad time", { von: "25:00" }, ["von:pattern"]],
    ["bad date", { datum: "2025-02-30" }, ["datum:pattern"]],
    ["unknown field", { foo: 1 }, ["foo:unknownField"]],
  ])("400: %s", async (_, over, codes) => {
    const { ma } = await betrieb();
    const r = await api(t, ma, "PUT", "zeiterfassung", satz(over));
    expect(r.statusCode, r.body).toBe(400);
    expect(fieldErrors(r)).toEqual(codes);
  });

  it("DST: a night record over the autumn change counts the extra hour", async () => {
    const { ma } = await betrieb();
    const r = await erfasst(ma, { datum: "2026-10-25", von: "00:00", bis: "06:00" });
    expect(r.minuten).toBe(420);
  });

  it("an overlap with another record is 409 error.zeitUeberschneidung at von", async () => {
    const { ma } = await betrieb();
    const a = await erfasst(ma);
    const r = await api(t, ma, "PUT", "zeiterfassung", satz({ von: "11:00", bis: "13:00" }));
    expect(r.statusCode).toBe(409);
    expect(r.json().code).toBe("error.zeitUeberschneidung");
    expect(fieldErrors(r)).toEqual(["von:overlap"]);
    // Adjacent is fine, and a record does not overlap itself.
    await erfasst(ma, { von: "12:00", bis: "13:00" });
    await ok(api(t, ma, "PUT", "zeiterfassung", satz({ id: a.id, von: "07:00", bis: "12:00" })));
  });

  it("the list is limited to 366 days", async () => {
    const { ma } = await betrieb();
    const r = await api(t, ma, "GET", "zeiterfassung?von=2025-01-01&bis=2026-01-02");
    expect(r.statusCode).toBe(400);
    expect(fieldErrors(r)).toEqual(["bis:max"]);
    await ok(api(t, ma, "GET", "zeiterfassung?von=2025-01-01&bis=2026-01-01"));
  });

  it("kommen / gehen: one running clock; the month shows it as laufend", async () => {
    const { ma } = await betrieb();
    const k = await ok<TArbeitszeit>(api(t, ma, "POST", "zeiterfassung/kommen", { homeoffice: true }));
    expect(k).toMatchObject({ bis: null, bisZeit: null, minuten: 0, homeoffice: true, korrektur: false });
    expect(k.datum).toBe(todayIso());
    const zwei = await api(t, ma, "POST", "zeiterfassung/kommen", {});
    expect(zwei.statusCode).toBe(409);
    expect(zwei.json().code).toBe("error.zeitLaeuft");
    const m = await monat(ma, todayIso().slice(0, 7));
    expect(m.laufend?.id).toBe(k.id);
    expect(m.tage.find((d) => d.datum === k.datum)?.hinweise).toContain("offen");
    const g = await ok<TArbeitszeit>(api(t, ma, "POST", "zeiterfassung/gehen"));
    expect(g.id).toBe(k.id);
    expect(g.bis).not.toBeNull();
    const nochmal = await api(t, ma, "POST", "zeiterfassung/gehen");
    expect(nochmal.statusCode).toBe(409);
    expect(nochmal.json().code).toBe("error.zeitLaeuftNicht");
    const h = await ok<TArbeitszeitHistorie[]>(api(t, ma, "GET", `zeiterfassung/${k.id}/historie`));
    expect(h.map((x) => x.aktion)).toEqual(["kommen", "gehen"]);
  });
});

describe("month", () => {
  it("figures of a small month: 40 h, a holiday, a vacation day, a missing break — with and without deduction", async () => {
    const { admin, ma } = await betrieb();
    await ok(api(t, admin, "POST", "holidayentry/import", { jahr: 2025, region: "AT" }));
    // Mon 5 May: 8 h without a break; Tue 6 May: 8 h with 30 minutes; Wed 7 May: vacation.
    await erfasst(ma, { datum: "2025-05-05", von: "08:00", bis: "16:00", homeoffice: true });
    await erfasst(ma, { datum: "2025-05-06", von: "08:00", bis: "12:00" });
    await erfasst(ma, { datum: "2025-05-06", von: "12:30", bis: "16:30" });
    await ok(api(t, ma, "PUT", "abwesenheit", { art: "urlaub", von: "2025-05-07", bis: "2025-05-07" }));
    const m = await monat(ma, "2025-05");
    const tag = (d: string) => m.tage.find((x) => x.datum === d)!;
    expect(tag("2025-05-01")).toMatchObject({
      soll: 0,
      feiertag: { bezeichnung: "Staatsfeiertag", halbtag: false },
    });
    expect(tag("2025-05-03").soll).toBe(0);
    expect(tag("2025-05-05")).toMatchObject({
      soll: 480,
      brutto: 480,
      pause: 0,
      pausePflicht: 30,
      abzug: 0,
      netto: 480,
      ist: 480,
      saldo: 0,
      hinweise: ["pauseFehlt"],
    });
    expect(tag("2025-05-06")).toMatchObject({ brutto: 480, pause: 30, netto: 480, hinweise: [] });
    expect(tag("2025-05-06").eintraege).toHaveLength(2);
    expect(tag("2025-05-07")).toMatchObject({
      soll: 480,
      netto: 0,
      gutschrift: 480,
      ist: 480,
      abwesenheiten: [{ art: "urlaub", status: "genehmigt", halbtag: false }],
    });
    // May 2025: 22 weekdays, two holidays (1 May, 29 May) → 20 × 480.
    expect(m.summe).toEqual({ bis: "2025-05-31", soll: 9600, ist: 1440, saldo: -8160, homeofficeTage: 1 });
    expect(m.ueberstunden).toEqual({ vormonat: 0, stand: -8160, deadline: null });
    // Entry 2025-05-01: 245 of 365 days of 25 → 16.78 → 17 (half days, halves up).
    expect(m.urlaub).toEqual({ jahr: 2025, anspruch: 17, genommen: 1, beantragt: 0, rest: 16 });
    expect(m).toMatchObject({ status: "offen", aenderbar: true, name: "Eva Muster", laufend: null });

    // The tenant deducts missing breaks: the day cache is evaluated again.
    await ok(
      api(t, admin, "PUT", "zeiterfassung/betrieb", {
        region: "AT",
        pausenAbzug: true,
        confirmTimes: true,
        zeitausgleich: false,
        vacationMode: false,
      }),
    );
    const n = await monat(ma, "2025-05");
    expect(n.tage.find((x) => x.datum === "2025-05-05")).toMatchObject({
      abzug: 30,
      netto: 450,
      hinweise: ["pauseAbgezogen"],
    });
    expect(n.summe.ist).toBe(1410);
    expect(n.ueberstunden.stand).toBe(-8190);
    // The next month starts from this balance.
    expect((await monat(ma, "2025-06")).ueberstunden.vormonat).toBe(-8190);

    // The team view has the same figures.
    const team = await ok<TTeamZeile[]>(api(t, admin, "GET", "zeiterfassung/mitarbeiter?monat=2025-05"));
    const zeile = team.find((z) => z.id === ma.userId)!;
    expect(zeile).toMatchObject({
      soll: 9600,
      ist: 1410,
      saldoMonat: -8190,
      ueberstunden: -8190,
      urlaubRest: 16,
      status: "offen",
      offeneAntraege: 0,
      hinweise: 1,
      abwesenheitTage: { urlaub: 1, zeitausgleich: 0, krank: 0, sonstiges: 0 },
    });
  });

  it("the state machine: every action from every state", async () => {
    const { admin, ma } = await betrieb();
    const erlaubt: Record<string, TMonatStatus[]> = {
      einreichen: ["offen", "zurueckgegeben"],
      genehmigen: ["offen", "eingereicht", "zurueckgegeben"],
      zurueckgeben: ["eingereicht"],
      wiedereroeffnen: ["genehmigt"],
    };
    // A path to each state from offen.
    const wege: Record<TMonatStatus, string[]> = {
      offen: [],
      eingereicht: ["einreichen"],
      zurueckgegeben: ["einreichen", "zurueckgeben"],
      genehmigt: ["genehmigen"],
    };
    let nr = 0;
    for (const status of MONAT_STATUS) {
      for (const a of MONAT_AKTIONEN) {
        const m = `${2023 + Math.floor(nr / 12)}-${String((nr % 12) + 1).padStart(2, "0")}`;
        nr++;
        for (const schritt of wege[status])
          await ok(aktion(admin, schritt, { userId: ma.userId, monat: m, kommentar: "x" }));
        expect((await monat(admin, m, ma.userId)).status).toBe(status);
        const r = await aktion(admin, a, { userId: ma.userId, monat: m, kommentar: "Bitte prüfen" });
        if (erlaubt[a]!.includes(status)) expect(r.statusCode, `${a} from ${status}`).toBe(200);
        else {
          expect(r.statusCode, `${a} from ${status}`).toBe(409);
          expect(r.json().code).toBe("error.monatStatus");
        }
      }
    }
  });

  it("submit, return with comment, approve; closed month refuses changes; reopening lets them in; history", async () => {
    const { admin, ma } = await betrieb();
    const rec = await erfasst(ma);
    const e = await aktion(ma, "einreichen", { monat: "2025-05" });
    expect(e.statusCode, e.body).toBe(200);
    expect(e.json()).toMatchObject({ status: "eingereicht", aenderbar: false });
    // Submitted: the employee can no longer change, the admin can.
    const gesperrt = await api(t, ma, "PUT", "zeiterfassung", satz({ datum: "2025-05-06" }));
    expect(gesperrt.statusCode).toBe(409);
    expect(gesperrt.json().code).toBe("error.monatGeschlossen");
    expect(fieldErrors(gesperrt)).toEqual(["datum:periodClosed"]);
    await ok(api(t, admin, "PUT", "zeiterfassung", satz({ userId: ma.userId, datum: "2025-05-06" })));
    // Return needs a comment.
    const ohne = await aktion(admin, "zurueckgeben", { userId: ma.userId, monat: "2025-05" });
    expect(ohne.statusCode).toBe(400);
    expect(fieldErrors(ohne)).toEqual(["kommentar:required"]);
    const z = await ok<TArbeitszeitMonat>(
      aktion(admin, "zurueckgeben", { userId: ma.userId, monat: "2025-05", kommentar: "Pause fehlt" }),
    );
    expect(z).toMatchObject({ status: "zurueckgegeben", kommentar: "Pause fehlt" });
    await ok(aktion(ma, "einreichen", { monat: "2025-05" }));
    await ok(aktion(admin, "genehmigen", { userId: ma.userId, monat: "2025-05" }));
    // Approved: nobody changes it.
    for (const who of [ma, admin]) {
      for (const [method, path, body] of [
        ["PUT", "zeiterfassung", satz({ userId: ma.userId, datum: "2025-05-07" })],
        ["PUT", "zeiterfassung", satz({ id: rec.id, bis: "13:00" })],
        ["DELETE", `zeiterfassung/${rec.id}`],
        ["PUT", "abwesenheit", { userId: ma.userId, art: "krank", von: "2025-05-30", bis: "2025-06-02" }],
      ] as const) {
        const r = await api(t, who, method, path, body);
        expect(r.statusCode, `${method} ${path}`).toBe(409);
        expect(r.json().code).toBe("error.monatGeschlossen");
      }
    }
    expect((await monat(ma, "2025-05")).aenderbar).toBe(false);
    const w = await aktion(admin, "wiedereroeffnen", { userId: ma.userId, monat: "2025-05" });
    expect(fieldErrors(w)).toEqual(["kommentar:required"]);
    await ok(
      aktion(admin, "wiedereroeffnen", { userId: ma.userId, monat: "2025-05", kommentar: "Nachtrag" }),
    );
    await ok(api(t, ma, "PUT", "zeiterfassung", satz({ id: rec.id, bis: "13:00" })));
    const m = await monat(ma, "2025-05");
    expect(m.status).toBe("offen");
    expect(m.historie.map((h) => [h.aktion, h.kommentar])).toEqual([
      ["einreichen", null],
      ["zurueckgeben", "Pause fehlt"],
      ["einreichen", null],
      ["genehmigen", null],
      ["wiedereroeffnen", "Nachtrag"],
    ]);
  });

  it("a future month cannot be submitted; an employee cannot approve", async () => {
    const { ma } = await betrieb();
    const r = await aktion(ma, "einreichen", { monat: "2199-01" });
    expect(r.statusCode).toBe(409);
    expect(r.json().code).toBe("error.monatStatus");
    expect((await aktion(ma, "genehmigen", { monat: "2025-05" })).statusCode).toBe(403);
    const bad = await aktion(ma, "loeschen", { monat: "2025-05" });
    expect(bad.statusCode).toBe(400);
  });
});

describe("absences", () => {
  const modus = (admin: Person, over: object) =>
    ok(
      api(t, admin, "PUT", "zeiterfassung/betrieb", {
        region: "AT",
        pausenAbzug: false,
        confirmTimes: true,
        zeitausgleich: false,
        vacationMode: false,
        ...over,
      }),
    );

  it("status by vacationMode and role; approve and refuse; decided requests stay", async () => {
    const { admin, ma } = await betrieb();
    const krank = await ok<{ abwesenheit: { status: string } }>(
      api(t, ma, "PUT", "abwesenheit", { art: "krank", von: "2025-05-05", bis: "2025-05-06" }),
    );
    expect(krank.abwesenheit).toMatchObject({ status: "genehmigt", tage: 2 });
    const ohneModus = await ok<{ abwesenheit: { status: string } }>(
      api(t, ma, "PUT", "abwesenheit", { art: "urlaub", von: "2025-05-12", bis: "2025-05-12" }),
    );
    expect(ohneModus.abwesenheit.status).toBe("genehmigt");
    await modus(admin, { vacationMode: true });
    const antrag = await ok<{ abwesenheit: { id: number; status: string; tage: number } }>(
      api(t, ma, "PUT", "abwesenheit", { art: "urlaub", von: "2025-05-19", bis: "2025-05-25" }),
    );
    expect(antrag.abwesenheit).toMatchObject({ status: "beantragt", tage: 5 });
    const vomAdmin = await ok<{ abwesenheit: { id: number; status: string } }>(
      api(t, admin, "PUT", "abwesenheit", {
        userId: ma.userId,
        art: "urlaub",
        von: "2025-06-02",
        bis: "2025-06-02",
        halbtag: true,
      }),
    );
    expect(vomAdmin.abwesenheit).toMatchObject({ status: "genehmigt", tage: 0.5 });
    const team = await ok<TTeamZeile[]>(api(t, admin, "GET", "zeiterfassung/mitarbeiter?monat=2025-05"));
    expect(team.find((z) => z.id === ma.userId)?.offeneAntraege).toBe(1);
    const alle = await ok<{ id: number }[]>(
      api(t, admin, "GET", "abwesenheit?von=2025-05-01&bis=2025-06-30&alle=true&status=beantragt"),
    );
    expect(alle.map((a) => a.id)).toEqual([antrag.abwesenheit.id]);
    const g = await ok(
      api(t, admin, "POST", `abwesenheit/${antrag.abwesenheit.id}/genehmigen`, {
        kommentar: "Schönen Urlaub",
      }),
    );
    expect(g).toMatchObject({ status: "genehmigt", entscheidung: "Schönen Urlaub" });
    const again = await api(t, admin, "POST", `abwesenheit/${antrag.abwesenheit.id}/ablehnen`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("error.abwesenheitStatus");
    // The employee cannot delete a decided absence; the admin can.
    const del = await api(t, ma, "DELETE", `abwesenheit/${antrag.abwesenheit.id}`);
    expect(del.statusCode).toBe(409);
    await ok(api(t, admin, "DELETE", `abwesenheit/${antrag.abwesenheit.id}`), 204);
    // Refuse a request; the employee may delete his own pending request.
    const zweiter = await ok<{ abwesenheit: { id: number } }>(
      api(t, ma, "PUT", "abwesenheit", { art: "urlaub", von: "2025-07-01", bis: "2025-07-01" }),
    );
    const abgelehnt = await ok(api(t, admin, "POST", `abwesenheit/${zweiter.abwesenheit.id}/ablehnen`, {}));
    expect(abgelehnt).toMatchObject({ status: "abgelehnt" });
    // A refused absence does not block the days.
    const dritter = await ok<{ abwesenheit: { id: number } }>(
      api(t, ma, "PUT", "abwesenheit", { art: "urlaub", von: "2025-07-01", bis: "2025-07-01" }),
    );
    await ok(api(t, ma, "DELETE", `abwesenheit/${dritter.abwesenheit.id}`), 204);
  });

  it("zeitausgleich only when the tenant allows it; overlap; bad ranges", async () => {
    const { admin, ma } = await betrieb();
    const za = await api(t, ma, "PUT", "abwesenheit", {
      art: "zeitausgleich",
      von: "2025-05-05",
      bis: "2025-05-05",
    });
    expect(za.statusCode).toBe(400);
    expect(fieldErrors(za)).toEqual(["art:notAllowed"]);
    await modus(admin, { zeitausgleich: true });
    await ok(
      api(t, ma, "PUT", "abwesenheit", { art: "zeitausgleich", von: "2025-05-05", bis: "2025-05-05" }),
    );
    const ueber = await api(t, ma, "PUT", "abwesenheit", {
      art: "krank",
      von: "2025-05-02",
      bis: "2025-05-06",
    });
    expect(ueber.statusCode).toBe(409);
    expect(ueber.json().code).toBe("error.zeitUeberschneidung");
    expect(fieldErrors(ueber)).toEqual(["von:overlap"]);
    for (const [body, codes] of [
      [{ art: "krank", von: "2025-05-06", bis: "2025-05-05" }, ["bis:bisVorVon"]],
      [{ art: "krank", von: "2025-05-06", bis: "2025-05-07", halbtag: true }, ["halbtag:invalid"]],
      [{ art: "reise", von: "2025-05-06", bis: "2025-05-06" }, ["art:enum"]],
    ] as const) {
      const r = await api(t, ma, "PUT", "abwesenheit", body);
      expect(r.statusCode).toBe(400);
      expect(fieldErrors(r)).toEqual(codes);
    }
    // Time off credits nothing: the day's target comes out of the overtime balance.
    const m = await monat(ma, "2025-05");
    expect(m.tage.find((d) => d.datum === "2025-05-05")).toMatchObject({
      soll: 480,
      gutschrift: 0,
      saldo: -480,
    });
  });

  it("vacation beyond the rest is kept with a warning", async () => {
    const { ma } = await betrieb();
    // 17 days in 2025 (entry 1 May): 4 weeks of vacation = 20 days.
    const r = await ok<{ warnung: string | null; urlaubRest: number; abwesenheit: { tage: number } }>(
      api(t, ma, "PUT", "abwesenheit", { art: "urlaub", von: "2025-08-04", bis: "2025-08-29" }),
    );
    expect(r.abwesenheit.tage).toBe(20);
    expect(r.warnung).toBe("urlaubUeberschritten");
    expect(r.urlaubRest).toBe(-3);
    const ok2 = await ok<{ warnung: string | null }>(
      api(t, ma, "PUT", "abwesenheit", { art: "krank", von: "2025-09-01", bis: "2025-09-01" }),
    );
    expect(ok2.warnung).toBeNull();
  });
});

describe("settings, rules, holidays", () => {
  it("lists employees sorted with their settings; validates them", async () => {
    const { admin, ma } = await betrieb();
    const b = await mitglied(t, admin.mandantId, ["ROLE_ARBEITSZEITERFASSUNG"], {
      firstName: "Anna",
      lastName: "Berger",
    });
    await mitglied(t, admin.mandantId, ["ROLE_USER"], { lastName: "Aaa" });
    const liste = await ok<{ id: number; admin: boolean; zeiterfassungUserData: unknown }[]>(
      api(t, admin, "GET", "zem_settings"),
    );
    expect(liste.map((m) => m.id)).toEqual([b.userId, ma.userId, admin.userId]);
    expect(liste.find((m) => m.id === admin.userId)).toMatchObject({
      admin: true,
      zeiterfassungUserData: null,
    });
    expect(liste.find((m) => m.id === ma.userId)?.zeiterfassungUserData).toMatchObject({
      workhours: 40,
      eintrittsdatum: "2025-05-01",
    });
    for (const [body, codes] of [
      [{ workhours: 81 }, ["workhours:max"]],
      [{ workhours: 40, urlaubsanspruchjahr: 25.3 }, ["urlaubsanspruchjahr:invalid"]],
      [
        { workhours: 40, uberstunden_beginn: "2025-01-01", uberstunden_end: "2024-01-01" },
        ["uberstunden_end:invalid"],
      ],
      [{}, ["workhours:required"]],
    ] as const) {
      const r = await api(t, admin, "PUT", `zem_settings/${ma.userId}`, body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(fieldErrors(r)).toEqual(codes);
    }
  });

  it("the tenant's rules: employees read, the admin writes", async () => {
    const { admin, ma } = await betrieb();
    expect(await ok(api(t, ma, "GET", "zeiterfassung/betrieb"))).toEqual({
      region: "AT",
      pausenAbzug: false,
      confirmTimes: false,
      zeitausgleich: false,
      vacationMode: false,
    });
    const neu = {
      region: "DE-BY",
      pausenAbzug: true,
      confirmTimes: true,
      zeitausgleich: true,
      vacationMode: true,
    };
    expect(await ok(api(t, admin, "PUT", "zeiterfassung/betrieb", neu))).toEqual(neu);
    expect(await ok(api(t, ma, "GET", "zeiterfassung/betrieb"))).toEqual(neu);
    const r = await api(t, admin, "PUT", "zeiterfassung/betrieb", { ...neu, region: "DE-XX" });
    expect(fieldErrors(r)).toEqual(["region:enum"]);
  });

  it("holidays: import AT 2026 (13), keeps existing dates, asstring, unique date, CRUD", async () => {
    const { admin, ma } = await betrieb();
    const eigener = await ok<TFeiertag>(
      api(t, admin, "PUT", "holidayentry", { datum: "2026-12-25", bezeichnung: "Weihnachten (Firma)" }),
    );
    const liste = await ok<TFeiertag[]>(
      api(t, admin, "POST", "holidayentry/import", { jahr: 2026, region: "AT" }),
    );
    expect(liste).toHaveLength(13);
    expect(liste.find((f) => f.datum === "2026-12-25")).toEqual(eigener);
    expect(liste[0]).toMatchObject({ datum: "2026-01-01", bezeichnung: "Neujahr", art: "gesetzlich" });
    // Importing again changes nothing.
    expect(await ok(api(t, admin, "POST", "holidayentry/import", { jahr: 2026, region: "AT" }))).toEqual(
      liste,
    );
    expect(await ok<TFeiertag[]>(api(t, ma, "GET", "holidayentry?jahr=2026"))).toEqual(liste);
    const text = await api(t, ma, "GET", "holidayentry/asstring?jahr=2026");
    expect(text.statusCode).toBe(200);
    expect(text.headers["content-type"]).toContain("text/plain");
    expect(text.body.split("\n")[0]).toBe("01.01.2026 Neujahr");
    expect(text.body.split("\n")).toHaveLength(13);
    // A year without entries: no content.
    expect((await api(t, ma, "GET", "holidayentry/asstring?jahr=2030")).statusCode).toBe(204);
    const doppelt = await api(t, admin, "PUT", "holidayentry", {
      datum: "2026-01-01",
      bezeichnung: "Nochmal",
    });
    expect(doppelt.statusCode).toBe(400);
    expect(fieldErrors(doppelt)).toEqual(["datum:unique"]);
    const halb = await ok<TFeiertag>(
      api(t, admin, "PUT", "holidayentry", {
        datum: "2026-12-24",
        bezeichnung: "Heiliger Abend",
        halbtag: true,
      }),
    );
    expect(halb).toMatchObject({ art: "betrieblich", halbtag: true });
    expect(await ok(api(t, ma, "GET", `holidayentry/${halb.id}`))).toEqual(halb);
    await ok(api(t, admin, "PUT", "holidayentry", { ...halb, bezeichnung: "Heiligabend" }));
    await ok(api(t, admin, "DELETE", `holidayentry/${halb.id}`), 204);
    expect((await api(t, ma, "GET", `holidayentry/${halb.id}`)).statusCode).toBe(404);
    for (const [body, codes] of [
      [{ datum: "2026-13-01", bezeichnung: "x" }, ["datum:pattern"]],
      [{ datum: "2026-12-01", bezeichnung: "" }, ["bezeichnung:required"]],
    ] as const) {
      const r = await api(t, admin, "PUT", "holidayentry", body);
      expect(fieldErrors(r)).toEqual(codes);
    }
    const imp = await api(t, admin, "POST", "holidayentry/import", { jahr: 1800, region: "AT" });
    expect(fieldErrors(imp)).toEqual(["jahr:min"]);
  });

  it("a half holiday halves the day's target", async () => {
    const { admin, ma } = await betrieb();
    await ok(
      api(t, admin, "PUT", "holidayentry", {
        datum: "2025-12-24",
        bezeichnung: "Heiliger Abend",
        halbtag: true,
      }),
    );
    const m = await monat(ma, "2025-12");
    expect(m.tage.find((d) => d.datum === "2025-12-24")).toMatchObject({
      soll: 240,
      feiertag: { bezeichnung: "Heiliger Abend", halbtag: true },
    });
  });
});

describe("a running month", () => {
  it("is summed up to today, in the month and in the team view: saldo = the overtime's change", async () => {
    const { admin, ma } = await betrieb();
    const heute = todayIso();
    const monatJetzt = heute.slice(0, 7);
    await erfasst(ma, { datum: heute, von: "06:00", bis: "07:00" });
    const m = await monat(ma, monatJetzt);
    expect(m.summe.ist).toBeGreaterThanOrEqual(60);
    expect(m.summe.bis).toBe(heute);
    const bisHeute = m.tage.filter((d) => d.datum <= heute);
    expect(m.summe.soll).toBe(bisHeute.reduce((s, d) => s + d.soll, 0));
    expect(m.summe.saldo).toBe(m.ueberstunden.stand - m.ueberstunden.vormonat);
    const team = await ok<TTeamZeile[]>(
      api(t, admin, "GET", `zeiterfassung/mitarbeiter?monat=${monatJetzt}`),
    );
    expect(team.find((z) => z.id === ma.userId)).toMatchObject({
      soll: m.summe.soll,
      ist: m.summe.ist,
      saldoMonat: m.summe.saldo,
      ueberstunden: m.ueberstunden.stand,
    });
  });
});

describe("balances over months", () => {
  it("whole months between come from the month rows: the balance moves by each month's saldo", async () => {
    const { ma } = await betrieb();
    await erfasst(ma, { datum: "2025-05-05", von: "08:00", bis: "18:00" });
    await erfasst(ma, { datum: "2025-06-02", von: "07:00", bis: "12:00" });
    await erfasst(ma, { datum: "2025-07-01", von: "08:00", bis: "19:00" });
    await erfasst(ma, { datum: "2025-07-02", von: "08:00", bis: "09:00" });
    await erfasst(ma, { datum: "2025-08-04", von: "08:00", bis: "16:00" });
    const [mai, juni, juli, august] = await Promise.all(
      ["2025-05", "2025-06", "2025-07", "2025-08"].map((m) => monat(ma, m)),
    );
    // 11 h and 1 h: the missing break is only flagged (the tenant does not deduct it).
    expect(juli!.summe.ist).toBe(660 + 60);
    expect(august!.ueberstunden.stand - mai!.ueberstunden.stand).toBe(
      juni!.summe.saldo + juli!.summe.saldo + august!.summe.saldo,
    );
    expect(juli!.ueberstunden.vormonat).toBe(juni!.ueberstunden.stand);
    // A record deleted in a month between changes the later balance by exactly its minutes.
    const erster = (
      await ok<TArbeitszeit[]>(api(t, ma, "GET", "zeiterfassung?von=2025-06-01&bis=2025-06-30"))
    )[0]!;
    await ok(api(t, ma, "DELETE", `zeiterfassung/${erster.id}`), 204);
    expect((await monat(ma, "2025-08")).ueberstunden.stand).toBe(august!.ueberstunden.stand - 300);
  });
});

describe("report", () => {
  it("the employee's sheet and the admin's team table", async () => {
    const { admin, ma } = await betrieb();
    await erfasst(ma);
    const csv = await api(t, ma, "GET", "zeiterfassungreport?monat=2025-05&format=csv");
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.headers["content-disposition"]).toContain("attachment");
    const pdf = await api(t, ma, "GET", "zeiterfassungreport?monat=2025-05&format=pdf");
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 4).toString()).toBe("%PDF");
    const team = await api(t, admin, "GET", "zeiterfassungreport?monat=2025-05&format=csv&team=true");
    expect(team.statusCode).toBe(200);
    expect(team.body).toContain(ma.login);
    const teamPdf = await api(t, admin, "GET", "zeiterfassungreport?monat=2025-05&format=pdf&team=true");
    expect(teamPdf.statusCode).toBe(400);
    expect(fieldErrors(teamPdf)).toEqual(["format:invalid"]);
    const bad = await api(t, ma, "GET", "zeiterfassungreport?monat=2025-13");
    expect(fieldErrors(bad)).toEqual(["monat:pattern"]);
  });

  it("a name beyond Latin-1 reaches the file name (x-filename percent-encoded, Content-Disposition filename*)", async () => {
    const { admin } = await betrieb();
    const ungarin = await mitglied(t, admin.mandantId, ["ROLE_ARBEITSZEITERFASSUNG"], {
      firstName: "Őrsi",
      lastName: "Kovács",
    });
    const r = await api(t, ungarin, "GET", "zeiterfassungreport?monat=2025-05&format=pdf");
    expect(r.statusCode, r.body).toBe(200);
    expect(decodeURIComponent(String(r.headers["x-filename"]))).toBe("Arbeitszeit Őrsi Kovács 2025-05.pdf");
    expect(r.headers["content-disposition"]).toContain("filename*=UTF-8''");
  });
});
