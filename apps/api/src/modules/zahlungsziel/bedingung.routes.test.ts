import { inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { kunde } from "../../db/schema/index.ts";
import { withTenant } from "../../db/tenant.ts";
import { describeCrud } from "../../test/crud.ts";
import { call, createTenantUser, login, unique } from "../../test/helpers.ts";
import { insertKunde } from "../kunde/kunde.fixture.ts";

// Delivery terms and payment conditions share one registration; each gets the generic tests.
for (const path of ["lieferbedingung", "zahlungsbedingung"] as const) {
  const other = path === "lieferbedingung" ? "zahlungsbedingung" : "lieferbedingung";
  const crud = describeCrud({
    path,
    valid: (n) => ({ name: `Bedingung ${n}` }),
    update: { name: "frei Haus" },
    invalid: [
      { payload: {}, field: "name", code: "required" },
      { payload: { name: " " }, field: "name", code: "required" },
      { payload: { name: "x".repeat(201) }, field: "name", code: "maxLength" },
    ],
    sort: { field: "name", values: (n) => ({ name: `Sortierung ${n}` }) },
    authorities: ["ROLE_USER"],
    forbiddenAuthorities: ["ROLE_KASSABUCH"],
  });

  describe(`${path}: customers, order, own table`, () => {
    const list = async (p: string) =>
      (await call(crud.t, { method: "GET", url: `/app/api/${p}?size=500`, ...crud.as() })).json() as {
        id: number;
        name: string;
        kundeList: unknown[];
      }[];

    it("lists by name, without customers an empty customer list, apart from the other kind", async () => {
      const prefix = unique("Bed");
      const ids: number[] = [];
      for (const name of [`${prefix} B`, `${prefix} A`]) {
        const response = await call(crud.t, {
          method: "PUT",
          url: `/app/api/${path}`,
          ...crud.as(),
          payload: { name, kundeList: [{ id: 1, bezeichnung: "ignoriert" }] },
        });
        expect(response.statusCode).toBe(200);
        expect(response.json().kundeList).toEqual([]);
        ids.push(response.json().id);
      }
      const mine = (await list(path)).filter((b) => b.name.startsWith(prefix));
      expect(mine.map((b) => b.id)).toEqual([ids[1], ids[0]]);
      expect((await list(other)).some((b) => b.name.startsWith(prefix))).toBe(false);
    });
  });

  describe(`${path}: the customers that use it`, () => {
    const spalte = path === "lieferbedingung" ? "lieferbedingungId" : "zahlungsbedingungId";

    it("lists them by name in GET, the list and PUT; one in use cannot be deleted (409 error.inUse)", async () => {
      // A tenant of its own, so the list holds only what this test writes.
      const t = crud.t;
      const user = await createTenantUser(t, { authorities: ["ROLE_USER"] });
      const who = { token: await login(t, user), mandantId: user.mandantId };
      const create = async (name: string) =>
        (await call(t, { method: "PUT", url: `/app/api/${path}`, ...who, payload: { name } })).json();
      const used = await create("Frei Haus");
      const other = await create("Ab Werk");
      const b = await insertKunde(t, who.mandantId, { bezeichnung: "Beta GmbH", [spalte]: used.id });
      const a = await insertKunde(t, who.mandantId, { bezeichnung: "Alpha OG", [spalte]: used.id });
      await insertKunde(t, who.mandantId, { bezeichnung: "Gamma", [spalte]: other.id });
      const expected = [
        { id: a, bezeichnung: "Alpha OG" },
        { id: b, bezeichnung: "Beta GmbH" },
      ];
      const one = await call(t, { method: "GET", url: `/app/api/${path}/${used.id}`, ...who });
      expect(one.json()).toEqual({ id: used.id, name: "Frei Haus", kundeList: expected });
      const list = (await call(t, { method: "GET", url: `/app/api/${path}`, ...who })).json();
      expect(list).toEqual([
        { id: other.id, name: "Ab Werk", kundeList: [expect.objectContaining({ bezeichnung: "Gamma" })] },
        { id: used.id, name: "Frei Haus", kundeList: expected },
      ]);
      const renamed = await call(t, {
        method: "PUT",
        url: `/app/api/${path}`,
        ...who,
        payload: { ...used, name: "Frei Baustelle", kundeList: [] },
      });
      expect(renamed.json()).toEqual({ id: used.id, name: "Frei Baustelle", kundeList: expected });

      const refused = await call(t, { method: "DELETE", url: `/app/api/${path}/${used.id}`, ...who });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe("error.inUse");
      expect((await call(t, { method: "GET", url: `/app/api/${path}/${used.id}`, ...who })).statusCode).toBe(
        200,
      );
      await withTenant(t.db, who.mandantId, (tx) =>
        tx
          .update(kunde)
          .set({ [spalte]: null })
          .where(inArray(kunde.id, [a, b])),
      );
      expect(
        (await call(t, { method: "DELETE", url: `/app/api/${path}/${used.id}`, ...who })).statusCode,
      ).toBe(204);
    });
  });
}
