import type { TAppInfo } from "@kontor/domain/auth/auth.schema";
import { queryOptions } from "@tanstack/react-query";
import { api } from "./api.ts";
import { APP_SCOPE } from "./queryScopes.ts";

/**
 * GET appinfo (public): environment (the shell's colour) and version. Fixed for the life of the page. Part of
 * the shell: types only from the domain (zod stays out of the first page load); the server parses the response
 * with ZAppInfo.
 */
export const appInfoQuery = queryOptions({
  queryKey: [APP_SCOPE, "info"] as const,
  queryFn: ({ signal }) => api.get<TAppInfo>("appinfo", { signal, mandant: false }),
  staleTime: Number.POSITIVE_INFINITY,
});
