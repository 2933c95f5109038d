import { describe, expect, it } from "vitest";
import { describeCrud } from "../../test/crud.ts";
import { call, unique } from "../../test/helpers.ts";

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

    it("lists by name with an empty customer list, apart from the other kind", async () => {
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
}
