import type { SortOrder } from "@kontor/domain/http/paging";
import { type AnyColumn, asc, desc, type SQL, sql } from "drizzle-orm";

export interface Page<T> {
  items: T[];
  totalCount: number;
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

/** The total in the same query (count(*) over ()), so a page costs one round trip. */
export const totalCountColumn = sql<number>`(count(*) over ())::int`;

/**
 * Runs a page query whose rows carry `totalCount` (totalCountColumn); a page beyond the end asks for the total
 * separately.
 */
export async function toPage<T extends { totalCount: number }>(
  rows: Promise<T[]>,
  request: Pick<PageRequest, "page">,
  countWhenEmpty: () => Promise<number>,
): Promise<Page<Omit<T, "totalCount">>> {
  const result = await rows;
  const totalCount = result[0]?.totalCount ?? (request.page === 0 ? 0 : await countWhenEmpty());
  return { items: result.map(({ totalCount: _, ...item }) => item), totalCount };
}
