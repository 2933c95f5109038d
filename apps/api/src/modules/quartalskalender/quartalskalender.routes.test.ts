import type { TAuthority, TModul } from "@kontor/domain/access/access.schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../setup/seed.ts";
import { describeCrud } from "../../test/crud.ts";
import { call, createTenantUser, createTestApp, login, type TestApp, unique } from "../../test/helpers.ts";
import { pdfSeiten } from "../belegausgabe/pdfText.testing.ts";
import { createKunde } from "../kunde/kunde.testing.ts";

describeCrud({
  path: "constructionsite",
  valid: (n) => ({ bezeichnung: unique(`Baustelle ${n}`), ort: "Wien" }),
  update: { bezeichnung: "Dachausbau Huber", adresse: "Hauptstraße 1", aktiv: false },
  invalid: [
    { payload: {}, field: "bezeichnung", code: "required" },
    { payload: { bezeichnung: "  " }, field: "bezeichnung", code: "required" },
    { payload: { bezeichnung: "x".repeat(101) }, field: "bezeichnung", code: "maxLength" },
    { payload: { bezeichnung: "b", aktiv: "ja" }, field: "aktiv", code: "invalidType" },
    { payload: { bezeichnung: "b", kundeId: 999_999_999 }, field: "kundeId", code: "notFound" },
    { payload: { bezeichnung: "b", farbe: "rot" }, field: "farbe", code: "unknownField" },
  ],
  sort: { field: "bezeichnung", values: (n) => ({ bezeichnung: `Sort ${n}` }) },
  authorities: ["ROLE_KALENDER_WRITE"],
  forbiddenAuthorities: ["ROLE_USER"],
  module: "quartalskalender",
});

type Wer = { token: string; mandantId: number };
const api = "/app/api";

let t: TestApp;
let planer: Wer & { userId: number };
let kollegeId: number;
let leser: Wer;
let ohneRolle: Wer;
let ohneModul: Wer;
let fremd: Wer & { userId: number };

async function wer(authorities: TAuthority[], modules: TModul[] = ["quartalskalender", "rechnungslegung"]) {
  const user = await createTenantUser(t, { authorities, modules });
  return { token: await login(t, user), mandantId: user.mandantId, userId: user.userId };
}

/** A second member of a tenant (a row of its person calendars). */
async function mitglied(
  mandantId: number,
  authorities: TAuthority[],
  name?: { firstName: string; lastName: string },
) {
  const loginName = unique("mitglied");
  const userId = await createUser(t.db, {
    login: loginName,
    email: `${loginName}@example.test`,
    password: "secret123",
    authorities,
    mandantIds: [mandantId],
    ...name,
  });
  return { userId, loginName };
}

let fremdUserId = 0;

beforeAll(async () => {
  t = await createTestApp();
  planer = await wer(["ROLE_KALENDER_WRITE", "ROLE_USER"]);
  kollegeId = (
    await mitglied(planer.mandantId, ["ROLE_KALENDER_READONLY"], { firstName: "Karl", lastName: "Kollege" })
  ).userId;
  const { loginName } = await mitglied(planer.mandantId, ["ROLE_KALENDER_READONLY"]);
  leser = { token: await login(t, { login: loginName, password: "secret123" }), mandantId: planer.mandantId };
  ohneRolle = await wer(["ROLE_USER"]);
  ohneModul = await wer(["ROLE_KALENDER_WRITE"], ["rechnungslegung"]);
  fremd = await wer(["ROLE_KALENDER_WRITE", "ROLE_USER"]);
  fremdUserId = fremd.userId;
});
afterAll(() => t?.close());

const put = (url: string, payload: unknown, who: Wer = planer) =>
  call(t, { method: "PUT", url: `${api}/${url}`, ...who, payload: payload as object });
const get = (url: string, who: Wer = planer) => call(t, { method: "GET", url: `${api}/${url}`, ...who });
const del = (url: string, who: Wer = planer) => call(t, { method: "DELETE", url: `${api}/${url}`, ...who });

