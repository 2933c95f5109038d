import type { TArtikel, TArtikelInput } from "@kontor/domain/artikel/artikel.schema";
import { asc, desc } from "drizzle-orm";
import { mehrwertssteuer } from "../../db/schema/index.ts";
import { withTenant } from "../../db/tenant.ts";
import { call, type TestApp } from "../../test/helpers.ts";

/** Who calls: a token and the tenant (as createTenantUser + login give them). */
export interface Caller {
  token: string;
  mandantId: number;
}

/** The tenant's default VAT rate (every tenant is seeded with the Austrian and German rates). */
export async function defaultMwstId(t: TestApp, mandantId: number): Promise<number> {
  const [row] = await withTenant(t.db, mandantId, (tx) =>
    tx
      .select({ id: mehrwertssteuer.id })
      .from(mehrwertssteuer)
      .orderBy(desc(mehrwertssteuer.defaultMwst), asc(mehrwertssteuer.id))
      .limit(1),
  );
  if (!row) throw new Error(`tenant ${mandantId} has no VAT rate`);
  return row.id;
}

/**
 * Test helper for every test file that needs articles: PUT artikel with a valid article (a name, the tenant's
 * default VAT rate) plus the overrides; the caller needs ROLE_ARTIKEL_WRITE. Fails the test unless it is saved.
 * Returns the stored article (as GET artikel/{id} answers it).
 */
export async function createArtikel(
  t: TestApp,
  who: Caller,
  overrides: Partial<TArtikelInput> | Record<string, unknown> = {},
): Promise<TArtikel & { id: number; artikelNummer: string }> {
  const response = await call(t, {
    method: "PUT",
    url: "/app/api/artikel",
    ...who,
    payload: {
      artikelBezeichnung: "Testartikel",
      mehrwertssteuer: { id: await defaultMwstId(t, who.mandantId) },
      ...overrides,
    },
  });
  if (response.statusCode !== 200)
    throw new Error(`createArtikel failed: ${response.statusCode} ${response.body}`);
  return response.json();
}
