import { resources } from "@kontor/i18n";
import i18next from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "../../app/api.ts";
import { validateResetFinish, validateResetInit } from "../passwordreset/passwordreset.form.ts";
import { toRegisterRequest, validateRegister } from "../register/register.form.ts";
import { codeInput, groupSecret, validateCode } from "../twofactor/twoFactor.form.ts";
import { problemFieldErrors } from "./formRules.ts";
import { validateChangePassword } from "./password.rules.ts";
import { clientName, sortSessions } from "./sessions.rules.ts";
import { validateSettings } from "./settings.rules.ts";

const REQUIRED = "Dieses Feld ist erforderlich.";
const NOT_EQUAL = "Das Passwort und seine Bestätigung stimmen nicht überein!";

beforeAll(async () => {
  await i18next.init({
    resources,
    lng: "de",
    fallbackLng: false,
    ns: ["validation", "errors"],
    initAsync: false,
  });
});

describe("register", () => {
  const valid = {
    login: "Erika.Muster",
    email: " Erika@Example.com ",
    password: "geheim123",
    confirmPassword: "geheim123",
    langKey: "de" as const,
  };

  it("accepts a complete form and sends it trimmed, lower-case, without the confirmation", () => {
    expect(validateRegister(valid)).toEqual({});
    expect(toRegisterRequest(valid)).toEqual({
      login: "erika.muster",
      email: "erika@example.com",
      password: "geheim123",
      langKey: "de",
    });
  });

  it("needs every field", () => {
    expect(validateRegister({ ...valid, login: "", email: "", password: "", confirmPassword: "" })).toEqual({
      login: REQUIRED,
      email: REQUIRED,
      password: REQUIRED,
      confirmPassword: REQUIRED,
    });
  });

  it("checks the login's characters, the e-mail's format and the password's length", () => {
    expect(
      validateRegister({
        ...valid,
        login: "erika muster",
        email: "erika@",
        password: "abc",
        confirmPassword: "abc",
      }),
    ).toEqual({
      login: "Die Eingabe hat nicht das erwartete Format.",
      email: "Bitte geben Sie eine gültige E-Mail-Adresse ein.",
      password: "Bitte mindestens 5 Zeichen eingeben.",
      confirmPassword: "Bitte mindestens 5 Zeichen eingeben.",
    });
  });

  it("reads notEqual at the confirmation when the passwords differ", () => {
    expect(validateRegister({ ...valid, confirmPassword: "geheim124" })).toEqual({
      confirmPassword: NOT_EQUAL,
    });
  });

  it("speaks English too", async () => {
    await i18next.changeLanguage("en");
    expect(validateRegister({ ...valid, confirmPassword: "x-geheim" })).toEqual({
      confirmPassword: "The password and its confirmation do not match!",
    });
    await i18next.changeLanguage("de");
  });
});

describe("server answers at the fields", () => {
  it("puts 'Login name already used!' and 'E-mail is already in use!' where they belong", async () => {
    await i18next.changeLanguage("en");
    const fields = { "error.loginUsed": "login", "error.emailUsed": "email" };
    expect(problemFieldErrors(new ApiError({ status: 400, code: "error.loginUsed" }), fields)).toEqual({
      login: "Login name already used!",
    });
    expect(problemFieldErrors(new ApiError({ status: 400, code: "error.emailUsed" }), fields)).toEqual({
      email: "E-mail is already in use!",
    });
    const wrongCode = new ApiError({
      status: 400,
      code: "error.codeInvalid",
      fieldErrors: [{ field: "validationCode", code: "invalid" }],
    });
    expect(problemFieldErrors(wrongCode, { "error.codeInvalid": "validationCode" })).toEqual({
      validationCode: "The code is invalid.",
    });
    await i18next.changeLanguage("de");
  });

  it("translates the field codes of a 400 and leaves other problems to the caller", () => {
    const validation = new ApiError({
      status: 400,
      code: "error.validation",
      fieldErrors: [{ field: "email", code: "email" }],
    });
    expect(problemFieldErrors(validation)).toEqual({
      email: "Bitte geben Sie eine gültige E-Mail-Adresse ein.",
    });
    expect(problemFieldErrors(new ApiError({ status: 500, code: "error.internal" }))).toEqual({});
    expect(problemFieldErrors(new Error("offline"))).toEqual({});
  });
});

