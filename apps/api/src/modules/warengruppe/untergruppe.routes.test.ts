import { beforeAll, describe, expect, it } from "vitest";
import { describeCrud } from "../../test/crud.ts";
import { call, createTenantUser, login, unique } from "../../test/helpers.ts";

/** The goods group the generic tests put their subgroups in (created once the tenant exists). */
let groupId = 0;

const crud = describeCrud({
  path: "untergruppes",
  valid: (n) => ({ unterGruppe: `U${n}`, bezeichnung: `Untergruppe ${n}`, warengruppe: { id: groupId } }),
  update: { bezeichnung: "Akkuschrauber" },
  invalid: [
    { payload: { bezeichnung: "b", warengruppe: { id: 1 } }, field: "unterGruppe", code: "required" },
    {
      payload: { unterGruppe: "x".repeat(21), bezeichnung: "b", warengruppe: { id: 1 } },
      field: "unterGruppe",
      code: "maxLength",
    },
    { payload: { unterGruppe: "10", warengruppe: { id: 1 } }, field: "bezeichnung", code: "required" },
    { payload: { unterGruppe: "10", bezeichnung: "b" }, field: "warengruppe", code: "required" },
    {
      payload: { unterGruppe: "10", bezeichnung: "b", warengruppe: { id: "x" } },
      field: "warengruppe.id",
      code: "invalidType",
    },
  ],
  sort: { field: "unterGruppe", values: (n) => ({ unterGruppe: `S${n}` }) },
  authorities: ["ROLE_USER"],
  forbiddenAuthorities: ["ROLE_KASSABUCH"],
});

type Sub = { id: number; unterGruppe: string; bezeichnung: string; warengruppe: { id: number } };
const put = (payload: Record<string, unknown>, who = crud.as()) =>
  call(crud.t, { method: "PUT", url: "/app/api/untergruppes", ...who, payload });
const newGroup = async (who = crud.as()) =>
  (
    await call(crud.t, {
      method: "PUT",
      url: "/app/api/warengruppes",
      ...who,
      payload: { warenGruppe: unique("G"), bezeichnung: "Werkzeug" },
    })
  ).json() as { id: number; warenGruppe: string; bezeichnung: string };
const ref = (g: { id: number; warenGruppe: string; bezeichnung: string }) => ({
  id: g.id,
  warenGruppe: g.warenGruppe,
  bezeichnung: g.bezeichnung,
});
const list = (query: string) =>
  call(crud.t, { method: "GET", url: `/app/api/untergruppes?${query}`, ...crud.as() });

beforeAll(async () => {
  groupId = (await newGroup()).id;
});

describe("untergruppes: their goods group", () => {
  it("answers with the group's id, code and name", async () => {
    const g = await newGroup();
    const created = await put({ unterGruppe: "10", bezeichnung: "Bohrer", warengruppe: { id: g.id } });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().warengruppe).toEqual(ref(g));
  });

  it("a group of another tenant, or none, is refused with field warengruppe code invalid", async () => {
    const other = await createTenantUser(crud.t, { authorities: ["ROLE_USER"] });
    const foreign = await newGroup({ token: await login(crud.t, other), mandantId: other.mandantId });
    for (const id of [foreign.id, 999_999_999]) {
      const response = await put({ unterGruppe: "10", bezeichnung: "b", warengruppe: { id } });
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors).toEqual([{ field: "warengruppe", code: "invalid" }]);
    }
    const mine = (await put({ unterGruppe: "11", bezeichnung: "b", warengruppe: { id: groupId } })).json();
    const moved = await put({ ...mine, warengruppe: { id: foreign.id } });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().fieldErrors).toEqual([{ field: "warengruppe", code: "invalid" }]);
  });

  it("moves to another group of the tenant", async () => {
    const from = await newGroup();
    const to = await newGroup();
    const sub = (await put({ unterGruppe: "10", bezeichnung: "b", warengruppe: { id: from.id } })).json();
    const moved = await put({ ...sub, warengruppe: { id: to.id } });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().warengruppe).toEqual(ref(to));
  });

  it("a code is unique within its group, not across groups", async () => {
    const [a, b] = [await newGroup(), await newGroup()];
    expect((await put({ unterGruppe: "10", bezeichnung: "x", warengruppe: { id: a.id } })).statusCode).toBe(
      200,
    );
    const twice = await put({ unterGruppe: "10", bezeichnung: "y", warengruppe: { id: a.id } });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().fieldErrors).toEqual([{ field: "unterGruppe", code: "unique" }]);
    expect((await put({ unterGruppe: "10", bezeichnung: "z", warengruppe: { id: b.id } })).statusCode).toBe(
      200,
    );
  });
});

describe("untergruppes?warengruppeId=: the subgroups of one group", () => {
  it("lists only that group's subgroups, by code, paged", async () => {
    const [g, elsewhere] = [await newGroup(), await newGroup()];
    for (const code of ["30", "10", "20"])
      await put({ unterGruppe: code, bezeichnung: code, warengruppe: { id: g.id } });
    await put({ unterGruppe: "15", bezeichnung: "15", warengruppe: { id: elsewhere.id } });

    const all = await list(`warengruppeId=${g.id}`);
    expect(all.statusCode).toBe(200);
    expect(all.headers["x-total-count"]).toBe("3");
    expect(all.json().map((s: Sub) => s.unterGruppe)).toEqual(["10", "20", "30"]);
    expect(all.json().every((s: Sub) => s.warengruppe.id === g.id)).toBe(true);

    const page = await list(`warengruppeId=${g.id}&page=1&size=2&sort=unterGruppe,desc`);
    expect(page.json().map((s: Sub) => s.unterGruppe)).toEqual(["10"]);
    expect((await list(`warengruppeId=${g.id}&search=2`)).json().map((s: Sub) => s.unterGruppe)).toEqual([
      "20",
    ]);
  });

  it("another tenant's group gives an empty list; a malformed id is 400", async () => {
    const other = await createTenantUser(crud.t, { authorities: ["ROLE_USER"] });
    const token = await login(crud.t, other);
    const response = await call(crud.t, {
      method: "GET",
      url: `/app/api/untergruppes?warengruppeId=${groupId}`,
      token,
      mandantId: other.mandantId,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
    expect(response.headers["x-total-count"]).toBe("0");
    const bad = await list("warengruppeId=abc");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toMatchObject([{ field: "warengruppeId" }]);
  });
});
