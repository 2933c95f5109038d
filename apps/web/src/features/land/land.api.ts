import type { TLand } from "@kontor/domain/land/land.schema";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../app/api.ts";
import { APP_SCOPE } from "../../app/queryScopes.ts";

/**
 * GET alllands: the 249 countries, installation-wide (kept across tenant switches), fetched once per visit. The
 * server's response schema guarantees the shape (types only here: the tenant form's budget has no room for zod
 * parsing it again).
 */
export const landsQuery = queryOptions({
  queryKey: [APP_SCOPE, "land", "all"] as const,
  queryFn: ({ signal }): Promise<TLand[]> => api.get<TLand[]>("alllands", { signal, mandant: false }),
  staleTime: Number.POSITIVE_INFINITY,
});
