import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

/** Issue 13: people from outside come into a tenant only by invitation. */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let tenantAdmin: TestUser;
let token: string;
let otherAdminToken: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ smtpUrl: smtp.url, baseUrl: "https://kontor.example" });
  tenantAdmin = await createTenantUser(t, { authorities: ["ROLE_USER", "ROLE_ADMIN_MANDANT"] });
  token = await login(t, tenantAdmin);
  otherAdminToken = await login(
    t,
    await createTenantUser(t, { authorities: ["ROLE_USER", "ROLE_ADMIN_MANDANT"] }),
  );
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const base = () => `/app/api/mandants/${tenantAdmin.mandantId}/einladungen`;
const invite = (email: string, who = token, langKey = "de") =>
  call(t, { method: "POST", url: base(), token: who, payload: { email, langKey } });
const keyOf = async (email: string) => linkIn(await smtp.mailTo(email)).replace("/app/einladung/", "");
const info = (key: string) =>
  call(t, { method: "GET", url: `/app/api/einladung?key=${encodeURIComponent(key)}` });
const members = async () =>
  (await call(t, { method: "GET", url: `/app/api/mandants/${tenantAdmin.mandantId}`, token }))
    .json()
    .userLists.map((u: { login: string }) => u.login);

describe("invitations", () => {
  it("a new address registers through the link, is active at once and a member of the tenant", async () => {
    const email = `${unique("neu")}@example.test`;
    const created = await invite(email, token, "en");
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ email, invitedBy: tenantAdmin.login });
    const mail = await smtp.mailTo(email);
    expect(mail.subject).toMatch(/^Kontor: invitation to Mandant-/);
    expect(mail.text).toContain("Create your account");
    const key = await keyOf(email);
    expect((await info(key)).json()).toMatchObject({
      email,
      accountExists: false,
      invitedBy: tenantAdmin.login,
    });

    const login_ = unique("eingeladen");
    const registered = await call(t, {
      method: "POST",
      url: "/app/api/einladung/register",
      payload: { key, login: login_, password: "geheim123", firstName: "Ida", langKey: "en" },
    });
    expect(registered.statusCode).toBe(201);
    const newToken = await login(t, { login: login_, password: "geheim123" });
    const tenants = (await call(t, { method: "GET", url: "/app/api/mandants/all", token: newToken })).json();
    expect(tenants.map((m: { id: number }) => m.id)).toEqual([tenantAdmin.mandantId]);
    expect(await members()).toContain(login_);
    expect((await info(key)).json().code).toBe("error.keyInvalid");
    const pending = (await call(t, { method: "GET", url: base(), token })).json();
    expect(pending.map((p: { email: string }) => p.email)).not.toContain(email);
  });

  it("answers the same whether the address has an account; an account accepts signed in with that address only", async () => {
    const existing = await createTenantUser(t);
    const existingEmail = `${existing.login}@example.test`;
    const nobody = `${unique("frei")}@example.test`;
    const shape = (body: Record<string, unknown>) => Object.keys(body).sort();
    const [a, b] = [await invite(existingEmail), await invite(nobody)];
    expect([a.statusCode, shape(a.json())]).toEqual([b.statusCode, shape(b.json())]);

    const mail = await smtp.mailTo(existingEmail);
    expect(mail.subject).toMatch(/^Kontor: Einladung zu Mandant-/);
    expect(mail.text).toContain(`„${existing.login}“`);
    const key = await keyOf(existingEmail);
    expect((await info(key)).json().accountExists).toBe(true);
    // A registration through the link of an existing account is refused: sign in instead.
    const register = await call(t, {
      method: "POST",
      url: "/app/api/einladung/register",
      payload: { key, login: unique("zweit"), password: "geheim123" },
    });
    expect(register.statusCode).toBe(409);

    const stranger = await login(t, await createTenantUser(t));
    const wrong = await call(t, {
      method: "POST",
      url: "/app/api/einladung/accept",
      token: stranger,
      payload: { key },
    });
    expect(wrong.statusCode).toBe(403);
    const own = await login(t, existing);
    const accepted = await call(t, {
      method: "POST",
      url: "/app/api/einladung/accept",
      token: own,
      payload: { key },
    });
    expect(accepted.statusCode).toBe(204);
    expect(await members()).toContain(existing.login);
    const twice = await call(t, {
      method: "POST",
      url: "/app/api/einladung/accept",
      token: own,
      payload: { key },
    });
    expect(twice.json().code).toBe("error.keyInvalid");
    expect(
      (await call(t, { method: "POST", url: "/app/api/einladung/accept", payload: { key } })).statusCode,
    ).toBe(401);
  });

  it("lists pending invitations, withdraws one (its link stops working), replaces one per address", async () => {
    const email = `${unique("weg")}@example.test`;
    await invite(email);
    const firstKey = await keyOf(email);
    const again = (await invite(email)).json();
    await expect.poll(async () => (await keyOf(email)) !== firstKey).toBe(true);
    expect((await info(firstKey)).json().code).toBe("error.keyInvalid");
    const pending = (await call(t, { method: "GET", url: base(), token })).json();
    expect(pending.filter((p: { email: string }) => p.email === email)).toHaveLength(1);
    const withdrawn = await call(t, { method: "DELETE", url: `${base()}/${again.id}`, token });
    expect(withdrawn.statusCode).toBe(204);
    expect((await info(await keyOf(email))).json().code).toBe("error.keyInvalid");
    expect((await call(t, { method: "DELETE", url: `${base()}/${again.id}`, token })).statusCode).toBe(404);
  });

  it("an expired link says so", async () => {
    const email = `${unique("alt")}@example.test`;
    await invite(email);
    const key = await keyOf(email);
    await t.db.execute(
      sql`update einladung set expires_at = now() - interval '1 minute' where email = ${email}`,
    );
    expect((await info(key)).json().code).toBe("error.keyExpired");
  });

  it("another tenant's admin gets 404; a plain user 403; no token 401; bad input 400", async () => {
    expect((await call(t, { method: "GET", url: base(), token: otherAdminToken })).statusCode).toBe(404);
    expect((await invite(`${unique("x")}@example.test`, otherAdminToken)).statusCode).toBe(404);
    const pending = (await invite(`${unique("y")}@example.test`)).json();
    expect(
      (await call(t, { method: "DELETE", url: `${base()}/${pending.id}`, token: otherAdminToken }))
        .statusCode,
    ).toBe(404);
    const plain = await login(t, await createTenantUser(t));
    expect((await call(t, { method: "GET", url: base(), token: plain })).statusCode).toBe(403);
    expect((await call(t, { method: "GET", url: base() })).statusCode).toBe(401);
    const bad = await invite("kein-mail");
    expect(bad.json().fieldErrors).toEqual([{ field: "email", code: "email" }]);
    expect((await info("nope")).json().code).toBe("error.keyInvalid");
  });
});
