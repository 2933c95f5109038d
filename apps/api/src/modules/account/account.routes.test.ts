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
  unique,
  uniqueAddress,
} from "../../test/helpers.ts";
import { linkIn, startSmtpServer } from "../../test/mail.ts";
import { REAUTH_LIMIT } from "./account.service.ts";

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ smtpUrl: smtp.url, baseUrl: "https://kontor.example" });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** Anonymous forms are limited per client address: each call comes from its own unless one is given. */
const post = (url: string, payload: object, extra: { token?: string; remoteAddress?: string } = {}) =>
  call(t, { method: "POST", url, payload, remoteAddress: uniqueAddress(), ...extra });
const newRegistration = (overrides: Record<string, unknown> = {}) => {
  const name = unique("reg");
  return { login: name, email: `${name}@example.test`, password: "geheim123", langKey: "de", ...overrides };
};

describe("registration and activation", () => {
  it("registers an inactive user, mails the activation link in the chosen language, activates once", async () => {
    const input = newRegistration({ langKey: "en" });
    expect((await post("/app/api/register", input)).statusCode).toBe(201);

    const refused = await post("/app/api/auth/login", {
      usernameOrEmail: input.login,
      password: input.password,
    });
    expect(refused.json().code).toBe("error.userNotActivated");

    const mail = await smtp.mailTo(input.email);
    expect(mail.subject).toBe("Kontor: please activate your account");
    expect(mail.text).toContain(`“${input.login}”`);
    expect(mail.text).toMatch(/https:\/\/kontor\.example\/app\/activate\/\S+/);
    const key = linkIn(mail).replace("/app/activate/", "");

    const activated = await call(t, { method: "GET", url: `/app/api/activate?key=${key}` });
    expect(activated.statusCode).toBe(200);
    expect(
      (await post("/app/api/auth/login", { usernameOrEmail: input.login, password: input.password }))
        .statusCode,
    ).toBe(200);

    const again = await call(t, { method: "GET", url: `/app/api/activate?key=${key}` });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe("error.keyInvalid");
  });

  it("writes German mails by default", async () => {
    const input = newRegistration({ langKey: undefined });
    await post("/app/api/register", input);
    const mail = await smtp.mailTo(input.email);
    expect(mail.subject).toBe("Kontor: Bitte aktivieren Sie Ihr Benutzerkonto");
    expect(mail.text).toContain(`„${input.login}“`);
  });

  it("answers a taken login or e-mail exactly like a new one and mails instead (no enumeration)", async () => {
    const input = newRegistration();
    await post("/app/api/register", input, { remoteAddress: uniqueAddress() });
    await smtp.mailTo(input.email);
    const fresh = await post("/app/api/register", newRegistration(), { remoteAddress: uniqueAddress() });

    const takenLogin = newRegistration({ login: input.login.toUpperCase() });
    const login = await post("/app/api/register", takenLogin, { remoteAddress: uniqueAddress() });
    expect([login.statusCode, login.body]).toEqual([fresh.statusCode, fresh.body]);
    const toRegistrant = await smtp.mailTo(takenLogin.email);
    expect(toRegistrant.subject).toBe("Kontor: Registrierung nicht möglich");
    expect(linkIn(toRegistrant)).toBe("/app/register");

    const takenEmail = newRegistration({ email: input.email.toUpperCase() });
    const before = smtp.mails.length;
    const email = await post("/app/api/register", takenEmail, { remoteAddress: uniqueAddress() });
    expect([email.statusCode, email.body]).toEqual([fresh.statusCode, fresh.body]);
    // Not activated yet: the owner gets a fresh activation link (the first mail may have been lost).
    await expect.poll(() => smtp.mails.length).toBe(before + 1);
    const toOwner = smtp.mails.at(-1)!;
    expect(toOwner.to).toEqual([input.email]);
    expect(toOwner.text).toContain(`„${input.login}“`);
    expect(linkIn(toOwner)).toMatch(/^\/app\/activate\//);
    expect(
      (await call(t, { method: "GET", url: `/app/api/activate?key=${linkIn(toOwner).slice(14)}` }))
        .statusCode,
    ).toBe(200);

    // Active: the owner hears that they already have an account; nothing is created for the second login.
    const again = newRegistration({ email: input.email });
    await post("/app/api/register", again, { remoteAddress: uniqueAddress() });
    await expect.poll(() => smtp.mails.length).toBe(before + 2);
    expect(smtp.mails.at(-1)!.subject).toBe("Kontor: Registrierung mit Ihrer E-Mail-Adresse");
    expect(
      (await post("/app/api/auth/login", { usernameOrEmail: again.login, password: again.password })).json()
        .code,
    ).toBe("error.badCredentials");
  });

  it("is rate-limited per client address (10 an hour) and per e-mail (3 an hour)", async () => {
    const address = uniqueAddress();
    for (let i = 0; i < 10; i++) {
      expect(
        (await post("/app/api/register", newRegistration(), { remoteAddress: address })).statusCode,
      ).toBe(201);
    }
    const blocked = await post("/app/api/register", newRegistration(), { remoteAddress: address });
    expect(blocked.statusCode).toBe(429);
    const email = `${unique("same")}@example.test`;
    for (let i = 0; i < 3; i++) {
      await post("/app/api/register", newRegistration({ email }), { remoteAddress: uniqueAddress() });
    }
    const fourth = await post("/app/api/register", newRegistration({ email }), {
      remoteAddress: uniqueAddress(),
    });
    expect(fourth.statusCode).toBe(429);
  });

  it("answers bad input with field codes; unknown keys with keyInvalid", async () => {
    const bad = await post("/app/api/register", {
      login: "a b",
      email: "x@",
      password: "123",
      langKey: "fr",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual([
      { field: "login", code: "pattern" },
      { field: "email", code: "minLength", min: 5 },
      { field: "password", code: "minLength", min: 5 },
      { field: "langKey", code: "enum" },
    ]);
    const unknown = await call(t, { method: "GET", url: "/app/api/activate?key=nope" });
    expect(unknown.json().code).toBe("error.keyInvalid");
    expect((await call(t, { method: "GET", url: "/app/api/activate" })).json().fieldErrors).toEqual([
      { field: "key", code: "required" },
    ]);
  });
});

describe("password reset", () => {
  it("mails a single-use link that sets a new password and ends every session", async () => {
    const user = await createTenantUser(t);
    const email = `${user.login}@example.test`;
    const token = await login(t, user);
    expect(
      (await post("/app/api/account/reset_password/init", { email: email.toUpperCase() })).statusCode,
    ).toBe(204);
    const mail = await smtp.mailTo(email);
    expect(mail.subject).toBe("Kontor: Passwort zurücksetzen");
    const link = linkIn(mail);
    expect(link).toMatch(/^\/app\/reset\/finish\?key=/);
    const key = decodeURIComponent(link.split("key=")[1]!);

    const finish = await post("/app/api/account/reset_password/finish", { key, newPassword: "neues-pw-1" });
    expect(finish.statusCode).toBe(204);
    expect((await call(t, { method: "GET", url: "/app/api/account", token })).json().code).toBe(
      "error.sessionRevoked",
    );
    expect((await login(t, { login: user.login, password: "neues-pw-1" })).length).toBeGreaterThan(0);

    const reused = await post("/app/api/account/reset_password/finish", { key, newPassword: "noch-eins-2" });
    expect(reused.json().code).toBe("error.keyInvalid");
  });

  it("a key older than 24 hours has expired", async () => {
    const user = await createTenantUser(t);
    const email = `${user.login}@example.test`;
    await post("/app/api/account/reset_password/init", { email });
    const key = decodeURIComponent(linkIn(await smtp.mailTo(email)).split("key=")[1]!);
    await queryRows(
      t.db,
      sql`update app_user set reset_date = now() - interval '25 hours' where id = ${user.userId}`,
    );
    const expired = await post("/app/api/account/reset_password/finish", { key, newPassword: "neues-pw-1" });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().code).toBe("error.keyExpired");
  });

  it("answers an unknown or deactivated address exactly like a known one and mails that there is no account", async () => {
    const user = await createTenantUser(t);
    const known = await post(
      "/app/api/account/reset_password/init",
      { email: `${user.login}@example.test` },
      { remoteAddress: uniqueAddress() },
    );
    const nobody = `${unique("nobody")}@example.test`;
    const unknown = await call(t, {
      method: "POST",
      url: "/app/api/account/reset_password/init",
      payload: { email: nobody },
      headers: { "accept-language": "en-GB,en;q=0.9" },
      remoteAddress: uniqueAddress(),
    });
    expect([unknown.statusCode, unknown.body]).toEqual([known.statusCode, known.body]);
    expect(unknown.statusCode).toBe(204);
    const mail = await smtp.mailTo(nobody);
    expect(mail.subject).toBe("Kontor: reset your password");
    expect(mail.text).toContain("No active Kontor account uses this address");
    expect(mail.text).not.toContain("/app/reset/finish");

    const deactivated = unique("deact");
    await t.db.execute(sql`insert into app_user (login, email, password_hash, activated)
      values (${deactivated}, ${`${deactivated}@example.test`}, '!', false)`);
    await post(
      "/app/api/account/reset_password/init",
      { email: `${deactivated}@example.test` },
      { remoteAddress: uniqueAddress() },
    );
    expect((await smtp.mailTo(`${deactivated}@example.test`)).text).not.toContain("/app/reset/finish");
  });

  it("is rate-limited per e-mail (3 an hour) and per client address (10 an hour)", async () => {
    const user = await createTenantUser(t);
    const email = `${user.login}@example.test`;
    for (let i = 0; i < 3; i++) {
      expect(
        (await post("/app/api/account/reset_password/init", { email }, { remoteAddress: uniqueAddress() }))
          .statusCode,
      ).toBe(204);
    }
    const fourth = await post(
      "/app/api/account/reset_password/init",
      { email },
      { remoteAddress: uniqueAddress() },
    );
    expect(fourth.statusCode).toBe(429);
    expect(Number(fourth.headers["retry-after"])).toBeGreaterThan(0);

    const address = uniqueAddress();
    for (let i = 0; i < 10; i++) {
      await post(
        "/app/api/account/reset_password/init",
        { email: `${unique("x")}@example.test` },
        { remoteAddress: address },
      );
    }
    const blocked = await post(
      "/app/api/account/reset_password/init",
      { email: `${unique("y")}@example.test` },
      { remoteAddress: address },
    );
    expect(blocked.statusCode).toBe(429);
  });
});

describe("change password and account settings", () => {
  it("needs the current password and ends the other sessions, not this one", async () => {
    const user = await createTenantUser(t);
    const here = await login(t, user);
    const elsewhere = await login(t, user);
    const wrong = await post(
      "/app/api/account/change_password",
      { currentPassword: "falsch", newPassword: "neu-12345" },
      { token: here },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: "error.passwordWrong",
      fieldErrors: [{ field: "currentPassword", code: "invalid" }],
    });

    const changed = await post(
      "/app/api/account/change_password",
      { currentPassword: user.password, newPassword: "neu-12345" },
      { token: here },
    );
    expect(changed.statusCode).toBe(204);
    expect((await call(t, { method: "GET", url: "/app/api/account", token: here })).statusCode).toBe(200);
    expect((await call(t, { method: "GET", url: "/app/api/account", token: elsewhere })).json().code).toBe(
      "error.sessionRevoked",
    );
    const tooShort = await post(
      "/app/api/account/change_password",
      { currentPassword: "neu-12345", newPassword: "1234" },
      { token: here },
    );
    expect(tooShort.json().fieldErrors).toEqual([{ field: "newPassword", code: "minLength", min: 5 }]);
    expect(
      (await post("/app/api/account/change_password", { currentPassword: "a", newPassword: "bbbbb" }))
        .statusCode,
    ).toBe(401);
  });

  it("updates names, e-mail, language, signature and preferences; a taken e-mail is emailUsed", async () => {
    const user = await createTenantUser(t);
    const other = await createTenantUser(t);
    const token = await login(t, user);
    const update = {
      firstName: "Eva",
      lastName: "Berger",
      email: `${user.login}-neu@example.test`,
      langKey: "en",
      signature: "<p>Mit freundlichen Grüßen</p>",
      enablemailtransfer: true,
      timermode: true,
    };
    const saved = await post("/app/api/account", { ...update, currentPassword: user.password }, { token });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ ...update, login: user.login, is2FaUsed: false });
    const taken = await post(
      "/app/api/account",
      { ...update, email: `${other.login}@example.test`, currentPassword: user.password },
      { token },
    );
    expect(taken.json()).toMatchObject({
      code: "error.emailUsed",
      fieldErrors: [{ field: "email", code: "invalid" }],
    });
    expect((await post("/app/api/account", update)).statusCode).toBe(401);
  });

  it("keeps the language picked in the app on the account, for this user only; anything but de/en is 400", async () => {
    const user = await createTenantUser(t);
    const other = await createTenantUser(t);
    const token = await login(t, user);
    const langKey = async (who: typeof user) =>
      (await call(t, { method: "GET", url: "/app/api/account", token: await login(t, who) })).json().langKey;
    expect((await post("/app/api/account/langkey", { langKey: "en" }, { token })).statusCode).toBe(204);
    expect(await langKey(user), "a new sign-in gets it").toBe("en");
    expect(await langKey(other)).toBe("de");
    const bad = await post("/app/api/account/langkey", { langKey: "fr" }, { token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual([expect.objectContaining({ field: "langKey" })]);
    expect((await post("/app/api/account/langkey", { langKey: "de" })).statusCode).toBe(401);
    expect(await langKey(user)).toBe("en");
  });
});

describe("issue 33: a new e-mail needs the owner to sign in again", () => {
  const settings = (email: string) => ({
    firstName: "Eva",
    lastName: "Berger",
    email,
    langKey: "de",
    signature: null,
    enablemailtransfer: false,
    timermode: false,
  });
  const account = async (token: string) =>
    (await call(t, { method: "GET", url: "/app/api/account", token })).json();

  it("without the current password 400 required, with a wrong one 400 passwordWrong (as the password change); nothing changes, nobody is mailed", async () => {
    const user = await createTenantUser(t);
    const token = await login(t, user);
    const email = `${user.login}@example.test`;
    const neu = `${user.login}-uebernommen@example.test`;

    const missing = await post("/app/api/account", settings(neu), { token });
    expect(missing.statusCode, missing.body).toBe(400);
    expect(missing.json()).toMatchObject({
      code: "error.validation",
      fieldErrors: [{ field: "currentPassword", code: "required" }],
    });
    const wrong = await post("/app/api/account", { ...settings(neu), currentPassword: "falsch" }, { token });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: "error.passwordWrong",
      fieldErrors: [{ field: "currentPassword", code: "invalid" }],
    });
    // A code does not stand for the password while two-factor is off.
    const code = await post("/app/api/account", { ...settings(neu), validationCode: "123456" }, { token });
    expect(code.json().fieldErrors).toEqual([{ field: "currentPassword", code: "required" }]);
    expect(await account(token)).toMatchObject({ email, firstName: null });
    expect(smtp.mails.filter((mail) => mail.to.includes(email.toLowerCase()))).toEqual([]);

    // The other settings save without it, the address unchanged.
    const plain = await post("/app/api/account", settings(email), { token });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json()).toMatchObject({ email, firstName: "Eva" });

    const moved = await post(
      "/app/api/account",
      { ...settings(neu), currentPassword: user.password },
      { token },
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().email).toBe(neu);
    expect((await smtp.mailTo(email)).text).toContain(`${email} → ${neu}`);
  });

  it("with two-factor on, a TOTP code may stand for the password; a wrong code is 400 codeInvalid", async () => {
    const user = await createTenantUser(t);
    const token = await login(t, user);
    const { secret } = (await call(t, { method: "GET", url: "/app/api/totp/barcode", token })).json();
    const codeFor = (offsetSteps: number) =>
      new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
        timestamp: Date.now() + offsetSteps * 30_000,
      });
    const enabled = await post("/app/api/totp/validate", { validationCode: codeFor(-1) }, { token });
    expect(enabled.statusCode).toBe(204);
    const neu = `${user.login}-2fa@example.test`;

    const wrongCode = codeFor(0) === "000000" ? "111111" : "000000";
    const wrong = await post("/app/api/account", { ...settings(neu), validationCode: wrongCode }, { token });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: "error.codeInvalid",
      fieldErrors: [{ field: "validationCode", code: "invalid" }],
    });
    expect((await account(token)).email).toBe(`${user.login}@example.test`);

    const right = await post("/app/api/account", { ...settings(neu), validationCode: codeFor(0) }, { token });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().email).toBe(neu);
  });
});

