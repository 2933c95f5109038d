import type { TAuthority } from "@kontor/domain/access/access.schema";
import type { TBenachrichtigung } from "@kontor/domain/benachrichtigung/benachrichtigung.schema";
import { and, desc, eq, inArray, or, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { countRowsUpTo, orderBy, type PageRequest, pageOf } from "../../db/paging.ts";
import { appUser, benachrichtigung, userMandant } from "../../db/schema/index.ts";

export const BENACHRICHTIGUNG_SORT_FIELDS = ["id", "bezeichnung", "aktiv", "createdDate"] as const;
type SortField = (typeof BENACHRICHTIGUNG_SORT_FIELDS)[number];

const columns = {
  id: benachrichtigung.id,
  bezeichnung: benachrichtigung.bezeichnung,
  aktiv: benachrichtigung.aktiv,
  restrictions: benachrichtigung.restrictions,
  editor: benachrichtigung.editor,
  createdDate: benachrichtigung.createdDate,
};

type Row = { [K in keyof typeof columns]: (typeof columns)[K]["_"]["data"] };
const present = ({ createdDate, restrictions, ...row }: Row): TBenachrichtigung => ({
  ...row,
  restrictions: restrictions as TAuthority[],
  createdDate: createdDate.toISOString(),
});

// All functions run inside the tenant transaction (TenantScope.run): row-level security confines them to the selected tenant.

export async function listBenachrichtigungen(tx: Tx, request: PageRequest<SortField>) {
  const page = await pageOf(
    tx
      .select(columns)
      .from(benachrichtigung)
      .orderBy(...orderBy(request.sort, columns, [{ field: "id", direction: "asc" }], benachrichtigung.id))
      .limit(request.size)
      .offset(request.page * request.size),
    request,
    (limit) => countRowsUpTo(tx, benachrichtigung, undefined, limit),
  );
  return { ...page, items: page.items.map(present) };
}

export async function findBenachrichtigung(tx: Tx, id: number) {
  const [row] = await tx.select(columns).from(benachrichtigung).where(eq(benachrichtigung.id, id));
  return row && present(row);
}

export async function saveBenachrichtigung(tx: Tx, input: TBenachrichtigung) {
  const { id, createdDate: _, ...values } = input;
  const [row] =
    id === undefined
      ? await tx.insert(benachrichtigung).values(values).returning(columns)
      : await tx.update(benachrichtigung).set(values).where(eq(benachrichtigung.id, id)).returning(columns);
  return row && present(row);
}

export async function setBenachrichtigungAktiv(tx: Tx, id: number, aktiv: boolean) {
  const rows = await tx
    .update(benachrichtigung)
    .set({ aktiv })
    .where(eq(benachrichtigung.id, id))
    .returning({ id: benachrichtigung.id });
  return rows.length > 0;
}

export async function deleteBenachrichtigung(tx: Tx, id: number) {
  const rows = await tx
    .delete(benachrichtigung)
    .where(eq(benachrichtigung.id, id))
    .returning({ id: benachrichtigung.id });
  return rows.length > 0;
}

/** Active news the user may see: no restrictions, or one of the user's authorities. Newest first. */
export async function myNews(tx: Tx, authorities: readonly TAuthority[]) {
  const visible = or(
    sql`cardinality(${benachrichtigung.restrictions}) = 0`,
    sql`${benachrichtigung.restrictions} && ${sql.param([...authorities])}::text[]`,
  );
  const rows = await tx
    .select(columns)
    .from(benachrichtigung)
    .where(and(eq(benachrichtigung.aktiv, true), visible))
    .orderBy(desc(benachrichtigung.createdDate), desc(benachrichtigung.id));
  return rows.map(present);
}

/** PUT resetstatus: every member of the tenant sees the news dialog again. */
export async function resetNewsread(tx: Tx, mandantId: number) {
  await tx
    .update(appUser)
    .set({ newsread: false })
    .where(
      inArray(
        appUser.id,
        tx.select({ id: userMandant.userId }).from(userMandant).where(eq(userMandant.mandantId, mandantId)),
      ),
    );
}
