import type { TModul } from "@kontor/domain/access/access.schema";
import { LIST_COUNT_CAP, SEARCH_COUNT_CAP } from "@kontor/domain/http/paging";
import { listenname } from "@kontor/domain/kunde/kunde.listenname";
import type { TKundeInput } from "@kontor/domain/kunde/kunde.schema";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  auditLog,
  felddefinition,
  firmengruppe,
  lieferbedingung,
  mandant,
  mandantModul,
  preisschiene,
  stammnummerStand,
  zahlungsbedingung,
  zahlungsziel,
} from "../../db/schema/index.ts";
import { withoutTenant, withTenant } from "../../db/tenant.ts";
import { createUser } from "../../setup/seed.ts";
import { describeCrud } from "../../test/crud.ts";
import { call, createTenantUser, login, unique } from "../../test/helpers.ts";
import { sortnameOf } from "./kunde.repository.ts";
import { type Caller, createKunde, gueltigerKunde, rechnungsadresse } from "./kunde.testing.ts";

const crud = describeCrud({
  path: "kundes",
  valid: (n) => gueltigerKunde({ bezeichnung: `Kunde ${n}` }),
  update: { bezeichnung: "Neue Muster GmbH", telnr: "+43 1 234" },
  invalid: [
    { payload: gueltigerKunde({ bezeichnung: null }), field: "bezeichnung", code: "required" },
    {
      payload: gueltigerKunde({ adresseLists: [rechnungsadresse({ plz: "" })] }),
      field: "adresseLists.0.plz",
      code: "required",
    },
    {
      payload: gueltigerKunde({ adresseLists: [rechnungsadresse(), { land: "AT", ort: "Graz" }] }),
      field: "adresseLists.1.strasse",
      code: "required",
    },
    {
      payload: gueltigerKunde({ firma: "privatperson", vorname: "Max", nachname: "Muster" }),
      field: "geschlecht",
      code: "required",
    },
    {
      payload: gueltigerKunde({ adresseLists: [rechnungsadresse({ plz: "12345678901" })] }),
      field: "adresseLists.0.plz",
      code: "maxLength",
    },
    { payload: gueltigerKunde({ email: "kein-mail" }), field: "email", code: "email" },
    { payload: gueltigerKunde({ uid: "ATU12345676" }), field: "uid", code: "checksum" },
    { payload: gueltigerKunde({ rabattVorschlag: 101 }), field: "rabattVorschlag", code: "max" },
    {
      payload: gueltigerKunde({ kundeKontakte: [{ nachname: "" }] }),
      field: "kundeKontakte.0.nachname",
      code: "required",
    },
  ],
  sort: { field: "sortname", values: (n) => ({ bezeichnung: `Sortiert ${n}` }) },
  authorities: ["ROLE_USER"],
  forbiddenAuthorities: ["ROLE_KASSABUCH"],
});

const api = (path: string) => `/app/api/${path}`;
const ALL_PARTS: TModul[] = ["fahrzeuge", "crm", "assetkunde"];

/** A fresh tenant (own data, own numbers) with one ROLE_USER member. */
async function tenant(modules: TModul[] = ALL_PARTS): Promise<Caller & { userId: number; login: string }> {
  const user = await createTenantUser(crud.t, { authorities: ["ROLE_USER"], modules });
  return {
    token: await login(crud.t, user),
    mandantId: user.mandantId,
    userId: user.userId,
    login: user.login,
  };
}

const get = (who: Caller, path: string) => call(crud.t, { method: "GET", url: api(path), ...who });
const put = (who: Caller, path: string, payload: unknown) =>
  call(crud.t, { method: "PUT", url: api(path), ...who, payload: payload as object });
const del = (who: Caller, path: string) => call(crud.t, { method: "DELETE", url: api(path), ...who });

/** Inserts master data straight into the tenant (the routes of those areas are tested elsewhere). */
async function stammdaten(who: Caller) {
  return withTenant(crud.t.db, who.mandantId, async (tx) => {
    const { mandantId } = who;
    const [p] = await tx.insert(preisschiene).values({ mandantId, bezeichnung: "Händler" }).returning();
    const [z] = await tx.insert(zahlungsziel).values({ mandantId, name: "30 Tage" }).returning();
    const [l] = await tx.insert(lieferbedingung).values({ mandantId, name: "frei Haus" }).returning();
    const [b] = await tx.insert(zahlungsbedingung).values({ mandantId, name: "Vorkasse" }).returning();
    const [g] = await tx.insert(firmengruppe).values({ mandantId, bezeichnung: "Holding" }).returning();
    return {
      preisschiene: p!.id,
      zahlungsziel: z!.id,
      lieferbedingung: l!.id,
      zahlungsbedingung: b!.id,
      gruppe: g!.id,
    };
  });
}

async function feld(who: Caller, values: Partial<typeof felddefinition.$inferInsert> = {}) {
  const [row] = await withTenant(crud.t.db, who.mandantId, (tx) =>
    tx
      .insert(felddefinition)
      .values({ mandantId: who.mandantId, bereich: "kunde", bezeichnung: unique("Feld"), ...values })
      .returning(),
  );
  return row!.id;
}

const countKunden = async (who: Caller) =>
  Number((await get(who, "kundes?size=1&includeDeactivated=true")).headers["x-total-count"]);

async function setModules(who: Caller, modules: TModul[]) {
  await crud.t.db.delete(mandantModul).where(eq(mandantModul.mandantId, who.mandantId));
  if (modules.length > 0)
    await crud.t.db
      .insert(mandantModul)
      .values(modules.map((modul) => ({ mandantId: who.mandantId, modul })));
}

const ids = (rows: { id: number }[]) => rows.map((row) => row.id);

