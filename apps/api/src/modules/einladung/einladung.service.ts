import {
  EINLADUNG_TTL_DAYS,
  type TEinladung,
  type TEinladungCreate,
  type TEinladungInfo,
  type TEinladungRegister,
} from "@kontor/domain/einladung/einladung.schema";
import { and, asc, eq, gt, isNull } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { appUser, einladung, mandant, userMandant } from "../../db/schema/index.ts";
import type { Deps } from "../../deps.ts";
import type { Principal } from "../../http/guard.ts";
import { ProblemError } from "../../http/problem.ts";
import { createAttemptCounter } from "../../security/attempts.ts";
import { hashKey, newOneTimeKey } from "../../security/secrets.ts";
import { mandantExistsInScope, membershipsOf } from "../mandant/mandant.repository.ts";
import { type Actor, recordAccountChanges } from "../user/user.audit.ts";
import { insertUser } from "../user/user.repository.ts";

/** Invitations a tenant may send in an hour: enough for onboarding a team, not for spamming addresses. */
const INVITES_PER_HOUR = 30;
const TTL_MS = EINLADUNG_TTL_DAYS * 24 * 60 * 60 * 1000;

const inviter = alias(appUser, "inviter");

/**
 * Invitations (issue 13): the only way a tenant admin brings a person from outside into their tenant. The answer to
 * an invitation is the same whether the address has an account; the mail differs (accept, or create an account).
 */
