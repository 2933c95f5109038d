import { bigint, foreignKey, index, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { mandant } from "./mandant.ts";
import { mandantIdColumn, tenantIsolation } from "./tenant.ts";
import { appUser } from "./user.ts";

/**
 * The audit log of business records (DESIGN §6: who, when, what): one row per create, change, delete or state change
 * (finalize, cancel, mail, …) of an aggregate, written in the same transaction as the change by the tenant scope's
 * `change` (db/tenant.ts), the one hook every aggregate write passes through. Tenant-owned; the application role
 * may only insert and read it (migration 0017 revokes UPDATE and DELETE), so no request can rewrite history.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    mandantId: mandantIdColumn(),
    id: bigint("id", { mode: "number" }).notNull().generatedByDefaultAsIdentity(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** The acting user; null once that account is deleted (the login stays). */
    userId: bigint("user_id", { mode: "number" }).references(() => appUser.id, { onDelete: "set null" }),
    login: text("login").notNull(),
    /** The aggregate: its resource noun (kunde, artikel, beleg) and id. */
    entity: text("entity").notNull(),
    entityId: bigint("entity_id", { mode: "number" }).notNull(),
    /** create, update, delete, or a state change of the aggregate (finalize, storno, mail, …). */
    action: text("action").notNull(),
    /** What else the event needs to be understood (e.g. the number given at finalization); never secrets. */
    detail: jsonb("detail"),
  },
  (t) => [
    primaryKey({ columns: [t.mandantId, t.id] }),
    foreignKey({ columns: [t.mandantId], foreignColumns: [mandant.id] }).onDelete("cascade"),
    index("audit_log_entity_idx").on(t.mandantId, t.entity, t.entityId, t.at),
    tenantIsolation("audit_log"),
  ],
).enableRLS();
