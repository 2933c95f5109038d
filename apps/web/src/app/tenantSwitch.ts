import type { AccessContext } from "@kontor/domain/access/access.rules";
import type { QueryClient } from "@tanstack/react-query";
import type { Session } from "./session.ts";
import { targetAfterSwitch } from "./switchTarget.ts";

/**
 * Something the app reloads for the newly selected tenant right after a switch (SPEC §2 Shell: "reloads the
 * tenant's modules" and "reloads field definitions"). The cache has already dropped the old tenant's data when
 * it runs; a reloader fetches what the next screens need at once (prefetchQuery), so menus and forms do not
 * start empty.
 */
export type TenantReloader = (mandantId: number, queryClient: QueryClient) => Promise<unknown>;

const reloaders = new Map<string, TenantReloader>();

/**
 * Hook point for the tenant switch. The modules register here (Shell); the customer, article and document
 * field definitions (kundefelddefinition, artikelfelddefinition, belegfelddefinition) register theirs under
 * "fieldDefinitions" when those areas are built — until then there is nothing of them to reload.
 */
export function onTenantSwitch(name: "modules" | "fieldDefinitions" | (string & {}), reload: TenantReloader) {
  reloaders.set(name, reload);
  return () => {
    if (reloaders.get(name) === reload) reloaders.delete(name);
  };
}

export interface TenantSwitchDeps {
  session: Pick<Session, "get" | "selectMandant">;
  queryClient: QueryClient;
  /** The api client (api.ts); only POST is used. */
  api: { post(path: string, body: unknown): Promise<unknown> };
  /** The current app path (without /app), read when the switch starts. */
  currentPath: () => string;
  /** Goes to an app path (replacing the current entry; an edit form's unsaved changes are dropped). */
  go: (path: string) => unknown;
  /** The new tenant's modules and the user's authorities (after the session selected it). */
  accessOf: (mandantId: number) => Promise<AccessContext>;
  /** Where failures that need no user action are reported; console by default. */
  warn?: (message: string, error: unknown) => void;
}

/**
 * Switches the selected tenant (SPEC §2 Shell):
 * 1. selects it in the session — the cache binding (queryClient.ts) drops every query outside the user scope
 *    (documents, customers, articles, filters, catalogue, favorites, modules) and the tenant-scoped browser
 *    state (tenantState.ts: filters, last selected customer);
 * 2. tells the server, which remembers it as the user's last tenant (POST selectedMandant);
 * 3. reloads the tenant's modules and field definitions (reloaders registered with onTenantSwitch);
 * 4. stays on the current screen when the new tenant has it, else goes home (switchTarget.ts): a record's edit
 *    screen goes to its list at once (the id is the old tenant's), the module check follows once the new tenant's
 *    modules are there. Without them (offline) it goes home.
 * Selecting the tenant already selected does nothing.
 */
export async function switchMandant(mandantId: number, deps: TenantSwitchDeps): Promise<void> {
  if (deps.session.get().mandantId === mandantId) return;
  const warn = deps.warn ?? ((message, error) => console.warn(message, error));
  const from = deps.currentPath();
  deps.session.selectMandant(mandantId);
  const early = targetAfterSwitch(from, null);
  if (early !== from) await deps.go(early);
  const remember = deps.api.post("selectedMandant", { mandantId }).catch((error: unknown) => {
    // Only the next sign-in on another device is affected: it starts in the previous tenant.
    warn("could not remember the selected tenant", error);
  });
  const reloads = [...reloaders.entries()].map(([name, reload]) =>
    reload(mandantId, deps.queryClient).catch((error: unknown) => warn(`reloading ${name} failed`, error)),
  );
  const access = deps.accessOf(mandantId).catch((error: unknown) => {
    warn("could not load the new tenant's modules", error);
    return null;
  });
  const [context] = await Promise.all([access, remember, ...reloads]);
  // Another switch started meanwhile: it decides where to go.
  if (deps.session.get().mandantId !== mandantId) return;
  const target = context ? targetAfterSwitch(from, context) : "/";
  if (target !== early) await deps.go(target);
}
