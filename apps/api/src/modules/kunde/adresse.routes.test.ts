import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adresse } from "../../db/schema/index.ts";
import { withTenant } from "../../db/tenant.ts";
import { call, createTenantUser, createTestApp, login, type TestApp } from "../../test/helpers.ts";
import { insertKunde, sucheVon } from "./kunde.fixture.ts";

type Who = { token: string; mandantId: number };
let t: TestApp;
let who: Who;
let other: Who;
let forbidden: Who;

beforeAll(async () => {
  t = await createTestApp();
  const [user, otherUser, clerk] = await Promise.all([
    createTenantUser(t, { authorities: ["ROLE_USER"] }),
    createTenantUser(t, { authorities: ["ROLE_USER"] }),
    createTenantUser(t, { authorities: ["ROLE_KASSABUCH"] }),
  ]);
  who = { token: await login(t, user), mandantId: user.mandantId };
  other = { token: await login(t, otherUser), mandantId: otherUser.mandantId };
  forbidden = { token: await login(t, clerk), mandantId: clerk.mandantId };
});
afterAll(() => t?.close());

const billing = { strasse: "Hauptstraße", hausNummer: "1", plz: "1010", ort: "Wien", land: "AT" };
const lieferadresse = { strasse: "Lagerweg", hausNummer: "7a", plz: "4020", ort: "Linz", land: "AT" };

const get = (url: string, as: Partial<Who> = who) =>
  call(t, { method: "GET", url: `/app/api/${url}`, ...as });
const post = (payload: object, as: Partial<Who> = who) =>
  call(t, { method: "POST", url: "/app/api/adresses", ...as, payload });
const positions = (kundeId: number, mandantId = who.mandantId) =>
  withTenant(t.db, mandantId, (tx) =>
    tx
      .select({ id: adresse.id, position: adresse.position })
      .from(adresse)
      .where(eq(adresse.kundeId, kundeId))
      .orderBy(adresse.position, adresse.id),
  );

describe("GET adressesk/{kundeId}", () => {
  it("answers the customer's addresses by position: billing first, then the delivery addresses", async () => {
    const kundeId = await insertKunde(t, who.mandantId, {
      adressen: [
        { ...lieferadresse, ort: "Graz", adressenTyp: "lieferadresse", position: 2 },
        { ...billing, position: 0, bezeichnung: "Zentrale", zuHanden: true },
        { ...lieferadresse, adressenTyp: "lieferadresse", position: 1, aktiv: false, stiege: "2", tuer: "5" },
      ],
    });
    await insertKunde(t, who.mandantId, { adressen: [{ ...billing, ort: "Fremd" }] });
    const response = await get(`adressesk/${kundeId}`);
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(list.map((a: { ort: string }) => a.ort)).toEqual(["Wien", "Linz", "Graz"]);
    expect(list[0]).toEqual({
      id: expect.any(Number),
      kundeId,
      adressenTyp: "rechnungsadresse",
      bezeichnung: "Zentrale",
      firmenName: null,
      adressZusatz: null,
      strasse: "Hauptstraße",
      hausNummer: "1",
      stiege: null,
      tuer: null,
      plz: "1010",
      ort: "Wien",
      land: "AT",
      zuHanden: true,
      aktiv: true,
    });
    expect(list[1]).toMatchObject({ adressenTyp: "lieferadresse", aktiv: false, stiege: "2", tuer: "5" });
  });

  it("a customer without addresses has an empty list", async () => {
    const kundeId = await insertKunde(t, who.mandantId);
    expect((await get(`adressesk/${kundeId}`)).json()).toEqual([]);
  });

  it("another tenant's or an unknown customer is 404; a bad id 400; no sign-in 401; no role 403", async () => {
    const kundeId = await insertKunde(t, who.mandantId, { adressen: [billing] });
    expect((await get(`adressesk/${kundeId}`, other)).statusCode).toBe(404);
    expect((await get("adressesk/999999999")).statusCode).toBe(404);
    const bad = await get("adressesk/abc");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors[0].field).toBe("kundeId");
    expect((await get(`adressesk/${kundeId}`, {})).statusCode).toBe(401);
    const refused = await get(`adressesk/${kundeId}`, forbidden);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe("error.forbidden");
  });
});

