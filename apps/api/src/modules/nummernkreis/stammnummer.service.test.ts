import { stammnummerDatum } from "@kontor/domain/nummernkreis/stammnummer.rules";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Tx } from "../../db/client.ts";
import { kunde, mandant, stammnummerStand } from "../../db/schema/index.ts";
import { withTenant } from "../../db/tenant.ts";
import { createTenantUser, createTestApp, type TestApp } from "../../test/helpers.ts";
import { allocateNummer, lockStand, nummerVergeben, previewNummer } from "./stammnummer.service.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** A fresh tenant with the given numbering settings. */
async function tenant(patternKundennummer: string | null = null, firstKundenNummer: number | null = null) {
  const { mandantId } = await createTenantUser(t);
  await t.db.update(mandant).set({ patternKundennummer, firstKundenNummer }).where(eq(mandant.id, mandantId));
  return mandantId;
}

const inTenant = <T>(mandantId: number, fn: (tx: Tx) => Promise<T>) => withTenant(t.db, mandantId, fn);

/** Draws a number the way a save does: lock the counter, allocate, store a customer with it. */
const draw = (mandantId: number) =>
  inTenant(mandantId, async (tx) => {
    const last = await lockStand(tx, "kunde");
    const kundenNummer = await allocateNummer(tx, "kunde", last);
    await tx.insert(kunde).values({ kundenNummer });
    return kundenNummer;
  });

/** A customer whose number was entered by hand. */
const vonHand = (mandantId: number, kundenNummer: string) =>
  inTenant(mandantId, (tx) => tx.insert(kunde).values({ kundenNummer }));

const stand = async (mandantId: number) =>
  (
    await inTenant(mandantId, (tx) =>
      tx.select().from(stammnummerStand).where(eq(stammnummerStand.art, "kunde")),
    )
  )[0]?.lastNummer;

describe("master-data numbers (customer numbers)", () => {
  it("starts at the first number, formats with the pattern and stores the last sequence", async () => {
    const mandantId = await tenant("K-{NNNN}", 100);
    expect(await stand(mandantId)).toBeUndefined();
    expect(await draw(mandantId)).toBe("K-0100");
    expect(await draw(mandantId)).toBe("K-0101");
    expect(await stand(mandantId)).toBe(101);
  });

  it("numbers 1, 2, 3 … without a pattern", async () => {
    const mandantId = await tenant();
    expect([await draw(mandantId), await draw(mandantId), await draw(mandantId)]).toEqual(["1", "2", "3"]);
  });

  it("fills date tokens with today in Vienna", async () => {
    const mandantId = await tenant("{YYYY}/{MM}-{NN}");
    const { year, month } = stammnummerDatum();
    expect(await draw(mandantId)).toBe(`${year}/${String(month).padStart(2, "0")}-01`);
  });

  it("skips numbers entered by hand, also more than one batch of them", async () => {
    const mandantId = await tenant();
    await vonHand(mandantId, "1");
    await vonHand(mandantId, "3");
    expect(await draw(mandantId)).toBe("2");
    expect(await draw(mandantId)).toBe("4");
    for (let n = 5; n <= 130; n++) await vonHand(mandantId, String(n));
    expect(await inTenant(mandantId, (tx) => previewNummer(tx, "kunde"))).toBe("131");
    expect(await draw(mandantId)).toBe("131");
    expect(await stand(mandantId)).toBe(131);
  });

  it("a preview consumes nothing; a rolled-back save gives its number back", async () => {
    const mandantId = await tenant("P{NNN}");
    const preview = () => inTenant(mandantId, (tx) => previewNummer(tx, "kunde"));
    expect(await preview()).toBe("P001");
    expect(await preview()).toBe("P001");
    await expect(
      inTenant(mandantId, async (tx) => {
        await allocateNummer(tx, "kunde", await lockStand(tx, "kunde"));
        throw new Error("rollback");
      }),
    ).rejects.toThrow("rollback");
    expect(await preview()).toBe("P001");
    expect(await draw(mandantId)).toBe("P001");
    expect(await preview()).toBe("P002");
  });

  it("30 concurrent transactions get 30 distinct numbers without gaps", async () => {
    const mandantId = await tenant();
    const numbers = await Promise.all(Array.from({ length: 30 }, () => draw(mandantId)));
    expect(numbers.map(Number).sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
  });

  it("counts per tenant, and sees only the tenant's own customers as taken", async () => {
    const a = await tenant();
    const b = await tenant();
    expect(await draw(a)).toBe("1");
    expect(await draw(a)).toBe("2");
    expect(await draw(b)).toBe("1");
    expect(await inTenant(b, (tx) => nummerVergeben(tx, "kunde", "2", undefined))).toBe(false);
    expect(await inTenant(a, (tx) => nummerVergeben(tx, "kunde", "2", undefined))).toBe(true);
  });
});
