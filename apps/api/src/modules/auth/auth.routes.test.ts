import { AUTHORITIES } from "@kontor/domain/access/access.schema";
import { sql } from "drizzle-orm";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/client.ts";
import { createTokenService } from "../../security/token.ts";
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
import { startSmtpServer } from "../../test/mail.ts";

let t: TestApp;
let member: TestUser;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
/** The per-address limit of this file's app: above the per-account 5, below the default 100 (fewer requests). */
const PER_ADDRESS = 12;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({
    smtpUrl: smtp.url,
    loginRateLimit: { maxFailuresPerAccount: 5, maxFailuresPerAddress: PER_ADDRESS, windowSeconds: 15 * 60 },
  });
  member = await createTenantUser(t, { authorities: ["ROLE_USER", "ROLE_ADMIN"] });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const loginRequest = (usernameOrEmail: string, password: string, remoteAddress = uniqueAddress()) =>
  t.app.inject({
    method: "POST",
    url: "/app/api/auth/login",
    payload: { usernameOrEmail, password },
    remoteAddress,
  });

describe("POST /app/api/auth/login", () => {
  it("signs in with login name and returns token, name, authorities and user id", async () => {
    const response = await loginRequest(member.login, member.password);
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    const body = response.json();
    expect(body).toMatchObject({
      friendlyUsername: member.login,
      authorities: ["ROLE_ADMIN", "ROLE_USER"],
      userId: member.userId,
    });
    expect(body.accessToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });

  it("signs in with the e-mail address, case-insensitively", async () => {
    const response = await loginRequest(`${member.login.toUpperCase()}@EXAMPLE.TEST`, member.password);
    expect(response.statusCode).toBe(200);
  });

  it("gives the same 401 for a wrong password and an unknown login", async () => {
    const wrongPassword = await loginRequest(member.login, "wrong-password");
    const unknownLogin = await loginRequest(unique("nobody"), "wrong-password");
    for (const response of [wrongPassword, unknownLogin]) {
      expect(response.statusCode).toBe(401);
      expect(response.headers["content-type"]).toContain("application/problem+json");
      expect(response.json()).toMatchObject({ status: 401, code: "error.badCredentials" });
    }
    expect(wrongPassword.json().title).toBe(unknownLogin.json().title);
  });

  it("answers bad input with 400 and field codes", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/app/api/auth/login",
      payload: { usernameOrEmail: "", password: "123" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: "error.validation",
      fieldErrors: [
        { field: "usernameOrEmail", code: "required" },
        { field: "password", code: "minLength", min: 5 },
      ],
    });
  });

  it("answers malformed JSON with a 400 problem", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/app/api/auth/login",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe("error.validation");
  });

  it("refuses a user that is not activated", async () => {
    const login = unique("inactive");
    await createUser(t.db, {
      login,
      email: `${login}@example.test`,
      password: "secret123",
      activated: false,
      authorities: ["ROLE_USER"],
    });
    const response = await loginRequest(login, "secret123");
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe("error.userNotActivated");
  });
});

