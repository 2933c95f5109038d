import { describe, expect, it } from "vitest";
import { describeCrud } from "../../test/crud.ts";
import { call, createTenantUser, login } from "../../test/helpers.ts";

// Seeded rates (20, 13, 10, 0 for AT; 19, 7, 0 for DE) exist in every tenant: new rates use other countries.
const crud = describeCrud({
  path: "mehrwertssteuers",
  valid: (n) => ({ mwst: 5 + n / 100, land: "FR", defaultMwst: false }),
  update: { mwst: 5.5 },
  invalid: [
    { payload: { land: "FR" }, field: "mwst", code: "required" },
    { payload: { mwst: 101, land: "FR" }, field: "mwst", code: "max" },
    { payload: { mwst: -1, land: "FR" }, field: "mwst", code: "min" },
    { payload: { mwst: 5.555, land: "FR" }, field: "mwst", code: "invalid" },
    { payload: { mwst: 5, land: "Frankreich" }, field: "land", code: "pattern" },
    // issue 13 item 8: two letters that are no ISO 3166-1 code were stored
    { payload: { mwst: 5, land: "AA" }, field: "land", code: "enum" },
  ],
  sort: { field: "mwst", values: (n) => ({ mwst: 30 + n, land: "IT" }) },
  authorities: ["ROLE_USER"],
  forbiddenAuthorities: ["ROLE_KASSABUCH"],
  seeded: true,
});

describe("mehrwertssteuers: seeded rates, one default, all", () => {
  it("a new tenant starts with Austria's and Germany's rates, 20 % the default", async () => {
    const all = await call(crud.t, { method: "GET", url: "/app/api/mehrwertssteuers/all", ...crud.as() });
    expect(all.statusCode).toBe(200);
    const rates = all.json().map((r: { land: string; mwst: number }) => `${r.land} ${r.mwst}`);
    expect(rates).toEqual(
      expect.arrayContaining(["AT 20", "AT 13", "AT 10", "AT 0", "DE 19", "DE 7", "DE 0"]),
    );
    const defaults = all.json().filter((r: { defaultMwst: boolean }) => r.defaultMwst);
    expect(defaults).toMatchObject([{ land: "AT", mwst: 20 }]);
  });

  it("making a rate the default takes the flag from the previous one", async () => {
    const created = await call(crud.t, {
      method: "PUT",
      url: "/app/api/mehrwertssteuers",
      ...crud.as(),
      payload: { mwst: 8.1, land: "CH", defaultMwst: true },
    });
    expect(created.statusCode).toBe(200);
    const all = (
      await call(crud.t, { method: "GET", url: "/app/api/mehrwertssteuers/all", ...crud.as() })
    ).json();
    expect(all.filter((r: { defaultMwst: boolean }) => r.defaultMwst)).toEqual([created.json()]);
  });

  it("the same rate twice in one country is refused with field code unique", async () => {
    const response = await call(crud.t, {
      method: "PUT",
      url: "/app/api/mehrwertssteuers",
      ...crud.as(),
      payload: { mwst: 20, land: "AT" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual([{ field: "mwst", code: "unique" }]);
  });

  it("GET all needs a tenant member; another tenant's rates stay apart", async () => {
    expect((await call(crud.t, { method: "GET", url: "/app/api/mehrwertssteuers/all" })).statusCode).toBe(
      401,
    );
    const other = await createTenantUser(crud.t, { authorities: ["ROLE_USER"] });
    const token = await login(crud.t, other);
    const all = await call(crud.t, {
      method: "GET",
      url: "/app/api/mehrwertssteuers/all",
      token,
      mandantId: other.mandantId,
    });
    expect(all.json().some((r: { land: string }) => r.land === "CH")).toBe(false);
  });
});
