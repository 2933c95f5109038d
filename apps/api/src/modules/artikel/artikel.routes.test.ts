import { createHash } from "node:crypto";
import { addDays, todayIso } from "@kontor/domain/date/calendar";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  artikel,
  asset,
  felddefinition,
  mandant,
  preisschiene,
  untergruppe,
  warengruppe,
} from "../../db/schema/index.ts";
import { withTenant } from "../../db/tenant.ts";
import { createUser } from "../../setup/seed.ts";
import { call, createTenantUser, createTestApp, login, type TestApp, unique } from "../../test/helpers.ts";
import { createKunde } from "../kunde/kunde.testing.ts";
import { type Caller, createArtikel, defaultMwstId } from "./artikel.testing.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const api = (path: string) => `/app/api/${path}`;

/** A fresh tenant with one member holding the given authorities (default: article writer). */
async function tenant(authorities: ("ROLE_ARTIKEL_WRITE" | "ROLE_USER")[] = ["ROLE_ARTIKEL_WRITE"]) {
  const user = await createTenantUser(t, { authorities });
  return { token: await login(t, user), mandantId: user.mandantId } satisfies Caller;
}

const get = (who: Caller, path: string) => call(t, { method: "GET", url: api(path), ...who });
const put = (who: Caller, path: string, payload: unknown) =>
  call(t, { method: "PUT", url: api(path), ...who, payload: payload as object });
const del = (who: Caller, path: string) => call(t, { method: "DELETE", url: api(path), ...who });
const ids = (rows: { id: number }[]) => rows.map((row) => row.id);
const count = async (who: Caller) =>
  Number((await get(who, "artikel?size=1&geloescht=true")).headers["x-total-count"]);

/** Master data inserted straight into the tenant (those areas' routes are tested elsewhere). */
async function stammdaten(who: Caller) {
  return withTenant(t.db, who.mandantId, async (tx) => {
    const { mandantId } = who;
    const [p] = await tx.insert(preisschiene).values({ mandantId, bezeichnung: "Händler" }).returning();
    const [w] = await tx
      .insert(warengruppe)
      .values({ mandantId, warenGruppe: unique("WG"), bezeichnung: "Elektro" })
      .returning();
    const [u] = await tx
      .insert(untergruppe)
      .values({ mandantId, warengruppeId: w!.id, unterGruppe: unique("UG"), bezeichnung: "Leuchtmittel" })
      .returning();
    const [u2] = await tx
      .insert(untergruppe)
      .values({ mandantId, warengruppeId: w!.id, unterGruppe: unique("UG"), bezeichnung: "Kabel" })
      .returning();
    return { preisschiene: p!.id, warengruppe: w!.id, untergruppe: u!.id, untergruppe2: u2!.id };
  });
}

/** An image asset of the tenant, inserted directly (the upload route is tested elsewhere). */
async function bild(who: Caller, name = unique("bild")) {
  const inhalt = Buffer.from(name);
  const [row] = await withTenant(t.db, who.mandantId, (tx) =>
    tx
      .insert(asset)
      .values({
        mandantId: who.mandantId,
        sha256: createHash("sha256").update(inhalt).digest("hex"),
        dateiname: `${name}.png`,
        contentType: "image/png",
        groesse: inhalt.length,
        inhalt,
      })
      .returning(),
  );
  return row!.id;
}

const heute = todayIso();

