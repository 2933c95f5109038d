import { describe, expect, it } from "vitest";
import { ZPageQuery } from "./paging.schema.ts";
import { sortParam, totalPages } from "./paging.ts";

const Query = ZPageQuery(["id", "bezeichnung"]);

describe("ZPageQuery", () => {
  it("defaults to page 0, size 20, no sort", () => {
    expect(Query.parse({})).toEqual({ page: 0, size: 20, sort: [] });
  });

  it("reads page, size and repeated sorts from query strings", () => {
    expect(Query.parse({ page: "2", size: "50", sort: ["bezeichnung,desc", "id"] })).toEqual({
      page: 2,
      size: 50,
      sort: [
        { field: "bezeichnung", direction: "desc" },
        { field: "id", direction: "asc" },
      ],
    });
  });

  it("accepts a single sort and normalises the case of field and direction", () => {
    expect(Query.parse({ sort: "Bezeichnung,DESC" }).sort).toEqual([
      { field: "bezeichnung", direction: "desc" },
    ]);
  });

  it.each([
    [{ page: "-1" }],
    [{ size: "0" }],
    [{ size: "501" }],
    [{ sort: "password,asc" }],
    [{ sort: "id,sideways" }],
    [{ sort: "id;drop table" }],
  ])("refuses %j", (input) => {
    expect(Query.safeParse(input).success).toBe(false);
  });
});

describe("totalPages (SPEC §9)", () => {
  it.each([
    [0, 20, 1],
    [1, 20, 1],
    [20, 20, 1],
    [21, 20, 2],
    [100_000, 20, 5000],
    [null, 20, 1],
    [undefined, 20, 1],
    [Number.NaN, 20, 1],
  ])("total %s, size %s -> %s", (total, size, expected) => {
    expect(totalPages(total, size)).toBe(expected);
  });

  it("writes sort parameters", () => {
    expect(sortParam({ field: "id", direction: "desc" })).toBe("id,desc");
  });
});
