import type { TMandantOfUser } from "@kontor/domain/mandant/mandant.schema";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../app/api.ts";
import { USER_SCOPE } from "../../app/queryScopes.ts";

/*
 * The tenant reads the app shell needs on every page load. Types only from the domain (like api.ts): the
 * runtime schemas would bring zod along. The server parses every response with its schema (ZMandantOfUser),
 * so the shape is trusted here; the administration's calls stay in mandant.api.ts.
 */

export const mandantKeys = {
  /** The tenants the signed-in user belongs to: user data, kept on a tenant switch. */
  mine: [USER_SCOPE, "mandants"] as const,
  /** Tenant administration (mandant_list, mandant/{id}). */
  admin: ["mandant"] as const,
  lists: () => [...mandantKeys.admin, "list"] as const,
  detail: (id: number) => [...mandantKeys.admin, "detail", id] as const,
  userSearch: (search: string) => [...mandantKeys.admin, "usersearch", search] as const,
  /** A tenant's logo as a blob, null without one (mandant.logo.api.ts). */
  logo: (id: number) => [...mandantKeys.admin, "logo", id] as const,
  /** A tenant's pending invitations (mandant.einladung.api.ts). */
  einladungen: (id: number) => [...mandantKeys.admin, "einladungen", id] as const,
};

/**
 * GET mandants/all: the user's tenants. Sent without X-Mandant-Id: this is the call that decides which tenant
 * to select, so a stale stored id must not stand in its way.
 */
export async function fetchMyMandants(signal?: AbortSignal): Promise<TMandantOfUser[]> {
  return api.get<TMandantOfUser[]>("mandants/all", { signal, mandant: false });
}

export const myMandantsQuery = queryOptions({
  queryKey: mandantKeys.mine,
  queryFn: ({ signal }) => fetchMyMandants(signal),
});