async function kalender(jahr = 2026, quartal = 2, zeilenArt = "personen", who: Wer = planer) {
  const r = await put("quartalskalender", { jahr, quartal, bezeichnung: unique("Montage"), zeilenArt }, who);
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as { id: number; jahr: number; quartal: number; bezeichnung: string };
}

describe("quartalskalender: calendars", () => {
  it("creates, lists (paged, sorted), renames and deletes a calendar", async () => {
    const k = await kalender(2026, 2);
    expect(k).toMatchObject({ jahr: 2026, quartal: 2, zeilenArt: "personen", anzahlEintraege: 0 });
    await kalender(2025, 4);
    const liste = await get("quartalskalender?size=1&sort=jahr,desc");
    expect(liste.statusCode).toBe(200);
    expect(Number(liste.headers["x-total-count"])).toBeGreaterThanOrEqual(2);
    expect(liste.json()).toHaveLength(1);
    const aufsteigend = (await get("quartalskalender?sort=jahr,asc")).json() as { jahr: number }[];
    expect(aufsteigend.map((x) => x.jahr)).toEqual([...aufsteigend.map((x) => x.jahr)].sort());
    const gesucht = (await get(`quartalskalender?search=${encodeURIComponent(k.bezeichnung)}`)).json();
    expect(gesucht.map((x: { id: number }) => x.id)).toEqual([k.id]);

    const umbenannt = await put("quartalskalender", {
      ...k,
      bezeichnung: "Umbenannt",
      anzahlEintraege: undefined,
    });
    expect(umbenannt.statusCode, umbenannt.body).toBe(200);
    expect(umbenannt.json().bezeichnung).toBe("Umbenannt");
    const quartal = await put("quartalskalender", { id: k.id, jahr: 2026, quartal: 3, bezeichnung: "x" });
    expect(quartal.statusCode).toBe(400);
    expect(quartal.json().fieldErrors).toContainEqual({ field: "quartal", code: "notAllowed" });

    expect((await del(`quartalskalender/${k.id}`)).statusCode).toBe(204);
    expect((await get(`quartalskalender/${k.id}`)).statusCode).toBe(404);
    expect((await del(`quartalskalender/${k.id}`)).statusCode).toBe(404);
  });

  it("answers bad input with 400 and field codes", async () => {
    for (const [payload, field, code] of [
      [{ jahr: 2026, quartal: 5, bezeichnung: "x" }, "quartal", "max"],
      [{ jahr: 1999, quartal: 1, bezeichnung: "x" }, "jahr", "min"],
      [{ jahr: 2026, quartal: 1, bezeichnung: " " }, "bezeichnung", "required"],
      [{ jahr: 2026, quartal: 1, bezeichnung: "x", zeilenArt: "autos" }, "zeilenArt", "enum"],
      [{ quartal: 1, bezeichnung: "x" }, "jahr", "required"],
      [{ id: 999_999_999, jahr: 2026, quartal: 1, bezeichnung: "x", extra: 1 }, "extra", "unknownField"],
    ] as const) {
      const r = await put("quartalskalender", payload);
      expect(r.statusCode, JSON.stringify(payload)).toBe(400);
      expect(r.json().fieldErrors).toContainEqual(expect.objectContaining({ field, code }));
    }
    const k = await kalender(2026, 1);
    const doppelt = await put("quartalskalender", { jahr: 2026, quartal: 1, bezeichnung: k.bezeichnung });
    expect(doppelt.statusCode).toBe(400);
    expect(doppelt.json().fieldErrors).toEqual([{ field: "bezeichnung", code: "unique" }]);
    expect(
      (await put("quartalskalender", { id: 999_999_999, jahr: 2026, quartal: 1, bezeichnung: "x" }))
        .statusCode,
    ).toBe(404);
    expect((await get("quartalskalender/abc")).statusCode).toBe(400);
  });

  it("401 without sign-in, 403 without a calendar role or the module, read-only cannot write", async () => {
    const k = await kalender();
    const pfade = [
      ["GET", "quartalskalender"],
      ["GET", `quartalskalender/${k.id}`],
      ["GET", "quartalskalender/heute"],
      ["GET", "quartalskalender/asstring"],
      ["GET", `quartalskalender/${k.id}/pdf`],
      ["GET", `quartalskalender/${k.id}/ics`],
      ["GET", "quartalskalendernote/asstring"],
      ["GET", "constructionsite/asstring"],
    ] as const;
    const schreibend = [
      ["PUT", "quartalskalender", { jahr: 2026, quartal: 1, bezeichnung: "x" }],
      ["DELETE", `quartalskalender/${k.id}`, undefined],
      ["POST", `quartalskalender/${k.id}/kopie`, { jahr: 2026, quartal: 3 }],
      [
        "PUT",
        `quartalskalender/${k.id}/eintrag`,
        { von: "2026-04-01", bis: "2026-04-01", text: "x", userId: planer.userId },
      ],
      ["DELETE", `quartalskalender/${k.id}/eintrag/1`, undefined],
      ["PUT", "quartalskalendernote", { kalenderId: k.id, datum: "2026-04-01", text: "x" }],
      ["DELETE", "quartalskalendernote/1", undefined],
    ] as const;
    for (const [method, url] of pfade) {
      expect((await call(t, { method, url: `${api}/${url}` })).statusCode, url).toBe(401);
      const ohne = await call(t, { method, url: `${api}/${url}`, ...ohneRolle });
      expect(ohne.statusCode, url).toBe(403);
      expect(ohne.json().code).toBe("error.forbidden");
      const modul = await call(t, { method, url: `${api}/${url}`, ...ohneModul });
      expect(modul.statusCode, url).toBe(403);
      expect(modul.json().code).toBe("error.moduleMissing");
      expect([200, 204], url).toContain(
        (await call(t, { method, url: `${api}/${url}`, ...leser })).statusCode,
      );
    }
    for (const [method, url, payload] of schreibend) {
      const r = (who?: Wer) =>
        call(t, { method, url: `${api}/${url}`, ...(who ?? {}), ...(payload ? { payload } : {}) });
      expect((await r()).statusCode, url).toBe(401);
      expect((await r(leser)).statusCode, url).toBe(403);
      expect((await r(ohneRolle)).statusCode, url).toBe(403);
      expect((await r(ohneModul)).json().code, url).toBe("error.moduleMissing");
    }
    expect((await get(`quartalskalender/${k.id}`)).statusCode).toBe(200);
  });

  it("keeps tenants apart: another tenant's calendar, entry and note are 404", async () => {
    const k = await kalender();
    const e = (
      await put(`quartalskalender/${k.id}/eintrag`, {
        von: "2026-04-01",
        bis: "2026-04-02",
        text: "x",
        userId: planer.userId,
      })
    ).json();
    const n = (
      await put("quartalskalendernote", { kalenderId: k.id, datum: "2026-04-01", text: "x" })
    ).json();
    for (const [method, url, payload] of [
      ["GET", `quartalskalender/${k.id}`, undefined],
      ["GET", `quartalskalender/${k.id}/pdf`, undefined],
      ["GET", `quartalskalender/${k.id}/ics`, undefined],
      ["DELETE", `quartalskalender/${k.id}`, undefined],
      ["POST", `quartalskalender/${k.id}/kopie`, { jahr: 2027, quartal: 1 }],
      ["PUT", "quartalskalender", { id: k.id, jahr: 2026, quartal: 2, bezeichnung: "x" }],
      [
        "PUT",
        `quartalskalender/${k.id}/eintrag`,
        { ...e, text: "fremd", kunde: undefined, baustelle: undefined, kalenderId: undefined },
      ],
      ["DELETE", `quartalskalender/${k.id}/eintrag/${e.id}`, undefined],
      ["GET", `quartalskalendernote/${n.id}`, undefined],
      ["DELETE", `quartalskalendernote/${n.id}`, undefined],
    ] as const) {
      const r = await call(t, { method, url: `${api}/${url}`, ...fremd, ...(payload ? { payload } : {}) });
      expect(r.statusCode, `${method} ${url} ${r.body}`).toBe(404);
    }
    const note = await put(
      "quartalskalendernote",
      { kalenderId: k.id, datum: "2026-04-01", text: "x" },
      fremd,
    );
    expect(note.statusCode).toBe(400);
    expect(note.json().fieldErrors).toEqual([{ field: "kalenderId", code: "notFound" }]);
    const board = (await get(`quartalskalender/${k.id}`)).json();
    expect(board.eintraege.map((x: { text: string }) => x.text)).toEqual(["x"]);
  });
});

