import { sortParam } from "@kontor/domain/http/paging.schema";
import {
  type TMandant,
  type TMandantInput,
  type TMandantListItem,
  type TMandantSummary,
  ZMandant,
  ZMandantListItem,
  ZMandantSummary,
  ZMandantUser,
} from "@kontor/domain/mandant/mandant.schema";
import { queryOptions } from "@tanstack/react-query";
import { z } from "zod";
import { api, type Page } from "../../app/api.ts";
import { USER_SCOPE } from "../../app/queryScopes.ts";
import type { ListQuery } from "../../components/list/listTypes.ts";

export const mandantKeys = {
  /** The tenants the signed-in user belongs to: user data, kept on a tenant switch. */
  mine: [USER_SCOPE, "mandants"] as const,
  /** Tenant administration (mandant_list, mandant/{id}). */
  admin: ["mandant"] as const,
  lists: () => [...mandantKeys.admin, "list"] as const,
  detail: (id: number) => [...mandantKeys.admin, "detail", id] as const,
  userSearch: (search: string) => [...mandantKeys.admin, "usersearch", search] as const,
};

/**
 * GET mandants/all: the user's tenants. Sent without X-Mandant-Id: this is the call that decides which tenant
 * to select, so a stale stored id must not stand in its way.
 */
export async function fetchMyMandants(signal?: AbortSignal): Promise<TMandantSummary[]> {
  const raw = await api.get<unknown>("mandants/all", { signal, mandant: false });
  return z.array(ZMandantSummary).parse(raw);
}

export const myMandantsQuery = queryOptions({
  queryKey: mandantKeys.mine,
  queryFn: ({ signal }) => fetchMyMandants(signal),
});

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
