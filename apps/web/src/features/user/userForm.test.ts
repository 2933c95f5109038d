import { resources } from "@kontor/i18n";
import i18next from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { emptyUser, toFormErrors, toUserFormValues, toUserPayload } from "./user.form.ts";
import type { TUserRecord } from "./user.list.api.ts";
import { fullName, parseSlug, userLabel } from "./user.rules.ts";
import { validateUser } from "./user.schemas.ts";

beforeAll(async () => {
  await i18next.init({ resources, lng: "de", fallbackLng: false, ns: ["validation"], initAsync: false });
});

const saved: TUserRecord = {
  id: 12,
  login: "erika",
  firstName: "Erika",
  lastName: "Muster",
  email: "erika@example.com",
  imageUrl: null,
  activated: true,
  langKey: "en",
  authorities: ["ROLE_USER", "ROLE_KASSABUCH"],
  groups: [{ id: 4, name: "Büro" }],
  mandantIds: [1, 3],
};

describe("user form", () => {
  it("a new user starts activated, German, with ROLE_USER", () => {
    expect(emptyUser()).toMatchObject({
      activated: true,
      langKey: "de",
      authorities: ["ROLE_USER"],
      password: "",
    });
  });

  it("round-trips a saved user; selections hold ids as text", () => {
    const values = toUserFormValues(saved);
    expect(values.groupIds).toEqual(["4"]);
    expect(values.mandantIds).toEqual(["1", "3"]);
    expect(toUserPayload(values)).toMatchObject({
      id: 12,
      groups: [{ id: 4 }],
      mandantIds: [1, 3],
      authorities: ["ROLE_USER", "ROLE_KASSABUCH"],
    });
    expect(toUserPayload(values)).not.toHaveProperty("password");
  });

  it("sends an initial password only on create and only when typed", () => {
    expect(toUserPayload({ ...emptyUser(), login: "neu", email: "neu@example.com" })).not.toHaveProperty(
      "password",
    );
    expect(
      toUserPayload({ ...emptyUser(), login: "neu", email: "neu@example.com", password: "start123" }),
    ).toMatchObject({ password: "start123" });
    expect(toUserPayload({ ...toUserFormValues(saved), password: "start123" })).not.toHaveProperty(
      "password",
    );
  });

  it("checks login, e-mail and the optional initial password with the shared rules", () => {
    expect(validateUser({ ...emptyUser(), login: "neu", email: "neu@example.com" })).toEqual({});
    expect(validateUser({ ...emptyUser(), login: "", email: "kaputt", password: "abc" })).toEqual({
      login: "Dieses Feld ist erforderlich.",
      email: "Bitte geben Sie eine gültige E-Mail-Adresse ein.",
      password: "Bitte mindestens 5 Zeichen eingeben.",
    });
  });

  it("puts errors of the group list at the group selection", () => {
    expect(toFormErrors({ "groups.0.id": "x", "mandantIds.1": "y", login: "z" })).toEqual({
      groupIds: "x",
      mandantIds: "y",
      login: "z",
    });
  });
});

describe("user names and slugs", () => {
  it("names users by name and login", () => {
    expect(fullName(saved)).toBe("Erika Muster");
    expect(userLabel(saved)).toBe("Erika Muster (erika)");
    expect(userLabel({ login: "admin", firstName: null, lastName: " " })).toBe("admin");
  });

  it("reads 'new', an id, or nothing", () => {
    expect(parseSlug("new")).toBe("new");
    expect(parseSlug("42")).toBe(42);
    expect(parseSlug("0")).toBeNull();
    expect(parseSlug("abc")).toBeNull();
  });
});
