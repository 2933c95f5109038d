import { spawn } from "node:child_process";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { beleg, belegnummerkreis, rechnungskreis } from "../../db/schema/index.ts";
import { withTenant } from "../../db/tenant.ts";
import { createTenantUser, createTestApp, type TestApp } from "../../test/helpers.ts";
import {
  allocateForBelegsTyp,
  allocateNumber,
  type NumberCircleRef,
  todayNumberDate,
} from "./nummernkreis.service.ts";

let t: TestApp;
let mandantId: number;
let otherMandantId: number;

beforeAll(async () => {
  t = await createTestApp();
  [mandantId, otherMandantId] = (
    await Promise.all([createTenantUser(t, { authorities: ["ROLE_ADMIN"] }), createTenantUser(t)])
  ).map((user) => user.mandantId) as [number, number];
});
afterAll(() => t?.close());

const inTenant = <T>(fn: Parameters<typeof withTenant<T>>[2], tenant = mandantId) =>
  withTenant(t.db, tenant, fn);

/** A fresh document number circle (no document types: they must be unique in the tenant) with the given state. */
async function belegCircle(
  values: Partial<typeof belegnummerkreis.$inferInsert> = {},
): Promise<NumberCircleRef> {
  const [row] = await inTenant((tx) =>
    tx
      .insert(belegnummerkreis)
      .values({ mandantId, nummernkreisPattern: "{YYYY}-{NNNNN}", ...values })
      .returning({ id: belegnummerkreis.id }),
  );
  return { kreis: "beleg", id: row!.id };
}

const allocate = (circle: NumberCircleRef, date = { year: 2030, month: 3 }) =>
  inTenant((tx) => allocateNumber(tx, circle, date));
const sequences = (numbers: string[]) => numbers.map((n) => Number(n.split("-").at(-1)));

