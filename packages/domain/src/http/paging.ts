/** Paging and sorting of lists (DESIGN §5) without zod: the web's lists import this on their first load. */

/** SPEC §9: page size 20. */
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 500;

export type SortDirection = "asc" | "desc";
export interface SortOrder<F extends string = string> {
  field: F;
  direction: SortDirection;
}

/** SPEC §9: total pages = ceil(total / size), 1 when the total is unknown (or zero). */
export function totalPages(totalCount: number | null | undefined, size: number): number {
  if (totalCount === null || totalCount === undefined || !Number.isFinite(totalCount) || size <= 0) return 1;
  return Math.max(1, Math.ceil(totalCount / size));
}

/** The sort parameter as sent: "field,asc". */
export const sortParam = (order: SortOrder) => `${order.field},${order.direction}`;

/**
 * Totals that do not grow with the table (docs/ARCHITECTURE.md "List totals"): a list counts its matches only up
 * to this cap (SEARCH_COUNT_CAP with search words). With more, `x-total-count` says the cap and
 * `x-total-count-capped: true` says "more than that"; the pagination bar shows "mehr als 10 000" and lets the user
 * page on while pages are full.
 */
export const LIST_COUNT_CAP = 10_000;
/**
 * The cap of a list filtered by search words: the trigram index answers a common word only after reading its whole
 * posting lists, so the count stops earlier (docs/ARCHITECTURE.md "List totals").
 */
export const SEARCH_COUNT_CAP = 1_000;
export const TOTAL_COUNT_CAPPED_HEADER = "x-total-count-capped";
