import { beforeAll, describe, expect, it } from "vitest";
import { kunde } from "../../db/schema/index.ts";
import { sucheBedingung } from "../../db/search.ts";
import { withTenant } from "../../db/tenant.ts";
import { type CrudSpec, describeCrud } from "../../test/crud.ts";
import { call, createTenantUser, login, type TestApp, unique } from "../../test/helpers.ts";
import { insertKunde } from "../kunde/kunde.fixture.ts";

const common: Pick<CrudSpec, "authorities" | "forbiddenAuthorities"> = {
  authorities: ["ROLE_USER"],
  forbiddenAuthorities: ["ROLE_KASSABUCH"],
};
const baseInvalid = [
  { payload: {}, field: "bezeichnung", code: "required" },
  { payload: { bezeichnung: " " }, field: "bezeichnung", code: "required" },
  { payload: { bezeichnung: "x".repeat(101) }, field: "bezeichnung", code: "maxLength" },
  { payload: { bezeichnung: "Farbe", type: "COLOR" }, field: "type", code: "enum" },
  { payload: { bezeichnung: "Farbe", type: "TEXT", optionen: ["rot"] }, field: "optionen", code: "invalid" },
  { payload: { bezeichnung: "Farbe", type: "SELECT" }, field: "optionen", code: "required" },
  {
    payload: { bezeichnung: "Farbe", type: "SELECT", optionen: ["Rot", "rot"] },
    field: "optionen",
    code: "unique",
  },
  { payload: { bezeichnung: "Farbe", sortOrder: 1.5 }, field: "sortOrder", code: "integer" },
];

describe("artikelfelddefinitions", () => {
  const crud = describeCrud({
    ...common,
    path: "artikelfelddefinitions",
    valid: (n) => ({ bezeichnung: `Material ${n}`, sortOrder: n }),
    update: { bezeichnung: "Größe", type: "SELECT", optionen: ["S", "M", "L"], search: false },
    invalid: baseInvalid,
    sort: { field: "sortOrder", values: (n) => ({ sortOrder: n }) },
  });

  it("fills the SPEC defaults: type TEXT, no choices, sortOrder 0, searchable", async () => {
    const created = await call(crud.t, {
      method: "PUT",
      url: "/app/api/artikelfelddefinitions",
      ...crud.as(),
      payload: { bezeichnung: "Hersteller-Nr." },
    });
    expect(created.json()).toEqual({
      id: expect.any(Number),
      bezeichnung: "Hersteller-Nr.",
      type: "TEXT",
      optionen: [],
      sortOrder: 0,
      search: true,
    });
  });

  it("a SELECT field keeps its choices; switching the type keeps none behind", async () => {
    const put = (payload: object) =>
      call(crud.t, { method: "PUT", url: "/app/api/artikelfelddefinitions", ...crud.as(), payload });
    const select = await put({ bezeichnung: "Farbe", type: "SELECT", optionen: [" rot ", "grün"] });
    expect(select.json()).toMatchObject({ type: "SELECT", optionen: ["rot", "grün"] });
    const stale = await put({ ...select.json(), type: "TEXT" });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().fieldErrors).toEqual([{ field: "optionen", code: "invalid" }]);
    const text = await put({ ...select.json(), type: "TEXT", optionen: [] });
    expect(text.json()).toMatchObject({ id: select.json().id, type: "TEXT", optionen: [] });
  });
});

