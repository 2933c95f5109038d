import type { TAccount } from "@kontor/domain/auth/auth.schema";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { appUser, userAuthority } from "../../db/schema/index.ts";

export async function findAccount(db: Db, userId: number): Promise<TAccount | undefined> {
  const [row] = await db
    .select({
      id: appUser.id,
      login: appUser.login,
      firstName: appUser.firstName,
      lastName: appUser.lastName,
      email: appUser.email,
      langKey: appUser.langKey,
      authorities: sql<TAccount["authorities"]>`array(select ${userAuthority.authority} from ${userAuthority}
        where ${userAuthority.userId} = ${appUser.id} order by ${userAuthority.authority})`,
    })
    .from(appUser)
    .where(eq(appUser.id, userId))
    .limit(1);
  return row;
}
