import { sql } from "drizzle-orm";
import type { Db, Tx } from "./client.ts";
import { APP_ROLE, TENANT_SETTING } from "./schema/tenant.ts";

/**
 * Runs fn in one transaction as the non-superuser application role with the tenant set, so row-level security
 * confines every statement to that tenant's rows (DESIGN §6). Services run all tenant work through this.
 */
export function withTenant<T>(db: Db, mandantId: number, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await setTenant(tx, mandantId);
    return fn(tx);
  });
}

/**
 * Inside a transaction: switch to the application role and (re)select the tenant. For work that spans tenants
 * on purpose (an administrator creating a tenant, then its modules), one transaction may call it more than once.
 */
export async function setTenant(tx: Tx, mandantId: number): Promise<void> {
  if (!Number.isSafeInteger(mandantId) || mandantId <= 0) throw new Error(`invalid mandant id ${mandantId}`);
  await tx.execute(
    sql`select set_config('role', ${APP_ROLE}, true), set_config(${TENANT_SETTING}, ${String(mandantId)}, true)`,
  );
}

/** Runs fn as the application role without any tenant: tenant tables then show no rows (used by tests). */
export function withoutTenant<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('role', ${APP_ROLE}, true)`);
    return fn(tx);
  });
}