describe("password reset", () => {
  it("asks for a valid e-mail", () => {
    expect(validateResetInit({ email: "" })).toEqual({ email: REQUIRED });
    expect(validateResetInit({ email: "erika@example.com" })).toEqual({});
  });

  it("wants the new password twice", () => {
    expect(validateResetFinish({ newPassword: "neu12345", confirmPassword: "neu12345" })).toEqual({});
    expect(validateResetFinish({ newPassword: "neu12345", confirmPassword: "neu1234" })).toEqual({
      confirmPassword: NOT_EQUAL,
    });
    expect(validateResetFinish({ newPassword: "x".repeat(51), confirmPassword: "x".repeat(51) })).toEqual({
      newPassword: "Bitte höchstens 50 Zeichen eingeben.",
      confirmPassword: "Bitte höchstens 50 Zeichen eingeben.",
    });
  });
});

describe("change password", () => {
  it("needs the current password and a confirmed new one", () => {
    expect(validateChangePassword({ currentPassword: "", newPassword: "", confirmPassword: "" })).toEqual({
      currentPassword: REQUIRED,
      newPassword: REQUIRED,
      confirmPassword: REQUIRED,
    });
    expect(
      validateChangePassword({
        currentPassword: "alt",
        newPassword: "neu12345",
        confirmPassword: "neu54321",
      }),
    ).toEqual({ confirmPassword: NOT_EQUAL });
    expect(
      validateChangePassword({
        currentPassword: "alt",
        newPassword: "neu12345",
        confirmPassword: "neu12345",
      }),
    ).toEqual({});
  });
});

describe("settings", () => {
  const valid = {
    firstName: "Erika",
    lastName: "",
    email: "erika@example.com",
    langKey: "de" as const,
    signature: "<p>Mit freundlichen Grüßen</p>",
    enablemailtransfer: true,
    timermode: false,
  };
  it("needs an e-mail; names are optional but at most 50 characters", () => {
    expect(validateSettings(valid)).toEqual({});
    expect(validateSettings({ ...valid, email: " " })).toEqual({ email: REQUIRED });
    expect(validateSettings({ ...valid, firstName: "x".repeat(51) })).toEqual({
      firstName: "Bitte höchstens 50 Zeichen eingeben.",
    });
  });
});

describe("two-factor codes", () => {
  it("are six digits", () => {
    expect(validateCode({ validationCode: "123456" })).toEqual({});
    expect(validateCode({ validationCode: " " })).toEqual({ validationCode: REQUIRED });
    expect(validateCode({ validationCode: "12345" })).toEqual({
      validationCode: "Die Eingabe hat nicht das erwartete Format.",
    });
  });

  it("keep only digits as typed or pasted", () => {
    expect(codeInput("123 456")).toBe("123456");
    expect(codeInput("12-34-56-78")).toBe("123456");
    expect(codeInput("abc")).toBe("");
  });

  it("show the secret in groups of four", () => {
    expect(groupSecret("JBSWY3DPEHPK3PXPJBSWY3DP")).toBe("JBSW Y3DP EHPK 3PXP JBSW Y3DP");
    expect(groupSecret("ABCDEF")).toBe("ABCD EF");
  });
});

describe("sessions", () => {
  it("name the client as people do", () => {
    expect(
      clientName(
        "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36",
      ),
    ).toEqual({ browser: "Chrome", os: "Linux" });
    expect(clientName("curl/8.5.0")).toEqual({ browser: "curl", os: null });
    expect(
      clientName(
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/140 Safari/537.36 Edg/140.0",
      ),
    ).toEqual({ browser: "Edge", os: "Windows" });
    expect(
      clientName(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile/15E148 Safari/604.1",
      ),
    ).toEqual({ browser: "Safari", os: "iOS" });
    expect(
      clientName("Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:130.0) Gecko/20100101 Firefox/130.0"),
    ).toEqual({
      browser: "Firefox",
      os: "macOS",
    });
    expect(clientName(null)).toBeNull();
    expect(clientName("something")).toBeNull();
  });

  it("list this device first, then the most recently used", () => {
    const rows = [
      { id: "a", current: false, lastUsedAt: "2025-01-01T10:00:00Z" },
      { id: "b", current: true, lastUsedAt: "2024-12-01T10:00:00Z" },
      { id: "c", current: false, lastUsedAt: "2025-02-01T10:00:00Z" },
    ];
    expect(sortSessions(rows).map((row) => row.id)).toEqual(["b", "c", "a"]);
  });
});
