import { type TLand, ZLand } from "@kontor/domain/land/land.schema";
import { queryOptions } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "../../app/api.ts";
import { APP_SCOPE } from "../../app/queryScopes.ts";

/** GET alllands: the 249 countries, installation-wide (kept across tenant switches), fetched once per visit. */
export const landsQuery = queryOptions({
  queryKey: [APP_SCOPE, "land", "all"] as const,
  queryFn: async ({ signal }): Promise<TLand[]> =>
    z.array(ZLand).parse(await api.get<unknown>("alllands", { signal, mandant: false })),
  staleTime: Number.POSITIVE_INFINITY,
});
