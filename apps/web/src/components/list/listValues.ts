import { type SortOrder, sortParam, totalPages } from "@kontor/domain/http/paging";
import type { ListTotal } from "../../app/api.ts";

/**
 * The pure part of the generic list table (SPEC §2 "Generic list table"): what a cell shows, how a header click
 * changes the sort, how the URL carries page and sort. Tested in listValues.test.ts.
 */

const BLOCK_TAGS = /<\/?(p|div|br|li|ul|ol|h[1-6]|tr|td|th|table|blockquote|pre|section|article)\b[^>]*>/gi;

/**
 * Text without markup, as a list cell shows it: tags removed (block tags read as a space, so "<p>a</p><p>b</p>"
 * reads "a b"), entities decoded, whitespace collapsed. DOMParser builds an inert document: no script runs, no
 * image loads.
 */
export function stripHtml(value: string): string {
  if (!/[<&]/.test(value)) return value.replace(/\s+/g, " ").trim();
  const spaced = value.replace(BLOCK_TAGS, " ");
  const text = new DOMParser().parseFromString(spaced, "text/html").body.textContent ?? "";
  return text.replace(/\s+/g, " ").trim();
}

/**
 * A header click: the sorted column flips its direction, any other column starts ascending (mantine-datatable
 * on its own would keep the previous column's direction).
 */
export function nextSort<F extends string>(current: SortOrder<F>, field: F): SortOrder<F> {
  if (current.field === field) return { field, direction: current.direction === "asc" ? "desc" : "asc" };
  return { field, direction: "asc" };
}

/** `sort` of the URL ("field,asc|desc") back into an order; anything not sortable in this list is ignored. */
export function parseSort<F extends string>(value: unknown, sortable: readonly F[]): SortOrder<F> | null {
  if (typeof value !== "string") return null;
  const [field, direction = "asc"] = value.split(",");
  const match = sortable.find((candidate) => candidate === field);
  if (match === undefined || (direction !== "asc" && direction !== "desc")) return null;
  return { field: match, direction };
}

export { type ListSearch, validateListSearch } from "./listSearch.ts";

/** The URL form of a sort: omitted when it is the list's default (clean URLs for the common case). */
export function sortSearch<F extends string>(
  order: SortOrder<F>,
  defaultSort: SortOrder<F>,
): string | undefined {
  return order.field === defaultSort.field && order.direction === defaultSort.direction
    ? undefined
    : sortParam(order);
}

/**
 * The pages the pagination bar offers. SPEC §9: ceil(total / size), 1 if the total is unknown; a requested page is
 * kept inside that range. A capped total (more rows match than the server counts) has no known last page: the
 * pages up to the current one, and one more while the current page is full.
 */
export function pageCount(total: ListTotal, size: number, page = 1, rowsOnPage = 0): number {
  if (!total.totalCapped) return totalPages(total.totalCount, size);
  return Math.max(1, Math.trunc(page) || 1) + (rowsOnPage >= size ? 1 : 0);
}

export function clampPage(page: number, count: number): number {
  return Math.min(Math.max(1, Math.trunc(page) || 1), Math.max(1, count));
}
