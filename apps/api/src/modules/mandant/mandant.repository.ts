import { sortModules, type TModul } from "@kontor/domain/access/access.schema";
import type { TMandantSummary } from "@kontor/domain/mandant/mandant.schema";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { mandant, mandantModul, userMandant } from "../../db/schema/index.ts";

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

export function listMandantsOfUser(db: Db, userId: number): Promise<TMandantSummary[]> {
  return db
    .select({ id: mandant.id, bezeichnung: mandant.bezeichnung, aktiv: mandant.aktiv })
    .from(userMandant)
    .innerJoin(mandant, eq(mandant.id, userMandant.mandantId))
    .where(eq(userMandant.userId, userId))
    .orderBy(asc(mandant.bezeichnung), asc(mandant.id));
}

/** Inside a tenant transaction: row-level security limits this to the current tenant. */
export async function listModules(tx: Tx): Promise<TModul[]> {
  const rows = await tx.select({ modul: mandantModul.modul }).from(mandantModul);
  return sortModules(rows.map((row) => row.modul as TModul));
}
