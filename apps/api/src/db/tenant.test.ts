import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMandant } from "../setup/seed.ts";
import { createTestApp, type TestApp } from "../test/helpers.ts";
import { queryRows } from "./client.ts";
import { adresse, mandantModul } from "./schema/index.ts";
import { withoutTenant, withTenant } from "./tenant.ts";

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
