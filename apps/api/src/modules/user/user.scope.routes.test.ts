import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../setup/seed.ts";
import {
  call,
  createTenantUser,
  createTestApp,
  login,
  type TestApp,
  type TestUser,
  unique,
  uniqueAddress,
} from "../../test/helpers.ts";
import { linkIn, startSmtpServer } from "../../test/mail.ts";

/**
 * Issue 13, item 1: who may manage whom. Tenants A and B, each with its tenant admin; the attack of the issue
 * (B's tenant admin attaches A's admin to B, changes their e-mail, resets the password) must fail at every step.
 */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let adminA: TestUser;
let adminB: TestUser;
let tokenB: string;
let superToken: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ smtpUrl: smtp.url });
  adminA = await createTenantUser(t, { authorities: ["ROLE_USER", "ROLE_ADMIN_MANDANT"] });
  adminB = await createTenantUser(t, { authorities: ["ROLE_USER", "ROLE_ADMIN_MANDANT", "ROLE_KASSABUCH"] });
  const superAdmin = await createTenantUser(t, { authorities: ["ROLE_USER", "ROLE_ADMIN"] });
  [tokenB, superToken] = await Promise.all([login(t, adminB), login(t, superAdmin)]);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const getMandant = (token: string, id: number) =>
  call(t, { method: "GET", url: `/app/api/mandants/${id}`, token });
const putMandant = (token: string, payload: object) =>
  call(t, { method: "PUT", url: "/app/api/mandants", token, payload });
const getUser = (token: string, id: number) => call(t, { method: "GET", url: `/app/api/users/${id}`, token });
const putUser = (token: string, payload: object) =>
  call(t, { method: "PUT", url: "/app/api/users", token, payload });

/** A user of tenant B only (B's tenant admin manages the account fully). */
async function memberOfB(
  extra: { mandantIds?: number[]; authorities?: ("ROLE_USER" | "ROLE_KASSABUCH")[] } = {},
) {
  const name = unique("mitglied");
  const userId = await createUser(t.db, {
    login: name,
    email: `${name}@example.test`,
    password: "geheim123",
    authorities: extra.authorities ?? ["ROLE_USER"],
    mandantIds: extra.mandantIds ?? [adminB.mandantId],
  });
  return { userId, login: name, email: `${name}@example.test` };
}

describe("the takeover of the issue", () => {
  it("B's tenant admin cannot attach A's admin to B (nor learn whether an id exists)", async () => {
    const tenantB = (await getMandant(tokenB, adminB.mandantId)).json();
    const foreign = await putMandant(tokenB, {
      ...tenantB,
      userLists: [...tenantB.userLists, { id: adminA.userId, login: "egal" }],
    });
    const missing = await putMandant(tokenB, {
      ...tenantB,
      userLists: [...tenantB.userLists, { id: 987_654_321, login: "egal" }],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fieldErrors).toEqual([
      { field: `userLists.${tenantB.userLists.length}.id`, code: "invalid" },
    ]);
    expect([missing.statusCode, missing.json().fieldErrors]).toEqual([
      foreign.statusCode,
      foreign.json().fieldErrors,
    ]);
    const after = (await getMandant(superToken, adminB.mandantId)).json();
    expect(after.userLists.map((u: { id: number }) => u.id)).not.toContain(adminA.userId);
  });

  it("nor read or change A's admin, nor end their sessions", async () => {
    expect((await getUser(tokenB, adminA.userId)).statusCode).toBe(404);
    const asSuper = (await getUser(superToken, adminA.userId)).json();
    const changed = await putUser(tokenB, { ...asSuper, email: "attacker@example.test" });
    expect(changed.statusCode).toBe(404);
    const sessions = await call(t, {
      method: "DELETE",
      url: `/app/api/users/${adminA.userId}/sessions`,
      token: tokenB,
    });
    expect(sessions.statusCode).toBe(404);
    expect((await getUser(superToken, adminA.userId)).json().email).toBe(asSuper.email);
  });

  it("and when an administrator made a user member of both A and B, B's tenant admin still cannot change the account", async () => {
    const shared = await memberOfB({ mandantIds: [adminA.mandantId, adminB.mandantId] });
    const seen = (await getUser(tokenB, shared.userId)).json();
    expect(seen).toMatchObject({ accountEditable: false, mandantIds: [adminB.mandantId] });
    for (const [field, value] of [
      ["email", "attacker@example.test"],
      ["login", unique("gekapert")],
      ["activated", false],
      ["authorities", ["ROLE_USER", "ROLE_KASSABUCH"]],
    ] as const) {
      const response = await putUser(tokenB, { ...seen, [field]: value });
      expect(response.statusCode, field).toBe(403);
      expect(response.json().fieldErrors).toEqual([{ field, code: "invalid" }]);
    }
    const sessions = await call(t, {
      method: "DELETE",
      url: `/app/api/users/${shared.userId}/sessions`,
      token: tokenB,
    });
    expect(sessions.statusCode).toBe(403);
    // Memberships of B's own tenant stay B's business: removing the user from B works, A keeps them.
    const removed = await putUser(tokenB, { ...seen, mandantIds: [] });
    expect(removed.statusCode).toBe(200);
    expect((await getUser(superToken, shared.userId)).json().mandantIds).toEqual([adminA.mandantId]);
    expect((await getUser(tokenB, shared.userId)).statusCode).toBe(404);
  });
});

describe("a tenant admin's own users", () => {
  it("changes e-mail and login of a user only in their tenants: logged, and the old address is mailed", async () => {
    const member = await memberOfB();
    const seen = (await getUser(tokenB, member.userId)).json();
    expect(seen.accountEditable).toBe(true);
    const newLogin = unique("neu");
    const response = await putUser(tokenB, { ...seen, email: `${newLogin}@example.test`, login: newLogin });
    expect(response.statusCode).toBe(200);
    const mail = await smtp.mailTo(member.email);
    expect(mail.subject).toBe("Kontor: Ihr Benutzerkonto wurde geändert");
    expect(mail.text).toContain(`E-Mail-Adresse: ${member.email} → ${newLogin}@example.test`);
    expect(mail.text).toContain(`Anmeldename: ${member.login} → ${newLogin}`);
    expect(mail.text).toContain(adminB.login);
    const audit = (
      await call(t, { method: "GET", url: `/app/api/users/${member.userId}/audit`, token: tokenB })
    ).json();
    expect(audit).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          field: "email",
          oldValue: member.email,
          newValue: `${newLogin}@example.test`,
          actorLogin: adminB.login,
        }),
        expect.objectContaining({ field: "login", oldValue: member.login, newValue: newLogin }),
      ]),
    );
  });

  it("grants and takes away only authorities they hold, never ROLE_ADMIN", async () => {
    const member = await memberOfB();
    const seen = (await getUser(tokenB, member.userId)).json();
    const granted = await putUser(tokenB, { ...seen, authorities: ["ROLE_USER", "ROLE_KASSABUCH"] });
    expect(granted.statusCode).toBe(200);
    for (const authorities of [
      ["ROLE_USER", "ROLE_VERLEIH"],
      ["ROLE_USER", "ROLE_ADMIN"],
      ["ROLE_USER", "ROLE_ADMIN_MANDANT", "ROLE_KASSABUCH", "ROLE_ARTIKEL_WRITE"],
    ]) {
      const refused = await putUser(tokenB, { ...granted.json(), authorities });
      expect(refused.statusCode, authorities.join()).toBe(403);
      expect(refused.json().fieldErrors).toEqual([{ field: "authorities", code: "invalid" }]);
    }
    const holder = await memberOfB({ authorities: ["ROLE_USER"] });
    const asSuper = (await getUser(superToken, holder.userId)).json() as object;
    await putUser(superToken, { ...asSuper, authorities: ["ROLE_USER", "ROLE_VERLEIH"] });
    const takeAway = await putUser(tokenB, {
      ...(await getUser(tokenB, holder.userId)).json(),
      authorities: ["ROLE_USER"],
    });
    expect(takeAway.statusCode).toBe(403);
    const mail = await smtp.mailTo(member.email);
    expect(mail.text).toContain("Berechtigungen: ROLE_KASSABUCH, ROLE_USER (vorher: ROLE_USER)");
  });

  it("the audit log is readable by admins in scope only; another tenant's admin gets 404", async () => {
    const member = await memberOfB();
    const tokenA = await login(t, adminA);
    expect(
      (await call(t, { method: "GET", url: `/app/api/users/${member.userId}/audit`, token: tokenA }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(t, { method: "GET", url: `/app/api/users/${member.userId}/audit`, token: superToken }))
        .statusCode,
    ).toBe(200);
    expect((await call(t, { method: "GET", url: `/app/api/users/${member.userId}/audit` })).statusCode).toBe(
      401,
    );
  });
});

