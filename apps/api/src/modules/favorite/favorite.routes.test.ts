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
} from "../../test/helpers.ts";

let t: TestApp;
let alice: TestUser;
let aliceToken: string;
let colleagueToken: string;
let bob: TestUser;
let bobToken: string;

beforeAll(async () => {
  t = await createTestApp();
  alice = await createTenantUser(t);
  bob = await createTenantUser(t);
  const colleague = unique("colleague");
  await createUser(t.db, {
    login: colleague,
    email: `${colleague}@example.test`,
    password: "secret123",
    authorities: ["ROLE_USER"],
    mandantIds: [alice.mandantId],
  });
  [aliceToken, bobToken, colleagueToken] = await Promise.all([
    login(t, alice),
    login(t, bob),
    login(t, { login: colleague, password: "secret123" }),
  ]);
});
afterAll(() => t?.close());

const pin = (name: string) => ({
  typ: "fastaccess",
  content: { name, params: {}, translation: `menu:${name}` },
});
const asAlice = { token: "", mandantId: 0 };

describe("favorites", () => {
  beforeAll(() => {
    asAlice.token = aliceToken;
    asAlice.mandantId = alice.mandantId;
  });

  it("creates, lists, updates and deletes the user's favorites", async () => {
    const created = await call(t, {
      method: "PUT",
      url: "/app/api/favorites",
      ...asAlice,
      payload: pin("kunden"),
    });
    expect(created.statusCode).toBe(200);
    const favorite = created.json();
    expect(favorite).toMatchObject({ typ: "fastaccess", content: { name: "kunden", params: {} } });

    const list = await call(t, { method: "GET", url: "/app/api/userfavorites", ...asAlice });
    expect(list.json()).toEqual([favorite]);

    const updated = await call(t, {
      method: "PUT",
      url: "/app/api/favorites",
      ...asAlice,
      payload: { ...favorite, content: { ...favorite.content, name: "belege" } },
    });
    expect(updated.json().content.name).toBe("belege");
    expect(
      (await call(t, { method: "GET", url: `/app/api/favorites/${favorite.id}`, ...asAlice })).json(),
    ).toEqual(updated.json());

    expect(
      (await call(t, { method: "DELETE", url: `/app/api/favorites/${favorite.id}`, ...asAlice })).statusCode,
    ).toBe(204);
    expect((await call(t, { method: "GET", url: "/app/api/userfavorites", ...asAlice })).json()).toEqual([]);
  });

  it("keeps favorites per user: a colleague in the same tenant sees none of them and cannot touch them", async () => {
    const favorite = (
      await call(t, { method: "PUT", url: "/app/api/favorites", ...asAlice, payload: pin("kunden") })
    ).json();
    const theirs = { token: colleagueToken, mandantId: alice.mandantId };
    expect((await call(t, { method: "GET", url: "/app/api/userfavorites", ...theirs })).json()).toEqual([]);
    expect(
      (await call(t, { method: "GET", url: `/app/api/favorites/${favorite.id}`, ...theirs })).statusCode,
    ).toBe(404);
    expect(
      (await call(t, { method: "DELETE", url: `/app/api/favorites/${favorite.id}`, ...theirs })).statusCode,
    ).toBe(404);
  });

  it("another tenant's favorite id gives 404", async () => {
    const favorite = (
      await call(t, { method: "PUT", url: "/app/api/favorites", ...asAlice, payload: pin("artikel") })
    ).json();
    const asBob = { token: bobToken, mandantId: bob.mandantId };
    expect(
      (await call(t, { method: "GET", url: `/app/api/favorites/${favorite.id}`, ...asBob })).statusCode,
    ).toBe(404);
    const overwrite = await call(t, {
      method: "PUT",
      url: "/app/api/favorites",
      ...asBob,
      payload: { ...favorite },
    });
    expect(overwrite.statusCode).toBe(404);
    expect(
      (await call(t, { method: "DELETE", url: `/app/api/favorites/${favorite.id}`, ...asBob })).statusCode,
    ).toBe(404);
  });

  it("400 with field codes, 401 without token, 403 without the tenant header", async () => {
    const bad = await call(t, {
      method: "PUT",
      url: "/app/api/favorites",
      ...asAlice,
      payload: { typ: "other", content: { name: "" } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual([
      { field: "typ", code: "enum" },
      { field: "content.name", code: "required" },
    ]);
    expect((await call(t, { method: "GET", url: "/app/api/userfavorites" })).statusCode).toBe(401);
    expect(
      (await call(t, { method: "GET", url: "/app/api/userfavorites", token: aliceToken })).statusCode,
    ).toBe(403);
  });
});
