import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mandant } from "../../db/schema/mandant.ts";
import { createMandant, createUser } from "../../setup/seed.ts";
import {
  call,
  createTenantUser,
  createTestApp,
  login,
  type TestApp,
  type TestUser,
  unique,
} from "../../test/helpers.ts";

let t: TestApp;
let alice: TestUser;
let aliceToken: string;
let bob: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  alice = await createTenantUser(t, { modules: ["rechnungslegung", "crm", "kassabuch"] });
  bob = await createTenantUser(t, { modules: ["zahlung"] });
  aliceToken = await login(t, alice);
});
afterAll(() => t?.close());

describe("GET /app/api/mandants/all", () => {
  it("lists only the tenants the user belongs to, with their small-business flag", async () => {
    const second = await createMandant(t.db, { bezeichnung: `A ${unique("second")}`, aktiv: false });
    await t.db.update(mandant).set({ kleinunternehmer: true }).where(eq(mandant.id, second));
    const login_ = unique("multi");
    await createUser(t.db, {
      login: login_,
      email: `${login_}@example.test`,
      password: "secret123",
      authorities: ["ROLE_USER"],
      mandantIds: [alice.mandantId, second],
    });
    const token = await login(t, { login: login_, password: "secret123" });
    const response = await call(t, { method: "GET", url: "/app/api/mandants/all", token });
    expect(response.statusCode).toBe(200);
    const body = response.json() as { id: number; bezeichnung: string; aktiv: boolean }[];
    expect(body.map((m) => m.id).sort()).toEqual([alice.mandantId, second].sort());
    expect(body.find((m) => m.id === second)).toMatchObject({ aktiv: false, kleinunternehmer: true });
    expect(body.find((m) => m.id === alice.mandantId)).toMatchObject({ kleinunternehmer: false });
    expect(body.some((m) => m.id === bob.mandantId)).toBe(false);
  });

  it("401 without a token", async () => {
    const response = await call(t, { method: "GET", url: "/app/api/mandants/all" });
    expect(response.statusCode).toBe(401);
  });
});

describe("tenant-scoped route GET /app/api/getmandantmodule", () => {
  it("returns the selected tenant's modules, sorted", async () => {
    const response = await call(t, {
      method: "GET",
      url: "/app/api/getmandantmodule",
      token: aliceToken,
      mandantId: alice.mandantId,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      mandantId: alice.mandantId,
      modulList: ["crm", "kassabuch", "rechnungslegung"],
    });
  });

  it("401 without a token", async () => {
    const response = await call(t, {
      method: "GET",
      url: "/app/api/getmandantmodule",
      mandantId: alice.mandantId,
    });
    expect(response.statusCode).toBe(401);
  });

  it("403 mandantMissing without the X-Mandant-Id header", async () => {
    const response = await call(t, { method: "GET", url: "/app/api/getmandantmodule", token: aliceToken });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe("error.mandantMissing");
  });

  it.each([["abc"], ["-1"], ["1.5"]])("403 mandantForbidden for a malformed header %s", async (value) => {
    const response = await call(t, {
      method: "GET",
      url: "/app/api/getmandantmodule",
      token: aliceToken,
      mandantId: value,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe("error.mandantForbidden");
  });

  it("403 mandantForbidden for another tenant's id and for a tenant that does not exist", async () => {
    for (const mandantId of [bob.mandantId, 987_654_321]) {
      const response = await call(t, {
        method: "GET",
        url: "/app/api/getmandantmodule",
        token: aliceToken,
        mandantId,
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe("error.mandantForbidden");
    }
  });

  it("403 mandantInactive for a deactivated tenant of the user", async () => {
    const inactive = await createTenantUser(t, { aktiv: false });
    const token = await login(t, inactive);
    const response = await call(t, {
      method: "GET",
      url: "/app/api/getmandantmodule",
      token,
      mandantId: inactive.mandantId,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe("error.mandantInactive");
  });
});
