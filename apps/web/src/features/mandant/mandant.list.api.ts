import { sortParam } from "@kontor/domain/http/paging";
import type { TMandantListItem } from "@kontor/domain/mandant/mandant.schema";
import { api, type Page } from "../../app/api.ts";
import type { ListQuery } from "../../components/list/listTypes.ts";

/** GET mandants/list (admin: all tenants; tenant admin: their own), paged; total in x-total-count. */
export async function listMandants(query: ListQuery, signal?: AbortSignal): Promise<Page<TMandantListItem>> {
  const page = await api.getPage("mandants/list", {
    signal,
    mandant: false,
    query: { page: query.page, size: query.size, sort: query.sort.map(sortParam) },
  });
  // Lists trust the server's answer shape (no zod in list chunks, DESIGN §9); the edit screen parses.
  return { ...page, items: page.items as TMandantListItem[] };
}
