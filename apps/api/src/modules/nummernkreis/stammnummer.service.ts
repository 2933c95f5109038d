import {
  type StammnummerEinstellung,
  stammnummerDatum,
  stammnummerKandidaten,
  type TStammnummerArt,
} from "@kontor/domain/nummernkreis/stammnummer.rules";
import { and, eq, inArray, ne } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Tx } from "../../db/client.ts";
import { artikel, currentMandant, kunde, mandant, stammnummerStand } from "../../db/schema/index.ts";
import { ProblemError } from "../../http/problem.ts";

/**
 * Master-data numbers at work (SPEC §3 patternKundennummer / firstKundenNummer, patternArtikelnummer /
 * firstArtikelNummer). One counter row per tenant and kind (stammnummer_stand) is locked while a number is drawn,
 * so concurrent saves, in this process or another, each get the following number; numbers entered by hand are
 * skipped; a rolled-back save gives its number back.
 */

/** Where each kind of number lives, and which tenant settings format it. */
const ARTEN: Record<
  TStammnummerArt,
  { table: PgTable; id: PgColumn; nummer: PgColumn; pattern: PgColumn; first: PgColumn; noun: string }
> = {
  kunde: {
    table: kunde,
    id: kunde.id,
    nummer: kunde.kundenNummer,
    pattern: mandant.patternKundennummer,
    first: mandant.firstKundenNummer,
    noun: "customer",
  },
  artikel: {
    table: artikel,
    id: artikel.id,
    nummer: artikel.artikelNummer,
    pattern: mandant.patternArtikelnummer,
    first: mandant.firstArtikelNummer,
    noun: "article",
  },
};

/** Candidates checked per round trip when numbers entered by hand lie in the way. */
const BATCH = 50;
/** Give up after this many rounds (50 000 numbers in a row taken by hand: the pattern cannot be what was meant). */
const MAX_ROUNDS = 1000;

async function einstellung(tx: Tx, art: TStammnummerArt): Promise<StammnummerEinstellung> {
  const { pattern, first } = ARTEN[art];
  const [row] = (await tx.select({ pattern, first }).from(mandant).where(eq(mandant.id, currentMandant))) as {
    pattern: string | null;
    first: number | null;
  }[];
  return row ?? {};
}

/** The counter of this kind (row-level security shows only the transaction's tenant's counters). */
const standVon = (art: TStammnummerArt) => eq(stammnummerStand.art, art);

/**
 * Locks the tenant's counter of this kind for the rest of the transaction (creating it at 0 when missing) and
 * returns the last sequence number given. Saves that set a number by hand take it too, so an allocation never
 * races them.
 */
export async function lockStand(tx: Tx, art: TStammnummerArt): Promise<number> {
  await tx
    .insert(stammnummerStand)
    .values({ art, lastNummer: 0 })
    .onConflictDoNothing({ target: [stammnummerStand.mandantId, stammnummerStand.art] });
  const [row] = await tx
    .select({ lastNummer: stammnummerStand.lastNummer })
    .from(stammnummerStand)
    .where(standVon(art))
    .for("update");
  return row?.lastNummer ?? 0;
}

/** The first number after `last` that no record of the kind in the tenant has, with its sequence number. */
async function ersteFreie(tx: Tx, art: TStammnummerArt, last: number) {
  const { table, nummer, noun } = ARTEN[art];
  const settings = await einstellung(tx, art);
  const date = stammnummerDatum();
  let after = last;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const candidates = stammnummerKandidaten(settings, after, BATCH, date);
    const rows = (await tx
      .select({ nummer })
      .from(table)
      .where(
        inArray(
          nummer,
          candidates.map((c) => c.nummer),
        ),
      )) as { nummer: string }[];
    const taken = new Set(rows.map((row) => row.nummer));
    const free = candidates.find((c) => !taken.has(c.nummer));
    if (free) return free;
    after = candidates.at(-1)!.sequence;
  }
  throw new ProblemError(409, "error.conflict", `No free ${noun} number found after the last one`);
}

/**
 * Gives the next number of the kind inside the caller's (saving) transaction and stores its sequence as the last
 * one. The counter must be locked by lockStand in the same transaction; `last` is what it returned.
 */
export async function allocateNummer(tx: Tx, art: TStammnummerArt, last: number): Promise<string> {
  const { sequence, nummer } = await ersteFreie(tx, art, last);
  await tx.update(stammnummerStand).set({ lastNummer: sequence }).where(standVon(art));
  return nummer;
}

/** The number the next new record of the kind would get today: nothing is locked or consumed. */
export async function previewNummer(tx: Tx, art: TStammnummerArt): Promise<string> {
  const [row] = await tx
    .select({ lastNummer: stammnummerStand.lastNummer })
    .from(stammnummerStand)
    .where(standVon(art));
  return (await ersteFreie(tx, art, row?.lastNummer ?? 0)).nummer;
}

/** Whether another record of the kind in the tenant (not `exceptId`) has this number already. */
export async function nummerVergeben(
  tx: Tx,
  art: TStammnummerArt,
  wert: string,
  exceptId: number | undefined,
): Promise<boolean> {
  const { table, id, nummer } = ARTEN[art];
  const rows = await tx
    .select({ id })
    .from(table)
    .where(exceptId === undefined ? eq(nummer, wert) : and(eq(nummer, wert), ne(id, exceptId)))
    .limit(1);
  return rows.length > 0;
}