describe("artikel: generic pattern (DESIGN §8)", () => {
  it("creates, reads, updates and deletes", async () => {
    const who = await tenant();
    const created = await createArtikel(t, who, { artikelBezeichnung: "Hammer" });
    expect(created.id).toBeTypeOf("number");
    expect((await get(who, `artikel/${created.id}`)).json()).toEqual(created);
    const updated = await put(who, "artikel", {
      ...created,
      artikelBezeichnung: "Neuer Name",
      hersteller: "Bosch",
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      id: created.id,
      artikelBezeichnung: "Neuer Name",
      hersteller: "Bosch",
    });
    expect((await del(who, `artikel/${created.id}`)).statusCode).toBe(204);
    expect((await get(who, `artikel/${created.id}`)).statusCode).toBe(404);
  });

  it("answers bad input with 400 and field codes, and saves nothing", async () => {
    const who = await tenant();
    const mwst = { id: await defaultMwstId(t, who.mandantId) };
    const before = await count(who);
    for (const [payload, field, code] of [
      [{ artikelBezeichnung: "", mehrwertssteuer: mwst }, "artikelBezeichnung", "required"],
      [{ artikelBezeichnung: "X" }, "mehrwertssteuer", "required"],
      [{ artikelBezeichnung: "X", mehrwertssteuer: { id: 999_999_999 } }, "mehrwertssteuer", "notFound"],
      [{ artikelBezeichnung: "X", mehrwertssteuer: mwst, einkaufsPreis: 1.234 }, "einkaufsPreis", "invalid"],
      [
        {
          artikelBezeichnung: "X",
          mehrwertssteuer: mwst,
          artikelPreisSet: [{ preis: 1, vonDatum: "2030-02-30" }],
        },
        "artikelPreisSet.0.vonDatum",
        undefined,
      ],
    ] as const) {
      const response = await put(who, "artikel", payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().code).toBe("error.validation");
      expect(response.json().fieldErrors, JSON.stringify(payload)).toContainEqual(
        code === undefined ? expect.objectContaining({ field }) : { field, code },
      );
    }
    expect(await count(who)).toBe(before);
  });

  it("names every field the save rules (artikel.rules.ts, the form's) miss at once, with its path", async () => {
    const who = await tenant();
    const before = await count(who);
    const response = await put(who, "artikel", {
      artikelBezeichnung: "   ",
      artikelPreisSet: [{ preis: 2, vonDatum: "2030-01-01" }, { preis: null }],
      artikelLieferantSet: [{ lieferant: null }],
    });
    expect(response.statusCode, response.body).toBe(400);
    const verlangt = ["artikelBezeichnung", "mehrwertssteuer", "artikelLieferantSet.0.lieferant"];
    for (const field of [...verlangt, "artikelPreisSet.1.preis", "artikelPreisSet.1.vonDatum"])
      expect(response.json().fieldErrors).toContainEqual({ field, code: "required" });
    expect(await count(who)).toBe(before);
  });

  it("an unknown id is 404 for GET, PUT and DELETE; another tenant's id too", async () => {
    const who = await tenant();
    const other = await tenant();
    const mine = await createArtikel(t, who);
    for (const caller of [who, other]) {
      const id = caller === who ? 999_999_999 : mine.id;
      expect((await get(caller, `artikel/${id}`)).statusCode).toBe(404);
      expect((await put(caller, "artikel", { ...mine, id })).statusCode).toBe(404);
      expect((await del(caller, `artikel/${id}`)).statusCode).toBe(404);
    }
    expect(ids((await get(other, "artikel?size=100")).json())).not.toContain(mine.id);
    expect((await get(who, `artikel/${mine.id}`)).json()).toEqual(mine);
  });

  it("needs a sign-in (401); without a reading role 403 (moduleMissing: the catalogue module would grant it)", async () => {
    expect((await call(t, { method: "GET", url: api("artikel") })).statusCode).toBe(401);
    expect((await call(t, { method: "PUT", url: api("artikel"), payload: {} })).statusCode).toBe(401);
    const user = await createTenantUser(t, { authorities: ["ROLE_KASSABUCH"] });
    const who = { token: await login(t, user), mandantId: user.mandantId };
    const read = await get(who, "artikel");
    expect(read.statusCode).toBe(403);
    expect(read.json().code).toBe("error.moduleMissing");
    for (const response of [
      await put(who, "artikel", { artikelBezeichnung: "X" }),
      await del(who, "artikel/1"),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe("error.forbidden");
    }
    // With the catalogue module a member without article roles reads, but does not write.
    const katalog = await createTenantUser(t, {
      authorities: ["ROLE_KASSABUCH"],
      modules: ["artikelkatalog"],
    });
    const leser = { token: await login(t, katalog), mandantId: katalog.mandantId };
    expect((await get(leser, "artikel")).statusCode).toBe(200);
    expect((await put(leser, "artikel", { artikelBezeichnung: "X" })).statusCode).toBe(403);
  });

  it("pages with x-total-count and sorts both ways", async () => {
    const who = await tenant();
    const made: number[] = [];
    for (const n of [11, 12, 13])
      made.push((await createArtikel(t, who, { artikelBezeichnung: `Sortiert ${n}` })).id);
    const page = await get(who, "artikel?page=1&size=2");
    expect(page.headers["x-total-count"]).toBe("3");
    expect(ids(page.json())).toEqual([made[2]]);
    expect(ids((await get(who, "artikel?sort=artikelBezeichnung,asc")).json())).toEqual(made);
    expect(ids((await get(who, "artikel?sort=artikelBezeichnung,desc")).json())).toEqual([...made].reverse());
    expect(ids((await get(who, "artikel?sort=id,desc")).json())).toEqual([...made].reverse());
    expect((await get(who, "artikel?sort=nope,asc")).statusCode).toBe(400);
    expect((await get(who, "artikel?page=5&size=2")).headers["x-total-count"]).toBe("3");
  });

  it("sorts by every column the list shows: group, price, VAT rate, lendable (issue 21)", async () => {
    const who = await tenant();
    const d = await stammdaten(who);
    const kabel = await createArtikel(t, who, {
      artikelBezeichnung: "A Kabel",
      untergruppe: { id: d.untergruppe2 },
      verleihbar: true,
      artikelPreisSet: [{ preis: 9.5, vonDatum: "2020-01-01", preisschiene: null }],
    });
    const birne = await createArtikel(t, who, {
      artikelBezeichnung: "B Birne",
      untergruppe: { id: d.untergruppe },
      artikelPreisSet: [{ preis: 2.25, vonDatum: "2020-01-01", preisschiene: null }],
    });
    const ohne = await createArtikel(t, who, { artikelBezeichnung: "C ohne" });
    const order = async (sort: string) => ids((await get(who, `artikel?sort=${sort}`)).json());
    // Elektro/Kabel before Elektro/Leuchtmittel; no group last ascending.
    expect(await order("gruppe,asc")).toEqual([kabel.id, birne.id, ohne.id]);
    expect(await order("preis,asc")).toEqual([birne.id, kabel.id, ohne.id]);
    expect(await order("preis,desc")).toEqual([ohne.id, kabel.id, birne.id]);
    expect((await order("verleihbar,desc"))[0]).toBe(kabel.id);
    expect((await get(who, "artikel?sort=mwst,asc")).statusCode).toBe(200);
    // The same with search words (another source of the rows).
    for (const sort of ["gruppe", "preis", "mwst", "verleihbar"])
      expect(ids((await get(who, `artikel?search=Kabel&sort=${sort},desc`)).json())).toEqual([kabel.id]);
  });

  it("sorts by the last change (home page: recently changed articles), also with a search", async () => {
    const who = await tenant();
    const made: Awaited<ReturnType<typeof createArtikel>>[] = [];
    for (const n of [1, 2, 3])
      made.push(await createArtikel(t, who, { artikelBezeichnung: `Geändert ${n}` }));
    const order = async (query: string) => ids((await get(who, `artikel?${query}`)).json());
    expect(await order("sort=lastModifiedDate,desc")).toEqual(made.map((a) => a.id).reverse());
    const [erster] = made;
    if (!erster) throw new Error("no article");
    const changed = await put(who, "artikel", { ...erster, hersteller: "Bosch" });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await order("sort=lastModifiedDate,desc&size=1")).toEqual([erster.id]);
    expect(await order("sort=lastModifiedDate,desc&search=ge%C3%A4ndert")).toEqual([
      erster.id,
      made[2]?.id,
      made[1]?.id,
    ]);
  });
});

