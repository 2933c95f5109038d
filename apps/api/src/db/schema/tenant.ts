import { sql } from "drizzle-orm";
import { bigint, pgPolicy, pgRole } from "drizzle-orm/pg-core";

/**
 * The non-superuser role every request transaction switches to (SET LOCAL ROLE). It is created by the first,
 * hand-written migration (0000_roles_extensions.sql) because drizzle-kit cannot create it idempotently.
 */
export const APP_ROLE = "kontor_app";
export const appRole = pgRole(APP_ROLE).existing();

/** The setting the tenant transaction helper writes; row-level security compares mandant_id with it. */
export const TENANT_SETTING = "kontor.mandant_id";

/** The tenant the current transaction has selected (withTenant), NULL when none. */
export const currentMandant = sql.raw(`nullif(current_setting('${TENANT_SETTING}', true), '')::bigint`);

/**
 * `mandant_id bigint not null default <the transaction's tenant>`: the first column of every tenant-owned table
 * (DESIGN §6). Inserts leave it out; the value comes from the tenant transaction, so no code passes a tenant id by
 * hand (and row-level security refuses any other value).
 */
export const mandantIdColumn = () =>
  bigint("mandant_id", { mode: "number" }).notNull().default(currentMandant);

/**
 * Row-level security policy for a tenant-owned table: rows are visible and writable only while the current
 * transaction has set kontor.mandant_id to their tenant. Without a tenant set, no row is visible.
 */
export const tenantIsolation = (table: string) =>
  pgPolicy(`${table}_tenant_isolation`, {
    as: "permissive",
    for: "all",
    to: appRole,
    using: sql`mandant_id = ${currentMandant}`,
    withCheck: sql`mandant_id = ${currentMandant}`,
  });
