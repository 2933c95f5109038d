import {
  type KundennummerEinstellung,
  kundennummerDatum,
  kundennummerKandidaten,
} from "@kontor/domain/kunde/kundennummer.rules";
import { and, eq, inArray, ne } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { kunde, kundenNummerStand, mandant } from "../../db/schema/index.ts";
import { ProblemError } from "../../http/problem.ts";

/**
 * Customer numbers at work (SPEC §3 patternKundennummer / firstKundenNummer). One counter row per tenant
 * (kunden_nummer_stand) is locked while a number is drawn, so concurrent saves, in this process or another, each
 * get the following number; numbers entered by hand are skipped; a rolled-back save gives its number back.
 */

/** Candidates checked per round trip when numbers entered by hand lie in the way. */
const BATCH = 50;
/** Give up after this many rounds (50 000 numbers in a row taken by hand: the pattern cannot be what was meant). */
const MAX_ROUNDS = 1000;

async function einstellung(tx: Tx, mandantId: number): Promise<KundennummerEinstellung> {
  const [row] = await tx
    .select({
      patternKundennummer: mandant.patternKundennummer,
      firstKundenNummer: mandant.firstKundenNummer,
    })
    .from(mandant)
    .where(eq(mandant.id, mandantId));
  return row ?? {};
}

/**
 * Locks the tenant's counter for the rest of the transaction (creating it at 0 when missing) and returns the last
 * sequence number given. Saves that set a number by hand take it too, so an allocation never races them.
 */
export async function lockKundenNummerStand(tx: Tx, mandantId: number): Promise<number> {
  await tx
    .insert(kundenNummerStand)
    .values({ mandantId, lastNummer: 0 })
    .onConflictDoNothing({ target: kundenNummerStand.mandantId });
  const [row] = await tx
    .select({ lastNummer: kundenNummerStand.lastNummer })
    .from(kundenNummerStand)
    .where(eq(kundenNummerStand.mandantId, mandantId))
    .for("update");
  return row?.lastNummer ?? 0;
}

/** The first number after `last` that no customer of the tenant has, with its sequence number. */
async function ersteFreie(tx: Tx, mandantId: number, last: number) {
  const settings = await einstellung(tx, mandantId);
  const date = kundennummerDatum();
  let after = last;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const candidates = kundennummerKandidaten(settings, after, BATCH, date);
    const taken = new Set(
      (
        await tx
          .select({ kundenNummer: kunde.kundenNummer })
          .from(kunde)
          .where(
            inArray(
              kunde.kundenNummer,
              candidates.map((c) => c.kundenNummer),
            ),
          )
      ).map((row) => row.kundenNummer),
    );
    const free = candidates.find((c) => !taken.has(c.kundenNummer));
    if (free) return free;
    after = candidates.at(-1)!.sequence;
  }
  throw new ProblemError(409, "error.conflict", "No free customer number found after the last one");
}

/**
 * Gives the next customer number inside the caller's (saving) transaction and stores its sequence as the last
 * one. The counter must be locked by lockKundenNummerStand in the same transaction; `last` is what it returned.
 */
export async function allocateKundenNummer(tx: Tx, mandantId: number, last: number): Promise<string> {
  const { sequence, kundenNummer } = await ersteFreie(tx, mandantId, last);
  await tx
    .update(kundenNummerStand)
    .set({ lastNummer: sequence })
    .where(eq(kundenNummerStand.mandantId, mandantId));
  return kundenNummer;
}

/** The number the next new customer would get today (GET nextkundennumber): nothing is locked or consumed. */
export async function previewKundenNummer(tx: Tx, mandantId: number): Promise<string> {
  const [row] = await tx
    .select({ lastNummer: kundenNummerStand.lastNummer })
    .from(kundenNummerStand)
    .where(eq(kundenNummerStand.mandantId, mandantId));
  return (await ersteFreie(tx, mandantId, row?.lastNummer ?? 0)).kundenNummer;
}

/** Whether another customer of the tenant (not `exceptId`) has this number already. */
export async function kundenNummerVergeben(
  tx: Tx,
  kundenNummer: string,
  exceptId: number | undefined,
): Promise<boolean> {
  const rows = await tx
    .select({ id: kunde.id })
    .from(kunde)
    .where(
      exceptId === undefined
        ? eq(kunde.kundenNummer, kundenNummer)
        : and(eq(kunde.kundenNummer, kundenNummer), ne(kunde.id, exceptId)),
    )
    .limit(1);
  return rows.length > 0;
}