describe("issue 33: an update never resets what the request did not send", () => {
  it("POST account without enablemailtransfer, timermode and signature keeps them; sent, they change", async () => {
    const user = await createTenantUser(t);
    const token = await login(t, user);
    const email = `${user.login}@example.test`;
    const base = { firstName: "Eva", lastName: "Berger", email, langKey: "de" };
    const set = await post(
      "/app/api/account",
      { ...base, signature: "<p>Gruß</p>", enablemailtransfer: true, timermode: true },
      { token },
    );
    expect(set.statusCode, set.body).toBe(200);
    const kept = await post("/app/api/account", { ...base, firstName: "Evi" }, { token });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({
      firstName: "Evi",
      signature: "<p>Gruß</p>",
      enablemailtransfer: true,
      timermode: true,
    });
    const cleared = await post(
      "/app/api/account",
      { ...base, signature: null, enablemailtransfer: false, timermode: false },
      { token },
    );
    expect(cleared.json()).toMatchObject({ signature: null, enablemailtransfer: false, timermode: false });
  });
});

describe("issue 33: wrong current passwords are limited (a stolen session cannot guess the password)", () => {
  it(`after ${REAUTH_LIMIT.max} wrong passwords in the e-mail and password forms, 429 with Retry-After, even for the right one`, async () => {
    const user = await createTenantUser(t);
    const token = await login(t, user);
    const neu = `${user.login}-neu@example.test`;
    const changePassword = (currentPassword: string) =>
      post("/app/api/account/change_password", { currentPassword, newPassword: "ganz-neu-12345" }, { token });
    const changeEmail = (currentPassword: string, email = `${user.login}-anders@example.test`) =>
      post(
        "/app/api/account",
        { firstName: "Eva", lastName: "Berger", email, langKey: "de", signature: null, currentPassword },
        { token },
      );
    // A right password in between resets the count.
    expect((await changeEmail("falsch")).statusCode).toBe(400);
    const ok = await changeEmail(user.password, neu);
    expect(ok.statusCode, ok.body).toBe(200);
    for (let i = 0; i < REAUTH_LIMIT.max; i++) {
      const wrong = await (i % 2 === 0 ? changePassword : changeEmail)(`falsch-${i}`);
      expect(wrong.statusCode, wrong.body).toBe(400);
      expect(wrong.json().code).toBe("error.passwordWrong");
    }
    for (const attempt of [changePassword, changeEmail]) {
      const blocked = await attempt(user.password);
      expect(blocked.statusCode, blocked.body).toBe(429);
      expect(blocked.json().code).toBe("error.tooManyAttempts");
      expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
    }
    expect((await call(t, { method: "GET", url: "/app/api/account", token })).json().email).toBe(neu);
    // Another user is not affected.
    const other = await createTenantUser(t);
    const otherToken = await login(t, other);
    const fine = await post(
      "/app/api/account/change_password",
      { currentPassword: other.password, newPassword: "ganz-neu-12345" },
      { token: otherToken },
    );
    expect(fine.statusCode, fine.body).toBeLessThan(300);
  });
});

