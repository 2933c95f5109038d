import { EINHEIT_CODES } from "@kontor/domain/einheit/einheit.schema";
import { describe, expect, it } from "vitest";
import { describeCrud } from "../../test/crud.ts";
import { call, createTenantUser, login } from "../../test/helpers.ts";

/** Codes of the list that no tenant starts with (the seeded 25 come first in EINHEIT_CODES). */
const FREE = Object.keys(EINHEIT_CODES).slice(25);
const SEEDED = Object.keys(EINHEIT_CODES).slice(0, 25);
const free = (n: number) => FREE[n % FREE.length]!;

const crud = describeCrud({
  path: "einheits",
  valid: (n) => ({ code: free(n), bezeichnung: `Einheit ${n}`, kuerzel: `E${n}` }),
  update: { bezeichnung: "Dutzend", kuerzel: "Dtz" },
  invalid: [
    { payload: { code: "STK", bezeichnung: "Stück", kuerzel: "Stk" }, field: "code", code: "enum" },
    { payload: { code: "DZN", kuerzel: "Dtz" }, field: "bezeichnung", code: "required" },
    { payload: { code: "DZN", bezeichnung: "Dutzend" }, field: "kuerzel", code: "required" },
    {
      payload: { code: "DZN", bezeichnung: "Dutzend", kuerzel: "x".repeat(11) },
      field: "kuerzel",
      code: "maxLength",
    },
  ],
  sort: { field: "bezeichnung", values: (n) => ({ bezeichnung: `Sortierung ${n}` }) },
  authorities: ["ROLE_USER"],
  forbiddenAuthorities: ["ROLE_KASSABUCH"],
  seeded: true,
});

const put = (payload: Record<string, unknown>) =>
  call(crud.t, { method: "PUT", url: "/app/api/einheits", ...crud.as(), payload });
const all = async () =>
  (await call(crud.t, { method: "GET", url: "/app/api/einheitsall", ...crud.as() })).json() as {
    id: number;
    code: string;
    bezeichnung: string;
    defaultEinheit: boolean;
  }[];

describe("einheits: seeded units, one default, unique codes, all", () => {
  it("a new tenant starts with 25 units, Stück (C62) the default, all from the code list", async () => {
    const units = await all();
    expect(units.map((u) => u.code).sort()).toEqual(expect.arrayContaining([...SEEDED].sort()));
    expect(units.filter((u) => u.defaultEinheit)).toMatchObject([{ code: "C62", bezeichnung: "Stück" }]);
  });

  it("making a unit the default takes the flag from the previous one", async () => {
    const created = await put({ code: "H87", bezeichnung: "Teil", kuerzel: "Tl", defaultEinheit: true });
    expect(created.statusCode, created.body).toBe(200);
    expect((await all()).filter((u) => u.defaultEinheit)).toEqual([created.json()]);
  });

  it("a code the tenant has already is refused with field code unique", async () => {
    const response = await put({ code: "KGM", bezeichnung: "Kilo", kuerzel: "kg" });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual([{ field: "code", code: "unique" }]);
  });

  it("all units come sorted by name", async () => {
    const names = (await all()).map((u) => u.bezeichnung);
    expect(names.indexOf("Gramm")).toBeLessThan(names.indexOf("Kilogramm"));
    expect(names.indexOf("Kilogramm")).toBeLessThan(names.indexOf("Stück"));
    expect(names.indexOf("Stück")).toBeLessThan(names.indexOf("Woche"));
  });

  it("GET einheitsall needs a sign-in (401), is open to every member and shows only the tenant's units", async () => {
    expect((await call(crud.t, { method: "GET", url: "/app/api/einheitsall" })).statusCode).toBe(401);
    const member = await createTenantUser(crud.t, { authorities: ["ROLE_KASSABUCH"] });
    const response = await call(crud.t, {
      method: "GET",
      url: "/app/api/einheitsall",
      token: await login(crud.t, member),
      mandantId: member.mandantId,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toHaveLength(25);
    expect(response.json().some((u: { code: string }) => u.code === "H87")).toBe(false);
  });
});
