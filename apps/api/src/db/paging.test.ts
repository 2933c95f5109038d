import { LIST_COUNT_CAP } from "@kontor/domain/http/paging";
import { describe, expect, it } from "vitest";
import { totalOf } from "./paging.ts";

describe("totalOf: a list's total from its page, counted only when the page cannot tell", () => {
  const never = async () => {
    throw new Error("must not count");
  };
  const counts = (n: number) => async (limit: number) => Math.min(n, limit);

  it.each([
    { rows: 0, page: 0, total: 0 },
    { rows: 7, page: 0, total: 7 },
    { rows: 7, page: 3, total: 67 },
  ])("a page of $rows rows (page $page of 20) is the last one: $total without counting", async (c) => {
    expect(await totalOf(c.rows, { page: c.page, size: 20 }, never)).toEqual({
      totalCount: c.total,
      totalCapped: false,
    });
  });

  it.each([
    { rows: 20, page: 0, matches: 45, total: 45, capped: false },
    { rows: 0, page: 9, matches: 45, total: 45, capped: false },
    { rows: 20, page: 0, matches: LIST_COUNT_CAP, total: LIST_COUNT_CAP, capped: false },
    { rows: 20, page: 0, matches: LIST_COUNT_CAP + 1, total: LIST_COUNT_CAP, capped: true },
    { rows: 20, page: 0, matches: 5_000_000, total: LIST_COUNT_CAP, capped: true },
  ])("a full or empty page counts: $matches matches → $total (capped $capped)", async (c) => {
    expect(await totalOf(c.rows, { page: c.page, size: 20 }, counts(c.matches))).toEqual({
      totalCount: c.total,
      totalCapped: c.capped,
    });
  });

  it("a count kept elsewhere may pass the limit: exact, not capped", async () => {
    expect(await totalOf(20, { page: 0, size: 20 }, async () => 123_456)).toEqual({
      totalCount: 123_456,
      totalCapped: false,
    });
  });
});
