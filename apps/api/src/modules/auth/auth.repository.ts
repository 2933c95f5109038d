import type { TAuthority } from "@kontor/domain/access/access.schema";
import { and, eq, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { appUser, session, userAuthority } from "../../db/schema/index.ts";

/** The user's authorities as a sorted array, for selects from app_user. */
export const authoritiesOf = sql<TAuthority[]>`array(select ${userAuthority.authority} from ${userAuthority}
  where ${userAuthority.userId} = ${appUser.id} order by ${userAuthority.authority})`;

export async function findUserByLoginOrEmail(db: Db, loginOrEmail: string) {
  const value = loginOrEmail.toLowerCase();
  const [row] = await db
    .select({
      id: appUser.id,
      login: appUser.login,
      email: appUser.email,
      langKey: appUser.langKey,
      firstName: appUser.firstName,
      lastName: appUser.lastName,
      passwordHash: appUser.passwordHash,
      activated: appUser.activated,
      totpEnabled: appUser.totpEnabled,
      authorities: authoritiesOf,
    })
    .from(appUser)
    .where(or(eq(appUser.login, value), eq(appUser.email, value)))
    .limit(1);
  return row;
}

export async function findUserForSession(db: Db, userId: number) {
  const [row] = await db
    .select({
      id: appUser.id,
      login: appUser.login,
      firstName: appUser.firstName,
      lastName: appUser.lastName,
      activated: appUser.activated,
      authorities: authoritiesOf,
    })
    .from(appUser)
    .where(eq(appUser.id, userId));
  return row;
}

export async function insertSession(
  db: Db,
  values: { userId: number; expiresAt: Date; userAgent: string | undefined; clientAddress: string },
) {
  const [row] = await db.insert(session).values(values).returning({ id: session.id });
  return row!.id;
}

/** The session behind a token with what every request needs to know about its user. */
export async function findSessionPrincipal(db: Db, sessionId: string) {
  const [row] = await db
    .select({
      userId: session.userId,
      expiresAt: session.expiresAt,
      revokedAt: session.revokedAt,
      lastUsedAt: session.lastUsedAt,
      login: appUser.login,
      activated: appUser.activated,
      authorities: authoritiesOf,
    })
    .from(session)
    .innerJoin(appUser, eq(appUser.id, session.userId))
    .where(eq(session.id, sessionId))
    .limit(1);
  return row;
}

export async function touchSession(db: Db, sessionId: string) {
  await db.update(session).set({ lastUsedAt: new Date() }).where(eq(session.id, sessionId));
}

export async function revokeSession(db: Db, sessionId: string) {
  await db
    .update(session)
    .set({ revokedAt: new Date() })
    .where(and(eq(session.id, sessionId), isNull(session.revokedAt)));
}
