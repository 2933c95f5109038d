import { sql } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/client.ts";
import {
  call,
  createTenantUser,
  createTestApp,
  login,
  type TestApp,
  type TestUser,
  uniqueAddress,
} from "../../test/helpers.ts";
import { linkIn, startSmtpServer } from "../../test/mail.ts";

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ smtpUrl: smtp.url });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** The code of a base32 secret for a moment: step offsets let a test use a fresh, not yet consumed code. */
const codeFor = (secret: string, offsetSteps = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offsetSteps * 30_000,
  });

const signIn = (user: TestUser) =>
  t.app.inject({
    method: "POST",
    url: "/app/api/auth/login",
    payload: { usernameOrEmail: user.login, password: user.password },
    remoteAddress: uniqueAddress(),
  });
const validate2fa = (token2Fa: string, validationCode: string) =>
  call(t, { method: "POST", url: "/app/api/auth/validate2fa", token: token2Fa, payload: { validationCode } });

/** A user with two-factor switched on; returns the base32 secret. */
async function withTwoFactor(user: TestUser) {
  const token = await login(t, user);
  const barcode = await call(t, { method: "GET", url: "/app/api/totp/barcode", token });
  const { secret, image } = barcode.json();
  expect(Buffer.from(image, "base64").subarray(1, 4).toString()).toBe("PNG");
  const enabled = await call(t, {
    method: "POST",
    url: "/app/api/totp/validate",
    token,
    payload: { validationCode: codeFor(secret, -1) },
  });
  expect(enabled.statusCode).toBe(204);
  return { secret, token };
}

describe("two-factor sign-in", () => {
  it("after enabling, login answers forceTokenCheck and validate2fa gives the full login answer", async () => {
    const user = await createTenantUser(t);
    const { secret, token } = await withTwoFactor(user);
    expect((await call(t, { method: "GET", url: "/app/api/account", token })).json().is2FaUsed).toBe(true);

    const first = await signIn(user);
    expect(first.statusCode).toBe(200);
    const { forceTokenCheck, token2Fa, accessToken } = first.json();
    expect(forceTokenCheck).toBe(true);
    expect(accessToken).toBeUndefined();

    // The half-finished sign-in is no access token.
    expect((await call(t, { method: "GET", url: "/app/api/account", token: token2Fa })).json().code).toBe(
      "error.tokenInvalid",
    );

    const done = await validate2fa(token2Fa, codeFor(secret));
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ userId: user.userId, authorities: ["ROLE_USER"] });
    expect(
      (await call(t, { method: "GET", url: "/app/api/account", token: done.json().accessToken })).statusCode,
    ).toBe(200);
  });

  it("accepts a code once: a replayed code is refused", async () => {
    const user = await createTenantUser(t);
    const { secret } = await withTwoFactor(user);
    const code = codeFor(secret, 1);
    expect((await validate2fa((await signIn(user)).json().token2Fa, code)).statusCode).toBe(200);
    const replay = await validate2fa((await signIn(user)).json().token2Fa, code);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({
      code: "error.codeInvalid",
      fieldErrors: [{ field: "validationCode", code: "invalid" }],
    });
  });

  it("refuses wrong codes and, after 5 in 15 minutes, any code (429)", async () => {
    const user = await createTenantUser(t);
    const { secret } = await withTwoFactor(user);
    const { token2Fa } = (await signIn(user)).json();
    for (let i = 0; i < 5; i++) {
      expect((await validate2fa(token2Fa, "000000")).json().code).toBe("error.codeInvalid");
    }
    const blocked = await validate2fa(token2Fa, codeFor(secret));
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe("error.tooManyAttempts");
  });

  it("validate2fa: 401 without or with a wrong token, 400 for a malformed code", async () => {
    expect(
      (
        await call(t, {
          method: "POST",
          url: "/app/api/auth/validate2fa",
          payload: { validationCode: "123456" },
        })
      ).statusCode,
    ).toBe(401);
    const user = await createTenantUser(t);
    const accessToken = await login(t, user);
    expect((await validate2fa(accessToken, "123456")).json().code).toBe("error.tokenInvalid");
    const twoFactorUser = await createTenantUser(t);
    await withTwoFactor(twoFactorUser);
    const { token2Fa } = (await signIn(twoFactorUser)).json();
    expect((await validate2fa(token2Fa, "12ab56")).json().fieldErrors).toEqual([
      { field: "validationCode", code: "pattern" },
    ]);
  });

  it("switching on needs a valid code of the new secret; switching off needs a current code", async () => {
    const user = await createTenantUser(t);
    const token = await login(t, user);
    await call(t, { method: "GET", url: "/app/api/totp/barcode", token });
    const wrong = await call(t, {
      method: "POST",
      url: "/app/api/totp/validate",
      token,
      payload: { validationCode: "000000" },
    });
    expect(wrong.json().code).toBe("error.codeInvalid");
    expect((await call(t, { method: "GET", url: "/app/api/account", token })).json().is2FaUsed).toBe(false);

    const { secret, token: again } = await withTwoFactor(user);
    const refused = await call(t, {
      method: "POST",
      url: "/app/api/totp/deactivate",
      token: again,
      payload: { validationCode: "000000" },
    });
    expect(refused.statusCode).toBe(400);
    const off = await call(t, {
      method: "POST",
      url: "/app/api/totp/deactivate",
      token: again,
      payload: { validationCode: codeFor(secret, 1) },
    });
    expect(off.statusCode).toBe(204);
    expect((await signIn(user)).json().accessToken).toBeDefined();
  });

  it("stores the secret encrypted, never in plain text", async () => {
    const user = await createTenantUser(t);
    const { secret } = await withTwoFactor(user);
    const [row] = await queryRows<{ totp_secret: string }>(
      t.db,
      sql`select totp_secret from app_user where id = ${user.userId}`,
    );
    expect(row!.totp_secret).not.toContain(secret);
    expect(row!.totp_secret.length).toBeGreaterThan(secret.length);
  });

  it("lost device: the mailed link (with the token2Fa of a sign-in) switches two-factor off, once", async () => {
    const user = await createTenantUser(t);
    await withTwoFactor(user);
    const { token2Fa } = (await signIn(user)).json();
    const sent = await call(t, {
      method: "POST",
      url: "/app/api/totp/send2FaDeactivationEmail",
      token: token2Fa,
    });
    expect(sent.statusCode).toBe(204);
    const mail = await smtp.mailTo(`${user.login}@example.test`);
    expect(mail.subject).toBe("Kontor: Zwei-Faktor-Anmeldung abschalten");
    const key = linkIn(mail).replace("/app/disable2fa/", "");

    expect(
      (await call(t, { method: "POST", url: "/app/api/totp/deactivate2fa", payload: { key } })).statusCode,
    ).toBe(204);
    expect((await signIn(user)).json().accessToken).toBeDefined();
    const reused = await call(t, { method: "POST", url: "/app/api/totp/deactivate2fa", payload: { key } });
    expect(reused.json().code).toBe("error.keyInvalid");
    expect(
      (await call(t, { method: "POST", url: "/app/api/totp/send2FaDeactivationEmail" })).statusCode,
    ).toBe(401);
  });

  it("barcode and validate need a sign-in", async () => {
    expect((await call(t, { method: "GET", url: "/app/api/totp/barcode" })).statusCode).toBe(401);
    expect(
      (
        await call(t, {
          method: "POST",
          url: "/app/api/totp/validate",
          payload: { validationCode: "123456" },
        })
      ).statusCode,
    ).toBe(401);
  });
});
