import type { TEinheit } from "@kontor/domain/einheit/einheit.schema";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../app/api.ts";

/**
 * GET einheitsall: all units of the tenant, for selections (under the units' query keys). Typed only — the server's
 * response schema guarantees the shape, and the article editor that picks a unit has no room for the units' code
 * list in its first load (DESIGN §9).
 */
export const einheitAllQuery = queryOptions({
  queryKey: ["einheit", "all"] as const,
  queryFn: ({ signal }) => api.get<TEinheit[]>("einheitsall", { signal }),
  staleTime: 60_000,
});
