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

/**
 * The two lookups of every request, built once per database handle as named prepared statements: no query
 * building per request, and each connection parses them once and may keep their plans.
 */
function statements(db: Db) {
  const sessionPrincipal = db
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
    .where(eq(session.id, sql.placeholder("sessionId")))
    .limit(1)
    .prepare("session_principal");
  const membership = db
    .select({
      aktiv: mandant.aktiv,
      modules: sql<TModul[]>`array(select ${mandantModul.modul} from ${mandantModul}
        where ${mandantModul.mandantId} = ${mandant.id})`,
    })
    .from(userMandant)
    .innerJoin(mandant, eq(mandant.id, userMandant.mandantId))
    .where(
      and(
        eq(userMandant.userId, sql.placeholder("userId")),
        eq(userMandant.mandantId, sql.placeholder("mandantId")),
      ),
    )
    .limit(1)
    .prepare("user_membership");
  return { sessionPrincipal, membership };
}
const prepared = new WeakMap<Db, ReturnType<typeof statements>>();
const statementsOf = (db: Db) => {
  let found = prepared.get(db);
  if (!found) {
    found = statements(db);
    prepared.set(db, found);
  }
  return found;
};

/** The session behind a token with what every request needs to know about its user. */
export async function findSessionPrincipal(db: Db, sessionId: string) {
  const [row] = await statementsOf(db).sessionPrincipal.execute({ sessionId });
  return row;
}

export async function touchSession(db: Db, sessionId: string) {
  await db.update(session).set({ lastUsedAt: new Date() }).where(eq(session.id, sessionId));
}

/** Membership of a user in a tenant, with the tenant's state and modules; undefined when not a member. */
export async function findMembership(db: Db, userId: number, mandantId: number) {
  const [row] = await statementsOf(db).membership.execute({ userId, mandantId });
  return row;
}
