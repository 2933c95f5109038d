import { MODULES } from "@kontor/domain/access/access.schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTenantUser, createTestApp, login, type TestApp } from "../../test/helpers.ts";

let t: TestApp;
let adminToken: string;
let tenantAdminToken: string;

beforeAll(async () => {
  t = await createTestApp();
  adminToken = await login(t, await createTenantUser(t, { authorities: ["ROLE_USER", "ROLE_ADMIN"] }));
  tenantAdminToken = await login(
    t,
    await createTenantUser(t, { authorities: ["ROLE_USER", "ROLE_ADMIN_MANDANT"] }),
  );
});
afterAll(() => t?.close());

describe("modultypen", () => {
  it("holds exactly the modules of SPEC §1, sorted by name, paged", async () => {
    const all = await call(t, { method: "GET", url: "/app/api/modultypen?size=100", token: adminToken });
    expect(all.statusCode).toBe(200);
    expect(all.headers["x-total-count"]).toBe(String(MODULES.length));
    expect(all.json().map((m: { name: string }) => m.name)).toEqual([...MODULES].sort());
    const page = await call(t, {
      method: "GET",
      url: "/app/api/modultypen?page=1&size=10&sort=bezeichnung,desc",
      token: adminToken,
    });
    expect(page.json()).toHaveLength(10);
  });

  it("updates name and description; the code cannot change", async () => {
    const [first] = (
      await call(t, { method: "GET", url: "/app/api/modultypen?size=1", token: adminToken })
    ).json();
    const updated = await call(t, {
      method: "PUT",
      url: "/app/api/modultypen",
      token: adminToken,
      payload: { ...first, bezeichnung: "Bilder zu Artikeln", beschreibung: "Bis zu 5 Bilder je Artikel" },
    });
    expect(updated.statusCode).toBe(200);
    expect(
      (await call(t, { method: "GET", url: `/app/api/modultypen/${first.id}`, token: adminToken })).json(),
    ).toMatchObject({
      bezeichnung: "Bilder zu Artikeln",
      beschreibung: "Bis zu 5 Bilder je Artikel",
    });
    const renamed = await call(t, {
      method: "PUT",
      url: "/app/api/modultypen",
      token: adminToken,
      payload: { ...first, name: "kassabuch" },
    });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().fieldErrors).toEqual([{ field: "name", code: "invalid" }]);
  });

  it("400 for bad input, 401, 403 for a tenant admin, 404 for an unknown id", async () => {
    const bad = await call(t, {
      method: "PUT",
      url: "/app/api/modultypen",
      token: adminToken,
      payload: { id: 1, name: "x", bezeichnung: "" },
    });
    expect(bad.json().fieldErrors).toEqual([
      { field: "name", code: "enum" },
      { field: "bezeichnung", code: "required" },
    ]);
    expect((await call(t, { method: "GET", url: "/app/api/modultypen" })).statusCode).toBe(401);
    expect(
      (await call(t, { method: "GET", url: "/app/api/modultypen", token: tenantAdminToken })).statusCode,
    ).toBe(403);
    expect(
      (await call(t, { method: "GET", url: "/app/api/modultypen/987654", token: adminToken })).statusCode,
    ).toBe(404);
  });
});
