import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { mandant } from "./mandant.ts";
import { mandantIdColumn, tenantIsolation } from "./tenant.ts";

/** A person who signs in. Users span tenants; membership is user_mandant. login and email are stored lower-case. */
export const appUser = pgTable(
  "app_user",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    login: text("login").notNull(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    firstName: text("first_name"),
    lastName: text("last_name"),
    langKey: text("lang_key", { enum: ["de", "en"] })
      .notNull()
      .default("de"),
    imageUrl: text("image_url"),
    activated: boolean("activated").notNull().default(false),
    /** The user ticked "do not show anymore" in the news dialog (reset by benachrichtigung/resetstatus). */
    newsread: boolean("newsread").notNull().default(false),
    timermode: boolean("timermode").notNull().default(false),
    enablemailtransfer: boolean("enablemailtransfer").notNull().default(false),
    signature: text("signature"),
    zeiterfassungUserData:
      jsonb("zeiterfassung_user_data").$type<Record<string, string | number | boolean | null>>(),
    /** One-time keys are stored as SHA-256 hashes; the mail carries the key itself. */
    activationKeyHash: text("activation_key_hash"),
    resetKeyHash: text("reset_key_hash"),
    resetDate: timestamp("reset_date", { withTimezone: true }),
    disable2faKeyHash: text("disable2fa_key_hash"),
    disable2faDate: timestamp("disable2fa_date", { withTimezone: true }),
    /** TOTP secret, AES-256-GCM encrypted; pending until the first valid code turns two-factor on. */
    totpSecret: text("totp_secret"),
    totpPendingSecret: text("totp_pending_secret"),
    totpEnabled: boolean("totp_enabled").notNull().default(false),
    /** The last accepted TOTP time step: a code is accepted once. */
    totpLastStep: bigint("totp_last_step", { mode: "number" }),
    /** The tenant the user selected last (POST selectedMandant). */
    selectedMandantId: bigint("selected_mandant_id", { mode: "number" }).references(() => mandant.id, {
      onDelete: "set null",
    }),
    createdDate: timestamp("created_date", { withTimezone: true }).notNull().defaultNow(),
    lastModifiedBy: text("last_modified_by"),
    lastModifiedDate: timestamp("last_modified_date", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("app_user_login_uq").on(t.login),
    uniqueIndex("app_user_email_uq").on(t.email),
    uniqueIndex("app_user_activation_key_uq").on(t.activationKeyHash),
    uniqueIndex("app_user_reset_key_uq").on(t.resetKeyHash),
    uniqueIndex("app_user_disable2fa_key_uq").on(t.disable2faKeyHash),
  ],
);

/** User groups (SPEC §3 "group"): named sets of users, maintained by administrators. */
export const userGroup = pgTable(
  "user_group",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    name: text("name").notNull(),
    beschreibung: text("beschreibung"),
  },
  (t) => [uniqueIndex("user_group_name_uq").on(t.name)],
);

export const userGroupMember = pgTable(
  "user_group_member",
  {
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => appUser.id, { onDelete: "cascade" }),
    groupId: bigint("group_id", { mode: "number" })
      .notNull()
      .references(() => userGroup.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.groupId] }), index("user_group_member_group_idx").on(t.groupId)],
);

/** Authorities of SPEC §6 held by a user (values are validated by ZAuthority at the boundary). */
export const userAuthority = pgTable(
  "user_authority",
  {
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => appUser.id, { onDelete: "cascade" }),
    authority: text("authority").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.authority] })],
);

/** Which tenants a user belongs to. */
export const userMandant = pgTable(
  "user_mandant",
  {
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => appUser.id, { onDelete: "cascade" }),
    mandantId: bigint("mandant_id", { mode: "number" })
      .notNull()
      .references(() => mandant.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.mandantId] }),
    index("user_mandant_mandant_idx").on(t.mandantId),
  ],
);

/** One row per issued access token, so that tokens can be listed and revoked. */
export const session = pgTable(
  "session",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => appUser.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    userAgent: text("user_agent"),
    clientAddress: text("client_address"),
  },
  (t) => [index("session_user_idx").on(t.userId).where(sql`revoked_at is null`)],
);

/**
 * Failed sign-in counters per key ("login:<name>" or "address:<ip>") in a fixed window. In the database, not in
 * process memory, so the limit holds across any number of processes.
 */
export const loginAttempt = pgTable("login_attempt", {
  key: text("key").primaryKey(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
  failures: integer("failures").notNull(),
});

/** Small key/value facts about this installation (e.g. that the demo data was seeded). */
export const appSetting = pgTable("app_setting", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});

/** A pinned sidebar entry of a user in a tenant (SPEC §3 Favorite). Tenant-owned. */
export const favorite = pgTable(
  "favorite",
  {
    mandantId: mandantIdColumn(),
    id: bigint("id", { mode: "number" }).notNull().generatedByDefaultAsIdentity(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => appUser.id, { onDelete: "cascade" }),
    typ: text("typ").notNull().default("fastaccess"),
    content: jsonb("content")
      .$type<{ name: string; params: Record<string, string>; translation?: string }>()
      .notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.mandantId, t.id] }),
    foreignKey({ columns: [t.mandantId], foreignColumns: [mandant.id] }).onDelete("cascade"),
    index("favorite_mandant_user_idx").on(t.mandantId, t.userId),
    tenantIsolation("favorite"),
  ],
).enableRLS();

/**
 * Who changed what on a user account, when (issue 13): login, e-mail, password, two-factor, authorities,
 * activation and tenant memberships. Secrets are never stored (password rows carry no values). `actor_user_id` is
 * null when nobody was signed in (a reset or 2FA-off link from a mail).
 */
export const userAudit = pgTable(
  "user_audit",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => appUser.id, { onDelete: "cascade" }),
    actorUserId: bigint("actor_user_id", { mode: "number" }).references(() => appUser.id, {
      onDelete: "set null",
    }),
    actorLogin: text("actor_login"),
    field: text("field").notNull(),
    oldValue: text("old_value"),
    newValue: text("new_value"),
  },
  (t) => [index("user_audit_user_idx").on(t.userId, t.at)],
);

/**
 * An invitation of an e-mail address into a tenant (issue 13): a tenant admin adds people only this way. The key is
 * mailed, only its SHA-256 is stored; accepting needs the key and the invited address (an existing account signed
 * in with it, or a new account registered through the invitation).
 */
export const einladung = pgTable(
  "einladung",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    mandantId: bigint("mandant_id", { mode: "number" })
      .notNull()
      .references(() => mandant.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    keyHash: text("key_hash").notNull(),
    invitedBy: bigint("invited_by", { mode: "number" }).references(() => appUser.id, {
      onDelete: "set null",
    }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedBy: bigint("accepted_by", { mode: "number" }).references(() => appUser.id, {
      onDelete: "set null",
    }),
  },
  (t) => [
    uniqueIndex("einladung_key_uq").on(t.keyHash),
    index("einladung_mandant_idx").on(t.mandantId, t.email),
  ],
);
