import { ZAppInfo } from "@kontor/domain/auth/auth.schema";
import { queryOptions } from "@tanstack/react-query";
import { api } from "./api.ts";
import { APP_SCOPE } from "./queryScopes.ts";

/** GET appinfo (public): environment (the shell's colour) and version. Fixed for the life of the page. */
export const appInfoQuery = queryOptions({
  queryKey: [APP_SCOPE, "info"] as const,
  queryFn: async ({ signal }) =>
    ZAppInfo.parse(await api.get<unknown>("appinfo", { signal, mandant: false })),
  staleTime: Number.POSITIVE_INFINITY,
});
