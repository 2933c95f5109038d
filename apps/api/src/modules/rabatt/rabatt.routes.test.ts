import { describe, expect, it } from "vitest";
import { describeCrud } from "../../test/crud.ts";
import { call, unique } from "../../test/helpers.ts";

const crud = describeCrud({
  path: "rabatts",
  valid: (n) => ({ code: unique(`R${n}`), bezeichnung: `Rabatt ${n}`, prozent: 10 }),
  update: { bezeichnung: "Stammkunden", prozent: 12.5 },
  invalid: [
    { payload: { bezeichnung: "Ohne Code", prozent: 5 }, field: "code", code: "required" },
    { payload: { code: "x".repeat(21), bezeichnung: "b", prozent: 5 }, field: "code", code: "maxLength" },
    { payload: { code: "R", prozent: 5 }, field: "bezeichnung", code: "required" },
    { payload: { code: "R", bezeichnung: "b" }, field: "prozent", code: "required" },
    { payload: { code: "R", bezeichnung: "b", prozent: 100.5 }, field: "prozent", code: "max" },
    { payload: { code: "R", bezeichnung: "b", prozent: -1 }, field: "prozent", code: "min" },
    { payload: { code: "R", bezeichnung: "b", prozent: 2.555 }, field: "prozent", code: "invalid" },
  ],
  sort: { field: "prozent", values: (n) => ({ prozent: n }) },
  authorities: ["ROLE_USER"],
  forbiddenAuthorities: ["ROLE_KASSABUCH"],
});

const put = (payload: Record<string, unknown>) =>
  call(crud.t, { method: "PUT", url: "/app/api/rabatts", ...crud.as(), payload });

describe("rabatts: codes and sorting", () => {
  it("a code used twice in the tenant is refused with field code unique", async () => {
    const code = unique("STAMM");
    expect((await put({ code, bezeichnung: "Stammkunden", prozent: 5 })).statusCode).toBe(200);
    const twice = await put({ code, bezeichnung: "Noch einmal", prozent: 7 });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().fieldErrors).toEqual([{ field: "code", code: "unique" }]);
  });

  it("lists by code unless asked otherwise", async () => {
    const prefix = unique("ORD");
    for (const code of ["C", "A", "B"])
      await put({ code: `${prefix}-${code}`, bezeichnung: code, prozent: 1 });
    const list = await call(crud.t, { method: "GET", url: "/app/api/rabatts?size=500", ...crud.as() });
    const codes = list.json().map((r: { code: string }) => r.code);
    expect(codes.filter((c: string) => c.startsWith(prefix))).toEqual(
      ["A", "B", "C"].map((c) => `${prefix}-${c}`),
    );
  });
});
