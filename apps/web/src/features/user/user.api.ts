import { sortParam } from "@kontor/domain/http/paging.schema";
import { ZMandantSummary } from "@kontor/domain/mandant/mandant.schema";
import { type TUser, ZUser } from "@kontor/domain/user/user.schema";
import { queryOptions } from "@tanstack/react-query";
import { z } from "zod";
import { api, type Page } from "../../app/api.ts";
import type { ListQuery } from "../../components/list/listTypes.ts";

/** A user as the API answers it: with its id. */
export type TUserRecord = TUser & { id: number };
const ZUserRecord = ZUser.extend({ id: z.number().int() });

/**
 * User administration (not "user": that first key element is the signed-in user's own scope, queryScopes.ts).
 * Administration data is dropped on a tenant switch like all other non-user data.
 */
export const userKeys = {
  all: ["users"] as const,
  lists: () => [...userKeys.all, "list"] as const,
  list: (search: string) => [...userKeys.lists(), search] as const,
  detail: (id: number) => [...userKeys.all, "detail", id] as const,
  mandantOptions: ["users", "mandantOptions"] as const,
};

/** GET users?page&size&sort&search: administrators see all users, tenant administrators those of their tenants. */
export async function listUsers(
  query: ListQuery,
  search: string,
  signal?: AbortSignal,
): Promise<Page<TUserRecord>> {
  const page = await api.getPage("users", {
    signal,
    mandant: false,
    query: {
      page: query.page,
      size: query.size,
      sort: query.sort.map(sortParam),
      search: search.trim() === "" ? undefined : search.trim(),
    },
  });
  return { items: z.array(ZUserRecord).parse(page.items), totalCount: page.totalCount };
}

export const userQuery = (id: number) =>
  queryOptions({
    queryKey: userKeys.detail(id),
    queryFn: async ({ signal }) =>
      ZUserRecord.parse(await api.get<unknown>(`users/${id}`, { signal, mandant: false })),
  });

/** POST users creates (400 error.loginUsed / error.emailUsed), PUT users updates; both answer the saved user. */
export async function saveUser(user: z.input<typeof ZUser>): Promise<TUserRecord> {
  const body = ZUser.parse(user);
  const saved =
    body.id === undefined
      ? await api.post<unknown>("users", body, { mandant: false })
      : await api.put<unknown>("users", body, { mandant: false });
  return ZUserRecord.parse(saved);
}

/** DELETE users/{id}/sessions: signs the user out on every device. */
export async function revokeUserSessions(id: number): Promise<void> {
  await api.delete<void>(`users/${id}/sessions`, { mandant: false });
}

/** GET mandants/allmandants: the tenants a membership can name (admin: all; tenant admin: their own). */
export const mandantOptionsQuery = queryOptions({
  queryKey: userKeys.mandantOptions,
  queryFn: async ({ signal }) =>
    z
      .array(ZMandantSummary)
      .parse(await api.get<unknown>("mandants/allmandants", { signal, mandant: false })),
  staleTime: 60_000,
});
