import { describe, expect, it } from "vitest";
import { describeCrud } from "../../test/crud.ts";
import { call, createTenantUser, login, unique } from "../../test/helpers.ts";

const crud = describeCrud({
  path: "preisschienen",
  valid: (n) => ({ bezeichnung: unique(`Preisschiene ${n}`) }),
  update: { bezeichnung: "Großhandel", aktiv: false },
  invalid: [
    { payload: {}, field: "bezeichnung", code: "required" },
    { payload: { bezeichnung: "   " }, field: "bezeichnung", code: "required" },
    { payload: { bezeichnung: "x".repeat(101) }, field: "bezeichnung", code: "maxLength" },
    { payload: { bezeichnung: "b", aktiv: "ja" }, field: "aktiv", code: "invalidType" },
  ],
  sort: { field: "bezeichnung", values: (n) => ({ bezeichnung: `Sort ${n}` }) },
  authorities: ["ROLE_USER"],
  forbiddenAuthorities: ["ROLE_KASSABUCH"],
});

const url = "/app/api/preisschienen";
const create = async (bezeichnung: string) =>
  (await call(crud.t, { method: "PUT", url, ...crud.as(), payload: { bezeichnung } })).json();
const all = async (who = crud.as()) =>
  (await call(crud.t, { method: "GET", url: "/app/api/allpreisschienes", ...who })).json() as {
    id: number;
    bezeichnung: string;
    aktiv: boolean;
  }[];

describe("preisschienen: activate, deactivate, all active", () => {
  it("a new tier is active; deactivating hides it from the selection, activating brings it back", async () => {
    const tier = await create(unique("Handel"));
    expect(tier.aktiv).toBe(true);
    expect((await all()).map((p) => p.id)).toContain(tier.id);

    const off = await call(crud.t, { method: "DELETE", url: `${url}/deactivate/${tier.id}`, ...crud.as() });
    expect(off.statusCode).toBe(204);
    expect((await call(crud.t, { method: "GET", url: `${url}/${tier.id}`, ...crud.as() })).json().aktiv).toBe(
      false,
    );
    expect((await all()).map((p) => p.id)).not.toContain(tier.id);

    const on = await call(crud.t, { method: "DELETE", url: `${url}/activate/${tier.id}`, ...crud.as() });
    expect(on.statusCode).toBe(204);
    expect((await all()).map((p) => p.id)).toContain(tier.id);
  });

  it("all active tiers come sorted by name, without the inactive ones", async () => {
    const prefix = unique("Stufe");
    const [c, a, b] = [await create(`${prefix} C`), await create(`${prefix} A`), await create(`${prefix} B`)];
    await call(crud.t, { method: "DELETE", url: `${url}/deactivate/${b.id}`, ...crud.as() });
    const tiers = await all();
    expect(tiers.filter((p) => p.bezeichnung.startsWith(prefix)).map((p) => p.id)).toEqual([a.id, c.id]);
    expect(tiers.every((p) => p.aktiv)).toBe(true);
  });

  it("(de)activation needs a sign-in (401), the role (403) and a tier of the tenant (404)", async () => {
    const tier = await create(unique("Fremd"));
    for (const action of ["activate", "deactivate"]) {
      const path = `${url}/${action}/${tier.id}`;
      expect((await call(crud.t, { method: "DELETE", url: path })).statusCode).toBe(401);
      const kassa = await createTenantUser(crud.t, { authorities: ["ROLE_KASSABUCH"] });
      const forbidden = await call(crud.t, {
        method: "DELETE",
        url: path,
        token: await login(crud.t, kassa),
        mandantId: kassa.mandantId,
      });
      expect(forbidden.statusCode).toBe(403);
      const other = await createTenantUser(crud.t, { authorities: ["ROLE_USER"] });
      const foreign = await call(crud.t, {
        method: "DELETE",
        url: path,
        token: await login(crud.t, other),
        mandantId: other.mandantId,
      });
      expect(foreign.statusCode).toBe(404);
      const missing = await call(crud.t, {
        method: "DELETE",
        url: `${url}/${action}/999999999`,
        ...crud.as(),
      });
      expect(missing.statusCode).toBe(404);
    }
    expect((await call(crud.t, { method: "GET", url: `${url}/${tier.id}`, ...crud.as() })).json().aktiv).toBe(
      true,
    );
  });

  it("the selection needs a sign-in (401), is open to every member and shows only the tenant's tiers", async () => {
    expect((await call(crud.t, { method: "GET", url: "/app/api/allpreisschienes" })).statusCode).toBe(401);
    const mine = await create(unique("Nur hier"));
    const member = await createTenantUser(crud.t, { authorities: ["ROLE_KASSABUCH"] });
    const theirs = await call(crud.t, {
      method: "GET",
      url: "/app/api/allpreisschienes",
      token: await login(crud.t, member),
      mandantId: member.mandantId,
    });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().map((p: { id: number }) => p.id)).not.toContain(mine.id);
  });
});