describe("allocateNumber", () => {
  it("50 concurrent transactions get 50 distinct numbers 1..50, without gaps", async () => {
    const circle = await belegCircle();
    const numbers = await Promise.all(Array.from({ length: 50 }, () => allocate(circle)));
    expect(new Set(numbers).size).toBe(50);
    expect(sequences(numbers).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(numbers).toContain("2030-00050");
    const [row] = await inTenant((tx) =>
      tx.select().from(belegnummerkreis).where(eq(belegnummerkreis.id, circle.id)),
    );
    expect(row).toMatchObject({ lastNummer: 50, lastJahr: 2030 });
  });

  it("formats with the pattern and the given date", async () => {
    const circle = await belegCircle({ nummernkreisPattern: "AB-{YY}{MM}/{NNN}" });
    expect(await allocate(circle, { year: 2031, month: 11 })).toBe("AB-3111/001");
    expect(await allocate(circle, { year: 2031, month: 12 })).toBe("AB-3112/002");
  });

  it("a new year restarts at 1 when the circle says so, and continues when not", async () => {
    const yearly = await belegCircle();
    const running = await belegCircle({ nummerProJahr: false });
    for (const circle of [yearly, running]) {
      await allocate(circle, { year: 2030, month: 12 });
      await allocate(circle, { year: 2030, month: 12 });
    }
    expect(await allocate(yearly, { year: 2031, month: 1 })).toBe("2031-00001");
    expect(await allocate(yearly, { year: 2031, month: 1 })).toBe("2031-00002");
    expect(await allocate(running, { year: 2031, month: 1 })).toBe("2031-00003");
  });

  it("a document dated in an earlier year continues that year's sequence (December's invoices in January); this year's counter stays", async () => {
    const circle = await belegCircle({ nummernkreisPattern: "VJ-{YYYY}-{NNNNN}" });
    const belegIn = (belegNummer: string) =>
      inTenant((tx) =>
        tx.insert(beleg).values({
          mandantId,
          belegsTyp: "rechnung",
          belegDatum: `${belegNummer.slice(3, 7)}-12-30`,
          belegNummer,
          freigabe: true,
        }),
      );
    // Numbers 1 and 2 of 2030 issued, then the new year began.
    for (const n of ["VJ-2030-00001", "VJ-2030-00002"]) await belegIn(n);
    await inTenant((tx) =>
      tx
        .update(belegnummerkreis)
        .set({ lastNummer: 2, lastJahr: 2030 })
        .where(eq(belegnummerkreis.id, circle.id)),
    );
    const januar = await allocate(circle, { year: 2031, month: 1 });
    expect(januar).toBe("VJ-2031-00001");
    await belegIn(januar);
    // A document of 30 December finalized now: the third of 2030, not a repeat, not a refusal.
    const dezember = await allocate(circle, { year: 2030, month: 12 });
    expect(dezember).toBe("VJ-2030-00003");
    await belegIn(dezember);
    expect(await allocate(circle, { year: 2030, month: 12 })).toBe("VJ-2030-00004");
    // A year with none issued starts at 1; this year's sequence went on untouched.
    expect(await allocate(circle, { year: 2029, month: 6 })).toBe("VJ-2029-00001");
    expect(await allocate(circle, { year: 2031, month: 2 })).toBe("VJ-2031-00002");
  });

  it("refuses an earlier year (409) when the pattern does not print the year: its numbers would repeat", async () => {
    const circle = await belegCircle({ nummernkreisPattern: "OJ-{NNNNN}", lastNummer: 7, lastJahr: 2031 });
    await expect(allocate(circle, { year: 2030, month: 12 })).rejects.toMatchObject({
      status: 409,
      code: "error.conflict",
    });
    expect(await allocate(circle, { year: 2031, month: 2 })).toBe("OJ-00008");
  });

  it("a rolled-back transaction gives its number back", async () => {
    const circle = await belegCircle();
    expect(await allocate(circle)).toBe("2030-00001");
    let taken = "";
    await expect(
      inTenant(async (tx) => {
        taken = await allocateNumber(tx, circle, { year: 2030, month: 3 });
        throw new Error("finalizing failed");
      }),
    ).rejects.toThrow("finalizing failed");
    expect(taken).toBe("2030-00002");
    expect(await allocate(circle)).toBe("2030-00002");
  });

  it("invoice circles start at their first number, once", async () => {
    const [row] = await inTenant((tx) =>
      tx
        .insert(rechnungskreis)
        .values({
          mandantId,
          rechnungskreisName: "Ab 1000",
          rechnungsnummernPattern: "RE{NNNNN}",
          firstRechnungsnummer: 1000,
        })
        .returning({ id: rechnungskreis.id }),
    );
    const circle: NumberCircleRef = { kreis: "rechnung", id: row!.id };
    expect(await allocate(circle)).toBe("RE01000");
    expect(await allocate(circle)).toBe("RE01001");
    expect(await allocate(circle, { year: 2031, month: 1 })).toBe("RE00001");
  });

  it("another tenant's circle, or none, is 404", async () => {
    const circle = await belegCircle();
    await expect(
      inTenant((tx) => allocateNumber(tx, circle, { year: 2030, month: 1 }), otherMandantId),
    ).rejects.toMatchObject({ status: 404 });
    await expect(allocate({ kreis: "rechnung", id: 999_999_999 })).rejects.toMatchObject({ status: 404 });
  });
});

describe("allocateForBelegsTyp", () => {
  it("draws from the tenant's circle of the type; a type without circle is 404", async () => {
    await belegCircle({ belegsTyps: ["gutschrift", "storno"], nummernkreisPattern: "GS-{NNN}" });
    const date = { year: 2030, month: 5 };
    expect(await inTenant((tx) => allocateForBelegsTyp(tx, "storno", date))).toBe("GS-001");
    expect(await inTenant((tx) => allocateForBelegsTyp(tx, "gutschrift", date))).toBe("GS-002");
    await expect(inTenant((tx) => allocateForBelegsTyp(tx, "lieferschein", date))).rejects.toMatchObject({
      status: 404,
      code: "error.notFound",
    });
    await expect(
      inTenant((tx) => allocateForBelegsTyp(tx, "storno", date), otherMandantId),
    ).rejects.toMatchObject({ status: 404 });
  });
});

describe("todayNumberDate", () => {
  it.each<[string, { year: number; month: number }]>([
    ["2030-12-31T22:59:00Z", { year: 2030, month: 12 }],
    ["2030-12-31T23:00:00Z", { year: 2031, month: 1 }], // midnight in Vienna (UTC+1)
    ["2031-06-30T22:00:00Z", { year: 2031, month: 7 }], // summer time (UTC+2)
  ])("%s → %j", (instant, expected) => {
    expect(todayNumberDate(new Date(instant))).toEqual(expected);
  });
});

describe("two processes on PostgreSQL", () => {
  const script = path.join(import.meta.dirname, "allocate.script.ts");

  /** Starts a child that allocates `count` numbers once it gets the start line; resolves when it is ready. */
  function child(circle: NumberCircleRef, count: number) {
    const process_ = spawn(
      process.execPath,
      ["--import", "tsx", script, String(mandantId), circle.kreis, String(circle.id), String(count), "2030"],
      { env: process.env, stdio: ["pipe", "pipe", "pipe"] },
    );
    let stdout = "";
    let stderr = "";
    process_.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    process_.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    const exited = new Promise<string[]>((resolve, reject) =>
      process_.on("exit", (code) =>
        code === 0
          ? resolve(JSON.parse(stdout.trim().split("\n").at(-1)!))
          : reject(new Error(stderr || `exit ${code}`)),
      ),
    );
    const ready = new Promise<void>((resolve, reject) => {
      process_.stdout.on("data", () => stdout.includes("ready\n") && resolve());
      exited.catch(reject);
    });
    return { ready, exited, start: () => process_.stdin.end("go\n") };
  }

  it.runIf(process.env.DATABASE_URL)(
    "two processes allocating 25 numbers each give 50 distinct, contiguous numbers",
    async () => {
      const circle = await belegCircle();
      const children = [child(circle, 25), child(circle, 25)];
      await Promise.all(children.map((c) => c.ready));
      for (const c of children) c.start();
      const [first, second] = await Promise.all(children.map((c) => c.exited));
      expect(first).toHaveLength(25);
      expect(second).toHaveLength(25);
      const all = [...first!, ...second!];
      expect(new Set(all).size).toBe(50);
      expect(sequences(all).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    },
    60_000,
  );
});