export function createEinladungService({ db, mailer }: Pick<Deps, "db" | "mailer">) {
  const invites = createAttemptCounter(db, 60 * 60);

  /** The tenant's name, if the caller administers it (404 otherwise — another tenant looks like none). */
  async function administered(principal: Principal, mandantId: number): Promise<string> {
    const scope = principal.authorities.has("ROLE_ADMIN")
      ? ({ all: true } as const)
      : ({ all: false, userId: principal.userId } as const);
    if (!(await mandantExistsInScope(db, mandantId, scope))) throw new ProblemError(404, "error.notFound");
    const [row] = await db
      .select({ name: mandant.bezeichnung })
      .from(mandant)
      .where(eq(mandant.id, mandantId));
    return row!.name;
  }

  const pending = () => and(isNull(einladung.acceptedAt), gt(einladung.expiresAt, new Date()));

  async function listPending(mandantId: number): Promise<TEinladung[]> {
    const rows = await db
      .select({
        id: einladung.id,
        email: einladung.email,
        invitedBy: inviter.login,
        createdAt: einladung.createdAt,
        expiresAt: einladung.expiresAt,
      })
      .from(einladung)
      .leftJoin(inviter, eq(inviter.id, einladung.invitedBy))
      .where(and(eq(einladung.mandantId, mandantId), pending()))
      .orderBy(asc(einladung.createdAt), asc(einladung.id));
    return rows.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
    }));
  }

  /** A pending invitation by its mailed key: 400 keyInvalid (unknown, used) or keyExpired. */
  async function byKey(key: string) {
    const [row] = await db
      .select({
        id: einladung.id,
        mandantId: einladung.mandantId,
        mandant: mandant.bezeichnung,
        email: einladung.email,
        invitedBy: inviter.login,
        expiresAt: einladung.expiresAt,
        acceptedAt: einladung.acceptedAt,
      })
      .from(einladung)
      .innerJoin(mandant, eq(mandant.id, einladung.mandantId))
      .leftJoin(inviter, eq(inviter.id, einladung.invitedBy))
      .where(eq(einladung.keyHash, hashKey(key)));
    if (!row || row.acceptedAt) throw new ProblemError(400, "error.keyInvalid");
    if (row.expiresAt.getTime() <= Date.now()) throw new ProblemError(400, "error.keyExpired");
    return row;
  }

  const accountOf = async (email: string) =>
    (
      await db
        .select({
          id: appUser.id,
          login: appUser.login,
          langKey: appUser.langKey,
          firstName: appUser.firstName,
        })
        .from(appUser)
        .where(eq(appUser.email, email))
    )[0];

  /** Membership, audit entry and the invitation used — in one transaction, once (a second accept is keyInvalid). */
  async function join(invitationId: number, mandantId: number, userId: number, actor: Actor) {
    const before = (await membershipsOf(db, [userId])).get(userId) ?? [];
    await db.transaction(async (tx) => {
      const claimed = await tx
        .update(einladung)
        .set({ acceptedAt: new Date(), acceptedBy: userId })
        .where(and(eq(einladung.id, invitationId), isNull(einladung.acceptedAt)))
        .returning({ id: einladung.id });
      if (claimed.length === 0) throw new ProblemError(400, "error.keyInvalid");
      if (before.includes(mandantId)) return;
      await tx.insert(userMandant).values({ userId, mandantId }).onConflictDoNothing();
      const list = (ids: number[]) => [...ids].sort((a, b) => a - b).join(", ");
      await recordAccountChanges(tx, userId, actor, [
        { field: "mandanten", oldValue: list(before), newValue: list([...before, mandantId]) },
      ]);
    });
  }

  return {
    async list(principal: Principal, mandantId: number) {
      await administered(principal, mandantId);
      return listPending(mandantId);
    },

    async invite(principal: Principal, mandantId: number, input: TEinladungCreate): Promise<TEinladung> {
      const name = await administered(principal, mandantId);
      const limitKey = `invite:${mandantId}`;
      await invites.assertAllowed([{ key: limitKey, max: INVITES_PER_HOUR }]);
      await invites.record([limitKey]);
      const { key, hash } = newOneTimeKey();
      const expiresAt = new Date(Date.now() + TTL_MS);
      const id = await db.transaction(async (tx) => {
        // A new invitation of the same address replaces the pending one (its link stops working).
        await tx
          .delete(einladung)
          .where(
            and(
              eq(einladung.mandantId, mandantId),
              eq(einladung.email, input.email),
              isNull(einladung.acceptedAt),
            ),
          );
        const [row] = await tx
          .insert(einladung)
          .values({ mandantId, email: input.email, keyHash: hash, invitedBy: principal.userId, expiresAt })
          .returning({ id: einladung.id });
        return row!.id;
      });
      const account = await accountOf(input.email);
      await mailer.send({
        kind: account ? "invitation" : "invitationNewAccount",
        to: input.email,
        language: account?.langKey ?? input.langKey,
        name: account ? (account.firstName ?? account.login) : input.email,
        login: account?.login ?? "",
        linkPath: `/app/einladung/${encodeURIComponent(key)}`,
        values: { mandant: name, by: principal.login },
      });
      return (await listPending(mandantId)).find((row) => row.id === id)!;
    },

    async revoke(principal: Principal, mandantId: number, id: number) {
      await administered(principal, mandantId);
      const rows = await db
        .delete(einladung)
        .where(and(eq(einladung.id, id), eq(einladung.mandantId, mandantId), isNull(einladung.acceptedAt)))
        .returning({ id: einladung.id });
      if (rows.length === 0) throw new ProblemError(404, "error.notFound");
    },

    /** What the holder of the mailed link sees. */
    async info(key: string): Promise<TEinladungInfo> {
      const row = await byKey(key);
      return {
        mandant: row.mandant,
        email: row.email,
        invitedBy: row.invitedBy,
        accountExists: (await accountOf(row.email)) !== undefined,
      };
    },

    /** An existing account accepts: signed in with the invited address (a forwarded link is no use to others). */
    async accept(principal: Principal, key: string) {
      const row = await byKey(key);
      const [me] = await db
        .select({ email: appUser.email })
        .from(appUser)
        .where(eq(appUser.id, principal.userId));
      if (me?.email !== row.email) {
        throw new ProblemError(403, "error.forbidden", "The invitation is for another e-mail address");
      }
      await join(row.id, row.mandantId, principal.userId, {
        userId: principal.userId,
        login: principal.login,
      });
    },

    /** A new account through the link: the key proves the address, so the account is active at once. */
    async register(input: TEinladungRegister) {
      const row = await byKey(input.key);
      if (await accountOf(row.email)) {
        throw new ProblemError(409, "error.conflict", "This address has an account: sign in and accept");
      }
      const userId = await insertUser(db, {
        login: input.login,
        email: row.email,
        password: input.password,
        firstName: input.firstName,
        lastName: input.lastName,
        langKey: input.langKey,
        activated: true,
        authorities: ["ROLE_USER"],
        modifiedBy: "einladung",
      });
      await join(row.id, row.mandantId, userId, { userId, login: input.login.toLowerCase() });
    },
  };
}