describe("GET adressessearch/{kundeId}", () => {
  let kundeId: number;
  beforeAll(async () => {
    kundeId = await insertKunde(t, who.mandantId, {
      adressen: [
        { ...billing, strasse: "Müllerstraße", hausNummer: "12", position: 0 },
        {
          ...lieferadresse,
          bezeichnung: "Lager Süd",
          firmenName: "Bau 100% GmbH",
          adressenTyp: "lieferadresse",
          position: 1,
        },
        { ...lieferadresse, ort: "Salzburg", plz: "5020", adressenTyp: "lieferadresse", position: 2 },
      ],
    });
    // Another customer's matching address is never found.
    await insertKunde(t, who.mandantId, { adressen: [{ ...billing, strasse: "Müllerstraße" }] });
  });
  const search = async (text: string, as: Partial<Who> = who) =>
    get(`adressessearch/${kundeId}?search=${encodeURIComponent(text)}`, as);
  const orte = async (text: string) => (await search(text)).json().map((a: { ort: string }) => a.ort);

  it("finds the addresses containing every word, folded and in any order", async () => {
    expect(await orte("muellerstrasse")).toEqual(["Wien"]);
    expect(await orte("MULLER 12 wien")).toEqual(["Wien"]);
    expect(await orte("sud lager")).toEqual(["Linz"]);
    expect(await orte("gmbh bau")).toEqual(["Linz"]);
    expect(await orte("4020 7a")).toEqual(["Linz"]);
    expect(await orte("5020")).toEqual(["Salzburg"]);
    expect(await orte("Lagerweg")).toEqual(["Linz", "Salzburg"]);
    expect(await orte("Lagerweg Graz")).toEqual([]);
  });

  it("takes wildcards literally; no words answers every address in order", async () => {
    expect(await orte("100%")).toEqual(["Linz"]);
    expect(await orte("_")).toEqual([]);
    expect(await orte("  ")).toEqual(["Wien", "Linz", "Salzburg"]);
    expect((await get(`adressessearch/${kundeId}`)).json()).toHaveLength(3);
  });

  it("refuses more than 200 characters with 400; another tenant 404; 401; 403", async () => {
    const long = await search("x".repeat(201));
    expect(long.statusCode).toBe(400);
    expect(long.json().fieldErrors).toEqual([{ field: "search", code: "maxLength", max: 200 }]);
    expect((await search("wien", other)).statusCode).toBe(404);
    expect((await search("wien", {})).statusCode).toBe(401);
    expect((await search("wien", forbidden)).statusCode).toBe(403);
  });
});