describe("PUT and GET kundes/{id}: the customer with all its parts", () => {
  it("stores every part and answers the customer as GET gives it", async () => {
    const who = await tenant();
    const ref = await stammdaten(who);
    const [feldA, feldB] = [
      await feld(who, { sortOrder: 1 }),
      await feld(who, { sortOrder: 2, type: "NUMBER" }),
    ];
    const payload: TKundeInput = gueltigerKunde({
      bezeichnung: "Alpen Bau GmbH",
      email: "office@alpenbau.at",
      uid: "ATU 1234 5675",
      adresseLists: [
        rechnungsadresse({ strasse: "Ringstraße", plz: "1010" }),
        { strasse: "Lagerweg", hausNummer: "5", plz: "2340", ort: "Mödling", land: "AT", zuHanden: true },
      ],
      kundeKontakte: [{ vorname: "Eva", nachname: "Huber", email: "eva@alpenbau.at", geschlecht: "frau" }],
      fahrzeuge: [
        { kennzeichen: "W-12345", marke: "VW", erstZulassung: "2020-03-01", kilometerstand: 12000 },
      ],
      kundeFelder: [{ felddefinitionId: feldB, value: "42" }],
      kundeCrms: [{ text: "Erstkontakt auf der Messe" }],
      kundePdfs: [
        { id: 1, dateiname: "x.pdf", contentType: "application/pdf", groesse: 1, hochgeladenAm: "x" },
      ],
      preisschiene: { id: ref.preisschiene },
      zahlungsziel: { id: ref.zahlungsziel },
      lieferbedingung: { id: ref.lieferbedingung },
      zahlungsbedingung: { id: ref.zahlungsbedingung },
      firmengruppen: [{ id: ref.gruppe }],
      user: { id: who.userId },
      rabattVorschlag: 2.5,
      lieferant: false,
    });
    const saved = await put(who, "kundes", payload);
    expect(saved.statusCode, saved.body).toBe(200);
    const kunde = saved.json();
    expect(kunde).toMatchObject({
      kundenNummer: "1",
      bezeichnung: "Alpen Bau GmbH",
      anzeigename: "Alpen Bau GmbH",
      uid: "ATU12345675",
      adresseLists: [
        { strasse: "Ringstraße", adressenTyp: "rechnungsadresse", aktiv: true },
        { strasse: "Lagerweg", ort: "Mödling", adressenTyp: "lieferadresse", zuHanden: true },
      ],
      kundeKontakte: [{ vorname: "Eva", nachname: "Huber", geschlecht: "frau" }],
      fahrzeuge: [
        { kennzeichen: "W-12345", erstZulassung: "2020-03-01", kilometerstand: 12000, saveonpdf: false },
      ],
      kundeFelder: [
        { felddefinitionId: feldA, value: null },
        { felddefinitionId: feldB, value: "42" },
      ],
      kundeCrms: [{ text: "Erstkontakt auf der Messe", user: { id: who.userId, login: who.login } }],
      kundePdfs: [],
      preisschiene: { id: ref.preisschiene },
      zahlungsziel: { id: ref.zahlungsziel },
      lieferbedingung: { id: ref.lieferbedingung },
      zahlungsbedingung: { id: ref.zahlungsbedingung },
      firmengruppen: [{ id: ref.gruppe }],
      user: { id: who.userId, login: who.login },
      rabattVorschlag: 2.5,
      aktiv: true,
    });
    expect(kunde.adresseLists[0].id).toBeTypeOf("number");
    expect(Date.parse(kunde.kundeCrms[0].datum)).toBeGreaterThan(Date.now() - 60_000);

    const read = await get(who, `kundes/${kunde.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(kunde);
  });

  it("clears by type (SPEC §4): firma drops the person's names, privatperson the company name", async () => {
    const who = await tenant();
    const firma = await createKunde(crud.t, who, {
      bezeichnung: "Klar GmbH",
      vorname: "Max",
      nachname: "Muster",
      geschlecht: "herr",
    });
    expect(firma).toMatchObject({
      bezeichnung: "Klar GmbH",
      vorname: null,
      nachname: null,
      geschlecht: null,
    });
    const person = await createKunde(crud.t, who, {
      firma: "privatperson",
      bezeichnung: "Weg damit",
      vorname: "Max",
      nachname: "Muster",
      geschlecht: "herr",
    });
    expect(person).toMatchObject({ bezeichnung: null, vorname: "Max", anzeigename: "Herr Max Muster" });
    const row = (await get(who, "kundes?search=muster")).json();
    expect(row).toEqual([
      expect.objectContaining({
        id: person.id,
        anzeigename: "Herr Max Muster",
        firma: "privatperson",
        ort: "Wien",
      }),
    ]);
  });

  it("refuses references that do not exist in the tenant (400 notFound at the field) and saves nothing", async () => {
    const who = await tenant();
    const other = await tenant();
    const fremd = await stammdaten(other);
    const artikelFeld = await feld(who, { bereich: "artikel" });
    const zahlFeld = await feld(who, { type: "NUMBER" });
    const before = await countKunden(who);
    const response = await put(
      who,
      "kundes",
      gueltigerKunde({
        preisschiene: { id: fremd.preisschiene },
        zahlungsziel: { id: 999_999_999 },
        lieferbedingung: { id: fremd.lieferbedingung },
        zahlungsbedingung: { id: fremd.zahlungsbedingung },
        firmengruppen: [{ id: fremd.gruppe }],
        user: { id: other.userId },
        kundeFelder: [
          { felddefinitionId: artikelFeld, value: "x" },
          { felddefinitionId: zahlFeld, value: "zwölf" },
        ],
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe("error.validation");
    expect(response.json().fieldErrors).toEqual(
      expect.arrayContaining([
        { field: "preisschiene", code: "notFound" },
        { field: "zahlungsziel", code: "notFound" },
        { field: "lieferbedingung", code: "notFound" },
        { field: "zahlungsbedingung", code: "notFound" },
        { field: "firmengruppen.0.id", code: "notFound" },
        { field: "user", code: "notFound" },
        { field: "kundeFelder.0.felddefinitionId", code: "notFound" },
        { field: "kundeFelder.1.value", code: "invalid" },
      ]),
    );
    expect(await countKunden(who)).toBe(before);
    // A refused save consumes no number.
    expect((await get(who, "nextkundennumber")).json()).toEqual({ kundenNummer: "1" });
  });

  it("names every missing field of the save rules (SPEC §5) at once", async () => {
    const who = await tenant();
    const response = await put(who, "kundes", {
      firma: "privatperson",
      adresseLists: [{ land: "AT" }, { land: "AT", aktiv: true }],
    });
    expect(response.statusCode).toBe(400);
    const fields = response.json().fieldErrors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(
      expect.arrayContaining([
        "nachname",
        "vorname",
        "geschlecht",
        "adresseLists.0.strasse",
        "adresseLists.0.plz",
        "adresseLists.0.ort",
        "adresseLists.1.strasse",
        "adresseLists.1.plz",
      ]),
    );
    // A deactivated delivery address is kept without being checked.
    const kept = await put(
      who,
      "kundes",
      gueltigerKunde({ adresseLists: [rechnungsadresse(), { land: "AT", aktiv: false }] }),
    );
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().adresseLists).toHaveLength(2);
  });

  it("replaces parts by id: named ones are updated, new ones inserted, missing ones deleted", async () => {
    const who = await tenant();
    const kunde = await createKunde(crud.t, who, {
      adresseLists: [
        rechnungsadresse(),
        rechnungsadresse({ strasse: "Lager 1" }),
        rechnungsadresse({ strasse: "Lager 2" }),
      ],
      kundeKontakte: [{ nachname: "Eins" }, { nachname: "Zwei" }],
    });
    const [billing, lager1, lager2] = kunde.adresseLists;
    const [eins, zwei] = kunde.kundeKontakte;
    const updated = await put(who, "kundes", {
      ...kunde,
      adresseLists: [
        billing,
        { ...lager2, strasse: "Lager 2 neu" },
        rechnungsadresse({ strasse: "Lager 3" }),
      ],
      kundeKontakte: [{ nachname: "Neu" }, { ...zwei, nachname: "Zwei geändert" }],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const after = updated.json();
    expect(after.adresseLists.map((a: { strasse: string }) => a.strasse)).toEqual([
      "Hauptstraße",
      "Lager 2 neu",
      "Lager 3",
    ]);
    expect(after.adresseLists[0].id).toBe(billing!.id);
    expect(after.adresseLists[1].id).toBe(lager2!.id);
    expect(ids(after.adresseLists)).not.toContain(lager1!.id);
    expect(after.kundeKontakte.map((c: { nachname: string }) => c.nachname)).toEqual([
      "Neu",
      "Zwei geändert",
    ]);
    expect(after.kundeKontakte[1].id).toBe(zwei!.id);
    expect(ids(after.kundeKontakte)).not.toContain(eins!.id);
    expect(after.kundenNummer).toBe(kunde.kundenNummer);

    // An id of another customer's part is refused; nothing changes.
    const fremd = await createKunde(crud.t, who, { kundeKontakte: [{ nachname: "Fremd" }] });
    const refused = await put(who, "kundes", {
      ...after,
      adresseLists: [{ ...fremd.adresseLists[0] }],
      kundeKontakte: [...after.kundeKontakte, fremd.kundeKontakte[0]],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors).toEqual(
      expect.arrayContaining([
        { field: "adresseLists.0.id", code: "notFound" },
        { field: "kundeKontakte.2.id", code: "notFound" },
      ]),
    );
    expect((await get(who, `kundes/${kunde.id}`)).json()).toEqual(after);
    expect((await get(who, `kundes/${fremd.id}`)).json()).toEqual(fremd);
  });

  it("CRM notes: a new one is the saving user's, an existing one keeps its author", async () => {
    const who = await tenant();
    const kollegeLogin = unique("kollege");
    const kollegeId = await createUser(crud.t.db, {
      login: kollegeLogin,
      email: `${kollegeLogin}@example.test`,
      password: "secret123",
      authorities: ["ROLE_USER"],
      mandantIds: [who.mandantId],
    });
    const kollege = {
      token: await login(crud.t, { login: kollegeLogin, password: "secret123" }),
      mandantId: who.mandantId,
    };
    const kunde = await createKunde(crud.t, who, {
      kundeCrms: [{ text: "Alt", datum: "2020-01-02T10:00:00.000Z" }],
    });
    expect(kunde.kundeCrms).toEqual([
      {
        id: expect.any(Number),
        text: "Alt",
        datum: "2020-01-02T10:00:00.000Z",
        user: { id: who.userId, login: who.login },
      },
    ]);
    const saved = await put(kollege, "kundes", {
      ...kunde,
      kundeCrms: [...kunde.kundeCrms.map((c) => ({ ...c, text: "Alt, ergänzt" })), { text: "Neu" }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const crms = saved.json().kundeCrms;
    // Newest first.
    expect(crms.map((c: { text: string }) => c.text)).toEqual(["Neu", "Alt, ergänzt"]);
    expect(crms[0].user).toEqual({ id: kollegeId, login: kollegeLogin });
    expect(crms[1].user).toEqual({ id: who.userId, login: who.login });
    expect(crms[1].datum).toBe("2020-01-02T10:00:00.000Z");
  });

  it("with a module off, vehicles (fahrzeuge) and CRM notes (crm) stay as stored and are answered empty", async () => {
    const who = await tenant();
    const kunde = await createKunde(crud.t, who, {
      fahrzeuge: [{ kennzeichen: "G-1" }],
      kundeCrms: [{ text: "Notiz" }],
    });
    await setModules(who, []);
    const hidden = (await get(who, `kundes/${kunde.id}`)).json();
    expect(hidden.fahrzeuge).toEqual([]);
    expect(hidden.kundeCrms).toEqual([]);
    const saved = await put(who, "kundes", {
      ...hidden,
      bezeichnung: "Ohne Module GmbH",
      fahrzeuge: [{ kennzeichen: "NEU-1" }],
      kundeCrms: [{ text: "Neu" }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ bezeichnung: "Ohne Module GmbH", fahrzeuge: [], kundeCrms: [] });
    await setModules(who, ALL_PARTS);
    const back = (await get(who, `kundes/${kunde.id}`)).json();
    expect(back.fahrzeuge).toEqual(kunde.fahrzeuge);
    expect(back.kundeCrms).toEqual(kunde.kundeCrms);
  });

  it("ignores PDFs and the display name in the body; a create with an id of another tenant is 404", async () => {
    const who = await tenant();
    const other = await tenant();
    const fremd = await createKunde(crud.t, other);
    expect((await put(who, "kundes", { ...gueltigerKunde(), id: fremd.id })).statusCode).toBe(404);
    expect((await get(who, `kundes/${fremd.id}`)).statusCode).toBe(404);
    const kunde = await createKunde(crud.t, who, { anzeigename: "Erfunden" });
    expect(kunde.anzeigename).toBe("Muster GmbH");
  });
});

describe("customer numbers", () => {
  async function setPattern(
    who: Caller,
    patternKundennummer: string | null,
    firstKundenNummer: number | null,
  ) {
    await crud.t.db
      .update(mandant)
      .set({ patternKundennummer, firstKundenNummer })
      .where(eq(mandant.id, who.mandantId));
  }

  it("draws from the tenant's pattern and first number, skips numbers entered by hand, refuses duplicates", async () => {
    const who = await tenant();
    await setPattern(who, "K-{NNNN}", 100);
    expect((await get(who, "nextkundennumber")).json()).toEqual({ kundenNummer: "K-0100" });
    expect((await get(who, "nextkundennumber")).json()).toEqual({ kundenNummer: "K-0100" }); // nothing consumed

    const erster = await createKunde(crud.t, who);
    expect(erster.kundenNummer).toBe("K-0100");
    const vonHand = await createKunde(crud.t, who, { kundenNummer: "K-0101" });
    expect(vonHand.kundenNummer).toBe("K-0101");
    expect((await get(who, "nextkundennumber")).json()).toEqual({ kundenNummer: "K-0102" });
    expect((await createKunde(crud.t, who)).kundenNummer).toBe("K-0102");

    const doppelt = await put(who, "kundes", gueltigerKunde({ kundenNummer: "K-0100" }));
    expect(doppelt.statusCode).toBe(400);
    expect(doppelt.json().fieldErrors).toEqual([{ field: "kundenNummer", code: "unique" }]);
    const umbenannt = await put(who, "kundes", { ...vonHand, kundenNummer: "K-0100" });
    expect(umbenannt.json().fieldErrors).toEqual([{ field: "kundenNummer", code: "unique" }]);

    // An update without a number keeps the stored one; a new number by hand is taken.
    const ohne = await put(who, "kundes", { ...erster, kundenNummer: "" });
    expect(ohne.json().kundenNummer).toBe("K-0100");
    const neu = await put(who, "kundes", { ...erster, kundenNummer: "SONDER-1" });
    expect(neu.json().kundenNummer).toBe("SONDER-1");

    const [stand] = await withTenant(crud.t.db, who.mandantId, (tx) =>
      tx.select().from(stammnummerStand).where(eq(stammnummerStand.art, "kunde")),
    );
    expect(stand?.lastNummer).toBe(102);
  });

  it("uses the default pattern {N} without one; a broken pattern falls back to it", async () => {
    const who = await tenant();
    await setPattern(who, "ohne Zähler", null);
    expect((await createKunde(crud.t, who)).kundenNummer).toBe("1");
    expect((await createKunde(crud.t, who)).kundenNummer).toBe("2");
  });

  it("20 parallel creates get 20 distinct numbers", async () => {
    const who = await tenant();
    const created = await Promise.all(
      Array.from({ length: 20 }, (_, n) => createKunde(crud.t, who, { bezeichnung: `Parallel ${n}` })),
    );
    const numbers = created.map((k) => Number(k.kundenNummer));
    expect(new Set(numbers).size).toBe(20);
    expect(numbers.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it("GET kundesknr/{knr} answers the customer with that number, else 404 (also for another tenant's)", async () => {
    const who = await tenant();
    const other = await tenant();
    const kunde = await createKunde(crud.t, who, { kundenNummer: "KN/7 ä" });
    const found = await get(who, `kundesknr/${encodeURIComponent("KN/7 ä")}`);
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual(kunde);
    expect((await get(who, "kundesknr/nope")).statusCode).toBe(404);
    expect((await get(other, `kundesknr/${encodeURIComponent("KN/7 ä")}`)).statusCode).toBe(404);
  });
});

describe("the audit log of customers (DESIGN §6)", () => {
  it("records who created, changed (one by one and in bulk) and deleted a customer, and when", async () => {
    const who = await tenant();
    const kunde = await createKunde(crud.t, who);
    expect((await put(who, "kundes", { ...kunde, telnr: "+43 1 99" })).statusCode).toBe(200);
    expect((await put(who, "kundeslist", [{ id: kunde.id, aktiv: false }])).statusCode).toBe(200);
    expect((await del(who, `kundes/${kunde.id}`)).statusCode).toBe(204);
    const rows = await withTenant(crud.t.db, who.mandantId, (tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, "kunde"), eq(auditLog.entityId, kunde.id)))
        .orderBy(auditLog.id),
    );
    expect(rows.map((r) => [r.action, r.userId, r.login, r.detail])).toEqual([
      ["create", who.userId, who.login, null],
      ["update", who.userId, who.login, null],
      ["update", who.userId, who.login, { fields: ["aktiv"] }],
      ["delete", who.userId, who.login, null],
    ]);
  });

  it("a refused save leaves no entry", async () => {
    const who = await tenant();
    const kunde = await createKunde(crud.t, who);
    const refused = await put(who, "kundes", { ...kunde, preisschiene: { id: 999_999_999 } });
    expect(refused.statusCode).toBe(400);
    const rows = await withTenant(crud.t.db, who.mandantId, (tx) =>
      tx.select().from(auditLog).where(eq(auditLog.entityId, kunde.id)),
    );
    expect(rows.map((r) => r.action)).toEqual(["create"]);
  });
});

describe("DELETE kundes/{id}", () => {
  it("deletes the customer with its parts; unknown is 404", async () => {
    const who = await tenant();
    const kunde = await createKunde(crud.t, who, {
      kundeKontakte: [{ nachname: "Weg" }],
      fahrzeuge: [{ kennzeichen: "W-1" }],
      kundeCrms: [{ text: "x" }],
      kundeFelder: [{ felddefinitionId: await feld(who), value: "v" }],
      firmengruppen: [{ id: (await stammdaten(who)).gruppe }],
    });
    expect((await del(who, `kundes/${kunde.id}`)).statusCode).toBe(204);
    expect((await get(who, `kundes/${kunde.id}`)).statusCode).toBe(404);
    expect((await del(who, `kundes/${kunde.id}`)).statusCode).toBe(404);
    const left = await withTenant(crud.t.db, who.mandantId, (tx) =>
      tx.execute(sql`SELECT (SELECT count(*) FROM adresse WHERE kunde_id IS NOT NULL)
        + (SELECT count(*) FROM kunde_kontakt) + (SELECT count(*) FROM fahrzeug) + (SELECT count(*) FROM kunde_crm)
        + (SELECT count(*) FROM kunde_feld) + (SELECT count(*) FROM kunde_firmengruppe) AS n`),
    );
    expect(Number((left as unknown as { rows: { n: number }[] }).rows[0]!.n)).toBe(0);
  });

  it("refuses (409 error.kundeInUse) while another table references the customer, and deletes nothing", async () => {
    const who = await tenant();
    const kunde = await createKunde(crud.t, who);
    const table = unique("test_beleg").replace(/-/g, "_");
    await crud.t.db.execute(
      sql.raw(`CREATE TABLE ${table} (mandant_id bigint NOT NULL, id bigint PRIMARY KEY, kunde_id bigint NOT NULL,
        FOREIGN KEY (mandant_id, kunde_id) REFERENCES kunde (mandant_id, id))`),
    );
    try {
      await crud.t.db.execute(sql.raw(`INSERT INTO ${table} VALUES (${who.mandantId}, 1, ${kunde.id})`));
      const response = await del(who, `kundes/${kunde.id}`);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        code: "error.kundeInUse",
        detail: expect.stringContaining("used"),
      });
      expect((await get(who, `kundes/${kunde.id}`)).json()).toEqual(kunde);
    } finally {
      await crud.t.db.execute(sql.raw(`DROP TABLE ${table}`));
    }
  });
});

/** Customers with distinct names and places, for the list and search tests. */
async function musterdaten(who: Caller) {
  const make = (overrides: Partial<TKundeInput>) => createKunde(crud.t, who, overrides);
  const mueller = await make({
    firma: "privatperson",
    geschlecht: "herr",
    vorname: "Hans",
    nachname: "Müller",
    adresseLists: [rechnungsadresse({ ort: "Wolfsgraben", plz: "3012", strasse: "Hauptstraße" })],
  });
  const alpen = await make({
    bezeichnung: "Alpen Bau GmbH",
    uid: "ATU13585627",
    adresseLists: [rechnungsadresse({ ort: "Graz", plz: "8010", strasse: "Annenstraße" })],
  });
  const zebra = await make({
    bezeichnung: "Zebra Handel",
    email: "einkauf@zebra.at",
    adresseLists: [rechnungsadresse({ ort: "Bregenz", plz: "6900" })],
  });
  const lieferant = await make({
    bezeichnung: "Lieferant Müller KG",
    lieferant: true,
    adresseLists: [rechnungsadresse({ ort: "Linz", plz: "4020" })],
  });
  const inaktiv = await make({
    bezeichnung: "Alt Müller OG",
    aktiv: false,
    adresseLists: [rechnungsadresse({ ort: "Salzburg", plz: "5020" })],
  });
  return { mueller, alpen, zebra, lieferant, inaktiv };
}

describe("GET kundes: the list", () => {
  it("answers rows with the billing address, sorted by sortname, paged with x-total-count", async () => {
    const who = await tenant();
    const d = await musterdaten(who);
    const list = await get(who, "kundes");
    expect(list.statusCode).toBe(200);
    expect(list.headers["x-total-count"]).toBe("4");
    // sortname: alpen bau gmbh, lieferant muller kg, muller hans, zebra handel
    expect(ids(list.json())).toEqual([d.alpen.id, d.lieferant.id, d.mueller.id, d.zebra.id]);
    expect(list.json()[2]).toEqual({
      id: d.mueller.id,
      kundenNummer: d.mueller.kundenNummer,
      anzeigename: "Herr Hans Müller",
      firma: "privatperson",
      bezeichnung: null,
      vorname: "Hans",
      nachname: "Müller",
      strasse: "Hauptstraße",
      hausNummer: "1",
      plz: "3012",
      ort: "Wolfsgraben",
      land: "AT",
      email: null,
      telnr: null,
      uid: null,
      lieferant: false,
      aktiv: true,
    });

    const page = await get(who, "kundes?page=1&size=3");
    expect(page.headers["x-total-count"]).toBe("4");
    expect(ids(page.json())).toEqual([d.zebra.id]);
    const beyond = await get(who, "kundes?page=5&size=3");
    expect(beyond.json()).toEqual([]);
    expect(beyond.headers["x-total-count"]).toBe("4");
  });

  it("sorts by place, postcode, number and sortname both ways; refuses unknown sorts", async () => {
    const who = await tenant();
    const d = await musterdaten(who);
    const order = async (sort: string) => ids((await get(who, `kundes?sort=${sort}`)).json());
    // Bregenz, Graz, Linz, Wolfsgraben
    expect(await order("ort,asc")).toEqual([d.zebra.id, d.alpen.id, d.lieferant.id, d.mueller.id]);
    expect(await order("ort,desc")).toEqual([d.mueller.id, d.lieferant.id, d.alpen.id, d.zebra.id]);
    // 3012, 4020, 6900, 8010
    expect(await order("plz,asc")).toEqual([d.mueller.id, d.lieferant.id, d.zebra.id, d.alpen.id]);
    expect(await order("kundenNummer,desc")).toEqual([d.lieferant.id, d.zebra.id, d.alpen.id, d.mueller.id]);
    expect(await order("sortname,desc")).toEqual([d.zebra.id, d.mueller.id, d.lieferant.id, d.alpen.id]);
    expect((await get(who, "kundes?sort=suche,asc")).statusCode).toBe(400);
  });

  it("sorts by every column the list shows: e-mail, phone, supplier flag and status (issue 21)", async () => {
    const who = await tenant();
    const d = await musterdaten(who);
    const order = async (sort: string, extra = "") =>
      ids((await get(who, `kundes?sort=${sort}${extra}`)).json());
    // Only Zebra has an e-mail address: first ascending (empty ones last), last descending.
    expect((await order("email,asc"))[0]).toBe(d.zebra.id);
    expect((await order("email,desc")).at(-1)).toBe(d.zebra.id);
    expect((await order("lieferant,desc"))[0]).toBe(d.lieferant.id);
    expect((await order("aktiv,asc", "&includeDeactivated=true"))[0]).toBe(d.inaktiv.id);
    expect((await get(who, "kundes?sort=telnr,asc")).statusCode).toBe(200);
    // The same with search words (another source of the rows).
    for (const sort of ["email", "telnr", "lieferant", "aktiv"])
      expect((await get(who, `kundes?search=zebra&sort=${sort},desc`)).statusCode).toBe(200);
  });

  it("the name column shows what sortname sorts by: listenname in sortname order reads alphabetically", () => {
    const kunden = [
      { firma: "privatperson" as const, vorname: "Max", nachname: "Muster", bezeichnung: null },
      { firma: "privatperson" as const, vorname: "Anton", nachname: "Zach", bezeichnung: null },
      { firma: "privatperson" as const, vorname: "Erika", nachname: "Österreicher", bezeichnung: null },
      { firma: "firma" as const, vorname: null, nachname: null, bezeichnung: "Alpen Bau GmbH" },
      { firma: "firma" as const, vorname: null, nachname: null, bezeichnung: "Mustermann & Co" },
      { firma: "privatperson" as const, vorname: "Zoe", nachname: "Berger", bezeichnung: null },
    ];
    const nachSortname = [...kunden].sort((a, b) => (sortnameOf(a) < sortnameOf(b) ? -1 : 1)).map(listenname);
    expect(nachSortname).toEqual([
      "Alpen Bau GmbH",
      "Berger, Zoe",
      "Muster, Max",
      "Mustermann & Co",
      "Österreicher, Erika",
      "Zach, Anton",
    ]);
  });

  it("sorts by the last change (home page: recently changed customers), also with a search", async () => {
    const who = await tenant();
    const d = await musterdaten(who);
    const order = async (query: string) => ids((await get(who, `kundes?${query}`)).json());
    // Created Müller, Alpen, Zebra, Lieferant in this order: the newest first.
    expect(await order("sort=lastModifiedDate,desc")).toEqual([
      d.lieferant.id,
      d.zebra.id,
      d.alpen.id,
      d.mueller.id,
    ]);
    const changed = await put(who, "kundes", { ...d.alpen, telnr: "0664 1" });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await order("sort=lastModifiedDate,desc&size=2")).toEqual([d.alpen.id, d.lieferant.id]);
    expect((await order("sort=lastModifiedDate,asc")).at(-1)).toBe(d.alpen.id);
    // A search reads through the tenant view: the same order.
    const mitSuche = await order("sort=lastModifiedDate,desc&search=a&includeDeactivated=true");
    expect(mitSuche[0]).toBe(d.alpen.id);
  });

  it("filters by lieferant, includeDeactivated and search", async () => {
    const who = await tenant();
    const d = await musterdaten(who);
    expect(ids((await get(who, "kundes?lieferant=true")).json())).toEqual([d.lieferant.id]);
    expect(ids((await get(who, "kundes?lieferant=false")).json())).toEqual([
      d.alpen.id,
      d.mueller.id,
      d.zebra.id,
    ]);
    const all = await get(who, "kundes?includeDeactivated=true");
    expect(all.headers["x-total-count"]).toBe("5");
    expect(ids(all.json())).toContain(d.inaktiv.id);
    const search = await get(who, "kundes?search=muller");
    expect(search.headers["x-total-count"]).toBe("2");
    expect(ids(search.json())).toEqual([d.lieferant.id, d.mueller.id]);
    expect((await get(who, "kundes?lieferant=ja")).statusCode).toBe(400);
  });
});

describe("GET kundes and kundessearch over more than LIST_COUNT_CAP customers", () => {
  it("counts at most LIST_COUNT_CAP + 1 matches and says when there are more; searches stay exact", async () => {
    const who = await tenant();
    await withTenant(crud.t.db, who.mandantId, (tx) =>
      tx.execute(sql`INSERT INTO kunde (kunden_nummer, bezeichnung, sortname, suche)
        SELECT 'M' || n, 'Massen ' || n, 'massen ' || lpad(n::text, 6, '0'),
               CASE WHEN n % 1000 = 0 THEN 'massen selten ' || n ELSE 'massen ' || n END
          FROM generate_series(1, ${LIST_COUNT_CAP + 1}) AS n`),
    );
    const first = await get(who, "kundes");
    expect(first.statusCode).toBe(200);
    expect(first.headers["x-total-count"]).toBe(String(LIST_COUNT_CAP));
    expect(first.headers["x-total-count-capped"]).toBe("true");
    expect(first.json()).toHaveLength(20);
    // A page far beyond the cap still answers its rows (offset paging), with the same capped total.
    const deep = await get(who, `kundes?page=${LIST_COUNT_CAP / 20}&size=20`);
    expect(deep.json()).toHaveLength(1);
    expect(deep.headers["x-total-count"]).toBe(String(LIST_COUNT_CAP + 1));
    expect(deep.headers["x-total-count-capped"]).toBeUndefined();

    const common = await get(who, "kundes?search=massen");
    expect(common.headers["x-total-count"]).toBe(String(SEARCH_COUNT_CAP));
    expect(common.headers["x-total-count-capped"]).toBe("true");
    const search = await get(who, "kundes?search=selten&size=5");
    expect(search.headers["x-total-count"]).toBe("10");
    expect(search.headers["x-total-count-capped"]).toBeUndefined();
    // kundessearch: a common word fills its page from the first customers by sortname; a word whose matches are
    // spread over the whole order comes from the trigram candidates, still every match in sortname order.
    const names = async (path: string) => {
      const res = await get(who, path);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { kundeList: { bezeichnung: string }[] }).kundeList.map((k) => k.bezeichnung);
    };
    expect(await names("kundessearch?search=massen")).toEqual(
      Array.from({ length: 20 }, (_, i) => `Massen ${i + 1}`),
    );
    expect(await names("kundessearch?search=selten")).toEqual(
      Array.from({ length: 10 }, (_, i) => `Massen ${(i + 1) * 1000}`),
    );
    expect(await names("kundessearch?search=massen%20selten%209000")).toEqual(["Massen 9000"]);
    // Exactly the cap is exact, not "more than".
    await withTenant(crud.t.db, who.mandantId, (tx) =>
      tx.execute(sql`DELETE FROM kunde WHERE kunden_nummer = 'M1'`),
    );
    const exact = await get(who, "kundes");
    expect(exact.headers["x-total-count"]).toBe(String(LIST_COUNT_CAP));
    expect(exact.headers["x-total-count-capped"]).toBeUndefined();
  });
});

describe("GET allkundes", () => {
  it("answers every active customer and supplier by sortname; lieferant narrows", async () => {
    const who = await tenant();
    const d = await musterdaten(who);
    expect(ids((await get(who, "allkundes")).json())).toEqual([
      d.alpen.id,
      d.lieferant.id,
      d.mueller.id,
      d.zebra.id,
    ]);
    expect(ids((await get(who, "allkundes?lieferant=true")).json())).toEqual([d.lieferant.id]);
    expect(ids((await get(who, "allkundes?lieferant=false")).json())).toEqual([
      d.alpen.id,
      d.mueller.id,
      d.zebra.id,
    ]);
  });
});

describe("GET kundessearch and lieferantsearch", () => {
  const search = async (who: Caller, text: string, path = "kundessearch", extra = "") => {
    const response = await get(who, `${path}?search=${encodeURIComponent(text)}${extra}`);
    expect(response.statusCode, response.body).toBe(200);
    return ids(response.json().kundeList);
  };

  it("finds by names in any order and spelling, place parts, postcode, street, e-mail, VAT id and number", async () => {
    const who = await tenant();
    const d = await musterdaten(who);
    for (const text of ["Müller", "Mueller", "Muller", "MÜLLER", "hans müller", "müller hans"])
      expect(await search(who, text), text).toEqual([d.mueller.id]);
    expect(await search(who, "Wolfsgr")).toEqual([d.mueller.id]);
    expect(await search(who, "3012")).toEqual([d.mueller.id]);
    expect(await search(who, "annenstr graz")).toEqual([d.alpen.id]);
    expect(await search(who, "einkauf@zebra")).toEqual([d.zebra.id]);
    expect(await search(who, "ATU13585627")).toEqual([d.alpen.id]);
    expect(await search(who, d.zebra.kundenNummer)).toContain(d.zebra.id);
    const nummer = await createKunde(crud.t, who, { kundenNummer: "KD-4711", bezeichnung: "Nummer AG" });
    expect(await search(who, "kd-4711")).toEqual([nummer.id]);
    expect(await search(who, "Müller Graz")).toEqual([]);
  });

  it("customers only, suppliers only; deactivated ones only when asked", async () => {
    const who = await tenant();
    const d = await musterdaten(who);
    expect(await search(who, "müller", "lieferantsearch")).toEqual([d.lieferant.id]);
    expect(await search(who, "müller", "kundessearch")).toEqual([d.mueller.id]);
    expect(await search(who, "müller", "kundessearch", "&includeDeactivated=true")).toEqual([
      d.inaktiv.id,
      d.mueller.id,
    ]);
  });

  it("answers an empty list for an empty search and at most 20 hits, by sortname", async () => {
    const who = await tenant();
    expect((await get(who, "kundessearch?search=")).json()).toEqual({ kundeList: [] });
    expect((await get(who, "kundessearch")).json()).toEqual({ kundeList: [] });
    expect((await get(who, "kundessearch?search=%20%20")).json()).toEqual({ kundeList: [] });
    for (let n = 25; n >= 1; n--)
      await createKunde(crud.t, who, { bezeichnung: `Serie ${String(n).padStart(2, "0")}` });
    const hits = (await get(who, "kundessearch?search=serie")).json().kundeList;
    expect(hits).toHaveLength(20);
    expect(hits[0].bezeichnung).toBe("Serie 01");
    expect(hits[19].bezeichnung).toBe("Serie 20");
  });

  it("takes LIKE wildcards literally", async () => {
    const who = await tenant();
    const prozent = await createKunde(crud.t, who, { bezeichnung: "100% Bio" });
    await createKunde(crud.t, who, { bezeichnung: "1000 Bio" });
    const unterstrich = await createKunde(crud.t, who, { bezeichnung: "A_B Technik" });
    await createKunde(crud.t, who, { bezeichnung: "AXB Technik" });
    expect(await search(who, "100%")).toEqual([prozent.id]);
    expect(await search(who, "a_b")).toEqual([unterstrich.id]);
    expect(await search(who, "%")).toEqual([prozent.id]);
  });

  it("searches custom fields marked search, and only those", async () => {
    const who = await tenant();
    const sichtbar = await feld(who, { search: true });
    const versteckt = await feld(who, { search: false });
    const kunde = await createKunde(crud.t, who, {
      kundeFelder: [
        { felddefinitionId: sichtbar, value: "Sonnenblume" },
        { felddefinitionId: versteckt, value: "Geheimcode" },
      ],
    });
    expect(await search(who, "sonnenblume")).toEqual([kunde.id]);
    expect(await search(who, "geheimcode")).toEqual([]);
    expect(ids((await get(who, "kundes?search=sonnenblume")).json())).toEqual([kunde.id]);
  });

  it("keeps tenants apart", async () => {
    const who = await tenant();
    const other = await tenant();
    const token = unique("Eigen").replace(/-/g, "");
    const kunde = await createKunde(crud.t, who, { bezeichnung: token });
    expect(await search(who, token)).toEqual([kunde.id]);
    expect(await search(other, token)).toEqual([]);
    expect((await get(other, `kundes?search=${token}`)).json()).toEqual([]);
    expect(ids((await get(other, "allkundes")).json())).not.toContain(kunde.id);
  });
});

describe("the search view kunde_mandant (migration 0009)", () => {
  type Row = { id: number; mandant_id: number };
  const rowsOf = (result: unknown) =>
    (Array.isArray(result) ? result : (result as { rows: Row[] }).rows) as Row[];
  const select = sql`SELECT id::int AS id, mandant_id::int AS mandant_id FROM kunde_mandant`;

  it("shows the selected tenant's customers only, none without a tenant, and is read-only", async () => {
    const who = await tenant();
    const other = await tenant();
    const mine = await createKunde(crud.t, who);
    const theirs = await createKunde(crud.t, other);
    const seen = rowsOf(await withTenant(crud.t.db, who.mandantId, (tx) => tx.execute(select)));
    expect(ids(seen)).toContain(mine.id);
    expect(ids(seen)).not.toContain(theirs.id);
    expect(new Set(seen.map((row) => row.mandant_id))).toEqual(new Set([who.mandantId]));
    expect(rowsOf(await withoutTenant(crud.t.db, (tx) => tx.execute(select)))).toEqual([]);
    await expect(
      withTenant(crud.t.db, who.mandantId, (tx) =>
        tx.execute(sql`UPDATE kunde_mandant SET bezeichnung = 'x' WHERE id = ${mine.id}`),
      ),
    ).rejects.toThrow();
  });
});

describe("PUT kundeslist: bulk change", () => {
  it("changes the named fields of every customer and answers their rows", async () => {
    const who = await tenant();
    const ref = await stammdaten(who);
    const a = await createKunde(crud.t, who, { bezeichnung: "A", rabattVorschlag: 1 });
    const b = await createKunde(crud.t, who, { bezeichnung: "B", telnr: "123" });
    const response = await put(who, "kundeslist", [
      { id: a.id, aktiv: false, preisschiene: { id: ref.preisschiene } },
      { id: b.id, lieferant: true, rabattVorschlag: 5, zahlungsziel: { id: ref.zahlungsziel } },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual([
      expect.objectContaining({ id: a.id, aktiv: false, lieferant: false }),
      expect.objectContaining({ id: b.id, aktiv: true, lieferant: true, telnr: "123" }),
    ]);
    expect((await get(who, `kundes/${a.id}`)).json()).toMatchObject({
      aktiv: false,
      rabattVorschlag: 1,
      preisschiene: { id: ref.preisschiene },
    });
    expect((await get(who, `kundes/${b.id}`)).json()).toMatchObject({
      rabattVorschlag: 5,
      zahlungsziel: { id: ref.zahlungsziel },
      preisschiene: null,
    });
    const cleared = await put(who, "kundeslist", [{ id: a.id, preisschiene: null, aktiv: true }]);
    expect(cleared.statusCode).toBe(200);
    expect((await get(who, `kundes/${a.id}`)).json()).toMatchObject({ aktiv: true, preisschiene: null });
  });

  it("is all or nothing: an unknown id is 404, a missing reference 400; nothing changes", async () => {
    const who = await tenant();
    const other = await tenant();
    const a = await createKunde(crud.t, who);
    const fremd = await createKunde(crud.t, other);
    const unknown = await put(who, "kundeslist", [
      { id: a.id, aktiv: false },
      { id: fremd.id, aktiv: false },
    ]);
    expect(unknown.statusCode).toBe(404);
    const badRef = await put(who, "kundeslist", [
      { id: a.id, aktiv: false },
      { id: a.id, zahlungsziel: { id: 999_999_999 } },
    ]);
    expect(badRef.statusCode).toBe(400);
    expect(badRef.json().fieldErrors).toEqual([{ field: "1.zahlungsziel", code: "notFound" }]);
    expect((await get(who, `kundes/${a.id}`)).json()).toEqual(a);
    expect((await get(other, `kundes/${fremd.id}`)).json()).toEqual(fremd);
    const bad = await put(who, "kundeslist", [{ id: a.id, bezeichnung: "nicht erlaubt" }]);
    expect(bad.statusCode).toBe(400);
    expect((await put(who, "kundeslist", [])).statusCode).toBe(400);
  });
});

describe("GET kundesfg/{firmengruppeId}", () => {
  it("answers the group's active customers by sortname; unknown or another tenant's group is 404", async () => {
    const who = await tenant();
    const other = await tenant();
    const { gruppe } = await stammdaten(who);
    const b = await createKunde(crud.t, who, { bezeichnung: "Beta", firmengruppen: [{ id: gruppe }] });
    const a = await createKunde(crud.t, who, { bezeichnung: "Alpha", firmengruppen: [{ id: gruppe }] });
    await createKunde(crud.t, who, { bezeichnung: "Außen" });
    const inaktiv = await createKunde(crud.t, who, {
      bezeichnung: "Inaktiv",
      aktiv: false,
      firmengruppen: [{ id: gruppe }],
    });
    const members = await get(who, `kundesfg/${gruppe}`);
    expect(members.statusCode).toBe(200);
    expect(ids(members.json())).toEqual([a.id, b.id]);
    expect(ids((await get(who, `kundesfg/${gruppe}?includeDeactivated=true`)).json())).toEqual([
      a.id,
      b.id,
      inaktiv.id,
    ]);
    expect((await get(who, "kundesfg/999999999")).statusCode).toBe(404);
    expect((await get(other, `kundesfg/${gruppe}`)).statusCode).toBe(404);
  });
});

describe("access", () => {
  const endpoints: [string, string, unknown?][] = [
    ["GET", "kundes"],
    ["GET", "kundes/1"],
    ["PUT", "kundes", gueltigerKunde()],
    ["DELETE", "kundes/1"],
    ["GET", "allkundes"],
    ["PUT", "kundeslist", [{ id: 1, aktiv: false }]],
    ["GET", "kundessearch?search=a"],
    ["GET", "lieferantsearch?search=a"],
    ["GET", "nextkundennumber"],
    ["GET", "kundesknr/1"],
    ["GET", "kundesfg/1"],
  ];

  it("needs a sign-in (401), the tenant header and ROLE_USER (403) on every path", async () => {
    const forbiddenUser = await createTenantUser(crud.t, { authorities: ["ROLE_KASSABUCH"] });
    const forbidden = { token: await login(crud.t, forbiddenUser), mandantId: forbiddenUser.mandantId };
    const who = await tenant();
    for (const [method, path, payload] of endpoints) {
      const options = {
        method: method as "GET",
        url: api(path),
        ...(payload ? { payload: payload as object } : {}),
      };
      const anonymous = await call(crud.t, options);
      expect(anonymous.statusCode, `${method} ${path}`).toBe(401);
      const noRole = await call(crud.t, { ...options, ...forbidden });
      expect(noRole.statusCode, `${method} ${path}`).toBe(403);
      expect(noRole.json().code).toBe("error.forbidden");
      const noTenant = await call(crud.t, { ...options, token: who.token });
      expect(noTenant.statusCode, `${method} ${path}`).toBe(403);
      expect(noTenant.json().code).toBe("error.mandantMissing");
    }
  });
});
