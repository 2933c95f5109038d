import type { AUDIT_FIELDS } from "@kontor/domain/user/user.schema";
import { resources } from "@kontor/i18n";
import { desc, eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { userAudit } from "../../db/schema/index.ts";
import type { Mailer } from "../../mail/mailer.ts";

/** What the account audit log records (issue 13). Secrets never: a password row has no values. */
export type AuditField = (typeof AUDIT_FIELDS)[number];

export interface AccountChange {
  field: AuditField;
  oldValue: string | null;
  newValue: string | null;
}

/** The parts of an account whose change is recorded. */
export interface AccountSnapshot {
  login: string;
  email: string;
  authorities: readonly string[];
  activated: boolean;
  mandantIds: readonly number[];
}

/** Who changed it: the signed-in user, or nobody (a one-time link from a mail). */
export type Actor = { userId: number; login: string } | null;

const list = (values: readonly (string | number)[]) => [...values].sort().join(", ");

/** The recorded differences between two states of an account. */
export function accountChanges(before: AccountSnapshot, after: AccountSnapshot): AccountChange[] {
  const changes: AccountChange[] = [];
  const compare = (field: AuditField, old: string, now: string) => {
    if (old !== now) changes.push({ field, oldValue: old, newValue: now });
  };
  compare("login", before.login, after.login.toLowerCase());
  compare("email", before.email, after.email.toLowerCase());
  compare("authorities", list(before.authorities), list([...new Set(after.authorities)]));
  compare("activated", String(before.activated), String(after.activated));
  compare("mandanten", list(before.mandantIds), list([...new Set(after.mandantIds)]));
  return changes;
}

export const passwordChange: AccountChange = { field: "password", oldValue: null, newValue: null };
export const totpChange = (enabled: boolean): AccountChange => ({
  field: "totp",
  oldValue: String(!enabled),
  newValue: String(enabled),
});

/** Writes the changes (inside the caller's transaction, so the log and the change commit together). */
export async function recordAccountChanges(
  db: Db | Tx,
  userId: number,
  actor: Actor,
  changes: readonly AccountChange[],
) {
  if (changes.length === 0) return;
  await db.insert(userAudit).values(
    changes.map((change) => ({
      userId,
      actorUserId: actor?.userId ?? null,
      actorLogin: actor?.login ?? null,
      ...change,
    })),
  );
}

/** A user's audit log, newest first. */
export async function listAccountChanges(db: Db, userId: number, limit = 200) {
  const rows = await db
    .select({
      at: userAudit.at,
      actorLogin: userAudit.actorLogin,
      field: userAudit.field,
      oldValue: userAudit.oldValue,
      newValue: userAudit.newValue,
    })
    .from(userAudit)
    .where(eq(userAudit.userId, userId))
    .orderBy(desc(userAudit.at), desc(userAudit.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, at: row.at.toISOString(), field: row.field as AuditField }));
}

/** The fields whose change the account's owner is told of by mail, at the address it had before. */
const MAILED: ReadonlySet<AuditField> = new Set(["login", "email", "password", "totp", "authorities"]);

/**
 * Mails the account's owner what changed, at the OLD address (a changed e-mail must not hide the change from the
 * person who owned the account). A failing mail server does not undo the change.
 */
export async function mailAccountChanges(
  mailer: Mailer,
  before: { login: string; email: string; firstName: string | null; langKey: "de" | "en" },
  userId: number,
  actor: Actor,
  changes: readonly AccountChange[],
) {
  const mailed = changes.filter((change) => MAILED.has(change.field));
  if (mailed.length === 0) return;
  const texts = resources[before.langKey].mail;
  const line = (change: AccountChange) => {
    const values = {
      old: change.oldValue || texts.changes.none,
      new: change.newValue || texts.changes.none,
    };
    const template =
      change.field === "totp"
        ? change.newValue === "true"
          ? texts.changes.totpOn
          : texts.changes.totpOff
        : texts.changes[change.field as "login" | "email" | "password" | "authorities"];
    return `– ${template.replace(/\{\{(old|new)\}\}/g, (_, key: "old" | "new") => values[key])}`;
  };
  const when = new Intl.DateTimeFormat(before.langKey === "de" ? "de-AT" : "en-GB", {
    dateStyle: "short",
    timeStyle: "short",
    timeZone: "Europe/Vienna",
  }).format(new Date());
  await mailer
    .send({
      kind: "accountChanged",
      to: before.email,
      language: before.langKey,
      name: before.firstName ?? before.login,
      login: before.login,
      values: {
        when,
        by: actor === null ? texts.byLink : actor.userId === userId ? texts.byYourself : actor.login,
        changes: mailed.map(line).join("\n"),
      },
    })
    .catch(() => undefined);
}
