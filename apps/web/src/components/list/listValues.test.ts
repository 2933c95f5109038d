import { describe, expect, it } from "vitest";
import {
  clampPage,
  nextSort,
  pageCount,
  parseSort,
  sortSearch,
  stripHtml,
  validateListSearch,
} from "./listValues.ts";

describe("stripHtml", () => {
  it.each([
    ["plain text", "plain text"],
    ["  spaced \n out  ", "spaced out"],
    ["<p>Erste <b>Zeile</b></p><p>zweite</p>", "Erste Zeile zweite"],
    ["a<br>b", "a b"],
    ["<ul><li>eins</li><li>zwei</li></ul>", "eins zwei"],
    ["Müller &amp; Söhne &lt;GmbH&gt;", "Müller & Söhne <GmbH>"],
    ['<img src="x" onerror="alert(1)">Bild', "Bild"],
    ["<script>alert(1)</script>sicher", "alert(1)sicher"],
    ["", ""],
  ])("%j -> %j", (input, expected) => {
    expect(stripHtml(input)).toBe(expected);
  });

  it("runs no script while parsing", () => {
    const before = (globalThis as { hacked?: boolean }).hacked;
    stripHtml('<img src="nope" onerror="globalThis.hacked = true"><script>globalThis.hacked = true</script>');
    expect((globalThis as { hacked?: boolean }).hacked).toBe(before);
  });
});

describe("sorting", () => {
  it("flips the sorted column and starts another column ascending", () => {
    expect(nextSort({ field: "name", direction: "asc" }, "name")).toEqual({
      field: "name",
      direction: "desc",
    });
    expect(nextSort({ field: "name", direction: "desc" }, "name")).toEqual({
      field: "name",
      direction: "asc",
    });
    expect(nextSort({ field: "name", direction: "desc" }, "id")).toEqual({ field: "id", direction: "asc" });
  });

  it("reads a sort of the URL only for sortable fields", () => {
    expect(parseSort("name,desc", ["id", "name"])).toEqual({ field: "name", direction: "desc" });
    expect(parseSort("name", ["id", "name"])).toEqual({ field: "name", direction: "asc" });
    expect(parseSort("secret,asc", ["id", "name"])).toBeNull();
    expect(parseSort("name,sideways", ["id", "name"])).toBeNull();
    expect(parseSort(undefined, ["id"])).toBeNull();
  });

  it("leaves the default sort out of the URL", () => {
    const fallback = { field: "name", direction: "asc" } as const;
    expect(sortSearch(fallback, fallback)).toBeUndefined();
    expect(sortSearch({ field: "name", direction: "desc" }, fallback)).toBe("name,desc");
    expect(sortSearch({ field: "id", direction: "asc" }, fallback)).toBe("id,asc");
  });
});

describe("paging", () => {
  it.each([
    [0, 1],
    [1, 1],
    [20, 1],
    [21, 2],
    [45, 3],
    [null, 1],
  ])("total %s -> %s pages of 20 (SPEC §9)", (total, pages) => {
    expect(pageCount({ totalCount: total, totalCapped: false }, 20)).toBe(pages);
  });

  it("a capped total has no last page: the pages so far, and the next while this page is full", () => {
    const capped = { totalCount: 10_000, totalCapped: true };
    expect(pageCount(capped, 20, 1, 20)).toBe(2);
    expect(pageCount(capped, 20, 500, 20)).toBe(501);
    expect(pageCount(capped, 20, 612, 20)).toBe(613);
    // A page that is not full is the last one; an empty one beyond the end offers none further.
    expect(pageCount(capped, 20, 613, 7)).toBe(613);
    expect(pageCount(capped, 20, 614, 0)).toBe(614);
  });

  it("keeps a page inside 1..pages", () => {
    expect(clampPage(0, 3)).toBe(1);
    expect(clampPage(2, 3)).toBe(2);
    expect(clampPage(9, 3)).toBe(3);
    expect(clampPage(Number.NaN, 3)).toBe(1);
  });

  it("validates the list search of the URL", () => {
    expect(validateListSearch({ page: "3", sort: "bezeichnung,desc" })).toEqual({
      page: 3,
      sort: "bezeichnung,desc",
    });
    expect(validateListSearch({ page: 1 })).toEqual({});
    expect(validateListSearch({ page: "-2", sort: "x;drop" })).toEqual({});
    expect(validateListSearch({ page: "2.5", other: "kept out" })).toEqual({});
  });
});
