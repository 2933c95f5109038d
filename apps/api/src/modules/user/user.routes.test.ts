import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../setup/seed.ts";
import { call, createTenantUser, createTestApp, login, type TestApp, unique } from "../../test/helpers.ts";

let t: TestApp;
let adminToken: string;
let tenantAdminToken: string;
let plainToken: string;
let marker: string;

beforeAll(async () => {
  t = await createTestApp();
  adminToken = await login(t, await createTenantUser(t, { authorities: ["ROLE_USER", "ROLE_ADMIN"] }));
  const tenantAdmin = await createTenantUser(t, { authorities: ["ROLE_USER", "ROLE_ADMIN_MANDANT"] });
  tenantAdminToken = await login(t, tenantAdmin);
  plainToken = await login(t, await createTenantUser(t));
  marker = unique("zz").replace("-", "");
  await createUser(t.db, {
    login: `${marker}-huber`,
    email: `${marker}-huber@example.test`,
    password: "secret123",
    firstName: "Maria",
    lastName: `Huber${marker}`,
    authorities: ["ROLE_USER"],
    mandantIds: [tenantAdmin.mandantId],
  });
  await createUser(t.db, {
    login: `${marker}-gruber`,
    email: `${marker}-gruber@example.test`,
    password: "secret123",
    firstName: "Maria",
    lastName: `Gruber${marker}`,
    authorities: ["ROLE_USER"],
  });
});
afterAll(() => t?.close());

describe("GET /app/api/usersearch", () => {
  it("finds users by login, first or last name, every word must match", async () => {
    const response = await call(t, {
      method: "GET",
      url: `/app/api/usersearch?search=maria ${marker}`,
      token: adminToken,
    });
    expect(response.statusCode).toBe(200);
    expect(
      response
        .json()
        .map((u: { login: string }) => u.login)
        .sort(),
    ).toEqual([`${marker}-gruber`, `${marker}-huber`]);
    const one = await call(t, {
      method: "GET",
      url: `/app/api/usersearch?search=${marker} HUBER`,
      token: adminToken,
    });
    expect(one.json()).toEqual([expect.objectContaining({ login: `${marker}-huber`, firstName: "Maria" })]);
  });

  it("treats % and _ literally", async () => {
    const response = await call(t, {
      method: "GET",
      url: "/app/api/usersearch?search=%25",
      token: adminToken,
    });
    expect(response.json()).toEqual([]);
  });

  it("a tenant admin finds only users of their own tenants", async () => {
    const response = await call(t, {
      method: "GET",
      url: `/app/api/usersearch?search=${marker}`,
      token: tenantAdminToken,
    });
    expect(response.json().map((u: { login: string }) => u.login)).toEqual([`${marker}-huber`]);
  });

  it("401 without token, 403 for a plain user, 400 for an overlong search", async () => {
    expect((await call(t, { method: "GET", url: "/app/api/usersearch?search=a" })).statusCode).toBe(401);
    expect(
      (await call(t, { method: "GET", url: "/app/api/usersearch?search=a", token: plainToken })).statusCode,
    ).toBe(403);
    const long = await call(t, {
      method: "GET",
      url: `/app/api/usersearch?search=${"x".repeat(101)}`,
      token: adminToken,
    });
    expect(long.json().fieldErrors).toEqual([{ field: "search", code: "maxLength", max: 100 }]);
  });
});
