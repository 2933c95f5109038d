import { ZEinheit } from "@kontor/domain/einheit/einheit.schema";
import { queryOptions } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "../../app/api.ts";

/** GET einheitsall: all units of the tenant, for selections (under the units' query keys). */
export const einheitAllQuery = queryOptions({
  queryKey: ["einheit", "all"] as const,
  queryFn: async ({ signal }) => z.array(ZEinheit).parse(await api.get<unknown>("einheitsall", { signal })),
  staleTime: 60_000,
});
