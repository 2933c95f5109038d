import { LIST_COUNT_CAP, SEARCH_COUNT_CAP, type SortOrder } from "@kontor/domain/http/paging";
import { type AnyColumn, asc, count, desc, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { type Db, queryRows, type Tx } from "./client.ts";

/**
 * A list's total (docs/ARCHITECTURE.md "List totals"): exact up to LIST_COUNT_CAP; with more matches the cap and
 * `totalCapped`, so a total never costs more than counting LIST_COUNT_CAP + 1 rows, however large the table.
 */
export interface Total {
  totalCount: number;
  totalCapped: boolean;
}

export interface Page<T> extends Total {
  items: T[];
}

export interface PageRequest<F extends string = string> {
  page: number;
  size: number;
  sort: SortOrder<F>[];
}

/**
 * ORDER BY for a list: the requested sorts (fields mapped to columns by a whitelist), then the default sort, then
 * the id as a tie-breaker so that paging is stable.
 */
export function orderBy<F extends string>(
  sort: readonly SortOrder<F>[],
  columns: Record<F, AnyColumn | SQL>,
  fallback: readonly SortOrder<F>[],
  id: AnyColumn,
): SQL[] {
  const orders = (sort.length > 0 ? sort : fallback).map((order) =>
    order.direction === "desc" ? desc(columns[order.field]) : asc(columns[order.field]),
  );
  return [...orders, asc(id)];
}

/**
 * The total of a list whose page holds `rows` rows. A page that is neither full nor empty is the last one and
 * tells the total itself; otherwise `countUpTo(cap + 1)` counts the matches (countRowsUpTo): reaching that limit
 * means more than the cap (answered as the cap, capped). A count kept elsewhere (a counter table) may answer more
 * than the limit: that is exact and answered as it is. The cap: LIST_COUNT_CAP, or SEARCH_COUNT_CAP for a list
 * filtered by search words (capFor).
 */
export async function totalOf(
  rows: number,
  request: Pick<PageRequest, "page" | "size">,
  countUpTo: (limit: number) => Promise<number>,
  cap = LIST_COUNT_CAP,
): Promise<Total> {
  if (rows < request.size && (rows > 0 || request.page === 0))
    return { totalCount: request.page * request.size + rows, totalCapped: false };
  const limit = cap + 1;
  const n = await countUpTo(limit);
  return n === limit ? { totalCount: cap, totalCapped: true } : { totalCount: n, totalCapped: false };
}

/** The count cap of a list: smaller when it is filtered by search words. */
export const capFor = (search: string | undefined) =>
  (search ?? "").trim() === "" ? LIST_COUNT_CAP : SEARCH_COUNT_CAP;

/** One page: its rows, then their total (totalOf). */
export async function pageOf<T>(
  rows: Promise<T[]>,
  request: Pick<PageRequest, "page" | "size">,
  countUpTo: (limit: number) => Promise<number>,
  cap = LIST_COUNT_CAP,
): Promise<Page<T>> {
  const items = await rows;
  return { items, ...(await totalOf(items.length, request, countUpTo, cap)) };
}

/** How many rows of a table match, counting at most `limit`: `count(*)` over `SELECT 1 … LIMIT limit`. */
export async function countRowsUpTo(
  db: Db | Tx,
  from: PgTable,
  where: SQL | undefined,
  limit: number,
): Promise<number> {
  const matches = db.select({ one: sql`1` }).from(from).where(where).limit(limit).as("treffer");
  const [row] = await db.select({ n: count() }).from(matches);
  return row?.n ?? 0;
}

/** countRowsUpTo for a SELECT written in SQL (`SELECT 1 FROM … WHERE …`). */
export async function countSelectUpTo(db: Db | Tx, select: SQL, limit: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM (${select} LIMIT ${limit}) AS treffer`,
  );
  return row?.n ?? 0;
}
