import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { beleg } from "./beleg.ts";
import { tenantConstraints, tenantKey, tenantRef } from "./stammdaten.ts";
import { appUser } from "./user.ts";

/**
 * Public share links of finalized documents (issue 16): `/app/invoicetemplate/{token}` shows the document and its
 * PDF without a sign-in. Only the SHA-256 of the token is stored (`token_hash`, base64url as `security/secrets.ts`
 * hashes one-time keys), so a database dump opens no document. A link is revoked (`revoked_at`), never deleted —
 * its views stay countable; `expires_at` ends it at a moment (the end of the chosen day in Europe/Vienna).
 *
 * Tenant-owned like every document table (mandant_id first, RLS). The public lookup by token happens before a
 * tenant is known: migration 0023 adds the SECURITY DEFINER function `kontor_beleg_link_finden(hash)`, the only way
 * to find a link without its tenant (see docs/ARCHITECTURE.md).
 */
export const belegLink = pgTable(
  "beleg_link",
  {
    ...tenantKey(),
    belegId: bigint("beleg_id", { mode: "number" }).notNull(),
    tokenHash: text("token_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    createdBy: bigint("created_by", { mode: "number" }).references(() => appUser.id, {
      onDelete: "set null",
    }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    viewCount: integer("view_count").notNull().default(0),
    lastViewedAt: timestamp("last_viewed_at", { withTimezone: true }),
  },
  (t) => [
    ...tenantConstraints("beleg_link", t),
    tenantRef("beleg_link_beleg_fk", { mandantId: t.mandantId, column: t.belegId }, beleg).onDelete(
      "cascade",
    ),
    // The public lookup: one token, one link, across all tenants (the token is 256 random bits).
    uniqueIndex("beleg_link_token_uq").on(t.tokenHash),
    index("beleg_link_beleg_idx").on(t.mandantId, t.belegId, t.id),
  ],
).enableRLS();