describe("quartalskalender: board and entries", () => {
  it("the board holds the quarter, the members as rows, entries, notes and the tenant's holidays", async () => {
    const k = await kalender(2026, 2);
    // The tenant's holiday entries (working time, issue 22) are written straight into feiertag here.
    const { withTenant } = await import("../../db/tenant.ts");
    const { feiertag } = await import("../../db/schema/index.ts");
    await withTenant(t.db, planer.mandantId, (tx) =>
      tx
        .insert(feiertag)
        .values([
          { datum: "2026-04-06", bezeichnung: "Ostermontag", art: "gesetzlich" },
          { datum: "2026-07-15", bezeichnung: "Außerhalb", art: "betrieblich" },
        ])
        .onConflictDoNothing(),
    );
    const kunde = await createKunde(t, planer, { bezeichnung: "Huber Bau GmbH" });
    const site = (await put("constructionsite", { bezeichnung: unique("Dach"), ort: "Linz" })).json();
    const e = await put(`quartalskalender/${k.id}/eintrag`, {
      userId: kollegeId,
      von: "2026-04-07",
      bis: "2026-04-09",
      text: "Montage",
      kundeId: kunde.id,
      baustelleId: site.id,
      farbe: "gruen",
      notiz: "Schlüssel beim Nachbarn",
    });
    expect(e.statusCode, e.body).toBe(200);
    expect(e.json()).toMatchObject({
      kunde: "Huber Bau GmbH",
      baustelle: site.bezeichnung,
      farbe: "gruen",
      kalenderId: k.id,
    });
    const n = await put("quartalskalendernote", {
      kalenderId: k.id,
      datum: "2026-04-07",
      text: "Lieferung kommt",
    });
    expect(n.statusCode, n.body).toBe(200);

    const board = (await get(`quartalskalender/${k.id}`)).json();
    expect(board).toMatchObject({ von: "2026-04-01", bis: "2026-06-30" });
    expect(board.kalender.anzahlEintraege).toBe(1);
    expect(board.zeilen).toContainEqual({ id: kollegeId, name: "Karl Kollege", aktiv: true });
    expect(board.zeilen.map((z: { id: number }) => z.id)).toContain(planer.userId);
    expect(board.eintraege).toHaveLength(1);
    expect(board.notes).toEqual([
      { id: n.json().id, kalenderId: k.id, datum: "2026-04-07", text: "Lieferung kommt" },
    ]);
    expect(board.feiertage).toEqual([{ datum: "2026-04-06", bezeichnung: "Ostermontag", halbtag: false }]);
  });

  it("a drag and drop is an update of row and days; checks days, rows, customers and sites", async () => {
    const k = await kalender(2026, 2);
    const neu = (
      await put(`quartalskalender/${k.id}/eintrag`, {
        userId: planer.userId,
        von: "2026-04-01",
        bis: "2026-04-01",
        text: "Service",
      })
    ).json();
    const verschoben = await put(`quartalskalender/${k.id}/eintrag`, {
      ...neu,
      kunde: undefined,
      baustelle: undefined,
      kalenderId: undefined,
      userId: kollegeId,
      von: "2026-05-04",
      bis: "2026-05-06",
    });
    expect(verschoben.statusCode, verschoben.body).toBe(200);
    expect(verschoben.json()).toMatchObject({
      id: neu.id,
      userId: kollegeId,
      von: "2026-05-04",
      bis: "2026-05-06",
    });

    const basis = { userId: planer.userId, von: "2026-04-01", bis: "2026-04-01", text: "x" };
    for (const [payload, field, code] of [
      [{ ...basis, bis: "2026-03-31" }, "bis", "bisVorVon"],
      [{ ...basis, von: "2026-03-31" }, "von", "outsideQuarter"],
      [{ ...basis, bis: "2026-07-01" }, "bis", "outsideQuarter"],
      [{ ...basis, userId: null }, "userId", "required"],
      [{ ...basis, userId: fremdUserId }, "userId", "notFound"],
      [{ ...basis, kundeId: 999_999_999 }, "kundeId", "notFound"],
      [{ ...basis, baustelleId: 999_999_999 }, "baustelleId", "notFound"],
      [{ ...basis, text: "" }, "text", "required"],
      [{ ...basis, text: "x".repeat(201) }, "text", "maxLength"],
      [{ ...basis, farbe: "pink" }, "farbe", "enum"],
      [{ ...basis, von: "2026-02-30" }, "von", "pattern"],
      [{ ...basis, von: "0000-01-01" }, "von", "dateRange"],
    ] as const) {
      const r = await put(`quartalskalender/${k.id}/eintrag`, payload);
      expect(r.statusCode, JSON.stringify(payload)).toBe(400);
      expect(r.json().fieldErrors, JSON.stringify(payload)).toContainEqual(
        expect.objectContaining({ field, code }),
      );
    }
    expect((await put(`quartalskalender/${k.id}/eintrag`, { ...basis, id: 999_999_999 })).statusCode).toBe(
      404,
    );
    expect((await put(`quartalskalender/999999999/eintrag`, basis)).statusCode).toBe(404);
    // An entry of another calendar of the same tenant is not this calendar's.
    const anderer = await kalender(2026, 2);
    expect((await put(`quartalskalender/${anderer.id}/eintrag`, { ...basis, id: neu.id })).statusCode).toBe(
      404,
    );
    expect((await del(`quartalskalender/${anderer.id}/eintrag/${neu.id}`)).statusCode).toBe(404);
    expect((await del(`quartalskalender/${k.id}/eintrag/${neu.id}`)).statusCode).toBe(204);
    expect((await del(`quartalskalender/${k.id}/eintrag/${neu.id}`)).statusCode).toBe(404);
  });

  it("a site calendar has the active sites as rows and needs a site, not a person", async () => {
    const k = await kalender(2026, 3, "baustellen");
    const site = (await put("constructionsite", { bezeichnung: unique("Halle") })).json();
    const aus = (await put("constructionsite", { bezeichnung: unique("Alt"), aktiv: false })).json();
    const basis = { von: "2026-07-01", bis: "2026-07-03", text: "Estrich" };
    const ohne = await put(`quartalskalender/${k.id}/eintrag`, basis);
    expect(ohne.json().fieldErrors).toContainEqual({ field: "baustelleId", code: "required" });
    const mitPerson = await put(`quartalskalender/${k.id}/eintrag`, {
      ...basis,
      baustelleId: site.id,
      userId: planer.userId,
    });
    expect(mitPerson.json().fieldErrors).toContainEqual({ field: "userId", code: "notAllowed" });
    expect(
      (await put(`quartalskalender/${k.id}/eintrag`, { ...basis, baustelleId: site.id })).statusCode,
    ).toBe(200);
    const board = (await get(`quartalskalender/${k.id}`)).json();
    const ids = board.zeilen.map((z: { id: number }) => z.id);
    expect(ids).toContain(site.id);
    expect(ids).not.toContain(aus.id);
    // A site in use cannot be deleted (409), only switched off.
    expect((await del(`constructionsite/${site.id}`)).statusCode).toBe(409);
    const asstring = await get("constructionsite/asstring");
    expect(asstring.headers["content-type"]).toMatch(/^text\/plain/);
    expect(asstring.body).toContain(site.bezeichnung);
    expect(asstring.body).not.toContain(aus.bezeichnung);
  });

  it("day notes: in the quarter only, generic pattern, as text", async () => {
    const k = await kalender(2026, 4);
    const aussen = await put("quartalskalendernote", { kalenderId: k.id, datum: "2026-09-30", text: "x" });
    expect(aussen.statusCode).toBe(400);
    expect(aussen.json().fieldErrors).toEqual([{ field: "datum", code: "outsideQuarter" }]);
    for (const [payload, field, code] of [
      [{ kalenderId: k.id, datum: "2026-10-01", text: "" }, "text", "required"],
      [{ kalenderId: k.id, text: "x" }, "datum", "required"],
      [{ datum: "2026-10-01", text: "x" }, "kalenderId", "required"],
    ] as const) {
      const r = await put("quartalskalendernote", payload);
      expect(r.json().fieldErrors, JSON.stringify(payload)).toContainEqual(
        expect.objectContaining({ field, code }),
      );
    }
    const n = (
      await put("quartalskalendernote", {
        kalenderId: k.id,
        datum: "2026-12-24",
        text: "Betrieb zu;\nab 12 Uhr",
      })
    ).json();
    expect((await put("quartalskalendernote", { ...n, text: "Betriebsurlaub" })).json().text).toBe(
      "Betriebsurlaub",
    );
    const text = await get(`quartalskalendernote/asstring?kalenderId=${k.id}`);
    expect(text.body).toBe("24.12.2026 Betriebsurlaub");
    expect((await get(`quartalskalendernote?sort=datum,desc`)).statusCode).toBe(200);
    expect((await del(`quartalskalendernote/${n.id}`)).statusCode).toBe(204);
    expect((await get(`quartalskalendernote/asstring?kalenderId=${k.id}`)).statusCode).toBe(204);
    expect((await get(`quartalskalender/asstring`)).body).toContain(`2026 Q4 ${k.bezeichnung}`);
  });
});

