import type { TAccountUpdate, TRegister } from "@kontor/domain/account/account.schema";
import { and, asc, eq, gt, isNotNull, isNull } from "drizzle-orm";
import { appUser, session } from "../../db/schema/index.ts";
import type { Deps } from "../../deps.ts";
import type { Principal } from "../../http/guard.ts";
import { ProblemError } from "../../http/problem.ts";
import { createAttemptCounter } from "../../security/attempts.ts";
import { hashKey, newOneTimeKey } from "../../security/secrets.ts";
import { verifyPassword } from "../auth/password.ts";
import type { TotpService } from "../totp/totp.service.ts";
import { mailAccountChanges, passwordChange, recordAccountChanges } from "../user/user.audit.ts";
import { assertUnique, insertUser, revokeSessions, setPassword } from "../user/user.repository.ts";
import { findAccount } from "./account.repository.ts";

/** Reset and set-password links are good for 24 hours (issue 3). */
const RESET_KEY_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * Mails triggered by anonymous forms, per client address and per e-mail in an hour: no mail bombing, no cheap
 * probing. Password reset and registration count separately.
 */
const MAIL_LIMITS = { perAddress: 10, perEmail: 3, windowSeconds: 60 * 60 };
/**
 * Wrong current passwords of a signed-in user (password change, e-mail change): whoever holds a stolen session must
 * not guess the password through these forms. Five in 15 minutes, then 429 until the window ends.
 */
export const REAUTH_LIMIT = { max: 5, windowSeconds: 15 * 60 };

/** What the change mails need of a user. */
export const mailedUser = {
  id: appUser.id,
  login: appUser.login,
  email: appUser.email,
  firstName: appUser.firstName,
  langKey: appUser.langKey,
};

