import { AUTHORITIES } from "@kontor/domain/access/access.schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTenantUser, createTestApp, login, type TestApp } from "../../test/helpers.ts";

let t: TestApp;
let as: { token: string; mandantId: number };

beforeAll(async () => {
  t = await createTestApp();
  // Any member will do: the least privileged authority, and no modules.
  const user = await createTenantUser(t, { authorities: ["ROLE_KALENDER_READONLY"], modules: [] });
  as = { token: await login(t, user), mandantId: user.mandantId };
});
afterAll(() => t?.close());

const get = (path: string, who: Partial<typeof as> = as) =>
  call(t, { method: "GET", url: `/app/api/${path}`, ...who });

describe("simple types", () => {
  it.each<[string, string[]]>([
    ["firmatyp", ["firma", "privatperson"]],
    ["geschlechtstyp", ["herr", "frau", "familie", "divers"]],
    ["pdflayout", ["standard", "kompakt", "modern"]],
    [
      "belegstypen",
      [
        "angebot",
        "auftragsbestaetigung",
        "lieferschein",
        "rechnung",
        "gutschrift",
        "storno",
        "proformarechnung",
        "barrechnung",
        "bestellung",
      ],
    ],
    [
      "belegstypengui",
      [
        "angebot",
        "auftragsbestaetigung",
        "lieferschein",
        "rechnung",
        "gutschrift",
        "proformarechnung",
        "barrechnung",
        "bestellung",
      ],
    ],
    ["belegstypbestellung", ["bestellung"]],
    ["roletyp", [...AUTHORITIES]],
  ])("GET %s answers [{id, name}] in order, ids from 1", async (path, names) => {
    const response = await get(path);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual(names.map((name, index) => ({ id: index + 1, name })));
    expect(response.headers["x-total-count"]).toBe(String(names.length));
  });

  it("GET geschlechtstyp/asstring answers the codes", async () => {
    const response = await get("geschlechtstyp/asstring");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(["herr", "frau", "familie", "divers"]);
  });

  it.each([
    "firmatyp",
    "geschlechtstyp",
    "geschlechtstyp/asstring",
    "roletyp",
    "pdflayout",
    "belegstypen",
    "belegstypengui",
    "belegstypbestellung",
  ])("GET %s needs a sign-in (401) and a tenant (403)", async (path) => {
    expect((await get(path, {})).statusCode).toBe(401);
    const noTenant = await get(path, { token: as.token });
    expect(noTenant.statusCode).toBe(403);
    expect(noTenant.json().code).toBe("error.mandantMissing");
  });
});
