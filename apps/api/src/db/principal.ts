import type { TAuthority, TModul } from "@kontor/domain/access/access.schema";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "./client.ts";
import { appUser, mandant, mandantModul, session, userAuthority, userMandant } from "./schema/index.ts";

/*
 * What the request guard (http/guard.ts) looks up before any module runs: the session behind a token and the
 * membership behind X-Mandant-Id. None of these tables is tenant-owned, so they are read on the connection's own
 * role, outside a tenant transaction.
 */

/** The user's authorities as a sorted array, for selects from app_user. */
export const authoritiesOf = sql<TAuthority[]>`array(select ${userAuthority.authority} from ${userAuthority}
  where ${userAuthority.userId} = ${appUser.id} order by ${userAuthority.authority})`;

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

/** Membership of a user in a tenant, with the tenant's state and modules; undefined when not a member. */
export async function findMembership(db: Db, userId: number, mandantId: number) {
  const [row] = await db
    .select({
      aktiv: mandant.aktiv,
      modules: sql<TModul[]>`array(select ${mandantModul.modul} from ${mandantModul}
        where ${mandantModul.mandantId} = ${mandant.id})`,
    })
    .from(userMandant)
    .innerJoin(mandant, eq(mandant.id, userMandant.mandantId))
    .where(and(eq(userMandant.userId, userId), eq(userMandant.mandantId, mandantId)))
    .limit(1);
  return row;
}
