import type { Tx } from "../../db/client.ts";
import { allocateNummer, lockStand, nummerVergeben, previewNummer } from "../stammnummer/stammnummer.ts";

/**
 * Customer numbers (SPEC §3 patternKundennummer / firstKundenNummer): the shared master-data number service
 * (modules/stammnummer/stammnummer.ts, counter kind 'kunde') under the customer's names.
 */

/** Locks the tenant's customer counter for the rest of the transaction; returns the last sequence number given. */
export const lockKundenNummerStand = (tx: Tx, mandantId: number): Promise<number> =>
  lockStand(tx, "kunde", mandantId);

/** Gives the next customer number (counter locked by lockKundenNummerStand; `last` is what it returned). */
export const allocateKundenNummer = (tx: Tx, mandantId: number, last: number): Promise<string> =>
  allocateNummer(tx, "kunde", mandantId, last);

/** The number the next new customer would get today (GET nextkundennumber): nothing is locked or consumed. */
export const previewKundenNummer = (tx: Tx, mandantId: number): Promise<string> =>
  previewNummer(tx, "kunde", mandantId);

/** Whether another customer of the tenant (not `exceptId`) has this number already. */
export const kundenNummerVergeben = (
  tx: Tx,
  kundenNummer: string,
  exceptId: number | undefined,
): Promise<boolean> => nummerVergeben(tx, "kunde", kundenNummer, exceptId);
