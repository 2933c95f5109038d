import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { kunde } from "../../db/schema/index.ts";
import { withTenant } from "../../db/tenant.ts";
import { describeCrud } from "../../test/crud.ts";
import { call, createTenantUser, login, unique } from "../../test/helpers.ts";
import { insertKunde } from "../kunde/kunde.fixture.ts";

const crud = describeCrud({
  path: "firmengruppe",
  valid: (n) => ({ bezeichnung: `Gruppe ${n}` }),
  update: { bezeichnung: "Holding Nord" },
  invalid: [
    { payload: {}, field: "bezeichnung", code: "required" },
    { payload: { bezeichnung: "  " }, field: "bezeichnung", code: "required" },
    { payload: { bezeichnung: "x".repeat(101) }, field: "bezeichnung", code: "maxLength" },
  ],
  sort: { field: "bezeichnung", values: (n) => ({ bezeichnung: `Sortiert ${n}` }) },
  authorities: ["ROLE_USER"],
  forbiddenAuthorities: ["ROLE_KASSABUCH"],
});

const create = async (bezeichnung: string, who = crud.as()) => {
  const response = await call(crud.t, {
    method: "PUT",
    url: "/app/api/firmengruppe",
    ...who,
    payload: { bezeichnung },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { id: number; bezeichnung: string; kunden: unknown[] };
};
const search = async (text: string, who = crud.as()) =>
  call(crud.t, {
    method: "GET",
    url: `/app/api/firmengruppesearch?search=${encodeURIComponent(text)}`,
    ...who,
  });
const names = (response: { json: () => { bezeichnung: string }[] }) =>
  response.json().map((g) => g.bezeichnung);

describe("firmengruppe: list and members", () => {
  it("answers 20 per page by default, sorted by name; names may repeat; members are read-only", async () => {
    const user = await createTenantUser(crud.t, { authorities: ["ROLE_USER"] });
    const who = { token: await login(crud.t, user), mandantId: user.mandantId };
    for (let n = 21; n >= 1; n--) await create(`Gruppe ${String(n).padStart(2, "0")}`, who);
    const twin = await create("Gruppe 01", who);
    expect(twin.kunden).toEqual([]);

    const first = await call(crud.t, { method: "GET", url: "/app/api/firmengruppe", ...who });
    expect(first.headers["x-total-count"]).toBe("22");
    expect(names(first)).toHaveLength(20);
    expect(names(first).slice(0, 3)).toEqual(["Gruppe 01", "Gruppe 01", "Gruppe 02"]);
    const second = await call(crud.t, { method: "GET", url: "/app/api/firmengruppe?page=1", ...who });
    expect(names(second)).toEqual(["Gruppe 20", "Gruppe 21"]);

    const sent = await call(crud.t, {
      method: "PUT",
      url: "/app/api/firmengruppe",
      ...who,
      payload: { ...twin, kunden: [{ id: 1, bezeichnung: "Fremd" }] },
    });
    expect(sent.json().kunden).toEqual([]);
  });

  it("filters the list with search= like the search path", async () => {
    const token = unique("liste");
    await create(`${token} Alpha Werke`);
    await create(`${token} Beta`);
    const list = await call(crud.t, {
      method: "GET",
      url: `/app/api/firmengruppe?search=${encodeURIComponent(`werke ${token}`)}`,
      ...crud.as(),
    });
    expect(list.headers["x-total-count"]).toBe("1");
    expect(names(list)).toEqual([`${token} Alpha Werke`]);
  });
});

describe("GET firmengruppesearch", () => {
  it("finds names containing every word, case-insensitively and in any order", async () => {
    const token = unique("fg");
    await create(`Bau Müller GmbH ${token}`);
    await create(`Müller Holz KG ${token}`);
    await create(`Sonstige GmbH ${token}`);
    expect(names(await search(`${token} gmbh müller`))).toEqual([`Bau Müller GmbH ${token}`]);
    expect(names(await search(`  müller   ${token.toUpperCase()} `))).toEqual([
      `Bau Müller GmbH ${token}`,
      `Müller Holz KG ${token}`,
    ]);
    expect(names(await search(`${token} GMBH`))).toEqual([
      `Bau Müller GmbH ${token}`,
      `Sonstige GmbH ${token}`,
    ]);
    expect(names(await search(`${token} Meier`))).toEqual([]);
  });

  it("takes wildcards literally", async () => {
    const token = unique("wild");
    await create(`${token} 100% Partner`);
    await create(`${token} 1000 Partner`);
    expect(names(await search(`${token} 100%`))).toEqual([`${token} 100% Partner`]);
    expect(names(await search(`${token} _`))).toEqual([]);
  });

  it("answers at most 50, sorted by name", async () => {
    const token = unique("viele");
    for (let n = 51; n >= 1; n--) await create(`${token} ${String(n).padStart(2, "0")}`);
    const found = names(await search(token));
    expect(found).toHaveLength(50);
    expect(found[0]).toBe(`${token} 01`);
    expect(found[49]).toBe(`${token} 50`);
  });

  it("is open to every member of the tenant, not to others; needs a sign-in", async () => {
    const token = unique("mitglied");
    await create(`${token} Gruppe`);
    const member = await createTenantUser(crud.t, { authorities: ["ROLE_KASSABUCH"] });
    const memberToken = await login(crud.t, member);
    const own = await search(token, { token: memberToken, mandantId: member.mandantId });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual([]);
    const foreign = await search(token, { token: memberToken, mandantId: crud.user.mandantId });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().code).toBe("error.mandantForbidden");
    expect(
      (await call(crud.t, { method: "GET", url: `/app/api/firmengruppesearch?search=${token}` })).statusCode,
    ).toBe(401);
    expect(names(await search(token))).toEqual([`${token} Gruppe`]);
  });

  it("refuses an overlong search text with 400", async () => {
    const response = await search("x".repeat(201));
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual([{ field: "search", code: "maxLength", max: 200 }]);
  });
});

describe("firmengruppe: member customers", () => {
  const get = (url: string) => call(crud.t, { method: "GET", url: `/app/api/${url}`, ...crud.as() });
  const remove = (id: number, who = crud.as()) =>
    call(crud.t, { method: "DELETE", url: `/app/api/firmengruppe/${id}`, ...who });

  it("lists the members by name with their display names, in GET, the list, search and PUT", async () => {
    const token = unique("mitglieder");
    const group = await create(`${token} Holding`);
    const empty = await create(`${token} Leer`);
    const mandantId = crud.user.mandantId;
    const zeta = await insertKunde(crud.t, mandantId, {
      bezeichnung: "Zeta Bau GmbH",
      firmengruppeIds: [group.id],
    });
    const herr = await insertKunde(crud.t, mandantId, {
      firma: "privatperson",
      vorname: "Max",
      nachname: "Muster",
      geschlecht: "herr",
      firmengruppeIds: [group.id],
    });
    const alpha = await insertKunde(crud.t, mandantId, {
      bezeichnung: "Alpha AG",
      firmengruppeIds: [group.id],
    });
    await insertKunde(crud.t, mandantId, { bezeichnung: "Kein Mitglied" });
    const members = [
      { id: alpha, bezeichnung: "Alpha AG" },
      { id: herr, bezeichnung: "Herr Max Muster" },
      { id: zeta, bezeichnung: "Zeta Bau GmbH" },
    ];

    expect((await get(`firmengruppe/${group.id}`)).json()).toEqual({ ...group, kunden: members });
    expect((await get(`firmengruppe/${empty.id}`)).json().kunden).toEqual([]);
    const listed = (await get(`firmengruppe?search=${token}`)).json();
    expect(listed).toEqual([
      { ...group, kunden: members },
      { ...empty, kunden: [] },
    ]);
    expect((await search(`${token} holding`)).json()).toEqual([{ ...group, kunden: members }]);

    // The members are read-only: a renamed group keeps them, whatever the body says.
    const renamed = await call(crud.t, {
      method: "PUT",
      url: "/app/api/firmengruppe",
      ...crud.as(),
      payload: { ...group, bezeichnung: `${token} Holding neu`, kunden: [] },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual({ ...group, bezeichnung: `${token} Holding neu`, kunden: members });
  });

  it("refuses to delete a group with members (409 error.firmengruppeInUse); without members it goes (204)", async () => {
    const group = await create(unique("Besetzt"));
    const kundeId = await insertKunde(crud.t, crud.user.mandantId, { firmengruppeIds: [group.id] });
    const refused = await remove(group.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe("error.firmengruppeInUse");
    expect((await get(`firmengruppe/${group.id}`)).json().kunden).toEqual([
      { id: kundeId, bezeichnung: "Test Kunde" },
    ]);

    await withTenant(crud.t.db, crud.user.mandantId, (tx) => tx.delete(kunde).where(eq(kunde.id, kundeId)));
    expect((await remove(group.id)).statusCode).toBe(204);
    expect((await get(`firmengruppe/${group.id}`)).statusCode).toBe(404);
  });

  it("another tenant never sees the members, and cannot delete the group (404)", async () => {
    const group = await create(unique("Eigen"));
    await insertKunde(crud.t, crud.user.mandantId, { firmengruppeIds: [group.id] });
    const stranger = await createTenantUser(crud.t, { authorities: ["ROLE_USER"] });
    const who = { token: await login(crud.t, stranger), mandantId: stranger.mandantId };
    expect((await remove(group.id, who)).statusCode).toBe(404);
    const own = await call(crud.t, { method: "GET", url: "/app/api/firmengruppe?size=100", ...who });
    expect(own.json()).toEqual([]);
  });
});