describe("quartalskalender: copy into another quarter", () => {
  it("takes over recurring entries shifted by whole weeks (weekday kept), cut to the quarter; one-offs stay behind", async () => {
    const q1 = await kalender(2026, 1);
    const eintrag = (payload: object) =>
      put(`quartalskalender/${q1.id}/eintrag`, { userId: planer.userId, text: "x", ...payload });
    await eintrag({
      von: "2026-01-12",
      bis: "2026-01-14",
      text: "Jour fixe",
      wiederkehrend: true,
      farbe: "rot",
    }); // Mon–Wed
    await eintrag({ von: "2026-03-30", bis: "2026-03-31", text: "Monatsende", wiederkehrend: true }); // Mon–Tue
    await eintrag({ von: "2026-02-02", bis: "2026-02-02", text: "Einmalig" });
    await put("quartalskalendernote", { kalenderId: q1.id, datum: "2026-01-12", text: "nicht kopiert" });

    const kopie = await call(t, {
      method: "POST",
      url: `${api}/quartalskalender/${q1.id}/kopie`,
      ...planer,
      payload: { jahr: 2026, quartal: 2 },
    });
    expect(kopie.statusCode, kopie.body).toBe(200);
    expect(kopie.json()).toMatchObject({
      jahr: 2026,
      quartal: 2,
      bezeichnung: q1.bezeichnung,
      zeilenArt: "personen",
      anzahlEintraege: 2,
    });
    const board = (await get(`quartalskalender/${kopie.json().id}`)).json();
    expect(
      board.eintraege.map((e: { text: string; von: string; bis: string; farbe: string }) => [
        e.text,
        e.von,
        e.bis,
        e.farbe,
      ]),
    ).toEqual([
      ["Jour fixe", "2026-04-13", "2026-04-15", "rot"],
      ["Monatsende", "2026-06-29", "2026-06-30", "blau"],
    ]);
    expect(board.notes).toEqual([]);

    const nochmal = await call(t, {
      method: "POST",
      url: `${api}/quartalskalender/${q1.id}/kopie`,
      ...planer,
      payload: { jahr: 2026, quartal: 2 },
    });
    expect(nochmal.statusCode).toBe(400);
    expect(nochmal.json().fieldErrors).toEqual([{ field: "bezeichnung", code: "unique" }]);
    const falsch = await call(t, {
      method: "POST",
      url: `${api}/quartalskalender/${q1.id}/kopie`,
      ...planer,
      payload: { jahr: 2026, quartal: 0 },
    });
    expect(falsch.json().fieldErrors).toContainEqual(
      expect.objectContaining({ field: "quartal", code: "min" }),
    );
    expect(
      (
        await call(t, {
          method: "POST",
          url: `${api}/quartalskalender/999999999/kopie`,
          ...planer,
          payload: { jahr: 2026, quartal: 3 },
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe("quartalskalender: today, exports, google-config", () => {
  it("GET heute answers the caller's entries of today across person calendars", async () => {
    const { todayIso } = await import("@kontor/domain/date/calendar");
    const { quartalVon } = await import("@kontor/domain/quartalskalender/quartalskalender.rules");
    const heute = todayIso();
    const { jahr, quartal } = quartalVon(heute);
    const k = await kalender(jahr, quartal);
    await put(`quartalskalender/${k.id}/eintrag`, {
      userId: planer.userId,
      von: heute,
      bis: heute,
      text: "Heute dran",
    });
    await put(`quartalskalender/${k.id}/eintrag`, {
      userId: kollegeId,
      von: heute,
      bis: heute,
      text: "Nicht meins",
    });
    const r = await get("quartalskalender/heute");
    expect(r.statusCode).toBe(200);
    const texte = r.json().map((e: { text: string }) => e.text);
    expect(texte).toContain("Heute dran");
    expect(texte).not.toContain("Nicht meins");
    expect(r.json()[0]).toMatchObject({ kalenderBezeichnung: expect.any(String), jahr, quartal });
    expect((await get("quartalskalender/heute", fremd)).json()).toEqual([]);
  });

  it("the .ics has one all-day VEVENT per entry, exclusive DTEND, escaped and folded text, CRLF", async () => {
    const k = await kalender(2026, 2);
    const lang = `Montage; Dach, Süd — ${"sehr lang ".repeat(12)}`;
    await put(`quartalskalender/${k.id}/eintrag`, {
      userId: kollegeId,
      von: "2026-04-30",
      bis: "2026-05-01",
      text: lang,
      notiz: "Zeile 1\nZeile 2",
    });
    await put(`quartalskalender/${k.id}/eintrag`, {
      userId: planer.userId,
      von: "2026-06-30",
      bis: "2026-06-30",
      text: "Planer",
    });
    const r = await get(`quartalskalender/${k.id}/ics`);
    expect(r.statusCode).toBe(200);
    expect(r.headers["content-type"]).toMatch(/^text\/calendar/);
    expect(r.headers["content-disposition"]).toMatch(/attachment/);
    expect(decodeURIComponent(String(r.headers["x-filename"]))).toMatch(/^Quartalskalender 2026-Q2 .*\.ics$/);
    const ics = r.body;
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(ics.replaceAll("\r\n", "")).not.toMatch(/[\r\n]/);
    for (const zeile of ics.split("\r\n")) expect(Buffer.byteLength(zeile)).toBeLessThanOrEqual(75);
    const entfaltet = ics.replaceAll("\r\n ", "");
    expect(entfaltet).toContain("DTSTART;VALUE=DATE:20260430\r\nDTEND;VALUE=DATE:20260502\r\n");
    expect(entfaltet).toContain("DTSTART;VALUE=DATE:20260630\r\nDTEND;VALUE=DATE:20260701\r\n");
    expect(entfaltet).toContain("SUMMARY:Montage\\; Dach\\, Süd — sehr lang");
    expect(entfaltet).toContain("(Karl Kollege)");
    expect(entfaltet).toContain("DESCRIPTION:Zeile 1\\nZeile 2\r\n");
    expect(entfaltet).toMatch(/UID:kontor-qk-\d+-\d+@kontor\r\nDTSTAMP:\d{8}T\d{6}Z\r\n/);
    const nurPlaner = (await get(`quartalskalender/${k.id}/ics?userId=${planer.userId}`)).body;
    expect(nurPlaner.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect((await get(`quartalskalender/${k.id}/ics?userId=abc`)).statusCode).toBe(400);
  });

  it("the PDF shows rows, weeks, entries with their days, holidays and notes, in de and en", async () => {
    const k = await kalender(2026, 2);
    const { withTenant } = await import("../../db/tenant.ts");
    const { feiertag } = await import("../../db/schema/index.ts");
    await withTenant(t.db, planer.mandantId, (tx) =>
      tx
        .insert(feiertag)
        .values({ datum: "2026-05-01", bezeichnung: "Staatsfeiertag", art: "gesetzlich" })
        .onConflictDoNothing(),
    );
    await put(`quartalskalender/${k.id}/eintrag`, {
      userId: kollegeId,
      von: "2026-04-13",
      bis: "2026-04-15",
      text: "Dachmontage",
    });
    await put("quartalskalendernote", { kalenderId: k.id, datum: "2026-04-14", text: "Kran bestellt" });
    const r = await get(`quartalskalender/${k.id}/pdf`);
    expect(r.statusCode).toBe(200);
    expect(r.headers["content-type"]).toBe("application/pdf");
    expect(r.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const text = (await pdfSeiten(r.rawPayload)).join("\n");
    expect(text).toContain("Quartalskalender 2. Quartal 2026");
    expect(text).toContain("KW 16");
    expect(text).toContain("Karl Kollege");
    expect(text).toContain("Mo–Mi");
    expect(text).toContain("Dachmontage");
    expect(text).toContain("Staatsfeiertag");
    expect(text).toContain("Kran bestellt");
    const en = (await pdfSeiten((await get(`quartalskalender/${k.id}/pdf?lang=en`)).rawPayload)).join("\n");
    expect(en).toContain("Quarter calendar Q2 2026");
    expect(en).toContain("CW 16");
    expect(en).toContain("Mon–Wed");
    expect((await get(`quartalskalender/${k.id}/pdf?lang=fr`)).statusCode).toBe(400);
  });

  it("google-config: empty when not configured, the settings when configured; every member, sign-in needed", async () => {
    const leer = await get("google-config", ohneRolle);
    expect(leer.statusCode).toBe(200);
    expect(leer.json()).toEqual({});
    expect((await call(t, { method: "GET", url: `${api}/google-config` })).statusCode).toBe(401);
    const mit = await createTestApp({ googleCalendar: { apiKey: "key-1", clientId: "client-1.apps" } });
    try {
      const user = await createTenantUser(mit, { authorities: ["ROLE_USER"] });
      const r = await call(mit, {
        method: "GET",
        url: `${api}/google-config`,
        token: await login(mit, user),
        mandantId: user.mandantId,
      });
      expect(r.statusCode).toBe(200);
      expect(r.json()).toEqual({
        apiKey: "key-1",
        clientId: "client-1.apps",
        scope: "https://www.googleapis.com/auth/calendar.events",
        discoveryDocs: ["https://www.googleapis.com/discovery/v1/apis/calendar/v3/rest"],
      });
    } finally {
      await mit.close();
    }
  });
});
