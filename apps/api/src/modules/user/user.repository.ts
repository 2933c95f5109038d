import type { TAuthority } from "@kontor/domain/access/access.schema";
import type { TUser } from "@kontor/domain/user/user.schema";
import { and, asc, eq, inArray, isNull, ne, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { countRowsUpTo, orderBy, type PageRequest, pageOf } from "../../db/paging.ts";
import {
  appUser,
  session,
  userAuthority,
  userGroup,
  userGroupMember,
  userMandant,
} from "../../db/schema/index.ts";
import { everyWordIn } from "../../db/search.ts";
import { ProblemError } from "../../http/problem.ts";
import { hashPassword } from "../auth/password.ts";
import { type AccountChange, type Actor, recordAccountChanges } from "./user.audit.ts";

export const USER_SORT_FIELDS = [
  "id",
  "login",
  "firstName",
  "lastName",
  "email",
  "activated",
  "langKey",
  "createdDate",
] as const;
type UserSortField = (typeof USER_SORT_FIELDS)[number];

export interface UserValues {
  login: string;
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  imageUrl?: string | null;
  langKey?: "de" | "en";
  activated?: boolean;
  authorities: readonly TAuthority[];
  mandantIds?: readonly number[];
  groupIds?: readonly number[];
}

/**
 * Unique login and e-mail, also under a race: the unique indexes decide, answered as the §8 messages; unknown
 * groups and tenants: the foreign keys decide.
 */
async function uniquely<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const cause =
      (error as { cause?: { code?: string; constraint?: string } }).cause ??
      (error as { code?: string; constraint?: string });
    if (cause?.code === "23505" && cause.constraint === "app_user_login_uq") {
      throw new ProblemError(400, "error.loginUsed", undefined, [{ field: "login", code: "invalid" }]);
    }
    if (cause?.code === "23505" && cause.constraint === "app_user_email_uq") {
      throw new ProblemError(400, "error.emailUsed", undefined, [{ field: "email", code: "invalid" }]);
    }
    // A group or tenant id that does not exist.
    if (cause?.code === "23503" && cause.constraint === "user_group_member_group_id_user_group_id_fk") {
      throw new ProblemError(400, "error.validation", undefined, [{ field: "groups", code: "notFound" }]);
    }
    if (cause?.code === "23503" && cause.constraint === "user_mandant_mandant_id_mandant_id_fk") {
      throw new ProblemError(400, "error.validation", undefined, [{ field: "mandantIds", code: "notFound" }]);
    }
    throw error;
  }
}

/** Friendly checks before writing (the indexes stay the final word): login first, then e-mail. */
export async function assertUnique(
  db: Db | Tx,
  values: { login?: string; email?: string },
  exceptId?: number,
) {
  const others = exceptId === undefined ? undefined : ne(appUser.id, exceptId);
  if (values.login) {
    const [taken] = await db
      .select({ id: appUser.id })
      .from(appUser)
      .where(and(eq(appUser.login, values.login), others));
    if (taken)
      throw new ProblemError(400, "error.loginUsed", undefined, [{ field: "login", code: "invalid" }]);
  }
  if (values.email) {
    const [taken] = await db
      .select({ id: appUser.id })
      .from(appUser)
      .where(and(eq(appUser.email, values.email), others));
    if (taken)
      throw new ProblemError(400, "error.emailUsed", undefined, [{ field: "email", code: "invalid" }]);
  }
}

/** Creates a user with authorities, tenants and groups. Without a password nobody can sign in until one is set. */
export async function insertUser(
  db: Db,
  values: UserValues & { password?: string; activationKeyHash?: string; modifiedBy: string },
): Promise<number> {
  const passwordHash = values.password ? await hashPassword(values.password) : "!";
  return uniquely(() =>
    db.transaction(async (tx) => {
      await assertUnique(tx, values);
      const [row] = await tx
        .insert(appUser)
        .values({
          login: values.login.toLowerCase(),
          email: values.email.toLowerCase(),
          passwordHash,
          firstName: values.firstName ?? null,
          lastName: values.lastName ?? null,
          imageUrl: values.imageUrl ?? null,
          langKey: values.langKey ?? "de",
          activated: values.activated ?? true,
          activationKeyHash: values.activationKeyHash ?? null,
          lastModifiedBy: values.modifiedBy,
        })
        .returning({ id: appUser.id });
      const userId = row!.id;
      await replaceAuthorities(tx, userId, values.authorities);
      await replaceMemberships(tx, userId, values.mandantIds ?? []);
      await replaceGroups(tx, userId, values.groupIds ?? []);
      return userId;
    }),
  );
}

