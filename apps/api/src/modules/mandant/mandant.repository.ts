import { sortModules, type TModul } from "@kontor/domain/access/access.schema";
import type {
  TAbrechnung,
  TFensterkuvert,
  TMandant,
  TMandantAdresse,
  TMandantOfUser,
  TMandantSummary,
  TMandantUser,
} from "@kontor/domain/mandant/mandant.schema";
import type { TMandantLogo } from "@kontor/domain/mandant/mandantLogo.schema";
import type { TPdfLayout } from "@kontor/domain/typen/typen.codes";
import {
  and,
  asc,
  count,
  eq,
  getTableColumns,
  inArray,
  isNull,
  max,
  notInArray,
  type SQL,
  sql,
} from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { countRowsUpTo, orderBy, type PageRequest, pageOf } from "../../db/paging.ts";
import {
  adresse,
  appUser,
  beleg,
  currentMandant,
  mandant,
  mandantLogo as mandantLogoTabelle,
  mandantModul,
  userMandant,
} from "../../db/schema/index.ts";
import { setTenant } from "../../db/tenant.ts";
import { seedTenantStammdaten } from "../stammdaten/seed.ts";
import { type Actor, recordAccountChanges } from "../user/user.audit.ts";

/** The tenant's own billing addresses (customer addresses share the table and carry kunde_id). */
const tenantOwnBilling = and(eq(adresse.adressenTyp, "rechnungsadresse"), isNull(adresse.kundeId));

export async function isMember(db: Db | Tx, userId: number, mandantId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: userMandant.userId })
    .from(userMandant)
    .where(and(eq(userMandant.userId, userId), eq(userMandant.mandantId, mandantId)))
    .limit(1);
  return row !== undefined;
}

export function listMandantsOfUser(db: Db, userId: number): Promise<TMandantOfUser[]> {
  return db
    .select({
      id: mandant.id,
      bezeichnung: mandant.bezeichnung,
      aktiv: mandant.aktiv,
      kleinunternehmer: mandant.kleinunternehmer,
    })
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

/** Which tenants an administrator sees: all (ROLE_ADMIN) or those they belong to (ROLE_ADMIN_MANDANT). */
export type MandantScope = { all: true } | { all: false; userId: number };

const inScope = (scope: MandantScope): SQL | undefined =>
  scope.all
    ? undefined
    : inArray(
        mandant.id,
        sql`(select ${userMandant.mandantId} from ${userMandant} where ${userMandant.userId} = ${scope.userId})`,
      );

export const MANDANT_SORT_FIELDS = ["id", "bezeichnung", "aktiv", "uid", "email"] as const;
type MandantSortField = (typeof MANDANT_SORT_FIELDS)[number];

export function listMandants(db: Db, scope: MandantScope, request: PageRequest<MandantSortField>) {
  const where = inScope(scope);
  return pageOf(
    db
      .select({
        id: mandant.id,
        bezeichnung: mandant.bezeichnung,
        aktiv: mandant.aktiv,
        uid: mandant.uid,
        email: mandant.email,
      })
      .from(mandant)
      .where(where)
      .orderBy(
        ...orderBy(
          request.sort,
          {
            id: mandant.id,
            bezeichnung: mandant.bezeichnung,
            aktiv: mandant.aktiv,
            uid: mandant.uid,
            email: mandant.email,
          },
          [{ field: "bezeichnung", direction: "asc" }],
          mandant.id,
        ),
      )
      .limit(request.size)
      .offset(request.page * request.size),
    request,
    (limit) => countRowsUpTo(db, mandant, where, limit),
  );
}

export function listAllMandants(db: Db, scope: MandantScope): Promise<TMandantSummary[]> {
  return db
    .select({ id: mandant.id, bezeichnung: mandant.bezeichnung, aktiv: mandant.aktiv })
    .from(mandant)
    .where(inScope(scope))
    .orderBy(asc(mandant.bezeichnung), asc(mandant.id));
}

export async function mandantExistsInScope(db: Db, id: number, scope: MandantScope): Promise<boolean> {
  const where = inScope(scope);
  const [row] = await db
    .select({ id: mandant.id })
    .from(mandant)
    .where(where ? and(eq(mandant.id, id), where) : eq(mandant.id, id));
  return row !== undefined;
}

/**
 * Billing stats (abrechnung): the finalized documents per tenant and the date of the last one. Read by the owner
 * connection for the billing list (every tenant) and inside a tenant's transaction for its own form.
 */
export async function billingStats(db: Db | Tx, ids: readonly number[]) {
  const stats = new Map(ids.map((id) => [id, { anzahlBeleg: 0, letztesBelegsDatum: null as string | null }]));
  if (ids.length === 0) return stats;
  const rows = await db
    .select({ mandantId: beleg.mandantId, anzahl: count(), letztes: max(beleg.belegDatum) })
    .from(beleg)
    .where(and(inArray(beleg.mandantId, [...ids]), eq(beleg.freigabe, true)))
    .groupBy(beleg.mandantId);
  for (const row of rows)
    stats.set(row.mandantId, { anzahlBeleg: Number(row.anzahl), letztesBelegsDatum: row.letztes ?? null });
  return stats;
}

export async function listAbrechnung(db: Db): Promise<TAbrechnung[]> {
  const rows = await db
    .select({ mandantId: mandant.id, bezeichnung: mandant.bezeichnung })
    .from(mandant)
    .orderBy(asc(mandant.bezeichnung), asc(mandant.id));
  const stats = await billingStats(
    db,
    rows.map((row) => row.mandantId),
  );
  return rows.map((row) => ({ ...row, ...stats.get(row.mandantId)! }));
}

const { createdDate: _c, lastModifiedDate: _l, ...mandantColumns } = getTableColumns(mandant);

/** The whole tenant (SPEC §3), in one transaction; its addresses and modules are read under its own tenant. */
export async function findMandant(db: Db, id: number): Promise<TMandant | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select(mandantColumns).from(mandant).where(eq(mandant.id, id));
    if (!row) return undefined;
    const users = await tx
      .select({
        id: appUser.id,
        login: appUser.login,
        firstName: appUser.firstName,
        lastName: appUser.lastName,
      })
      .from(userMandant)
      .innerJoin(appUser, eq(appUser.id, userMandant.userId))
      .where(eq(userMandant.mandantId, id))
      .orderBy(asc(appUser.login));
    await setTenant(tx, id);
    const addresses = await tx
      .select({
        id: adresse.id,
        strasse: adresse.strasse,
        hausNummer: adresse.hausNummer,
        plz: adresse.plz,
        ort: adresse.ort,
        land: adresse.land,
      })
      .from(adresse)
      .where(tenantOwnBilling)
      .orderBy(asc(adresse.id));
    const modulList = await listModules(tx);
    const stats = (await billingStats(tx, [id])).get(id)!;
    return {
      ...row,
      // Codes as the contract names them (only ever written through ZMandant).
      pdfLayout: row.pdfLayout as TPdfLayout,
      fensterkuvert: row.fensterkuvert as TFensterkuvert,
      ...stats,
      adresseLists: addresses.map((a) => ({
        ...a,
        strasse: a.strasse ?? "",
        hausNummer: a.hausNummer ?? "",
        plz: a.plz ?? "",
        ort: a.ort ?? "",
      })),
      modulList,
      userLists: users satisfies TMandantUser[],
    };
  });
}

