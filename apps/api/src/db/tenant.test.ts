import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMandant, createUser } from "../setup/seed.ts";
import { createTestApp, type TestApp, unique } from "../test/helpers.ts";
import { queryRows } from "./client.ts";
import { adresse, auditLog, mandantModul } from "./schema/index.ts";
import { tenantScope, withoutTenant, withTenant } from "./tenant.ts";

/** Tenant isolation in depth (DESIGN §6): row-level security holds even when a query forgets its tenant filter. */
let t: TestApp;
let a: number;
let b: number;
const address = { strasse: "Hauptplatz", hausNummer: "1", plz: "8010", ort: "Graz", land: "AT" };

beforeAll(async () => {
  t = await createTestApp();
  a = await createMandant(t.db, { bezeichnung: "RLS A", modules: ["crm", "zahlung"], adresse: address });
  b = await createMandant(t.db, { bezeichnung: "RLS B", modules: ["kassabuch"], adresse: address });
});
afterAll(() => t?.close());

describe("row-level security on tenant tables", () => {
  it("a query without a tenant set sees no tenant rows", async () => {
    const result = await withoutTenant(t.db, async (tx) => ({
      modules: await tx.select().from(mandantModul),
      addresses: await tx.select().from(adresse),
    }));
    expect(result).toEqual({ modules: [], addresses: [] });
  });

  it("an unfiltered query inside a tenant transaction sees only that tenant's rows", async () => {
    const modules = await withTenant(t.db, a, (tx) => tx.select().from(mandantModul));
    expect(modules.map((m) => m.mandantId)).toEqual([a, a]);
    const addresses = await withTenant(t.db, b, (tx) => tx.select().from(adresse));
    expect(addresses.map((row) => row.mandantId)).toEqual([b]);
  });

  it("a tenant transaction that fails rolls back and leaves its connection as the owner, without a tenant", async () => {
    const before = await withTenant(t.db, a, (tx) => tx.select().from(mandantModul));
    const error = await withTenant(t.db, a, async (tx) => {
      await tx.delete(mandantModul);
      await tx.execute(sql`select 1 / 0`);
    }).catch((e: Error) => e);
    expect(String((error as Error).cause ?? error)).toMatch(/division by zero/);
    expect(await withTenant(t.db, a, (tx) => tx.select().from(mandantModul))).toEqual(before);
    // Every pooled connection is back to the owner role with no tenant (set_config(…, true) ends with the transaction).
    const settings = await Promise.all(
      Array.from({ length: 12 }, () =>
        queryRows<{ role: string; tenant: string | null }>(
          t.db,
          sql`select current_user as role, nullif(current_setting('kontor.mandant_id', true), '') as tenant`,
        ),
      ),
    );
    for (const [row] of settings)
      expect(row).toEqual({ role: expect.not.stringMatching(/^kontor_app$/), tenant: null });
  });

  it("nested transactions (savepoints) inside a tenant transaction keep the tenant", async () => {
    const seen = await withTenant(t.db, a, (tx) =>
      tx.transaction(async (inner) => inner.select().from(mandantModul)),
    );
    expect(seen.map((m) => m.mandantId)).toEqual([a, a]);
  });

  it("refuses to write a row into another tenant", async () => {
    const error = await withTenant(t.db, a, (tx) =>
      tx.insert(mandantModul).values({ mandantId: b, modul: "crm" }),
    ).catch((e: Error) => e);
    expect(String((error as Error).cause)).toMatch(/row-level security/);
  });

  it("cannot update or delete another tenant's rows (they are invisible)", async () => {
    const deleted = await withTenant(t.db, a, (tx) =>
      tx.delete(mandantModul).where(sql`mandant_id = ${b}`).returning(),
    );
    expect(deleted).toEqual([]);
    const stillThere = await withTenant(t.db, b, (tx) => tx.select().from(mandantModul));
    expect(stillThere).toHaveLength(1);
  });

  it("runs as a role that is neither superuser nor exempt from row-level security", async () => {
    const [role] = await withTenant(t.db, a, (tx) =>
      queryRows<{ name: string; rolsuper: boolean; rolbypassrls: boolean }>(
        tx,
        sql`select current_user as name, rolsuper, rolbypassrls from pg_roles where rolname = current_user`,
      ),
    );
    expect(role).toEqual({ name: "kontor_app", rolsuper: false, rolbypassrls: false });
  });

  it("the tenant setting ends with the transaction", async () => {
    await withTenant(t.db, a, (tx) => tx.select().from(mandantModul));
    const after = await withoutTenant(t.db, (tx) => tx.select().from(mandantModul));
    expect(after).toEqual([]);
  });
});

