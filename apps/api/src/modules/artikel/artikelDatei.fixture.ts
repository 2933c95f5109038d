import type { TAuthority } from "@kontor/domain/access/access.schema";
import { eq, sql } from "drizzle-orm";
import { artikel, artikelPreis, mehrwertssteuer } from "../../db/schema/index.ts";
import { withTenant } from "../../db/tenant.ts";
import { createUser } from "../../setup/seed.ts";
import { login, type TestApp, unique } from "../../test/helpers.ts";

type ArtikelZeile = typeof artikel.$inferInsert;
type PreisZeile = Omit<typeof artikelPreis.$inferInsert, "mandantId" | "artikelId">;

/** What a test article may name beyond the row: its price entries; the VAT rate defaults to a 20 % one. */
export interface TestArtikel extends Partial<Omit<ArtikelZeile, "mandantId" | "id">> {
  preise?: PreisZeile[];
}

/** Test fixture: a VAT rate of the tenant (created if missing). */
export async function mwstId(t: TestApp, mandantId: number, mwst = 20): Promise<number> {
  return withTenant(t.db, mandantId, async (tx) => {
    await tx.insert(mehrwertssteuer).values({ mandantId, mwst }).onConflictDoNothing();
    const [row] = await tx
      .select({ id: mehrwertssteuer.id })
      .from(mehrwertssteuer)
      .where(eq(mehrwertssteuer.mwst, mwst));
    return row!.id;
  });
}

/**
 * Test fixture for the article file and export routes: an article written straight into the tables (no HTTP, so
 * these tests stand apart from PUT artikel), with its prices and its search text, in the tenant's transaction.
 */
export async function insertArtikel(
  t: TestApp,
  mandantId: number,
  angaben: TestArtikel = {},
): Promise<number> {
  const { preise = [], ...row } = angaben;
  const mehrwertssteuerId = row.mehrwertssteuerId ?? (await mwstId(t, mandantId));
  return withTenant(t.db, mandantId, async (tx) => {
    const [created] = await tx
      .insert(artikel)
      .values({
        artikelNummer: unique("A"),
        artikelBezeichnung: "Test Artikel",
        ...row,
        mehrwertssteuerId,
        mandantId,
      })
      .returning({ id: artikel.id });
    const artikelId = created!.id;
    if (preise.length > 0)
      await tx.insert(artikelPreis).values(preise.map((p) => ({ ...p, mandantId, artikelId })));
    await tx.execute(
      sql`UPDATE artikel SET suche = kontor_artikel_suche(mandant_id, id) WHERE mandant_id = ${mandantId} AND id = ${artikelId}`,
    );
    return artikelId;
  });
}

/** Test fixture: another member of an existing tenant with these authorities, signed in. */
export async function memberOf(
  t: TestApp,
  mandantId: number,
  authorities: TAuthority[],
): Promise<{ token: string; mandantId: number }> {
  const user = { login: unique("member"), password: "secret123" };
  await createUser(t.db, {
    ...user,
    email: `${user.login}@example.test`,
    authorities,
    mandantIds: [mandantId],
  });
  return { token: await login(t, user), mandantId };
}
