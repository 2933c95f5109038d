import { sortParam } from "@kontor/domain/http/paging";
import type { TUser } from "@kontor/domain/user/user.schema";
import { api, type Page } from "../../app/api.ts";
import type { ListQuery } from "../../components/list/listTypes.ts";

/** A user as the API answers it: with its id. */
export type TUserRecord = TUser & { id: number };

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
  // Lists trust the server's answer shape (no zod in list chunks, DESIGN §9); the edit screen parses.
  return { ...page, items: page.items as TUserRecord[] };
}