describe("kundefelddefinitions", () => {
  const crud = describeCrud({
    ...common,
    path: "kundefelddefinitions",
    valid: (n) => ({ bezeichnung: `Branche ${n}`, sortOrder: n, printable: true, value: "Handel" }),
    update: {
      bezeichnung: "Kundengruppe",
      value: "B",
      type: "SELECT",
      optionen: ["A", "B"],
      printable: false,
    },
    invalid: [
      ...baseInvalid,
      {
        payload: { bezeichnung: "Rabattstufe", type: "NUMBER", value: "viel" },
        field: "value",
        code: "invalid",
      },
      {
        payload: { bezeichnung: "Gruppe", type: "SELECT", optionen: ["A"], value: "C" },
        field: "value",
        code: "invalid",
      },
    ],
    sort: { field: "sortOrder", values: (n) => ({ sortOrder: n }) },
  });

  it("is isolated by kind: a customer field is 404 through the article and document paths", async () => {
    const field = (
      await call(crud.t, {
        method: "PUT",
        url: "/app/api/kundefelddefinitions",
        ...crud.as(),
        payload: { bezeichnung: "Geburtstag", type: "DATE", value: "2000-01-31" },
      })
    ).json();
    expect(field).toMatchObject({ type: "DATE", value: "2000-01-31", printable: false });
    for (const path of ["artikelfelddefinitions", "belegfelddefinitions"]) {
      const url = `/app/api/${path}`;
      expect(
        (await call(crud.t, { method: "GET", url: `${url}/${field.id}`, ...crud.as() })).statusCode,
      ).toBe(404);
      const update = { ...field, bezeichnung: "Gekapert", belegsTyps: ["rechnung"] };
      expect((await call(crud.t, { method: "PUT", url, ...crud.as(), payload: update })).statusCode).toBe(
        404,
      );
      expect(
        (await call(crud.t, { method: "DELETE", url: `${url}/${field.id}`, ...crud.as() })).statusCode,
      ).toBe(404);
      const list = (await call(crud.t, { method: "GET", url: `${url}?size=500`, ...crud.as() })).json();
      expect(list.map((item: { id: number }) => item.id)).not.toContain(field.id);
    }
    const still = await call(crud.t, {
      method: "GET",
      url: `/app/api/kundefelddefinitions/${field.id}`,
      ...crud.as(),
    });
    expect(still.json()).toEqual(field);
  });

  describe("the search flag and the customer search", () => {
    let t: TestApp;
    let who: { token: string; mandantId: number };
    beforeAll(async () => {
      // The app of the generic tests, a tenant of its own.
      t = crud.t;
      const user = await createTenantUser(t, { authorities: ["ROLE_USER"] });
      who = { token: await login(t, user), mandantId: user.mandantId };
    });

    const put = async (payload: object) => {
      const response = await call(t, {
        method: "PUT",
        url: "/app/api/kundefelddefinitions",
        ...who,
        payload,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    /** The customers whose search text matches, as the customer search asks (sucheBedingung). */
    const gefunden = (text: string) =>
      withTenant(t.db, who.mandantId, async (tx) =>
        (await tx.select({ id: kunde.id }).from(kunde).where(sucheBedingung(text, kunde.suche))).map(
          (row) => row.id,
        ),
      );

    it("switching search off takes a field's values out of the search texts, on puts them back", async () => {
      const field = await put({ bezeichnung: "Branche", search: true });
      const wert = unique("Tischlerei Größe");
      const kundeId = await insertKunde(t, who.mandantId, {
        felder: [{ felddefinitionId: field.id, value: wert }],
      });
      const andere = await insertKunde(t, who.mandantId, { bezeichnung: "Ohne Wert" });
      expect(await gefunden(wert)).toEqual([kundeId]);

      await put({ ...field, search: false });
      expect(await gefunden(wert)).toEqual([]);
      expect(await gefunden("Ohne Wert")).toEqual([andere]);

      await put({ ...field, search: true, bezeichnung: "Gewerbe" });
      expect(await gefunden(wert)).toEqual([kundeId]);
    });

    it("deleting a searchable field takes its values out of the search texts", async () => {
      const field = await put({ bezeichnung: "Kennwort" });
      const wert = unique("Kennwort");
      const kundeId = await insertKunde(t, who.mandantId, {
        felder: [{ felddefinitionId: field.id, value: wert }],
      });
      expect(await gefunden(wert)).toEqual([kundeId]);
      const removed = await call(t, {
        method: "DELETE",
        url: `/app/api/kundefelddefinitions/${field.id}`,
        ...who,
      });
      expect(removed.statusCode).toBe(204);
      expect(await gefunden(wert)).toEqual([]);
      expect(await gefunden(`Test Kunde`)).toContain(kundeId);
    });

    it("another tenant's field: PUT and DELETE are 404 and the search texts stay", async () => {
      const field = await put({ bezeichnung: "Geheim", search: true });
      const wert = unique("geheim");
      const kundeId = await insertKunde(t, who.mandantId, {
        felder: [{ felddefinitionId: field.id, value: wert }],
      });
      const stranger = await createTenantUser(t, { authorities: ["ROLE_USER"] });
      const foreign = { token: await login(t, stranger), mandantId: stranger.mandantId };
      const update = await call(t, {
        method: "PUT",
        url: "/app/api/kundefelddefinitions",
        ...foreign,
        payload: { ...field, search: false },
      });
      expect(update.statusCode).toBe(404);
      const remove = await call(t, {
        method: "DELETE",
        url: `/app/api/kundefelddefinitions/${field.id}`,
        ...foreign,
      });
      expect(remove.statusCode).toBe(404);
      expect(await gefunden(wert)).toEqual([kundeId]);
    });
  });
});

describe("belegfelddefinitions", () => {
  const crud = describeCrud({
    ...common,
    path: "belegfelddefinitions",
    valid: (n) => ({
      bezeichnung: `Bestellnummer ${n}`,
      bezeichnungEn: "Order number",
      belegsTyps: ["rechnung"],
    }),
    update: { belegsTyps: ["angebot", "rechnung"], belegsTypsString: "Angebot, Rechnung", printable: true },
    invalid: [
      // the rules between fields are checked once every field is of its type: belegsTyps present
      ...baseInvalid.map((c) => ({ ...c, payload: { ...c.payload, belegsTyps: ["rechnung"] } })),
      { payload: { bezeichnung: "Kommission" }, field: "belegsTyps", code: "required" },
      { payload: { bezeichnung: "Kommission", belegsTyps: [] }, field: "belegsTyps", code: "required" },
      {
        payload: { bezeichnung: "Kommission", belegsTyps: ["quittung"] },
        field: "belegsTyps.0",
        code: "enum",
      },
      {
        payload: { bezeichnung: "K", bezeichnungEn: "x".repeat(101), belegsTyps: ["rechnung"] },
        field: "bezeichnungEn",
        code: "maxLength",
      },
    ],
    sort: { field: "sortOrder", values: (n) => ({ sortOrder: n }) },
  });
  const put = (payload: object) =>
    call(crud.t, { method: "PUT", url: "/app/api/belegfelddefinitions", ...crud.as(), payload });

  it("derives belegsTypsString from the types (once each, in the usual order); a sent one is ignored", async () => {
    const created = await put({
      bezeichnung: "Kommission",
      belegsTyps: ["rechnung", "lieferschein", "angebot", "rechnung"],
      belegsTypsString: "Erfunden",
    });
    expect(created.json()).toMatchObject({
      belegsTyps: ["angebot", "lieferschein", "rechnung"],
      belegsTypsString: "Angebot, Lieferschein, Rechnung",
      bezeichnungEn: null,
      printable: false,
    });
  });

  describe("GET belegfelddefinitionsall and belegfelddefinitionstypen", () => {
    it("lists every document field by sortOrder for any member, and only the tenant's document fields", async () => {
      const ids: number[] = [];
      for (const sortOrder of [902, 900, 901])
        ids.push((await put({ bezeichnung: `S${sortOrder}`, sortOrder, belegsTyps: ["angebot"] })).json().id);
      await call(crud.t, {
        method: "PUT",
        url: "/app/api/kundefelddefinitions",
        ...crud.as(),
        payload: { bezeichnung: "Kein Belegfeld", sortOrder: 900 },
      });
      const member = await createTenantUser(crud.t, { authorities: ["ROLE_KASSABUCH"] });
      const memberToken = await login(crud.t, member);
      expect(
        (
          await call(crud.t, {
            method: "GET",
            url: "/app/api/belegfelddefinitions",
            token: memberToken,
            mandantId: member.mandantId,
          })
        ).statusCode,
      ).toBe(403);
      const own = await call(crud.t, {
        method: "GET",
        url: "/app/api/belegfelddefinitionsall",
        ...crud.as(),
      });
      expect(own.statusCode).toBe(200);
      const all = own.json() as {
        id: number;
        sortOrder: number;
        bezeichnung: string;
        belegsTypsString: string;
      }[];
      expect(all.map((item) => item.sortOrder)).toEqual(
        [...all.map((item) => item.sortOrder)].sort((a, b) => a - b),
      );
      expect(all.filter((item) => ids.includes(item.id)).map((item) => item.bezeichnung)).toEqual([
        "S900",
        "S901",
        "S902",
      ]);
      expect(all.map((item) => item.bezeichnung)).not.toContain("Kein Belegfeld");
      expect(all.find((item) => item.id === ids[0])?.belegsTypsString).toBe("Angebot");

      const foreign = await call(crud.t, {
        method: "GET",
        url: "/app/api/belegfelddefinitionsall",
        token: memberToken,
        mandantId: member.mandantId,
      });
      expect(foreign.statusCode).toBe(200);
      expect(foreign.json()).toEqual([]);
    });

    it("answers the field types to every member", async () => {
      const response = await call(crud.t, {
        method: "GET",
        url: "/app/api/belegfelddefinitionstypen",
        ...crud.as(),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().map((typ: { name: string }) => typ.name)).toEqual([
        "TEXT",
        "NUMBER",
        "DATE",
        "BOOLEAN",
        "SELECT",
      ]);
    });

    it("need a sign-in (401) and a tenant the user belongs to (403)", async () => {
      const stranger = await createTenantUser(crud.t, { authorities: ["ROLE_USER"] });
      for (const path of ["belegfelddefinitionsall", "belegfelddefinitionstypen"]) {
        const url = `/app/api/${path}`;
        expect((await call(crud.t, { method: "GET", url })).statusCode).toBe(401);
        const foreign = await call(crud.t, {
          method: "GET",
          url,
          token: crud.token,
          mandantId: stranger.mandantId,
        });
        expect(foreign.statusCode).toBe(403);
        expect(foreign.json().code).toBe("error.mandantForbidden");
      }
    });
  });
});
