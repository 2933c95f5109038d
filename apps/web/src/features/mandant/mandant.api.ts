import { type TMandantSummary, ZMandantSummary } from "@kontor/domain/mandant/mandant.schema";
import { queryOptions } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "../../app/api.ts";
import { USER_SCOPE } from "../../app/queryScopes.ts";

export const mandantKeys = {
  /** The tenants the signed-in user belongs to: user data, kept on a tenant switch. */
  mine: [USER_SCOPE, "mandants"] as const,
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
