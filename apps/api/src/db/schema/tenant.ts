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

const currentMandant = sql.raw(`nullif(current_setting('${TENANT_SETTING}', true), '')::bigint`);

/** `mandant_id bigint not null`: the first column of every tenant-owned table (DESIGN §6). */
export const mandantIdColumn = () => bigint("mandant_id", { mode: "number" }).notNull();

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