describe("PUT and GET artikel/{id}: the article with its parts", () => {
  it("stores prices, suppliers, fields, images and references; GET answers the same", async () => {
    const who = await tenant(["ROLE_ARTIKEL_WRITE", "ROLE_USER"]);
    const ref = await stammdaten(who);
    const mwst = await defaultMwstId(t, who.mandantId);
    const lieferant = await createKunde(t, who, { bezeichnung: "Licht Großhandel", lieferant: true });
    const [feldA, feldB] = await withTenant(t.db, who.mandantId, (tx) =>
      tx
        .insert(felddefinition)
        .values([
          { mandantId: who.mandantId, bereich: "artikel", bezeichnung: unique("Farbe"), sortOrder: 1 },
          {
            mandantId: who.mandantId,
            bereich: "artikel",
            bezeichnung: unique("Watt"),
            sortOrder: 2,
            type: "NUMBER",
          },
        ])
        .returning(),
    );
    const [b1, b2] = [await bild(who), await bild(who)];
    const created = await createArtikel(t, who, {
      artikelNummer: "GL-60",
      artikelBezeichnung: "Glühbirne 60 W",
      artikelBeschreibung: "E27",
      einkaufsPreis: 0.8,
      lagerstand: 12.5,
      mehrwertssteuer: { id: mwst },
      untergruppe: { id: ref.untergruppe },
      artikelPreisSet: [
        { preis: 3.5, vonDatum: addDays(heute, 10) },
        { preis: 2.99, vonDatum: addDays(heute, -10) },
        { preis: 2.5, vonDatum: addDays(heute, -10), preisschiene: { id: ref.preisschiene } },
      ],
      artikelLieferantSet: [
        { lieferant: { id: lieferant.id }, lieferantenArtikelNummer: "L-1", einkaufsPreis: 0.75 },
      ],
      artikelFelder: [{ felddefinitionId: feldB!.id, value: "60" }],
      artikelImages: [{ assetId: b2 }, { assetId: b1 }],
    } as never);
    expect(created).toMatchObject({
      artikelNummer: "GL-60",
      artikelBezeichnung: "Glühbirne 60 W",
      einkaufsPreis: 0.8,
      lagerstand: 12.5,
      mehrwertssteuer: { id: mwst, mwst: 20 },
      untergruppe: {
        id: ref.untergruppe,
        bezeichnung: "Leuchtmittel",
        warengruppe: { id: ref.warengruppe, bezeichnung: "Elektro" },
      },
      artikelFelder: [
        { felddefinitionId: feldA!.id, value: null },
        { felddefinitionId: feldB!.id, value: "60" },
      ],
      locked: false,
    });
    // Prices by vonDatum (base before tier on the same day).
    expect(created.artikelPreisSet.map((p) => [p.preis, p.vonDatum, p.preisschiene?.id ?? null])).toEqual([
      [2.99, addDays(heute, -10), null],
      [2.5, addDays(heute, -10), ref.preisschiene],
      [3.5, addDays(heute, 10), null],
    ]);
    expect(created.artikelImages.map((b) => b.assetId)).toEqual([b2, b1]);
    expect(created.artikelImages[0]).toMatchObject({ contentType: "image/png" });
    expect(created.artikelLieferantSet).toEqual([
      expect.objectContaining({
        lieferant: { id: lieferant.id, anzeigename: "Licht Großhandel" },
        lieferantenArtikelNummer: "L-1",
        einkaufsPreis: 0.75,
      }),
    ]);
    expect((await get(who, `artikel/${created.id}`)).json()).toEqual(created);

    // The list row: today's base price, VAT rate, groups, first image.
    const [row] = (await get(who, "artikel?search=GL-60")).json();
    expect(row).toMatchObject({
      id: created.id,
      preis: 2.99,
      einkaufsPreis: 0.8,
      mwst: 20,
      untergruppe: "Leuchtmittel",
      warengruppe: "Elektro",
      bildAssetId: b2,
      lagerstand: 12.5,
    });

    // Update by id: a changed price kept, one removed, one added; images omitted stay as they are.
    const keep = created.artikelPreisSet[0]!;
    const updated = (
      await put(who, "artikel", {
        ...created,
        artikelPreisSet: [
          { ...keep, preis: 3.19 },
          { preis: 4, vonDatum: heute },
        ],
        artikelImages: undefined,
      })
    ).json();
    expect(updated.artikelPreisSet).toEqual([
      { id: keep.id, preis: 3.19, vonDatum: keep.vonDatum, preisschiene: null },
      expect.objectContaining({ preis: 4, vonDatum: heute, preisschiene: null }),
    ]);
    expect(updated.artikelImages.map((b: { assetId: number }) => b.assetId)).toEqual([b2, b1]);
    expect((await get(who, "artikel?search=GL-60")).json()[0].preis).toBe(4);
  });

  it("refuses unknown references, foreign part ids and duplicate prices with 400, saving nothing", async () => {
    const who = await tenant();
    const mwst = await defaultMwstId(t, who.mandantId);
    const before = await count(who);
    const response = await put(who, "artikel", {
      artikelBezeichnung: "Falsch",
      mehrwertssteuer: { id: mwst },
      untergruppe: { id: 999_999_999 },
      artikelPreisSet: [
        { preis: 1, vonDatum: "2030-01-01" },
        { preis: 2, vonDatum: "2030-01-01" },
        { preis: 3, vonDatum: "2030-01-01", preisschiene: { id: 999_999_999 } },
        { id: 999_999_999, preis: 3, vonDatum: "2031-01-01" },
      ],
      artikelLieferantSet: [{ lieferant: { id: 999_999_999 } }],
      artikelFelder: [{ felddefinitionId: 999_999_999, value: "x" }],
      artikelImages: [{ assetId: 999_999_999 }],
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().fieldErrors).toEqual(
      expect.arrayContaining([
        { field: "untergruppe", code: "notFound" },
        { field: "artikelPreisSet.1.vonDatum", code: "unique" },
        { field: "artikelPreisSet.2.preisschiene", code: "notFound" },
        { field: "artikelPreisSet.3.id", code: "notFound" },
        { field: "artikelLieferantSet.0.lieferant", code: "notFound" },
        { field: "artikelFelder.0.felddefinitionId", code: "notFound" },
        { field: "artikelImages.0.assetId", code: "notFound" },
      ]),
    );
    expect(response.json().fieldErrors).not.toContainEqual({
      field: "artikelPreisSet.2.vonDatum",
      code: "unique",
    });
    expect(await count(who)).toBe(before);
  });

  it("links at most 5 images", async () => {
    const who = await tenant();
    const assets = await Promise.all(Array.from({ length: 6 }, () => bild(who)));
    const response = await put(who, "artikel", {
      artikelBezeichnung: "Viele Bilder",
      mehrwertssteuer: { id: await defaultMwstId(t, who.mandantId) },
      artikelImages: assets.map((assetId) => ({ assetId })),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors[0].field).toBe("artikelImages");
  });

  it("a duplicate links the same images: the assets are stored once", async () => {
    const who = await tenant();
    const b = await bild(who);
    const original = await createArtikel(t, who, { artikelImages: [{ assetId: b }] } as never);
    const { id: _, artikelNummer: __, ...rest } = original;
    const kopie = (
      await put(who, "artikel", {
        ...rest,
        artikelPreisSet: rest.artikelPreisSet.map(({ id: _id, ...p }) => p),
      })
    ).json();
    expect(kopie.id).not.toBe(original.id);
    expect(kopie.artikelImages).toEqual(original.artikelImages);
    const assets = await withTenant(t.db, who.mandantId, (tx) => tx.select({ id: asset.id }).from(asset));
    expect(assets).toHaveLength(1);
    // Deleting one article leaves the other's image.
    expect((await del(who, `artikel/${original.id}`)).statusCode).toBe(204);
    expect((await get(who, `artikel/${kopie.id}`)).json().artikelImages).toEqual(original.artikelImages);
  });

  it("another tenant's asset is not found", async () => {
    const who = await tenant();
    const fremd = await tenant();
    const b = await bild(fremd);
    const response = await put(who, "artikel", {
      artikelBezeichnung: "Fremdes Bild",
      mehrwertssteuer: { id: await defaultMwstId(t, who.mandantId) },
      artikelImages: [{ assetId: b }],
    });
    expect(response.json().fieldErrors).toEqual([{ field: "artikelImages.0.assetId", code: "notFound" }]);
  });
});

describe("access", () => {
  it("a ROLE_USER-only member reads but may not write (403)", async () => {
    const writer = await tenant();
    const a = await createArtikel(t, writer, { artikelBezeichnung: "Lesbar" });
    // A ROLE_USER-only member of the writer's tenant.
    const name = unique("leser");
    const password = "secret123";
    await createUser(t.db, {
      login: name,
      email: `${name}@example.test`,
      password,
      authorities: ["ROLE_USER"],
      mandantIds: [writer.mandantId],
    });
    const reader = { token: await login(t, { login: name, password }), mandantId: writer.mandantId };
    expect((await get(reader, `artikel/${a.id}`)).statusCode).toBe(200);
    expect((await get(reader, "artikel")).statusCode).toBe(200);
    expect((await get(reader, "artikelsearch?search=Lesbar")).json()).toHaveLength(1);
    expect((await get(reader, "nextartikelnumber")).statusCode).toBe(200);
    for (const response of [
      await put(reader, "artikel", { ...a, artikelBezeichnung: "Nein" }),
      await put(reader, "artikel", { artikelBezeichnung: "Neu", mehrwertssteuer: a.mehrwertssteuer }),
      await del(reader, `artikel/${a.id}`),
      await put(reader, "artikellist", [{ id: a.id, geloescht: true }]),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe("error.forbidden");
    }
    expect((await get(writer, `artikel/${a.id}`)).json()).toEqual(a);
  });

  it("without an article role reads are 403 too; without sign-in 401", async () => {
    const user = await createTenantUser(t, { authorities: ["ROLE_KASSABUCH"], modules: [] });
    const who = { token: await login(t, user), mandantId: user.mandantId };
    for (const path of [
      "artikel",
      "artikel/1",
      "artikel/webshop",
      "artikelsearch?search=x",
      "artikelsearch/1",
      "artikelkatalogsearch",
      "nextartikelnumber",
    ]) {
      const response = await get(who, path);
      expect(response.statusCode, path).toBe(403);
      expect((await call(t, { method: "GET", url: api(path) })).statusCode, path).toBe(401);
    }
    expect((await put(who, "artikel/checkartikelnr", { artikelNummer: "1" })).statusCode).toBe(403);
  });
});

describe("locked articles", () => {
  it("refuse every change but unlocking, and cannot be deleted while locked", async () => {
    const who = await tenant();
    const a = await createArtikel(t, who, { artikelBezeichnung: "Gesperrt", locked: true });
    expect(a.locked).toBe(true);

    const change = await put(who, "artikel", { ...a, artikelBezeichnung: "Anders" });
    expect(change.statusCode).toBe(409);
    expect(change.json().code).toBe("error.artikelLocked");
    const remove = await del(who, `artikel/${a.id}`);
    expect(remove.statusCode).toBe(409);
    expect(remove.json().code).toBe("error.artikelLocked");
    const bulk = await put(who, "artikellist", [{ id: a.id, geloescht: true }]);
    expect(bulk.statusCode).toBe(409);
    expect(bulk.json().code).toBe("error.artikelLocked");
    const bulkMitUnlock = await put(who, "artikellist", [{ id: a.id, locked: false, geloescht: true }]);
    expect(bulkMitUnlock.statusCode).toBe(409);
    expect((await get(who, `artikel/${a.id}`)).json()).toEqual(a);

    // Unlocking by PUT lifts only the lock.
    const unlocked = await put(who, "artikel", { ...a, locked: false, artikelBezeichnung: "Anders" });
    expect(unlocked.statusCode).toBe(200);
    expect(unlocked.json()).toEqual({ ...a, locked: false });
    const changed = await put(who, "artikel", { ...a, locked: false, artikelBezeichnung: "Anders" });
    expect(changed.json().artikelBezeichnung).toBe("Anders");

    // Locking and unlocking through the list.
    await put(who, "artikellist", [{ id: a.id, locked: true }]);
    expect((await del(who, `artikel/${a.id}`)).statusCode).toBe(409);
    const rows = await put(who, "artikellist", [{ id: a.id, locked: false }]);
    expect(rows.json()).toEqual([expect.objectContaining({ id: a.id, locked: false })]);
    expect((await del(who, `artikel/${a.id}`)).statusCode).toBe(204);
  });
});

describe("article numbers", () => {
  async function setPattern(who: Caller, pattern: string | null, first: number | null) {
    await t.db
      .update(mandant)
      .set({ patternArtikelnummer: pattern, firstArtikelNummer: first })
      .where(eq(mandant.id, who.mandantId));
  }

  it("draws from the tenant's pattern, skips numbers by hand, counts apart from customers", async () => {
    const who = await tenant(["ROLE_ARTIKEL_WRITE", "ROLE_USER"]);
    await setPattern(who, "A-{NNNN}", 7);
    expect((await get(who, "nextartikelnumber")).json()).toEqual({ artikelNummer: "A-0007" });
    expect((await get(who, "nextartikelnumber")).json()).toEqual({ artikelNummer: "A-0007" });
    expect((await createArtikel(t, who)).artikelNummer).toBe("A-0007");
    await createArtikel(t, who, { artikelNummer: "A-0008" });
    expect((await createArtikel(t, who, { artikelNummer: "" })).artikelNummer).toBe("A-0009");
    expect((await get(who, "nextartikelnumber")).json()).toEqual({ artikelNummer: "A-0010" });
    // Customers have their own counter.
    const kunde = await createKunde(t, who);
    expect(kunde.kundenNummer).toBe("1");
  });

  it("numbers 1, 2, … without a pattern; a number is unique in the tenant only", async () => {
    const who = await tenant();
    const other = await tenant();
    const erster = await createArtikel(t, who);
    expect(erster.artikelNummer).toBe("1");
    const doppelt = await put(who, "artikel", {
      artikelBezeichnung: "Doppelt",
      artikelNummer: "1",
      mehrwertssteuer: erster.mehrwertssteuer,
    });
    expect(doppelt.statusCode).toBe(400);
    expect(doppelt.json().fieldErrors).toEqual([{ field: "artikelNummer", code: "unique" }]);
    expect((await createArtikel(t, other, { artikelNummer: "1" })).artikelNummer).toBe("1");
    // An update keeps its number when sent empty.
    expect((await put(who, "artikel", { ...erster, artikelNummer: null })).json().artikelNummer).toBe("1");
  });

  it("checkartikelnr: free, taken, the article's own number", async () => {
    const who = await tenant();
    const a = await createArtikel(t, who, { artikelNummer: "X-1" });
    const check = async (body: object) => (await put(who, "artikel/checkartikelnr", body)).json();
    expect(await check({ artikelNummer: "X-2" })).toEqual({ frei: true });
    expect(await check({ artikelNummer: "X-1" })).toEqual({ frei: false });
    expect(await check({ artikelNummer: "X-1", id: a.id })).toEqual({ frei: true });
    expect((await put(who, "artikel/checkartikelnr", { artikelNummer: "" })).statusCode).toBe(400);
    expect(
      (await tenant().then((o) => put(o, "artikel/checkartikelnr", { artikelNummer: "X-1" }))).json(),
    ).toEqual({
      frei: true,
    });
  });
});

describe("searches and lists", () => {
  let who: Caller;
  let gl: number;
  let led: number;
  let alt: number;
  let leih: number;
  let ref: Awaited<ReturnType<typeof stammdaten>>;

  beforeAll(async () => {
    who = await tenant();
    ref = await stammdaten(who);
    gl = (await createArtikel(t, who, { artikelNummer: "GB-100", artikelBezeichnung: "Glühbirne klar 60 W" }))
      .id;
    led = (
      await createArtikel(t, who, {
        artikelNummer: "LED-7",
        artikelBezeichnung: "LED Glühbirne warmweiß",
        untergruppe: { id: ref.untergruppe },
        webshopArtikel: true,
      })
    ).id;
    alt = (
      await createArtikel(t, who, {
        artikelNummer: "GB-1",
        artikelBezeichnung: "Alte Glühbirne",
        geloescht: true,
        untergruppe: { id: ref.untergruppe },
      })
    ).id;
    leih = (
      await createArtikel(t, who, {
        artikelNummer: "V-1",
        artikelBezeichnung: "Leiter verleihbar",
        verleihbar: true,
        untergruppe: { id: ref.untergruppe2 },
      })
    ).id;
  });

  const search = async (query: string) => ids((await get(who, `artikelsearch?${query}`)).json());

  it("artikelsearch: part of a number, any word order, umlauts and case", async () => {
    expect(await search("search=gb-10")).toEqual([gl]);
    expect(await search("search=Gluehbirne")).toEqual([gl, led]);
    expect(await search(`search=${encodeURIComponent("GLÜHBIRNE")}`)).toEqual([gl, led]);
    expect(await search("search=warmweiss%20led")).toEqual([led]);
    expect(await search("search=birne%20led%20warm")).toEqual([led]);
    expect(await search("search=nichts")).toEqual([]);
    expect(await search("search=")).toEqual([]);
  });

  it("artikelsearch: an exact number first; deleted only with geloescht=true; verleihbar narrows", async () => {
    expect(await search("search=gb-1")).toEqual([gl]);
    expect(await search("search=gb-1&geloescht=true")).toEqual([alt, gl]);
    expect(await search("search=e&verleihbar=true")).toEqual([leih]);
    expect((await get(who, "artikelsearch?verleihbar=ja")).statusCode).toBe(400);
  });

  it("artikelsearch answers at most 20", async () => {
    const viele = await tenant();
    for (let n = 0; n < 22; n++) await createArtikel(t, viele, { artikelBezeichnung: `Schraube ${n}` });
    expect((await get(viele, "artikelsearch?search=schraube")).json()).toHaveLength(20);
  });

  it("GET artikel: deleted left out unless geloescht=true; search and verleihbar filter", async () => {
    const all = await get(who, "artikel?size=50");
    expect(ids(all.json())).toEqual([gl, led, leih]);
    expect(all.headers["x-total-count"]).toBe("3");
    expect(ids((await get(who, "artikel?geloescht=true")).json())).toEqual([alt, gl, led, leih]);
    expect(ids((await get(who, "artikel?search=birne")).json())).toEqual([gl, led]);
    expect(ids((await get(who, "artikel?verleihbar=true")).json())).toEqual([leih]);
    const page = await get(who, "artikel?page=1&size=2&sort=artikelNummer,asc");
    expect(page.headers["x-total-count"]).toBe("3");
    expect(ids(page.json())).toEqual([leih]);
  });

  it("artikelsearch/{untergruppeId}: the subgroup's articles; unknown subgroup 404", async () => {
    expect((await get(who, `artikelsearch/${ref.untergruppe}`)).json()).toEqual({
      artikelList: [
        expect.objectContaining({ id: led, untergruppe: "Leuchtmittel", warengruppe: "Elektro" }),
      ],
    });
    expect((await get(who, "artikelsearch/999999999")).statusCode).toBe(404);
    const other = await tenant();
    expect((await get(other, `artikelsearch/${ref.untergruppe}`)).statusCode).toBe(404);
  });

  it("artikelkatalogsearch: filters, paging, init", async () => {
    const katalog = async (query: string) => {
      const response = await get(who, `artikelkatalogsearch?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return { ids: ids(response.json()), total: response.headers["x-total-count"] };
    };
    expect(await katalog("")).toEqual({ ids: [gl, led, leih], total: "3" });
    expect(await katalog("searchTerm=birne")).toEqual({ ids: [gl, led], total: "2" });
    expect((await katalog(`selectedUG=${ref.untergruppe}`)).ids).toEqual([led]);
    expect((await katalog(`selectedUntergruppe=${ref.untergruppe2}`)).ids).toEqual([leih]);
    expect((await katalog(`selectedUGS=${ref.untergruppe},${ref.untergruppe2}`)).ids).toEqual([led, leih]);
    expect((await katalog(`selectedWG=${ref.warengruppe}`)).ids).toEqual([led, leih]);
    expect((await katalog(`selectedWG=${ref.warengruppe}&selectedIncludeDeactivated=true`)).ids).toEqual([
      alt,
      led,
      leih,
    ]);
    expect((await katalog("selectedVerleihbar=true")).ids).toEqual([leih]);
    expect(await katalog("searchTerm=birne&init=true&size=2")).toEqual({ ids: [gl, led], total: "3" });
    expect(await katalog("page=1&size=2")).toEqual({ ids: [leih], total: "3" });
    expect((await get(who, "artikelkatalogsearch?selectedUGS=a,b")).statusCode).toBe(400);
  });

  it("artikelkatalogsearch: a supplier's articles", async () => {
    const me = await tenant(["ROLE_ARTIKEL_WRITE", "ROLE_USER"]);
    const lieferant = await createKunde(t, me, { bezeichnung: "Lieferant AG", lieferant: true });
    const mit = await createArtikel(t, me, { artikelLieferantSet: [{ lieferant: { id: lieferant.id } }] });
    await createArtikel(t, me);
    expect(ids((await get(me, `artikelkatalogsearch?selectedLieferant=${lieferant.id}`)).json())).toEqual([
      mit.id,
    ]);
  });

  it("artikel/webshop: the webshop articles", async () => {
    expect(ids((await get(who, "artikel/webshop")).json())).toEqual([led]);
  });

  it("another tenant sees none of them", async () => {
    const other = await tenant();
    expect((await get(other, "artikelsearch?search=birne")).json()).toEqual([]);
    expect((await get(other, "artikel")).json()).toEqual([]);
    expect((await get(other, "artikelkatalogsearch")).json()).toEqual([]);
    expect((await get(other, `artikel/${gl}`)).statusCode).toBe(404);
    expect((await put(other, "artikellist", [{ id: gl, geloescht: true }])).statusCode).toBe(404);
  });
});

describe("PUT artikellist", () => {
  it("changes many at once, all or nothing", async () => {
    const who = await tenant();
    const ref = await stammdaten(who);
    const [a, b] = [await createArtikel(t, who), await createArtikel(t, who)];
    const rows = await put(who, "artikellist", [
      { id: a.id, verleihbar: true, untergruppe: { id: ref.untergruppe } },
      { id: b.id, geloescht: true, rabattierFaehig: false },
    ]);
    expect(rows.statusCode, rows.body).toBe(200);
    expect(rows.json()).toEqual([
      expect.objectContaining({ id: a.id, verleihbar: true, untergruppe: "Leuchtmittel" }),
      expect.objectContaining({ id: b.id, geloescht: true }),
    ]);
    expect((await get(who, `artikel/${b.id}`)).json().rabattierFaehig).toBe(false);

    const bad = await put(who, "artikellist", [
      { id: a.id, verleihbar: false },
      { id: b.id, mehrwertssteuer: { id: 999_999_999 } },
    ]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual([{ field: "1.mehrwertssteuer", code: "notFound" }]);
    expect((await get(who, `artikel/${a.id}`)).json().verleihbar).toBe(true);
    expect(
      (await put(who, "artikellist", [{ id: a.id, verleihbar: false }, { id: 999_999_999 }])).statusCode,
    ).toBe(404);
    expect((await get(who, `artikel/${a.id}`)).json().verleihbar).toBe(true);
    expect((await put(who, "artikellist", [{ id: a.id, unbekannt: 1 }])).statusCode).toBe(400);
  });
});

describe("DELETE artikel/{id}", () => {
  it("deletes the article with its parts; unknown 404", async () => {
    const who = await tenant();
    const a = await createArtikel(t, who, { artikelPreisSet: [{ preis: 1, vonDatum: "2030-01-01" }] });
    expect((await del(who, `artikel/${a.id}`)).statusCode).toBe(204);
    expect((await del(who, `artikel/${a.id}`)).statusCode).toBe(404);
    const rest = await withTenant(t.db, who.mandantId, (tx) =>
      tx.select().from(artikel).where(eq(artikel.id, a.id)),
    );
    expect(rest).toEqual([]);
  });
});
