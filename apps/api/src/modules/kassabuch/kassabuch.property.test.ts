import { todayIso } from "@kontor/domain/date/calendar";
import type { TKassabuchTyp } from "@kontor/domain/kassabuch/kassabuch.codes";
import {
  buchungMoeglich,
  datumsSperre,
  type KassaBuchung,
  type KassaEinstellungen,
  laufendeSalden,
  saldoAm,
  zeitraum,
} from "@kontor/domain/kassabuch/kassabuch.rules";
import { dec, toNumber } from "@kontor/domain/money/decimal";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/helpers.ts";
import type { Caller } from "../kunde/kunde.testing.ts";
import { buch, buche, kassaMandant } from "./kassabuch.testing.ts";

/**
 * Property tests of the balance guard (issue 17): whatever entries arrive — back-dated, across years, concurrent —
 * no running balance of the stored book is ever below zero, the API decides exactly as the pure rules
 * (kassabuch.rules.ts) and its balances are the rules' balances. On PGlite transactions run one after another; on
 * PostgreSQL (DATABASE_URL) 100 expenses race over several connections.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const RUNS = Number(process.env.KASSA_PROPERTY_RUNS ?? 12);

interface Op {
  date: string;
  typ: TKassabuchTyp;
  /** Cents. */
  cent: number;
}

/** Days in December 2025 and January 2026 (a year change, for kassaStartZeroYear), from few to make collisions. */
const tag = fc
  .tuple(fc.constantFrom("2025-12", "2026-01"), fc.integer({ min: 1, max: 6 }))
  .map(([monat, day]) => `${monat}-${String(day * 5).padStart(2, "0")}`);
const op: fc.Arbitrary<Op> = fc.record({
  date: tag,
  typ: fc.constantFrom<TKassabuchTyp>("einnahme", "ausgabe", "ausgabe"),
  cent: fc.oneof(fc.integer({ min: 1, max: 5_000 }), fc.integer({ min: 1, max: 30_000 })),
});
const einstellungen: fc.Arbitrary<KassaEinstellungen> = fc.record({
  kassaBetrag: fc.integer({ min: 0, max: 20_000 }).map((cent) => cent / 100),
  kassaStartdatum: fc.constantFrom(null, "2025-12-01", "2025-12-10"),
  kassaStartZeroYear: fc.boolean(),
});

const betrag = (cent: number) => cent / 100;

async function tenant(e: KassaEinstellungen): Promise<Caller> {
  return kassaMandant(t, {
    kassaBetrag: e.kassaBetrag === null ? null : Number(e.kassaBetrag),
    kassaStartdatum: e.kassaStartdatum,
    kassaStartZeroYear: e.kassaStartZeroYear,
  });
}

/** The whole stored book (every page) as the API shows it. */
async function gespeichert(who: Caller) {
  const b = await buch(t, who, "?size=500");
  expect(b.total).toBe(b.entries.length);
  return b;
}

/** The stored book agrees with the rules: rows, running balances (never below zero), balances. */
async function stimmt(who: Caller, e: KassaEinstellungen) {
  const b = await gespeichert(who);
  const modell: KassaBuchung[] = b.entries.map((x) => ({
    id: x.id,
    date: x.date,
    typ: x.typ,
    betrag: x.betrag,
  }));
  const salden = laufendeSalden(e, modell);
  expect(b.entries.map((x) => [x.id, x.saldo])).toEqual(salden.map((s) => [s.buchung.id, toNumber(s.saldo)]));
  for (const s of salden) expect(s.saldo.units >= 0n, `balance after #${s.buchung.id}`).toBe(true);
  const heute = todayIso();
  expect(b.actualBalance).toBe(toNumber(saldoAm(e, modell, heute)));
  const z = zeitraum(e, modell, null, null, heute);
  expect(b.completeBalance).toBe(toNumber(z.endbestand));
  expect([
    b.zeitraum.anfangsbestand,
    b.zeitraum.einnahmen,
    b.zeitraum.ausgaben,
    b.zeitraum.endbestand,
  ]).toEqual([z.anfangsbestand, z.einnahmen, z.ausgaben, z.endbestand].map(toNumber));
  const teil = await buch(t, who, "?von=2025-12-20&bis=2026-01-10&size=500");
  const tz = zeitraum(e, modell, "2025-12-20", "2026-01-10", heute);
  expect([teil.zeitraum.anfangsbestand, teil.zeitraum.endbestand, teil.zeitraum.jahreswechsel]).toEqual([
    toNumber(tz.anfangsbestand),
    toNumber(tz.endbestand),
    tz.jahreswechsel,
  ]);
  return modell;
}

