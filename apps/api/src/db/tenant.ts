import type { TModul } from "@kontor/domain/access/access.schema";
import { sql } from "drizzle-orm";
import { type Db, type Tx, transactionBeginningWith } from "./client.ts";
import { auditLog } from "./schema/audit.ts";
import { APP_ROLE, TENANT_SETTING } from "./schema/tenant.ts";

/**
 * Runs fn in one transaction as the non-superuser application role with the tenant set, so row-level security
 * confines every statement to that tenant's rows (DESIGN §6). Services run all tenant work through this.
 */
export function withTenant<T>(db: Db, mandantId: number, fn: (tx: Tx) => Promise<T>): Promise<T> {
  // The role and the tenant travel with the BEGIN (one round trip): literal SQL, the id checked to be an integer.
  return transactionBeginningWith(
    db,
    `select set_config('role', '${APP_ROLE}', true), set_config('${TENANT_SETTING}', '${geprueft(mandantId)}', true)`,
    fn,
  );
}

function geprueft(mandantId: number): number {
  if (!Number.isSafeInteger(mandantId) || mandantId <= 0) throw new Error(`invalid mandant id ${mandantId}`);
  return mandantId;
}

/**
 * Inside a transaction: switch to the application role and (re)select the tenant. For work that spans tenants
 * on purpose (an administrator creating a tenant, then its modules), one transaction may call it more than once.
 */
export async function setTenant(tx: Tx, mandantId: number): Promise<void> {
  await tx.execute(
    sql`select set_config('role', ${APP_ROLE}, true), set_config(${TENANT_SETTING}, ${String(geprueft(mandantId))}, true)`,
  );
}

/**
 * Runs fn as the application role without any tenant: tenant tables then show no rows (tests; the public share-link
 * lookup, which sees only what its SECURITY DEFINER function answers).
 */
export function withoutTenant<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('role', ${APP_ROLE}, true)`);
    return fn(tx);
  });
}

/** One event of the audit log: which aggregate, what happened to it, and what else explains it. */
export interface AuditEvent {
  /** The aggregate's resource noun: kunde, artikel, beleg, … */
  entity: string;
  entityId: number;
  /** create, update, delete, or a state change (finalize, storno, mail, …). */
  action: string;
  detail?: Record<string, unknown>;
}

/** Notes an audit event of the running change; it is written when the change's work has succeeded. */
export type Audit = (event: AuditEvent) => void;

/**
 * The request's tenant handle (set by the guard on every route of level "tenant"): which tenant, its modules, who
 * acts, and the only two ways to reach the tenant's data. Services take this handle, never a raw tenant id: the
 * tenant is bound once, by the transaction, and tenant columns default to it (schema/tenant.ts).
 */
export interface TenantScope {
  /** The selected tenant (mandant) id. */
  readonly id: number;
  readonly modules: ReadonlySet<TModul>;
  /** The signed-in user acting in the tenant. */
  readonly userId: number;
  readonly login: string;
  /** Reads (or writes that are not business-record changes) in one tenant transaction. */
  run<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * A change of business records — the audit hook every save, delete and state change of an aggregate passes
   * through: fn runs in one tenant transaction and notes what it did with `audit`; the notes are written to the audit
   * log in the same transaction, so a change and its history commit (or roll back) together.
   */
  change<T>(fn: (tx: Tx, audit: Audit) => Promise<T>): Promise<T>;
}

/** The tenant handle of one user in one tenant. */
export function tenantScope(
  db: Db,
  who: { mandantId: number; modules: ReadonlySet<TModul>; userId: number; login: string },
): TenantScope {
  const { mandantId, modules, userId, login } = who;
  return {
    id: mandantId,
    modules,
    userId,
    login,
    run: (fn) => withTenant(db, mandantId, fn),
    change: (fn) =>
      withTenant(db, mandantId, async (tx) => {
        const events: AuditEvent[] = [];
        const result = await fn(tx, (event) => events.push(event));
        if (events.length > 0)
          await tx.insert(auditLog).values(events.map((event) => ({ ...event, userId, login })));
        return result;
      }),
  };
}
