import { sortParam } from "@kontor/domain/http/paging";
import {
  type TMandant,
  type TMandantInput,
  type TMandantListItem,
  ZMandant,
  ZMandantListItem,
  ZMandantUser,
} from "@kontor/domain/mandant/mandant.schema";
import { queryOptions } from "@tanstack/react-query";
import { z } from "zod";
import { api, type Page } from "../../app/api.ts";
import type { ListQuery } from "../../components/list/listTypes.ts";
import { mandantKeys } from "./mandant.queries.ts";

/** The shell's zod-free reads (mandant.queries.ts), here too for the administration and the sign-in. */
export { fetchMyMandants, mandantKeys, myMandantsQuery } from "./mandant.queries.ts";

/** A row of the tenant administration list (GET mandants/list). */
export type { TMandantListItem };

/** GET mandants/list (admin: all tenants; tenant admin: their own), paged; total in x-total-count. */
export async function listMandants(query: ListQuery, signal?: AbortSignal): Promise<Page<TMandantListItem>> {
  const page = await api.getPage("mandants/list", {
    signal,
    mandant: false,
    query: { page: query.page, size: query.size, sort: query.sort.map(sortParam) },
  });
  return { items: z.array(ZMandantListItem).parse(page.items), totalCount: page.totalCount };
}

/** GET mandants/{id}: every field, addresses, modules, members and the billing stats. */
export const mandantQuery = (id: number) =>
  queryOptions({
    queryKey: mandantKeys.detail(id),
    queryFn: async ({ signal }) =>
      ZMandant.parse(await api.get<unknown>(`mandants/${id}`, { signal, mandant: false })),
  });

/** PUT mandants: without id creates (admin), with id updates; answers the saved tenant. */
export async function saveMandant(mandant: TMandantInput): Promise<TMandant> {
  return ZMandant.parse(await api.put<unknown>("mandants", mandant, { mandant: false }));
}

/** DELETE mandants/activate/{id} and mandants/deactivate/{id} (admin). */
export async function setMandantAktiv(id: number, aktiv: boolean): Promise<void> {
  await api.delete<void>(`mandants/${aktiv ? "activate" : "deactivate"}/${id}`, { mandant: false });
}

/** GET usersearch?search=: users by first name, last name or login (at most 20). */
export const userSearchQuery = (search: string) =>
  queryOptions({
    queryKey: mandantKeys.userSearch(search),
    queryFn: async ({ signal }) => {
      const raw = await api.get<unknown>("usersearch", { signal, mandant: false, query: { search } });
      // SPEC §7: a search answer that is not an array counts as empty.
      return Array.isArray(raw) ? z.array(ZMandantUser.required({ login: true })).parse(raw) : [];
    },
    enabled: search.trim() !== "",
    staleTime: 30_000,
  });
