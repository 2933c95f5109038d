/**
 * The URL search of every list route (page and sort). Kept apart from listValues.ts and free of imports: the route
 * tree (router.tsx) is part of the first page load, the list table's helpers are not.
 */
export interface ListSearch {
  /** 1-based page (the API's page is 0-based); missing = 1. */
  page?: number;
  /** "field,asc|desc"; missing = the list's default sort. */
  sort?: string;
  /** The list's search text, for lists that have a search box. */
  search?: string;
}

/** validateSearch of every list route: keeps a sane page, a sort-shaped string and a search text; drops the rest. */
export function validateListSearch(search: Record<string, unknown>): ListSearch {
  const result: ListSearch = {};
  const page = Number(search.page);
  if (Number.isSafeInteger(page) && page > 1) result.page = page;
  if (typeof search.sort === "string" && /^[A-Za-z][\w.]*,(asc|desc)$/.test(search.sort))
    result.sort = search.sort;
  if (typeof search.search === "string" && search.search.trim() !== "") result.search = search.search;
  return result;
}
