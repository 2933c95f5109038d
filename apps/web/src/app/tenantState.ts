/**
 * Browser storage that belongs to the selected tenant (SPEC §2 Shell: switching tenant resets filters, the last
 * selected customer, …). Such keys start with TENANT_STATE_PREFIX and are removed from localStorage and
 * sessionStorage whenever the tenant changes (see tenantSwitch.ts). A feature that keeps tenant state in the
 * browser names its key with `tenantStateKey(...)`, and it is reset with the tenant without further ado.
 *
 * (Preferences that must survive a switch and come back with the tenant, like a per-tenant remembered document
 * type, are stored under a key that contains the tenant id instead, outside this prefix.)
 */
export const TENANT_STATE_PREFIX = "kontor.tenant.";

export function tenantStateKey(name: string): string {
  return `${TENANT_STATE_PREFIX}${name}`;
}

/** The customer selected last (document editor, searches): reset on a tenant switch (SPEC §2 Shell). */
export const LAST_KUNDE_KEY = tenantStateKey("lastKunde");

/** Removes every tenant-scoped key from the given storages. */
export function clearTenantState(storages: readonly Storage[]): void {
  for (const storage of storages) {
    const keys: string[] = [];
    for (let index = 0; index < storage.length; index++) {
      const key = storage.key(index);
      if (key?.startsWith(TENANT_STATE_PREFIX)) keys.push(key);
    }
    for (const key of keys) storage.removeItem(key);
  }
}
