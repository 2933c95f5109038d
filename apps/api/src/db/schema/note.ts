import { sql } from "drizzle-orm";
import { bigint, check, date, foreignKey, index, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { mandant } from "./mandant.ts";
import { mandantIdColumn, tenantIsolation } from "./tenant.ts";
import { appUser } from "./user.ts";

/**
 * A user's own notes (issue 23, SPEC §3 "Note: id, text, datum, user"): per tenant (row-level security) and per user
 * — every read and write names the caller (modules/note), so a note is never seen by anyone else. Deleting the user
 * or the tenant deletes the notes.
 */
export const userNote = pgTable(
  "user_note",
  {
    mandantId: mandantIdColumn(),
    id: bigint("id", { mode: "number" }).notNull().generatedByDefaultAsIdentity(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => appUser.id, { onDelete: "cascade" }),
    datum: date("datum", { mode: "string" }).notNull(),
    text: text("text").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.mandantId, t.id] }),
    foreignKey({ columns: [t.mandantId], foreignColumns: [mandant.id] }).onDelete("cascade"),
    // GET usernotes: the caller's notes, newest day first, newest note first on a day.
    index("user_note_mandant_user_datum_idx").on(t.mandantId, t.userId, t.datum.desc(), t.id.desc()),
    check("user_note_text_laenge", sql`char_length(${t.text}) between 1 and 2000`),
    tenantIsolation("user_note"),
  ],
).enableRLS();