type MandantRow = Omit<
  TMandant,
  "id" | "anzahlBeleg" | "letztesBelegsDatum" | "adresseLists" | "modulList" | "userLists"
>;

/**
 * Creates or updates a tenant with its addresses, modules and members, in one transaction; a member added or
 * removed gets an entry in their account's audit log.
 */
/**
 * Creates or updates a tenant with members, modules and addresses in one transaction. `pruefen` runs last in it,
 * as the tenant (e.g. the cash book's check of new cash settings): what it refuses is not saved.
 */
export async function saveMandant(
  db: Db,
  input: TMandant,
  actor: Actor,
  pruefen?: (tx: Tx) => Promise<void>,
): Promise<number> {
  const {
    id,
    anzahlBeleg: _a,
    letztesBelegsDatum: _d,
    adresseLists,
    modulList,
    userLists,
    ...fields
  } = input;
  const row: MandantRow = fields;
  return db.transaction(async (tx) => {
    let mandantId: number;
    if (id === undefined) {
      const [created] = await tx.insert(mandant).values(row).returning({ id: mandant.id });
      mandantId = created!.id;
    } else {
      await tx
        .update(mandant)
        .set({ ...row, lastModifiedDate: new Date() })
        .where(eq(mandant.id, id));
      mandantId = id;
    }
    await replaceMembers(
      tx,
      mandantId,
      userLists.map((u) => u.id),
      actor,
    );
    await setTenant(tx, mandantId);
    await replaceModules(tx, mandantId, modulList);
    await replaceAddresses(tx, mandantId, adresseLists);
    if (id === undefined) await seedTenantStammdaten(tx, mandantId, adresseLists[0]?.land);
    if (pruefen) {
      await setTenant(tx, mandantId);
      await pruefen(tx);
    }
    return mandantId;
  });
}

async function replaceMembers(tx: Tx, mandantId: number, userIds: number[], actor: Actor) {
  const wanted = new Set(userIds);
  const current = new Set(
    (
      await tx
        .select({ userId: userMandant.userId })
        .from(userMandant)
        .where(eq(userMandant.mandantId, mandantId))
    ).map((row) => row.userId),
  );
  const removed = [...current].filter((id) => !wanted.has(id));
  const added = [...wanted].filter((id) => !current.has(id));
  const before = await membershipsOf(tx, [...removed, ...added]);
  if (removed.length) {
    await tx
      .delete(userMandant)
      .where(and(eq(userMandant.mandantId, mandantId), inArray(userMandant.userId, removed)));
  }
  if (added.length) {
    await tx
      .insert(userMandant)
      .values(added.map((userId) => ({ userId, mandantId })))
      .onConflictDoNothing();
  }
  for (const userId of [...removed, ...added]) {
    const old = before.get(userId) ?? [];
    const now = removed.includes(userId) ? old.filter((id) => id !== mandantId) : [...old, mandantId];
    await recordAccountChanges(tx, userId, actor, [
      { field: "mandanten", oldValue: sortedIds(old), newValue: sortedIds(now) },
    ]);
  }
}

