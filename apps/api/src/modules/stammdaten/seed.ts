import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";

/**
 * The master data a new tenant starts with (VAT rates of Austria and Germany, base units, one invoice circle):
 * the SQL function of migration 0006, which also seeded the tenants that existed then — one definition.
 */
export async function seedTenantStammdaten(tx: Tx, mandantId: number, land: string | undefined) {
  await tx.execute(sql`select kontor_seed_stammdaten(${mandantId}::bigint, ${land ?? null}::text)`);
}