/** `totp`: for the re-authentication of an e-mail change by a TOTP code (the account routes pass it). */
export function createAccountService({
  db,
  mailer,
  totp,
}: Pick<Deps, "db" | "mailer"> & { totp?: TotpService }) {
  const mailRequests = createAttemptCounter(db, MAIL_LIMITS.windowSeconds);
  const wrongPasswords = createAttemptCounter(db, REAUTH_LIMIT.windowSeconds);

  /** 400 error.passwordWrong (`currentPassword` invalid) when wrong, counted; 429 beyond REAUTH_LIMIT. */
  async function assertCurrentPassword(userId: number, passwordHash: string, password: string) {
    const key = `reauth:${userId}`;
    await wrongPasswords.assertAllowed([{ key, max: REAUTH_LIMIT.max }]);
    if (await verifyPassword(passwordHash, password)) {
      await wrongPasswords.reset([key]);
      return;
    }
    await wrongPasswords.record([key]);
    throw new ProblemError(400, "error.passwordWrong", undefined, [
      { field: "currentPassword", code: "invalid" },
    ]);
  }

  /** 429 beyond the limits of an anonymous form that sends mail (`form`: reset, register), else counts one. */
  async function limitMails(form: string, email: string, address: string) {
    const keys = [`${form}-address:${address}`, `${form}-email:${email.toLowerCase()}`] as const;
    await mailRequests.assertAllowed([
      { key: keys[0], max: MAIL_LIMITS.perAddress },
      { key: keys[1], max: MAIL_LIMITS.perEmail },
    ]);
    await mailRequests.record(keys);
  }

  const userByEmail = async (email: string) =>
    (
      await db
        .select({
          ...mailedUser,
          activated: appUser.activated,
          awaitsActivation: isNotNull(appUser.activationKeyHash),
        })
        .from(appUser)
        .where(eq(appUser.email, email.toLowerCase()))
    )[0];

  async function mailResetLink(
    user: { id: number; login: string; email: string; firstName: string | null; langKey: "de" | "en" },
    kind: "reset" | "created",
  ) {
    const { key, hash } = newOneTimeKey();
    await db
      .update(appUser)
      .set({ resetKeyHash: hash, resetDate: new Date() })
      .where(eq(appUser.id, user.id));
    await mailer.send({
      kind,
      to: user.email,
      language: user.langKey,
      name: user.firstName ?? user.login,
      login: user.login,
      linkPath: `/app/reset/finish?key=${encodeURIComponent(key)}`,
    });
  }

  return {
    mailResetLink,

    /**
     * POST /register: an inactive user with ROLE_USER and an activation mail in the chosen language. A taken login
     * or e-mail answers exactly like a new one (issue 13: no enumeration); the mail tells what happened instead — the
     * owner of a taken e-mail hears that they already have an account, a taken login is told to the registrant.
     */
    async register(input: TRegister, address: string) {
      await limitMails("register", input.email, address);
      const owner = await userByEmail(input.email);
      if (owner?.awaitsActivation) {
        // Registered before and never activated (the first mail got lost): a fresh activation link.
        const { key, hash } = newOneTimeKey();
        await db.update(appUser).set({ activationKeyHash: hash }).where(eq(appUser.id, owner.id));
        await mailer.send({
          kind: "activation",
          to: owner.email,
          language: owner.langKey,
          name: owner.login,
          login: owner.login,
          linkPath: `/app/activate/${key}`,
        });
        return;
      }
      if (owner) {
        await mailer.send({
          kind: "registerEmailTaken",
          to: owner.email,
          language: owner.langKey,
          name: owner.firstName ?? owner.login,
          login: owner.login,
          linkPath: "/app/passwordreset",
        });
        return;
      }
      const { key, hash } = newOneTimeKey();
      try {
        await insertUser(db, {
          login: input.login,
          email: input.email,
          password: input.password,
          langKey: input.langKey,
          activated: false,
          activationKeyHash: hash,
          authorities: ["ROLE_USER"],
          modifiedBy: "register",
        });
      } catch (error) {
        if (!(error instanceof ProblemError)) throw error;
        // Taken meanwhile (e-mail) or already (login): the registrant's own address hears which.
        if (error.code === "error.emailUsed") return;
        if (error.code !== "error.loginUsed") throw error;
        await mailer.send({
          kind: "registerLoginTaken",
          to: input.email,
          language: input.langKey,
          name: input.login,
          login: input.login,
          linkPath: "/app/register",
        });
        return;
      }
      await mailer.send({
        kind: "activation",
        to: input.email,
        language: input.langKey,
        name: input.login,
        login: input.login,
        linkPath: `/app/activate/${key}`,
      });
    },

    /** GET /activate?key=: once; an unknown or used key is 400 error.keyInvalid. */
    async activate(key: string) {
      const rows = await db
        .update(appUser)
        .set({ activated: true, activationKeyHash: null, lastModifiedDate: new Date() })
        .where(eq(appUser.activationKeyHash, hashKey(key)))
        .returning({ id: appUser.id });
      if (rows.length === 0) throw new ProblemError(400, "error.keyInvalid");
    },

    /**
     * Password reset, step 1: always the same answer (issue 13: no enumeration). An active account gets a
     * single-use link; an unknown or deactivated address a mail saying that no active account uses it.
     */
    async requestPasswordReset(email: string, address: string, language: "de" | "en") {
      await limitMails("reset", email, address);
      const user = await userByEmail(email);
      if (user?.activated) return mailResetLink(user, "reset");
      await mailer.send({
        kind: "resetNoAccount",
        to: email,
        language: user?.langKey ?? language,
        name: email,
        login: "",
      });
    },

    /** Step 2: the key once, within 24 hours; every session of the user ends (the password changed). */
    async finishPasswordReset(key: string, newPassword: string) {
      const [user] = await db
        .select({ ...mailedUser, resetDate: appUser.resetDate })
        .from(appUser)
        .where(and(eq(appUser.resetKeyHash, hashKey(key)), isNotNull(appUser.resetDate)));
      if (!user) throw new ProblemError(400, "error.keyInvalid");
      if (user.resetDate!.getTime() < Date.now() - RESET_KEY_TTL_MS)
        throw new ProblemError(400, "error.keyExpired");
      await db.transaction(async (tx) => {
        const claimed = await tx
          .update(appUser)
          .set({ resetKeyHash: null, resetDate: null, activated: true })
          .where(and(eq(appUser.id, user.id), eq(appUser.resetKeyHash, hashKey(key))))
          .returning({ id: appUser.id });
        if (claimed.length === 0) throw new ProblemError(400, "error.keyInvalid"); // used concurrently
        await setPassword(tx, user.id, newPassword);
        await revokeSessions(tx, user.id);
        await recordAccountChanges(tx, user.id, null, [passwordChange]);
      });
      await mailAccountChanges(mailer, user, user.id, null, [passwordChange]);
    },

    /** Needs the current password; ends the user's other sessions. */
    async changePassword(principal: Principal, currentPassword: string, newPassword: string) {
      const [row] = await db
        .select({ ...mailedUser, passwordHash: appUser.passwordHash })
        .from(appUser)
        .where(eq(appUser.id, principal.userId));
      if (!row)
        throw new ProblemError(400, "error.passwordWrong", undefined, [
          { field: "currentPassword", code: "invalid" },
        ]);
      await assertCurrentPassword(principal.userId, row.passwordHash, currentPassword);
      const actor = { userId: principal.userId, login: principal.login };
      await db.transaction(async (tx) => {
        await setPassword(tx, principal.userId, newPassword);
        await revokeSessions(tx, principal.userId, principal.sessionId);
        await recordAccountChanges(tx, principal.userId, actor, [passwordChange]);
      });
      await mailAccountChanges(mailer, row, principal.userId, actor, [passwordChange]);
    },

    /**
     * The user's own settings; a new e-mail is logged and told to the old address. A new e-mail needs the owner to
     * sign in again (issue 33; whoever holds a session must not redirect the password-reset mails to themselves):
     * the current password — 400 error.validation `currentPassword` required when neither it nor a code came,
     * 400 error.passwordWrong `currentPassword` invalid when wrong (as the password change) — or, with two-factor
     * on, a TOTP code instead (400 error.codeInvalid `validationCode` invalid; wrong codes counted as at sign-in).
     * Checked before anything else, so whether an address is taken is not told to someone without the password.
     */
    async update(principal: Principal, body: TAccountUpdate) {
      const { currentPassword, validationCode, ...input } = body;
      const [before] = await db
        .select({ ...mailedUser, passwordHash: appUser.passwordHash, totpEnabled: appUser.totpEnabled })
        .from(appUser)
        .where(eq(appUser.id, principal.userId));
      const actor = { userId: principal.userId, login: principal.login };
      const newEmail = input.email?.toLowerCase();
      const changes =
        before && newEmail !== undefined && newEmail !== before.email
          ? [{ field: "email" as const, oldValue: before.email, newValue: newEmail }]
          : [];
      if (before && changes.length > 0) {
        if (currentPassword !== undefined) {
          await assertCurrentPassword(principal.userId, before.passwordHash, currentPassword);
        } else if (validationCode !== undefined && before.totpEnabled && totp) {
          await totp.verify(principal.userId, validationCode);
        } else {
          throw new ProblemError(400, "error.validation", "A new e-mail needs the current password", [
            { field: "currentPassword", code: "required" },
          ]);
        }
      }
      await assertUnique(db, { email: input.email }, principal.userId);
      await db.transaction(async (tx) => {
        await tx
          .update(appUser)
          .set({ ...input, lastModifiedBy: principal.login, lastModifiedDate: new Date() })
          .where(eq(appUser.id, principal.userId));
        await recordAccountChanges(tx, principal.userId, actor, changes);
      });
      if (before) await mailAccountChanges(mailer, before, principal.userId, actor, changes);
      return (await findAccount(db, principal.userId))!;
    },

    /** The user's signed-in devices: sessions neither revoked nor expired, newest first. */
    async sessions(principal: Principal) {
      const rows = await db
        .select({
          id: session.id,
          userAgent: session.userAgent,
          clientAddress: session.clientAddress,
          createdAt: session.createdAt,
          lastUsedAt: session.lastUsedAt,
          expiresAt: session.expiresAt,
        })
        .from(session)
        .where(
          and(
            eq(session.userId, principal.userId),
            isNull(session.revokedAt),
            gt(session.expiresAt, new Date()),
          ),
        )
        .orderBy(asc(session.createdAt));
      return rows
        .map((row) => ({
          ...row,
          createdAt: row.createdAt.toISOString(),
          lastUsedAt: row.lastUsedAt.toISOString(),
          expiresAt: row.expiresAt.toISOString(),
          current: row.id === principal.sessionId,
        }))
        .reverse();
    },

    async revokeSession(principal: Principal, sessionId: string) {
      const rows = await db
        .update(session)
        .set({ revokedAt: new Date() })
        .where(
          and(eq(session.id, sessionId), eq(session.userId, principal.userId), isNull(session.revokedAt)),
        )
        .returning({ id: session.id });
      if (rows.length === 0) throw new ProblemError(404, "error.notFound");
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