/** Updates a user; the audit entries (user.audit.ts) are written in the same transaction. */
export async function updateUser(
  db: Db,
  id: number,
  values: UserValues & { modifiedBy: string },
  audit: { actor: Actor; changes: readonly AccountChange[] },
) {
  return uniquely(() =>
    db.transaction(async (tx) => {
      await recordAccountChanges(tx, id, audit.actor, audit.changes);
      await assertUnique(tx, values, id);
      const rows = await tx
        .update(appUser)
        .set({
          login: values.login.toLowerCase(),
          email: values.email.toLowerCase(),
          firstName: values.firstName ?? null,
          lastName: values.lastName ?? null,
          imageUrl: values.imageUrl ?? null,
          langKey: values.langKey ?? "de",
          activated: values.activated ?? true,
          lastModifiedBy: values.modifiedBy,
          lastModifiedDate: new Date(),
        })
        .where(eq(appUser.id, id))
        .returning({ id: appUser.id });
      if (rows.length === 0) return false;
      await replaceAuthorities(tx, id, values.authorities);
      if (values.mandantIds) await replaceMemberships(tx, id, values.mandantIds);
      if (values.groupIds) await replaceGroups(tx, id, values.groupIds);
      return true;
    }),
  );
}

async function replaceAuthorities(tx: Tx, userId: number, authorities: readonly TAuthority[]) {
  await tx.delete(userAuthority).where(eq(userAuthority.userId, userId));
  const unique = [...new Set(authorities)];
  if (unique.length)
    await tx.insert(userAuthority).values(unique.map((authority) => ({ userId, authority })));
}

async function replaceMemberships(tx: Tx, userId: number, mandantIds: readonly number[]) {
  await tx.delete(userMandant).where(eq(userMandant.userId, userId));
  const unique = [...new Set(mandantIds)];
  if (unique.length) await tx.insert(userMandant).values(unique.map((mandantId) => ({ userId, mandantId })));
}

async function replaceGroups(tx: Tx, userId: number, groupIds: readonly number[]) {
  await tx.delete(userGroupMember).where(eq(userGroupMember.userId, userId));
  const unique = [...new Set(groupIds)];
  if (unique.length) await tx.insert(userGroupMember).values(unique.map((groupId) => ({ userId, groupId })));
}

/** Which users an administrator sees: all (ROLE_ADMIN) or the members of their own tenants. */
export type UserScope = { all: true } | { all: false; userId: number };

export const usersInScope = (scope: UserScope): SQL | undefined =>
  scope.all
    ? undefined
    : inArray(
        appUser.id,
        sql`(select m.user_id from ${userMandant} m where m.mandant_id in
          (select own.mandant_id from ${userMandant} own where own.user_id = ${scope.userId}))`,
      );

/** The user search: every word in login, first or last name or e-mail (any order, case-insensitive). */
export function searchWords(search: string) {
  return everyWordIn(search, appUser.login, appUser.firstName, appUser.lastName, appUser.email);
}

const listColumns = {
  id: appUser.id,
  login: appUser.login,
  firstName: appUser.firstName,
  lastName: appUser.lastName,
  email: appUser.email,
  activated: appUser.activated,
  langKey: appUser.langKey,
  createdDate: appUser.createdDate,
};

export function listUsers(
  db: Db,
  scope: UserScope,
  request: PageRequest<UserSortField> & { search: string },
) {
  const where = and(usersInScope(scope), searchWords(request.search));
  return pageOf(
    db
      .select(listColumns)
      .from(appUser)
      .where(where)
      .orderBy(...orderBy(request.sort, listColumns, [{ field: "id", direction: "desc" }], appUser.id))
      .limit(request.size)
      .offset(request.page * request.size),
    request,
    (limit) => countRowsUpTo(db, appUser, where, limit),
  );
}

/** A user with authorities, groups and tenants, if inside the scope. */
export async function findUser(db: Db, id: number, scope: UserScope): Promise<TUser | undefined> {
  const [row] = await db
    .select({
      ...listColumns,
      imageUrl: appUser.imageUrl,
      lastModifiedBy: appUser.lastModifiedBy,
      lastModifiedDate: appUser.lastModifiedDate,
    })
    .from(appUser)
    .where(and(eq(appUser.id, id), usersInScope(scope)));
  if (!row) return undefined;
  const [authorities, groups, mandants] = [
    await db.select({ a: userAuthority.authority }).from(userAuthority).where(eq(userAuthority.userId, id)),
    await db
      .select({ id: userGroup.id, name: userGroup.name })
      .from(userGroupMember)
      .innerJoin(userGroup, eq(userGroup.id, userGroupMember.groupId))
      .where(eq(userGroupMember.userId, id))
      .orderBy(asc(userGroup.name)),
    await db.select({ id: userMandant.mandantId }).from(userMandant).where(eq(userMandant.userId, id)),
  ];
  return {
    ...row,
    createdDate: row.createdDate.toISOString(),
    lastModifiedDate: row.lastModifiedDate?.toISOString() ?? null,
    authorities: authorities.map((r) => r.a as TAuthority).sort(),
    groups,
    mandantIds: mandants.map((m) => m.id).sort((a, b) => a - b),
  };
}

export async function setPassword(db: Db | Tx, userId: number, password: string) {
  await db
    .update(appUser)
    .set({ passwordHash: await hashPassword(password), lastModifiedDate: new Date() })
    .where(eq(appUser.id, userId));
}

/** Revokes the user's sessions, except one (the caller's own, after a password change). */
export async function revokeSessions(db: Db | Tx, userId: number, exceptSessionId?: string) {
  await db
    .update(session)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(session.userId, userId),
        isNull(session.revokedAt),
        exceptSessionId ? ne(session.id, exceptSessionId) : undefined,
      ),
    );
}
