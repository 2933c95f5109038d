import { QueryClient } from "@tanstack/react-query";
import { isApiError } from "./api.ts";
import { KEPT_ON_TENANT_SWITCH } from "./queryScopes.ts";
import { type Session, session } from "./session.ts";
import { clearTenantState } from "./tenantState.ts";

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Retrying a refusal (4xx) cannot help; a network blip or a 5xx may pass on the second try.
        retry: (failureCount, error) =>
          failureCount < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500),
      },
      mutations: { retry: false },
    },
  });
}

/**
 * The cache follows the session: signing out (logout, any 401) drops everything; switching the tenant drops
 * all tenant data (DESIGN §7) and keeps only what belongs to the user or the installation (queryScopes.ts).
 * Either way the tenant-scoped browser state (filters, last selected customer: tenantState.ts) in `storages`
 * goes too — also when another tab switched, since sessionStorage is per tab.
 */
export function bindCacheToSession(
  queryClient: QueryClient,
  source: Session,
  storages: readonly Storage[] = [],
): () => void {
  let { token, mandantId } = source.get();
  return source.subscribe(() => {
    const next = source.get();
    if (next.token !== token) queryClient.clear();
    else if (next.mandantId !== mandantId) {
      queryClient.removeQueries({ predicate: (query) => !KEPT_ON_TENANT_SWITCH.has(query.queryKey[0]) });
    }
    if (next.token !== token || next.mandantId !== mandantId) clearTenantState(storages);
    ({ token, mandantId } = next);
  });
}

/**
 * The app's one cache. It lives with the protected screens (the login page does not need it, and keeping
 * TanStack Query out of the first page load keeps that page small).
 */
export const queryClient = createQueryClient();
bindCacheToSession(queryClient, session, [window.localStorage, window.sessionStorage]);
