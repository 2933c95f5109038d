import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMandant } from "../../setup/seed.ts";
import {
  call,
  createTenantUser,
  createTestApp,
  login,
  type TestApp,
  type TestUser,
  unique,
} from "../../test/helpers.ts";
import { linkIn, startSmtpServer } from "../../test/mail.ts";

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let admin: TestUser;
let adminToken: string;
let tenantAdmin: TestUser;
let tenantAdminToken: string;
let plainToken: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ smtpUrl: smtp.url });
  admin = await createTenantUser(t, { authorities: ["ROLE_USER", "ROLE_ADMIN"] });
  tenantAdmin = await createTenantUser(t, { authorities: ["ROLE_USER", "ROLE_ADMIN_MANDANT"] });
  [adminToken, tenantAdminToken, plainToken] = await Promise.all([
    login(t, admin),
    login(t, tenantAdmin),
    login(t, await createTenantUser(t)),
  ]);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const newUser = (overrides: Record<string, unknown> = {}) => {
  const name = unique("neu");
  return {
    login: name,
    email: `${name}@example.test`,
    firstName: "Nina",
    lastName: "Neu",
    langKey: "de",
    authorities: ["ROLE_USER", "ROLE_KASSABUCH"],
    mandantIds: [tenantAdmin.mandantId],
    ...overrides,
  };
};
const create = (token: string, payload: object) =>
  call(t, { method: "POST", url: "/app/api/users", token, payload });

