import { describe, expect, it } from "vitest";
import { describeCrud } from "../../test/crud.ts";
import { call, createTenantUser, login, unique } from "../../test/helpers.ts";

const crud = describeCrud({
  path: "warengruppes",
  valid: (n) => ({ warenGruppe: unique(`W${n}`), bezeichnung: `Warengruppe ${n}` }),
  update: { bezeichnung: "Werkzeug", geloescht: true },
  invalid: [
    { payload: { bezeichnung: "Werkzeug" }, field: "warenGruppe", code: "required" },
    { payload: { warenGruppe: "x".repeat(21), bezeichnung: "b" }, field: "warenGruppe", code: "maxLength" },
    { payload: { warenGruppe: "100" }, field: "bezeichnung", code: "required" },
    {
      payload: { warenGruppe: "100", bezeichnung: "x".repeat(101) },
      field: "bezeichnung",
      code: "maxLength",
    },
    {
      payload: { warenGruppe: "100", bezeichnung: "b", geloescht: "nein" },
      field: "geloescht",
      code: "invalidType",
    },
  ],
  sort: { field: "bezeichnung", values: (n) => ({ bezeichnung: `Sortierung ${n}` }) },
  authorities: ["ROLE_USER"],
  forbiddenAuthorities: ["ROLE_KASSABUCH"],
});

type Group = {
  id: number;
  warenGruppe: string;
  bezeichnung: string;
  defaultWarengruppe: boolean;
  groups: unknown[];
};
const url = "/app/api/warengruppes";
const put = (path: string, payload: Record<string, unknown>) =>
  call(crud.t, { method: "PUT", url: `/app/api/${path}`, ...crud.as(), payload });
const group = async (bezeichnung = "Gruppe", extra: Record<string, unknown> = {}) => {
  const response = await put("warengruppes", { warenGruppe: unique("G"), bezeichnung, ...extra });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Group;
};
const subgroup = async (warengruppeId: number, unterGruppe: string, bezeichnung = unterGruppe) =>
  (await put("untergruppes", { unterGruppe, bezeichnung, warengruppe: { id: warengruppeId } })).json();
const get = (path: string) => call(crud.t, { method: "GET", url: `/app/api/${path}`, ...crud.as() });

describe("warengruppes: codes, default, subgroups", () => {
  it("defaults: not the default group, not deleted, no subgroups", async () => {
    expect(await group()).toMatchObject({ defaultWarengruppe: false, geloescht: false, groups: [] });
  });

  it("a code used twice in the tenant is refused with field code unique", async () => {
    const first = await group();
    const twice = await put("warengruppes", { warenGruppe: first.warenGruppe, bezeichnung: "Doppelt" });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().fieldErrors).toEqual([{ field: "warenGruppe", code: "unique" }]);
  });

  it("making a group the default takes the flag from the previous one", async () => {
    const first = await group("Erste", { defaultWarengruppe: true });
    const second = await group("Zweite", { defaultWarengruppe: true });
    const defaults = (await get("warengruppes?size=500")).json().filter((g: Group) => g.defaultWarengruppe);
    expect(defaults.map((g: Group) => g.id)).toEqual([second.id]);
    expect((await get(`warengruppes/${first.id}`)).json().defaultWarengruppe).toBe(false);
  });

  it("lists a group's subgroups by code (read-only: a PUT does not change them)", async () => {
    const g = await group();
    const b = await subgroup(g.id, "20", "Bohrer");
    const a = await subgroup(g.id, "10", "Akkuschrauber");
    const read = (await get(`warengruppes/${g.id}`)).json();
    expect(read.groups).toEqual([
      { id: a.id, unterGruppe: "10", bezeichnung: "Akkuschrauber" },
      { id: b.id, unterGruppe: "20", bezeichnung: "Bohrer" },
    ]);
    const updated = await put("warengruppes", { ...read, bezeichnung: "Maschinen", groups: [] });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().groups).toHaveLength(2);
    expect((await get(`warengruppes?search=${g.warenGruppe}`)).json()[0].groups).toHaveLength(2);
  });

  it("a group with subgroups cannot be deleted (409 error.inUse); without them it can", async () => {
    const g = await group();
    const s = await subgroup(g.id, "10");
    const refused = await call(crud.t, { method: "DELETE", url: `${url}/${g.id}`, ...crud.as() });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe("error.inUse");
    expect((await get(`warengruppes/${g.id}`)).statusCode).toBe(200);
    await call(crud.t, { method: "DELETE", url: `/app/api/untergruppes/${s.id}`, ...crud.as() });
    expect((await call(crud.t, { method: "DELETE", url: `${url}/${g.id}`, ...crud.as() })).statusCode).toBe(
      204,
    );
  });

  it("lists by code unless asked otherwise; search finds code or name, case-insensitively", async () => {
    const marker = unique("Such");
    const x = await group(`${marker} Schrauben`, { warenGruppe: unique("2") });
    const y = await group(`Muttern ${marker.toUpperCase()}`, { warenGruppe: unique("1") });
    const all = (await get("warengruppes?size=500")).json() as Group[];
    expect(all.filter((g) => [x.id, y.id].includes(g.id)).map((g) => g.id)).toEqual([y.id, x.id]);

    const byName = await get(`warengruppes?search=${encodeURIComponent(marker.toLowerCase())}`);
    expect(byName.headers["x-total-count"]).toBe("2");
    expect(
      byName
        .json()
        .map((g: Group) => g.id)
        .sort(),
    ).toEqual([x.id, y.id].sort());
    expect((await get(`warengruppes?search=${x.warenGruppe}`)).json().map((g: Group) => g.id)).toEqual([
      x.id,
    ]);
    expect((await get("warengruppes?search=%25")).json()).toEqual([]);
  });
});

describe("warengruppesall", () => {
  it("lists the groups not deleted, by code, with their subgroups", async () => {
    const kept = await group("Bleibt");
    await subgroup(kept.id, "A1");
    const deleted = await group("Gelöscht", { geloescht: true });
    const all = (await get("warengruppesall")).json() as Group[];
    expect(all.map((g) => g.id)).toContain(kept.id);
    expect(all.map((g) => g.id)).not.toContain(deleted.id);
    expect(all.find((g) => g.id === kept.id)?.groups).toMatchObject([{ unterGruppe: "A1" }]);
    const prefix = unique("ALL");
    const b = await group("B", { warenGruppe: `${prefix}-B` });
    const a = await group("A", { warenGruppe: `${prefix}-A` });
    const ids = ((await get("warengruppesall")).json() as Group[]).map((g) => g.id);
    expect(ids.filter((id) => id === a.id || id === b.id)).toEqual([a.id, b.id]);
  });

  it("needs a sign-in (401), is open to every member and shows only the tenant's groups", async () => {
    expect((await call(crud.t, { method: "GET", url: "/app/api/warengruppesall" })).statusCode).toBe(401);
    const mine = await group();
    const member = await createTenantUser(crud.t, { authorities: ["ROLE_KASSABUCH"] });
    const response = await call(crud.t, {
      method: "GET",
      url: "/app/api/warengruppesall",
      token: await login(crud.t, member),
      mandantId: member.mandantId,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().map((g: Group) => g.id)).not.toContain(mine.id);
  });
});
