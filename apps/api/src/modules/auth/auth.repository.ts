import { and, eq, isNull, or } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { authoritiesOf } from "../../db/principal.ts";
import { appUser, session } from "../../db/schema/index.ts";

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

export async function revokeSession(db: Db, sessionId: string) {
  await db
    .update(session)
    .set({ revokedAt: new Date() })
    .where(and(eq(session.id, sessionId), isNull(session.revokedAt)));
}