describe("login rate limit (state in the database)", () => {
  it("blocks an account after 5 failures, even with the right password, from any address", async () => {
    const victim = await createTenantUser(t);
    for (let i = 0; i < 5; i++) {
      expect((await loginRequest(victim.login, "wrong-password")).statusCode).toBe(401);
    }
    const blocked = await loginRequest(victim.login, victim.password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe("error.tooManyAttempts");
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(blocked.headers["retry-after"])).toBeLessThanOrEqual(15 * 60);
  });

  it("counts the account however it is named: login and e-mail share one counter (5, not 10)", async () => {
    const victim = await createTenantUser(t);
    const email = `${victim.login}@example.test`;
    for (const name of [victim.login, email, victim.login.toUpperCase(), email, victim.login]) {
      expect((await loginRequest(name, "wrong-password")).statusCode).toBe(401);
    }
    expect((await loginRequest(email, victim.password)).statusCode).toBe(429);
    expect((await loginRequest(victim.login, victim.password)).statusCode).toBe(429);
  });

  it("mails the owner once when the account gets blocked", async () => {
    const victim = await createTenantUser(t);
    const email = `${victim.login}@example.test`;
    const address = uniqueAddress();
    for (let i = 0; i < 7; i++) await loginRequest(victim.login, "wrong-password", address);
    const mail = await smtp.mailTo(email);
    expect(mail.subject).toContain("Anmeldung vorübergehend gesperrt");
    expect(mail.text).toContain(address);
    expect(mail.text).toContain("/app/passwordreset");
    expect(smtp.mails.filter((m) => m.to.includes(email))).toHaveLength(1);
  });

  it("answers a blocked account without checking the password (no timing or result difference)", async () => {
    const victim = await createTenantUser(t);
    for (let i = 0; i < 5; i++) await loginRequest(victim.login, "wrong-password");
    const right = await loginRequest(victim.login, victim.password);
    const wrong = await loginRequest(victim.login, "still-wrong");
    expect([right.statusCode, wrong.statusCode]).toEqual([429, 429]);
    expect(right.json().code).toBe(wrong.json().code);
  });

  it("limits unknown names like accounts", async () => {
    const name = unique("nobody");
    for (let i = 0; i < 5; i++) expect((await loginRequest(name, "x-password")).statusCode).toBe(401);
    expect((await loginRequest(name, "x-password")).statusCode).toBe(429);
  });

  it("blocks a client address only at its own, higher limit across accounts; other addresses go on", async () => {
    const address = uniqueAddress();
    for (let i = 0; i < PER_ADDRESS; i++) {
      expect((await loginRequest(unique("guess"), "wrong-password", address)).statusCode).toBe(401);
    }
    expect((await loginRequest(member.login, member.password, address)).statusCode).toBe(429);
    expect((await loginRequest(member.login, member.password)).statusCode).toBe(200);
  });

  it("the defaults: 5 per account, 100 per address, 15 minutes", async () => {
    const { loadConfig } = await import("../../config.ts");
    expect(loadConfig({ TOKEN_SECRET: "x".repeat(40) }).loginRateLimit).toEqual({
      maxFailuresPerAccount: 5,
      maxFailuresPerAddress: 100,
      windowSeconds: 900,
    });
  });

  it("holds across processes: a second app on the same database sees the counters", async () => {
    if (t.database.kind === "pglite") {
      // In-memory PGlite cannot be shared; the CI run on PostgreSQL exercises this with two apps.
      const [row] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from login_attempt`);
      expect(row!.n).toBeGreaterThan(0);
      return;
    }
    const other = await createTestApp(); // DATABASE_URL: the same PostgreSQL database
    try {
      const victim = await createTenantUser(t);
      for (let i = 0; i < 5; i++) await loginRequest(victim.login, "wrong-password");
      const response = await other.app.inject({
        method: "POST",
        url: "/app/api/auth/login",
        payload: { usernameOrEmail: victim.login, password: victim.password },
        remoteAddress: uniqueAddress(),
      });
      expect(response.statusCode).toBe(429);
    } finally {
      await other.close();
    }
  });

  it("resets the account's counter after a successful sign-in", async () => {
    const user = await createTenantUser(t);
    for (let i = 0; i < 4; i++) await loginRequest(user.login, "wrong-password");
    expect((await loginRequest(user.login, user.password)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) await loginRequest(user.login, "wrong-password");
    expect((await loginRequest(user.login, user.password)).statusCode).toBe(200);
  });
});

describe("bearer tokens and sessions", () => {
  it("401 tokenMissing without a token", async () => {
    const response = await call(t, { method: "GET", url: "/app/api/account" });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ status: 401, code: "error.tokenMissing" });
  });

  it("401 tokenInvalid for a forged or malformed token", async () => {
    const forged = await createTokenService("another-secret-another-secret-another").issue(
      { sessionId: "00000000-0000-0000-0000-000000000000", userId: member.userId },
      new Date(Date.now() + 60_000),
    );
    for (const token of [forged, "not-a-jwt"]) {
      const response = await call(t, { method: "GET", url: "/app/api/account", token });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe("error.tokenInvalid");
    }
  });

  it("401 tokenInvalid for a validly signed token without exp, iat or session id", async () => {
    const token = await login(t, member);
    const { sessionId } = decode(token);
    const key = new TextEncoder().encode(t.config.tokenSecret);
    const sign = (claims: Record<string, unknown>, options: { exp?: boolean; iat?: boolean }) => {
      let jwt = new SignJWT(claims).setProtectedHeader({ alg: "HS256" }).setSubject(String(member.userId));
      if (options.iat) jwt = jwt.setIssuedAt();
      if (options.exp) jwt = jwt.setExpirationTime("1h");
      return jwt.sign(key);
    };
    const tokens = [
      await sign({ sid: sessionId }, { iat: true }),
      await sign({ sid: sessionId }, { exp: true }),
      await sign({}, { exp: true, iat: true }),
    ];
    for (const bad of tokens) {
      const response = await call(t, { method: "GET", url: "/app/api/account", token: bad });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe("error.tokenInvalid");
    }
    const complete = await sign({ sid: sessionId }, { exp: true, iat: true });
    expect((await call(t, { method: "GET", url: "/app/api/account", token: complete })).statusCode).toBe(200);
  });

  it("401 tokenExpired for an expired token", async () => {
    const token = await login(t, member);
    const { sessionId } = decode(token);
    const expired = await createTokenService(t.config.tokenSecret).issue(
      { sessionId, userId: member.userId },
      new Date(Date.now() - 1000),
    );
    const response = await call(t, { method: "GET", url: "/app/api/account", token: expired });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe("error.tokenExpired");
  });

  it("a revoked token (logout) gives 401 sessionRevoked; other sessions stay valid", async () => {
    const first = await login(t, member);
    const second = await login(t, member);
    expect((await call(t, { method: "POST", url: "/app/api/auth/logout", token: first })).statusCode).toBe(
      204,
    );
    const revoked = await call(t, { method: "GET", url: "/app/api/account", token: first });
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().code).toBe("error.sessionRevoked");
    expect((await call(t, { method: "GET", url: "/app/api/account", token: second })).statusCode).toBe(200);
  });

  it("keeps one session row per issued token", async () => {
    const user = await createTenantUser(t);
    await login(t, user);
    await login(t, user);
    const [row] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from session where user_id = ${user.userId} and revoked_at is null`,
    );
    expect(row!.n).toBe(2);
  });
});

describe("GET /app/api/account", () => {
  it("returns the signed-in user", async () => {
    const login_ = unique("anna");
    const userId = await createUser(t.db, {
      login: login_,
      email: `${login_}@example.test`,
      password: "secret123",
      firstName: "Anna",
      lastName: "Huber",
      langKey: "en",
      authorities: AUTHORITIES,
    });
    const token = await login(t, { login: login_, password: "secret123" });
    const response = await call(t, { method: "GET", url: "/app/api/account", token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: userId,
      login: login_,
      firstName: "Anna",
      lastName: "Huber",
      email: `${login_}@example.test`,
      langKey: "en",
      authorities: [...AUTHORITIES].sort(),
      newsread: false,
      selectedMandantId: null,
      is2FaUsed: false,
      timermode: false,
      enablemailtransfer: false,
      signature: null,
      zeiterfassungUserData: null,
    });
  });
});

function decode(token: string): { sessionId: string } {
  const payload = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString());
  return { sessionId: payload.sid };
}
