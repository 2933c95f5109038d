import type { TAccount } from "@kontor/domain/auth/auth.schema";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { authoritiesOf } from "../../db/principal.ts";
import { appUser } from "../../db/schema/index.ts";

export async function findAccount(db: Db, userId: number): Promise<TAccount | undefined> {
  const [row] = await db
    .select({
      id: appUser.id,
      login: appUser.login,
      firstName: appUser.firstName,
      lastName: appUser.lastName,
      email: appUser.email,
      langKey: appUser.langKey,
      authorities: authoritiesOf,
      newsread: appUser.newsread,
      selectedMandantId: appUser.selectedMandantId,
      is2FaUsed: appUser.totpEnabled,
      timermode: appUser.timermode,
      enablemailtransfer: appUser.enablemailtransfer,
      signature: appUser.signature,
      zeiterfassungUserData: appUser.zeiterfassungUserData,
    })
    .from(appUser)
    .where(eq(appUser.id, userId))
    .limit(1);
  return row;
}

export async function setNewsread(db: Db, userId: number, newsread: boolean) {
  await db.update(appUser).set({ newsread }).where(eq(appUser.id, userId));
}

export async function setLangKey(db: Db, userId: number, langKey: TAccount["langKey"]) {
  await db.update(appUser).set({ langKey }).where(eq(appUser.id, userId));
}

export async function setSelectedMandant(db: Db, userId: number, mandantId: number) {
  await db.update(appUser).set({ selectedMandantId: mandantId }).where(eq(appUser.id, userId));
}