const sortedIds = (ids: readonly number[]) => [...ids].sort((a, b) => a - b).join(", ");

/** The tenants each of the users belongs to. */
export async function membershipsOf(db: Db | Tx, userIds: readonly number[]): Promise<Map<number, number[]>> {
  const result = new Map<number, number[]>();
  if (userIds.length === 0) return result;
  const rows = await db
    .select({ userId: userMandant.userId, mandantId: userMandant.mandantId })
    .from(userMandant)
    .where(inArray(userMandant.userId, [...userIds]));
  for (const row of rows) result.set(row.userId, [...(result.get(row.userId) ?? []), row.mandantId]);
  return result;
}

async function replaceModules(tx: Tx, mandantId: number, modules: readonly TModul[]) {
  await tx.delete(mandantModul);
  if (modules.length) await tx.insert(mandantModul).values(modules.map((modul) => ({ mandantId, modul })));
}

async function replaceAddresses(tx: Tx, mandantId: number, addresses: readonly TMandantAdresse[]) {
  const kept = addresses.flatMap((a) => (a.id === undefined ? [] : [a.id]));
  await tx
    .delete(adresse)
    .where(kept.length ? and(tenantOwnBilling, notInArray(adresse.id, kept)) : tenantOwnBilling);
  for (const { id, ...fields } of addresses) {
    if (id === undefined) {
      await tx.insert(adresse).values({ mandantId, adressenTyp: "rechnungsadresse", ...fields });
    } else {
      await tx
        .update(adresse)
        .set(fields)
        .where(and(tenantOwnBilling, eq(adresse.id, id)));
    }
  }
}

export async function setMandantAktiv(db: Db, id: number, aktiv: boolean): Promise<boolean> {
  const rows = await db
    .update(mandant)
    .set({ aktiv, lastModifiedDate: new Date() })
    .where(eq(mandant.id, id))
    .returning({ id: mandant.id });
  return rows.length > 0;
}

/**
 * Which of the ids a caller may attach to a tenant: for administrators every existing user; for tenant admins only
 * users who already belong to one of the caller's tenants (issue 13 — nobody attaches a foreign user id; people
 * from outside come in by invitation). Unknown and foreign ids are answered alike.
 */
export async function attachableUserIds(
  db: Db,
  scope: MandantScope,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: appUser.id })
    .from(appUser)
    .where(
      and(
        inArray(appUser.id, [...ids]),
        scope.all
          ? undefined
          : inArray(
              appUser.id,
              sql`(select m.user_id from ${userMandant} m where m.mandant_id in
                (select own.mandant_id from ${userMandant} own where own.user_id = ${scope.userId}))`,
            ),
      ),
    );
  return new Set(rows.map((row) => row.id));
}

// --- the tenant's logo (issue 16) ------------------------------------------------------------------------------

/** Only the transaction's tenant: row-level security says the same; this keeps it true for an owner connection too. */
const eigenesLogo = sql`${mandantLogoTabelle.mandantId} = ${currentMandant}`;

/**
 * The current tenant's logo as the PNG the document PDF prints (at most 1200 px wide and high, transparency kept),
 * or undefined when the tenant has none. Inside a tenant transaction (withTenant / TenantScope.run).
 */
export async function mandantLogo(tx: Tx): Promise<Uint8Array | undefined> {
  const [row] = await tx.select({ png: mandantLogoTabelle.png }).from(mandantLogoTabelle).where(eigenesLogo);
  return row ? new Uint8Array(row.png.buffer, row.png.byteOffset, row.png.byteLength) : undefined;
}

const logoMetadaten = {
  breite: mandantLogoTabelle.breite,
  hoehe: mandantLogoTabelle.hoehe,
  groesse: mandantLogoTabelle.groesse,
  geaendertAm: mandantLogoTabelle.geaendertAm,
};
const presentLogo = (row: { geaendertAm: Date } & Omit<TMandantLogo, "geaendertAm">): TMandantLogo => ({
  ...row,
  geaendertAm: row.geaendertAm.toISOString(),
});

/** Stores (or replaces) the current tenant's logo: a PNG as mandantLogo.service.ts normalised it. */
export async function saveMandantLogo(
  tx: Tx,
  logo: { png: Buffer; breite: number; hoehe: number },
): Promise<TMandantLogo> {
  const values = { ...logo, groesse: logo.png.length, geaendertAm: new Date() };
  const [row] = await tx
    .insert(mandantLogoTabelle)
    .values(values)
    .onConflictDoUpdate({ target: mandantLogoTabelle.mandantId, set: values })
    .returning(logoMetadaten);
  return presentLogo(row!);
}

/** Removes the current tenant's logo; false when it had none. */
export async function deleteMandantLogo(tx: Tx): Promise<boolean> {
  const rows = await tx
    .delete(mandantLogoTabelle)
    .where(eigenesLogo)
    .returning({ mandantId: mandantLogoTabelle.mandantId });
  return rows.length > 0;
}
