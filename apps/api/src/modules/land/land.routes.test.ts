import { LAENDER_KUERZEL } from "@kontor/domain/land/land.codes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTenantUser, createTestApp, login, type TestApp } from "../../test/helpers.ts";

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await login(t, await createTenantUser(t));
});
afterAll(() => t?.close());

describe("countries", () => {
  it("alllands: every ISO 3166-1 country with German and English name, EU members flagged", async () => {
    const response = await call(t, { method: "GET", url: "/app/api/alllands", token });
    expect(response.statusCode).toBe(200);
    const lands = response.json();
    expect(lands).toHaveLength(249);
    expect(lands).toContainEqual(
      expect.objectContaining({
        laenderKuerzel: "AT",
        bezeichnung: "Österreich",
        bezeichnungEn: "Austria",
        eu: true,
      }),
    );
    expect(lands.filter((l: { eu: boolean }) => l.eu)).toHaveLength(27);
    expect(lands.find((l: { laenderKuerzel: string }) => l.laenderKuerzel === "CH").eu).toBe(false);
  });

  it("the code list of packages/domain (what country fields accept) is the table's", async () => {
    const response = await call(t, { method: "GET", url: "/app/api/alllands", token });
    const codes = response.json().map((l: { laenderKuerzel: string }) => l.laenderKuerzel);
    expect([...codes].sort()).toEqual([...LAENDER_KUERZEL]);
  });

  it("landsearch finds by code, German or English name, case-insensitive", async () => {
    const search = async (text: string) =>
      (await call(t, { method: "GET", url: `/app/api/landsearch?search=${encodeURIComponent(text)}`, token }))
        .json()
        .map((l: { laenderKuerzel: string }) => l.laenderKuerzel);
    expect(await search("de")).toContain("DE");
    expect(await search("österr")).toEqual(["AT"]);
    expect(await search("GERMANY")).toEqual(["DE"]);
    expect(await search("schweiz")).toEqual(["CH"]);
    expect(await search("%")).toEqual([]);
  });

  it("landsByLaenderKuerzel: one country; unknown code 404, malformed 400", async () => {
    const found = await call(t, { method: "GET", url: "/app/api/landsByLaenderKuerzel/de", token });
    expect(found.json()).toMatchObject({ laenderKuerzel: "DE", bezeichnung: "Deutschland" });
    expect(
      (await call(t, { method: "GET", url: "/app/api/landsByLaenderKuerzel/QQ", token })).statusCode,
    ).toBe(404);
    const bad = await call(t, { method: "GET", url: "/app/api/landsByLaenderKuerzel/DEU", token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toContainEqual(
      expect.objectContaining({ field: "code", code: "pattern" }),
    );
  });

  it("needs a sign-in", async () => {
    for (const url of [
      "/app/api/alllands",
      "/app/api/landsearch?search=a",
      "/app/api/landsByLaenderKuerzel/AT",
    ])
      expect((await call(t, { method: "GET", url })).statusCode).toBe(401);
  });
});
