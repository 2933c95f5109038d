import type { TAuthority, TModul } from "@kontor/domain/access/access.schema";
import { eq, sql } from "drizzle-orm";
import type { Db } from "./client.ts";
import { appUser, mandant, mandantModul, session, userAuthority, userMandant } from "./schema/index.ts";

/*
 * What the request guard (http/guard.ts) looks up before any module runs: the session behind a token and the
 * membership behind X-Mandant-Id, in one statement. None of these tables is tenant-owned, so they are read on the connection's own
 * role, outside a tenant transaction.
 */

/** The user's authorities as a sorted array, for selects from app_user. */
export const authoritiesOf = sql<TAuthority[]>`array(select ${userAuthority.authority} from ${userAuthority}
  where ${userAuthority.userId} = ${appUser.id} order by ${userAuthority.authority})`;

/**
 * The one lookup of every request, built once per database handle as a named prepared statement (no query building
 * per request; each connection parses it once and may keep its plan): the session behind a token with its user and,
 * when the request names a tenant (`mandantId`, else null), the user's membership in it — one round trip.
 */
function statements(db: Db) {
  const mandantId = sql`${sql.placeholder("mandantId")}::bigint`;
  const mitgliedschaft = sql`${userMandant} JOIN ${mandant} ON ${mandant.id} = ${userMandant.mandantId}
    WHERE ${userMandant.userId} = ${session.userId} AND ${userMandant.mandantId} = ${mandantId}`;
  const sessionPrincipal = db
    .select({
      userId: session.userId,
      expiresAt: session.expiresAt,
      revokedAt: session.revokedAt,
      lastUsedAt: session.lastUsedAt,
      login: appUser.login,
      activated: appUser.activated,
      authorities: authoritiesOf,
      /** The tenant's state when the user is a member, else null. */
      mandantAktiv: sql<boolean | null>`(SELECT ${mandant.aktiv} FROM ${mitgliedschaft})`,
      mandantModules: sql<TModul[] | null>`(SELECT array(SELECT ${mandantModul.modul} FROM ${mandantModul}
        WHERE ${mandantModul.mandantId} = ${mandant.id}) FROM ${mitgliedschaft})`,
    })
    .from(session)
    .innerJoin(appUser, eq(appUser.id, session.userId))
    .where(eq(session.id, sql.placeholder("sessionId")))
    .limit(1)
    .prepare("session_principal");
  return { sessionPrincipal };
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

/**
 * The session behind a token with what every request needs to know about its user and, for a tenant route, the
 * membership in that tenant (`membership` undefined when not a member or no tenant asked for).
 */
export async function findSessionPrincipal(db: Db, sessionId: string, mandantId?: number) {
  const [row] = await statementsOf(db).sessionPrincipal.execute({ sessionId, mandantId: mandantId ?? null });
  if (!row) return undefined;
  const { mandantAktiv, mandantModules, ...principal } = row;
  return {
    ...principal,
    membership: mandantAktiv === null ? undefined : { aktiv: mandantAktiv, modules: mandantModules ?? [] },
  };
}

export async function touchSession(db: Db, sessionId: string) {
  await db.update(session).set({ lastUsedAt: new Date() }).where(eq(session.id, sessionId));
}