describe("the balance guard (property)", () => {
  it("entries one after another: the API decides as the rules, and no running balance goes below zero", async () => {
    await fc.assert(
      fc.asyncProperty(einstellungen, fc.array(op, { minLength: 1, maxLength: 14 }), async (e, ops) => {
        const who = await tenant(e);
        const modell: KassaBuchung[] = [];
        for (const o of ops) {
          const response = await buche(t, who, { date: o.date, typ: o.typ, betrag: betrag(o.cent) });
          const sperre = datumsSperre(e, null, o.date);
          const erlaubt = sperre === null && buchungMoeglich(e, modell, { ...o, betrag: betrag(o.cent) });
          expect(response.statusCode, `${JSON.stringify(o)}: ${response.body}`).toBe(erlaubt ? 200 : 409);
          if (erlaubt)
            modell.push({ id: response.json().id, date: o.date, typ: o.typ, betrag: betrag(o.cent) });
          else
            expect(response.json().code).toBe(
              sperre === "beforeKassaStart" ? "error.kassabuchBeforeStart" : "error.cashBalanceExceeded",
            );
        }
        expect((await stimmt(who, e)).length).toBe(modell.length);
      }),
      { numRuns: RUNS, seed: 17 },
    );
  }, 300_000);

  it("concurrent batches in any interleaving: the stored book never has a negative balance", async () => {
    await fc.assert(
      fc.asyncProperty(
        einstellungen,
        fc.array(fc.array(op, { minLength: 2, maxLength: 6 }), { minLength: 1, maxLength: 4 }),
        fc.scheduler(),
        async (e, batches, s) => {
          const who = await tenant(e);
          for (const batch of batches) {
            // The scheduler releases the requests in an order of its choosing (shrinkable, reproducible).
            const answers = await s.waitFor(
              Promise.all(
                batch.map((o) =>
                  s
                    .schedule(Promise.resolve(o))
                    .then((x) => buche(t, who, { date: x.date, typ: x.typ, betrag: betrag(x.cent) })),
                ),
              ),
            );
            for (const answer of answers) expect([200, 409], answer.body).toContain(answer.statusCode);
            await stimmt(who, e);
          }
        },
      ),
      { numRuns: RUNS, seed: 23 },
    );
  }, 300_000);
});

describe("100 concurrent expenses near the limit", () => {
  /**
   * The balance holds 37 expenses of 2.70 € (100 € = 37 × 2.70 + 0.10). 100 are sent at once — on PostgreSQL over
   * two connection pools (two app instances, like two processes behind a load balancer): exactly 37 are accepted,
   * none above the limit, and the book ends at 0.10 €.
   */
  it("exactly as many are accepted as the balance covers, 0 above it", async () => {
    const who = await kassaMandant(t, { kassaBetrag: 100, kassaStartdatum: "2025-01-01" });
    // A second app on the same PostgreSQL database: its own pool of connections. (PGlite is one in-memory database
    // per app, so there the first app alone takes all 100.)
    const zweite = process.env.DATABASE_URL ? await createTestApp() : undefined;
    try {
      const apps = zweite ? [t, zweite] : [t];
      const answers = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          buche(apps[i % apps.length]!, who, {
            date: `2025-03-${String((i % 28) + 1).padStart(2, "0")}`,
            betrag: 2.7,
          }),
        ),
      );
      const codes = answers.map((a) => a.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(37);
      expect(codes.filter((c) => c === 409)).toHaveLength(63);
      for (const a of answers.filter((x) => x.statusCode === 409))
        expect(a.json().code).toBe("error.cashBalanceExceeded");
      const b = await buch(t, who, "?size=500");
      expect(b.actualBalance).toBe(0.1);
      expect(Math.min(...b.entries.map((x) => x.saldo))).toBeGreaterThanOrEqual(0);
      expect(toNumber(dec(b.entries.at(-1)!.saldo))).toBe(0.1);
    } finally {
      await zweite?.close();
    }
  }, 120_000);
});