describe("users administration", () => {
  it("an admin creates a user without password: the user is mailed a link to set one and can then sign in", async () => {
    const input = newUser();
    const created = await create(adminToken, input);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      login: input.login,
      activated: true,
      authorities: ["ROLE_KASSABUCH", "ROLE_USER"],
      mandantIds: [tenantAdmin.mandantId],
      groups: [],
    });
    expect(created.json()).not.toHaveProperty("password");

    const mail = await smtp.mailTo(input.email);
    expect(mail.subject).toBe("Kontor: Ihr neues Benutzerkonto");
    const key = decodeURIComponent(linkIn(mail).split("key=")[1]!);
    await call(t, {
      method: "POST",
      url: "/app/api/account/reset_password/finish",
      payload: { key, newPassword: "erstes-pw" },
    });
    expect((await login(t, { login: input.login, password: "erstes-pw" })).length).toBeGreaterThan(0);
  });

  it("an unknown group or tenant id is 400 at the field (was a foreign-key 500)", async () => {
    const group = await create(adminToken, newUser({ groups: [{ id: 2_147_483_647 }] }));
    expect([group.statusCode, group.json().fieldErrors]).toEqual([
      400,
      [{ field: "groups", code: "notFound" }],
    ]);
    const tenant = await create(adminToken, newUser({ mandantIds: [987_654_321] }));
    expect([tenant.statusCode, tenant.json().fieldErrors]).toEqual([
      400,
      [{ field: "mandantIds", code: "notFound" }],
    ]);
  });

  it("with an initial password no mail is sent", async () => {
    const input = newUser({ password: "start-123" });
    expect((await create(adminToken, input)).statusCode).toBe(201);
    expect((await login(t, { login: input.login, password: "start-123" })).length).toBeGreaterThan(0);
    expect(smtp.mails.some((m) => m.to.includes(input.email))).toBe(false);
  });

  it("refuses a taken login or e-mail, an id on create, and bad input", async () => {
    const input = newUser();
    await create(adminToken, input);
    expect((await create(adminToken, newUser({ login: input.login }))).json().code).toBe("error.loginUsed");
    expect((await create(adminToken, newUser({ email: input.email }))).json().code).toBe("error.emailUsed");
    expect((await create(adminToken, newUser({ id: 5 }))).json().code).toBe("error.idExists");
    const bad = await create(adminToken, newUser({ login: "", email: "nope", authorities: ["ROLE_KING"] }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual([
      { field: "login", code: "required" },
      { field: "email", code: "minLength", min: 5 },
      { field: "authorities.0", code: "enum" },
    ]);
  });

  it("lists users sorted by id descending by default, pages and searches", async () => {
    const marker = unique("liste");
    for (const n of [1, 2, 3])
      await create(adminToken, newUser({ login: `${marker}-${n}`, email: `${marker}-${n}@example.test` }));
    const page = await call(t, {
      method: "GET",
      url: `/app/api/users?search=${marker}&size=2`,
      token: adminToken,
    });
    expect(page.headers["x-total-count"]).toBe("3");
    expect(page.json().map((u: { login: string }) => u.login)).toEqual([`${marker}-3`, `${marker}-2`]);
    const sorted = await call(t, {
      method: "GET",
      url: `/app/api/users?search=${marker}&sort=login,asc`,
      token: adminToken,
    });
    expect(sorted.json().map((u: { login: string }) => u.login)).toEqual([
      `${marker}-1`,
      `${marker}-2`,
      `${marker}-3`,
    ]);
    expect(
      (await call(t, { method: "GET", url: "/app/api/users?sort=passwordHash,asc", token: adminToken }))
        .statusCode,
    ).toBe(400);
  });

  it("updates a user; deactivating ends the user's sessions", async () => {
    const input = newUser({ password: "start-123" });
    const created = (await create(adminToken, input)).json();
    const userToken = await login(t, { login: input.login, password: "start-123" });
    const update = await call(t, {
      method: "PUT",
      url: "/app/api/users",
      token: adminToken,
      payload: { ...created, lastName: "Neumann", activated: false, authorities: ["ROLE_USER"] },
    });
    expect(update.statusCode).toBe(200);
    expect(update.json()).toMatchObject({
      lastName: "Neumann",
      activated: false,
      authorities: ["ROLE_USER"],
    });
    expect((await call(t, { method: "GET", url: "/app/api/account", token: userToken })).json().code).toBe(
      "error.sessionRevoked",
    );
  });

  it("an admin ends all sessions of a user", async () => {
    const input = newUser({ password: "start-123" });
    const created = (await create(adminToken, input)).json();
    const userToken = await login(t, { login: input.login, password: "start-123" });
    expect(
      (await call(t, { method: "DELETE", url: `/app/api/users/${created.id}/sessions`, token: adminToken }))
        .statusCode,
    ).toBe(204);
    expect((await call(t, { method: "GET", url: "/app/api/account", token: userToken })).statusCode).toBe(
      401,
    );
  });

  it("an admin cannot deactivate themselves", async () => {
    const self = (
      await call(t, { method: "GET", url: `/app/api/users/${admin.userId}`, token: adminToken })
    ).json();
    const response = await call(t, {
      method: "PUT",
      url: "/app/api/users",
      token: adminToken,
      payload: { ...self, activated: false },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual([{ field: "activated", code: "invalid" }]);
  });
});

describe("tenant admins", () => {
  it("see and edit only members of their tenants; others are 404", async () => {
    const outsider = await createTenantUser(t);
    expect(
      (await call(t, { method: "GET", url: `/app/api/users/${outsider.userId}`, token: tenantAdminToken }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await call(t, {
          method: "DELETE",
          url: `/app/api/users/${outsider.userId}/sessions`,
          token: tenantAdminToken,
        })
      ).statusCode,
    ).toBe(404);
    const list = await call(t, { method: "GET", url: "/app/api/users?size=500", token: tenantAdminToken });
    expect(list.json().map((u: { id: number }) => u.id)).not.toContain(outsider.userId);
    const asAdmin = (
      await call(t, { method: "GET", url: `/app/api/users/${outsider.userId}`, token: adminToken })
    ).json();
    const write = await call(t, {
      method: "PUT",
      url: "/app/api/users",
      token: tenantAdminToken,
      payload: asAdmin,
    });
    expect(write.statusCode).toBe(404);
  });

  it("create users only in their own tenants, with authorities they hold, never ROLE_ADMIN", async () => {
    expect((await create(tenantAdminToken, newUser({ authorities: ["ROLE_USER"] }))).statusCode).toBe(201);
    const notHeld = await create(tenantAdminToken, newUser());
    expect(notHeld.statusCode).toBe(403);
    expect(notHeld.json().fieldErrors).toEqual([{ field: "authorities", code: "invalid" }]);
    const foreign = await create(
      tenantAdminToken,
      newUser({ authorities: ["ROLE_USER"], mandantIds: [admin.mandantId] }),
    );
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().fieldErrors).toEqual([{ field: "mandantIds.0", code: "invalid" }]);
    const none = await create(tenantAdminToken, newUser({ authorities: ["ROLE_USER"], mandantIds: [] }));
    expect(none.json().fieldErrors).toEqual([{ field: "mandantIds", code: "required" }]);
    expect((await create(tenantAdminToken, newUser({ authorities: ["ROLE_ADMIN"] }))).statusCode).toBe(403);
  });

  it("keep a user's memberships in other tenants they cannot see, and leave a shared account alone", async () => {
    const elsewhere = await createMandant(t.db, { bezeichnung: unique("Anderswo") });
    const input = newUser({ mandantIds: [tenantAdmin.mandantId, elsewhere], password: "start-123" });
    const created = (await create(adminToken, input)).json();
    const seen = (
      await call(t, { method: "GET", url: `/app/api/users/${created.id}`, token: tenantAdminToken })
    ).json();
    expect(seen.mandantIds).toEqual([tenantAdmin.mandantId]);
    expect(seen.accountEditable).toBe(false);
    const renamed = await call(t, {
      method: "PUT",
      url: "/app/api/users",
      token: tenantAdminToken,
      payload: { ...seen, firstName: "Nora" },
    });
    expect(renamed.statusCode).toBe(403);
    expect(renamed.json().fieldErrors).toEqual([{ field: "firstName", code: "invalid" }]);
    const unchanged = await call(t, {
      method: "PUT",
      url: "/app/api/users",
      token: tenantAdminToken,
      payload: seen,
    });
    expect(unchanged.statusCode).toBe(200);
    const full = (
      await call(t, { method: "GET", url: `/app/api/users/${created.id}`, token: adminToken })
    ).json();
    expect(full.mandantIds).toEqual([tenantAdmin.mandantId, elsewhere].sort((a, b) => a - b));
    expect(full.firstName).toBe("Nina");
    expect(full.accountEditable).toBe(true);
  });

  it("a plain user gets 403, no token 401", async () => {
    expect((await call(t, { method: "GET", url: "/app/api/users", token: plainToken })).statusCode).toBe(403);
    expect((await call(t, { method: "GET", url: "/app/api/users" })).statusCode).toBe(401);
  });
});

describe("groups", () => {
  it("creates, lists sorted by name, updates, assigns to users and deletes", async () => {
    const name = unique("Gruppe");
    const created = await call(t, {
      method: "PUT",
      url: "/app/api/group",
      token: adminToken,
      payload: { name, beschreibung: "Außendienst" },
    });
    expect(created.statusCode).toBe(200);
    const group = created.json();
    const duplicate = await call(t, {
      method: "PUT",
      url: "/app/api/group",
      token: adminToken,
      payload: { name },
    });
    expect(duplicate.json().fieldErrors).toEqual([{ field: "name", code: "invalid" }]);

    const user = (
      await create(adminToken, newUser({ groups: [{ id: group.id }], password: "start-123" }))
    ).json();
    expect(user.groups).toEqual([{ id: group.id, name }]);

    const list = await call(t, { method: "GET", url: "/app/api/group?size=500", token: adminToken });
    const names = list.json().map((g: { name: string }) => g.name);
    expect(names).toEqual([...names].sort());
    const renamed = await call(t, {
      method: "PUT",
      url: "/app/api/group",
      token: adminToken,
      payload: { ...group, name: `${name} neu` },
    });
    expect(renamed.json().name).toBe(`${name} neu`);
    expect(
      (await call(t, { method: "DELETE", url: `/app/api/group/${group.id}`, token: adminToken })).statusCode,
    ).toBe(204);
    expect(
      (await call(t, { method: "GET", url: `/app/api/group/${group.id}`, token: adminToken })).statusCode,
    ).toBe(404);
    expect(
      (await call(t, { method: "GET", url: `/app/api/users/${user.id}`, token: adminToken })).json().groups,
    ).toEqual([]);
  });

  it("are admin only: 403 for tenant admins, 401 without token, 400 for bad input", async () => {
    expect(
      (await call(t, { method: "GET", url: "/app/api/group", token: tenantAdminToken })).statusCode,
    ).toBe(403);
    expect((await call(t, { method: "GET", url: "/app/api/group" })).statusCode).toBe(401);
    const bad = await call(t, {
      method: "PUT",
      url: "/app/api/group",
      token: adminToken,
      payload: { name: "" },
    });
    expect(bad.json().fieldErrors).toEqual([{ field: "name", code: "required" }]);
  });
});
