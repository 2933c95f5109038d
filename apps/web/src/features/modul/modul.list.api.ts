import { sortParam } from "@kontor/domain/http/paging";
import type { TModultyp } from "@kontor/domain/modul/modul.schema";
import { api, type Page } from "../../app/api.ts";
import type { ListQuery } from "../../components/list/listTypes.ts";

/** Module types (modultypen): installation-wide, admin only. */
export const modulKeys = {
  all: ["modultyp"] as const,
  lists: () => [...modulKeys.all, "list"] as const,
  detail: (id: number) => [...modulKeys.all, "detail", id] as const,
  /** All 24 at once, for the module names of the tenant form. */
  names: () => [...modulKeys.all, "names"] as const,
};

/** GET modultypen, paged (default sort name). */
export async function listModultypen(query: ListQuery, signal?: AbortSignal): Promise<Page<TModultyp>> {
  const page = await api.getPage("modultypen", {
    signal,
    mandant: false,
    query: { page: query.page, size: query.size, sort: query.sort.map(sortParam) },
  });
  // Lists trust the server's answer shape (no zod in list chunks, DESIGN §9); the edit screen parses.
  return { ...page, items: page.items as TModultyp[] };
}