describe("sessions", () => {
  it("lists the user's active sessions, marks this one, and revokes another", async () => {
    const user = await createTenantUser(t);
    const first = await login(t, user);
    const second = await login(t, user);
    const list = await call(t, {
      method: "GET",
      url: "/app/api/account/sessions",
      token: first,
      headers: { "user-agent": "Test/1.0" },
    });
    const sessions = list.json() as { id: string; current: boolean; clientAddress: string }[];
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    const otherId = sessions.find((s) => !s.current)!.id;
    expect(
      (await call(t, { method: "DELETE", url: `/app/api/account/sessions/${otherId}`, token: first }))
        .statusCode,
    ).toBe(204);
    expect((await call(t, { method: "GET", url: "/app/api/account", token: second })).json().code).toBe(
      "error.sessionRevoked",
    );
    expect(
      (await call(t, { method: "GET", url: "/app/api/account/sessions", token: first })).json(),
    ).toHaveLength(1);
  });

  it("another user's session id gives 404; a malformed id 400; no token 401", async () => {
    const alice = await createTenantUser(t);
    const bob = await createTenantUser(t);
    const aliceToken = await login(t, alice);
    const bobToken = await login(t, bob);
    const [bobSession] = (
      await call(t, { method: "GET", url: "/app/api/account/sessions", token: bobToken })
    ).json();
    expect(
      (
        await call(t, {
          method: "DELETE",
          url: `/app/api/account/sessions/${bobSession.id}`,
          token: aliceToken,
        })
      ).statusCode,
    ).toBe(404);
    expect((await call(t, { method: "GET", url: "/app/api/account", token: bobToken })).statusCode).toBe(200);
    expect(
      (await call(t, { method: "DELETE", url: "/app/api/account/sessions/x", token: aliceToken })).statusCode,
    ).toBe(400);
    expect((await call(t, { method: "GET", url: "/app/api/account/sessions" })).statusCode).toBe(401);
  });
});
