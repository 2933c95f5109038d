import { ZLoginRequest } from "@kontor/domain/auth/auth.schema";
import { resources } from "@kontor/i18n";
import i18next from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { fieldErrorMessage, serverFieldErrors, zodValidate } from "./fieldErrors.ts";

beforeAll(async () => {
  await i18next.init({ resources, lng: "de", fallbackLng: false, ns: ["validation"], initAsync: false });
});

describe("form messages from the shared zod schema", () => {
  const validate = zodValidate(ZLoginRequest);

  it("finds nothing wrong with valid input", () => {
    expect(validate({ usernameOrEmail: "admin", password: "admin123" })).toEqual({});
  });

  it("calls empty fields required, also where the rule is a minimum length", () => {
    expect(validate({ usernameOrEmail: "  ", password: "" })).toEqual({
      usernameOrEmail: "Dieses Feld ist erforderlich.",
      password: "Dieses Feld ist erforderlich.",
    });
  });

  it("names the bounds of the schema", () => {
    expect(validate({ usernameOrEmail: "admin", password: "abc" })).toEqual({
      password: "Bitte mindestens 5 Zeichen eingeben.",
    });
    expect(validate({ usernameOrEmail: "admin", password: "x".repeat(51) })).toEqual({
      password: "Bitte höchstens 50 Zeichen eingeben.",
    });
  });

  it("speaks the current language", async () => {
    await i18next.changeLanguage("en");
    expect(validate({ usernameOrEmail: "admin", password: "abc" })).toEqual({
      password: "Please enter at least 5 characters.",
    });
    await i18next.changeLanguage("de");
  });
});

describe("server field errors", () => {
  it("translates known codes; bound-less or unknown codes read 'invalid', never '{{min}}'", () => {
    expect(
      serverFieldErrors([
        { field: "usernameOrEmail", code: "required" },
        { field: "password", code: "minLength" },
        { field: "email", code: "fromANewerServer" },
        { field: "usernameOrEmail", code: "maxLength" },
      ]),
    ).toEqual({
      usernameOrEmail: "Dieses Feld ist erforderlich.",
      password: "Die Eingabe ist ungültig.",
      email: "Die Eingabe ist ungültig.",
    });
    expect(fieldErrorMessage("max", { max: 10 })).toBe("Der Wert darf höchstens 10 betragen.");
  });
});