describe("the owner's own changes", () => {
  it("a password change, a reset and an e-mail change are logged and mailed to the address the account had", async () => {
    const member = await memberOfB();
    const token = await login(t, { login: member.login, password: "geheim123" });
    const changed = await call(t, {
      method: "POST",
      url: "/app/api/account/change_password",
      token,
      payload: { currentPassword: "geheim123", newPassword: "geheim456" },
    });
    expect(changed.statusCode).toBe(204);
    expect((await smtp.mailTo(member.email)).text).toContain("Das Passwort wurde geändert.");

    const account = (await call(t, { method: "GET", url: "/app/api/account", token })).json();
    const newEmail = `${unique("neu")}@example.test`;
    const moved = await call(t, {
      method: "POST",
      url: "/app/api/account",
      token,
      payload: { ...account, email: newEmail, signature: null, currentPassword: "geheim456" },
    });
    expect(moved.statusCode).toBe(200);
    const toOld = await smtp.mailTo(member.email);
    expect(toOld.text).toContain(`E-Mail-Adresse: ${member.email} → ${newEmail}`);
    expect(toOld.text).toContain("Ihnen selbst");

    await call(t, {
      method: "POST",
      url: "/app/api/account/reset_password/init",
      payload: { email: newEmail },
      remoteAddress: uniqueAddress(),
    });
    const key = decodeURIComponent(linkIn(await smtp.mailTo(newEmail)).split("key=")[1]!);
    await call(t, {
      method: "POST",
      url: "/app/api/account/reset_password/finish",
      payload: { key, newPassword: "geheim789" },
    });
    await expect
      .poll(async () => (await smtp.mailTo(newEmail)).subject)
      .toBe("Kontor: Ihr Benutzerkonto wurde geändert");

    const audit = (
      await call(t, { method: "GET", url: `/app/api/users/${member.userId}/audit`, token: superToken })
    ).json();
    expect(audit.map((e: { field: string; actorLogin: string | null }) => [e.field, e.actorLogin])).toEqual([
      ["password", null],
      ["email", member.login],
      ["password", member.login],
    ]);
    expect(
      audit
        .filter((e: { field: string }) => e.field === "password")
        .map((e: { oldValue: unknown; newValue: unknown }) => [e.oldValue, e.newValue]),
    ).toEqual([
      [null, null],
      [null, null],
    ]);
  });
});