describe("tenant columns default to the transaction's tenant", () => {
  it("an insert without mandant_id lands in the selected tenant", async () => {
    const [row] = await withTenant(t.db, b, (tx) =>
      tx.insert(mandantModul).values({ modul: "lager" }).returning(),
    );
    expect(row?.mandantId).toBe(b);
  });

  it("without a tenant an insert belongs to no tenant and is refused", async () => {
    const error = await withoutTenant(t.db, (tx) => tx.insert(mandantModul).values({ modul: "lager" })).catch(
      (e: Error) => e,
    );
    expect(String((error as Error).cause)).toMatch(/row-level security/);
  });
});

describe("the tenant handle's audit hook", () => {
  let userId: number;
  beforeAll(async () => {
    userId = await createUser(t.db, {
      login: unique("auditor"),
      email: `${unique("auditor")}@example.test`,
      password: "secret123",
      authorities: ["ROLE_USER"],
      mandantIds: [a],
    });
  });
  const scope = () => tenantScope(t.db, { mandantId: a, modules: new Set(), userId, login: "auditor" });
  const entries = (entityId: number) =>
    withTenant(t.db, a, (tx) => tx.select().from(auditLog).where(sql`entity_id = ${entityId}`));

  it("writes the noted events with who and when, in the change's transaction", async () => {
    const before = new Date();
    const result = await scope().change(async (_tx, audit) => {
      audit({ entity: "probe", entityId: 9_000_001, action: "create" });
      audit({ entity: "probe", entityId: 9_000_001, action: "finalize", detail: { nummer: "2026-00001" } });
      return "done";
    });
    expect(result).toBe("done");
    const rows = await entries(9_000_001);
    expect(rows.map((r) => [r.mandantId, r.entity, r.action, r.login, r.userId, r.detail])).toEqual([
      [a, "probe", "create", "auditor", userId, null],
      [a, "probe", "finalize", "auditor", userId, { nummer: "2026-00001" }],
    ]);
    expect(rows[0]!.at.getTime()).toBeGreaterThanOrEqual(before.getTime() - 5_000);
  });

  it("a change that fails leaves no entry (change and history commit together)", async () => {
    const error = await scope()
      .change(async (_tx, audit) => {
        audit({ entity: "probe", entityId: 9_000_002, action: "update" });
        throw new Error("refused");
      })
      .catch((e: Error) => e);
    expect((error as Error).message).toBe("refused");
    expect(await entries(9_000_002)).toEqual([]);
  });

  it("the application role may not rewrite or remove history", async () => {
    await scope().change(async (_tx, audit) =>
      audit({ entity: "probe", entityId: 9_000_003, action: "create" }),
    );
    for (const statement of [
      sql`update audit_log set action = 'forged' where entity_id = 9000003`,
      sql`delete from audit_log where entity_id = 9000003`,
    ]) {
      const error = await withTenant(t.db, a, (tx) => tx.execute(statement)).catch((e: Error) => e);
      expect(String((error as Error).cause)).toMatch(/permission denied/);
    }
    expect((await entries(9_000_003)).map((r) => r.action)).toEqual(["create"]);
  });

  it("another tenant does not see the entries", async () => {
    await scope().change(async (_tx, audit) =>
      audit({ entity: "probe", entityId: 9_000_004, action: "create" }),
    );
    const seen = await withTenant(t.db, b, (tx) =>
      tx.select().from(auditLog).where(sql`entity_id = 9000004`),
    );
    expect(seen).toEqual([]);
  });
});