describe("POST adresses", () => {
  it("appends a delivery address after the customer's others and answers it with 201", async () => {
    const kundeId = await insertKunde(t, who.mandantId, {
      adressen: [
        { ...billing, position: 0 },
        { ...lieferadresse, adressenTyp: "lieferadresse", position: 1 },
      ],
    });
    const response = await post({
      kundeId,
      ...lieferadresse,
      ort: "Innsbruck",
      plz: " 6020 ",
      land: "at",
      bezeichnung: "Baustelle",
      adressenTyp: "rechnungsadresse",
      zuHanden: true,
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json();
    expect(created).toEqual({
      id: expect.any(Number),
      kundeId,
      adressenTyp: "lieferadresse",
      bezeichnung: "Baustelle",
      firmenName: null,
      adressZusatz: null,
      strasse: "Lagerweg",
      hausNummer: "7a",
      stiege: null,
      tuer: null,
      plz: "6020",
      ort: "Innsbruck",
      land: "AT",
      zuHanden: true,
      aktiv: true,
    });
    const list = (await get(`adressesk/${kundeId}`)).json();
    expect(list.map((a: { ort: string }) => a.ort)).toEqual(["Wien", "Linz", "Innsbruck"]);
    expect((await positions(kundeId)).map((p) => p.position)).toEqual([0, 1, 2]);
  });

  it("rewrites the customer's search text", async () => {
    const kundeId = await insertKunde(t, who.mandantId, { adressen: [billing] });
    // Digits only after the name: a random hex part may hold "ae", which the search text folds to "a".
    const ort = `Sankt Pölten ${Date.now()}`;
    expect(await sucheVon(t, who.mandantId, kundeId)).not.toContain("sankt polten");
    expect((await post({ kundeId, ...lieferadresse, ort })).statusCode).toBe(201);
    expect(await sucheVon(t, who.mandantId, kundeId)).toContain(ort.toLowerCase().replace("ö", "o"));
  });

  it("starts at position 1 when the customer has no address yet (0 is the billing address)", async () => {
    const kundeId = await insertKunde(t, who.mandantId);
    expect((await post({ kundeId, ...lieferadresse })).statusCode).toBe(201);
    expect((await post({ kundeId, ...lieferadresse, ort: "Wels" })).statusCode).toBe(201);
    expect((await positions(kundeId)).map((p) => p.position)).toEqual([1, 2]);
  });

  it("answers missing and overlong fields with 400 field codes and saves nothing", async () => {
    const kundeId = await insertKunde(t, who.mandantId, { adressen: [billing] });
    const missing = await post({ kundeId, strasse: " ", bezeichnung: "Leer" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe("error.validation");
    const fields = missing
      .json()
      .fieldErrors.map((e: { field: string; code: string }) => `${e.field}:${e.code}`);
    expect(fields.sort()).toEqual(
      ["hausNummer:required", "land:required", "ort:required", "plz:required", "strasse:required"].sort(),
    );
    for (const [payload, field, code] of [
      [{ ...lieferadresse, plz: "12345678901" }, "plz", "maxLength"],
      [{ ...lieferadresse, hausNummer: "x".repeat(11) }, "hausNummer", "maxLength"],
      [{ ...lieferadresse, stiege: "x".repeat(11) }, "stiege", "maxLength"],
      [{ ...lieferadresse, tuer: "x".repeat(11) }, "tuer", "maxLength"],
      [{ ...lieferadresse, adressZusatz: "x".repeat(101) }, "adressZusatz", "maxLength"],
      [{ ...lieferadresse, land: "Österreich" }, "land", undefined],
      [{ ...lieferadresse, kundeId: undefined }, "kundeId", "required"],
      [{ ...lieferadresse, kundeId: "abc" }, "kundeId", "invalidType"],
    ] as const) {
      const response = await post({ kundeId, ...payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const error = response.json().fieldErrors.find((e: { field: string }) => e.field === field);
      expect(error, JSON.stringify(payload)).toBeDefined();
      if (code) expect(error.code).toBe(code);
    }
    const withId = await post({ kundeId, ...lieferadresse, id: 5 });
    expect(withId.statusCode).toBe(400);
    expect(withId.json().code).toBe("error.idExists");
    expect(await positions(kundeId)).toHaveLength(1);
  });

  it("another tenant's or an unknown customer is 404 and nothing is saved; 401; 403", async () => {
    const kundeId = await insertKunde(t, who.mandantId, { adressen: [billing] });
    const foreign = await post({ kundeId, ...lieferadresse }, other);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe("error.notFound");
    expect((await post({ kundeId: 999_999_999, ...lieferadresse })).statusCode).toBe(404);
    expect((await post({ kundeId, ...lieferadresse }, {})).statusCode).toBe(401);
    const refused = await post({ kundeId, ...lieferadresse }, forbidden);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe("error.forbidden");
    expect(await positions(kundeId)).toHaveLength(1);
    const untouched = await withTenant(t.db, other.mandantId, (tx) =>
      tx.select({ id: adresse.id }).from(adresse).where(eq(adresse.kundeId, kundeId)),
    );
    expect(untouched).toEqual([]);
  });
});
