import type { TFieldError } from "@kontor/domain/http/problem.schema";
import { and, eq, inArray, notInArray } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { ProblemError } from "../http/problem.ts";
import type { Tx } from "./client.ts";

/**
 * Saving an aggregate with its parts (a customer's addresses and contacts, an article's prices and suppliers): which
 * referenced ids exist, which part ids belong to the owner, and replacing the parts by id. Runs inside withTenant, so
 * every query sees the selected tenant only.
 */

/** 400 error.validation with the collected field errors. */
export const validation = (fieldErrors: TFieldError[]) =>
  new ProblemError(400, "error.validation", undefined, fieldErrors);

/** Which of the ids name a row of the table (in the selected tenant). */
export async function existingIds(
  tx: Tx,
  table: PgTable & { id: PgColumn },
  ids: number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = (await tx
    .select({ id: table.id })
    .from(table as PgTable)
    .where(inArray(table.id, [...new Set(ids)]))) as { id: number }[];
  return new Set(rows.map((row) => row.id));
}

/** A part table: its own id and the column naming its owner (`owner`, by its property name `ownerKey`). */
export interface Teile {
  table: PgTable & { id: PgColumn };
  owner: PgColumn;
  ownerKey: string;
}

/** The ids of the parts that belong to this owner (none for a new one). */
export async function teilIds(
  tx: Tx,
  { table, owner }: Teile,
  ownerId: number | undefined,
): Promise<Set<number>> {
  if (ownerId === undefined) return new Set();
  const rows = (await tx
    .select({ id: table.id })
    .from(table as PgTable)
    .where(eq(owner, ownerId))) as { id: number }[];
  return new Set(rows.map((row) => row.id));
}

/** Each entry with an id must name a part of this owner (notFound), and only once (unique). */
export function checkTeilIds(
  errors: TFieldError[],
  field: string,
  entries: readonly { id?: number | undefined }[],
  own: Set<number>,
) {
  const seen = new Set<number>();
  entries.forEach((entry, index) => {
    if (entry.id === undefined) return;
    if (!own.has(entry.id)) errors.push({ field: `${field}.${index}.id`, code: "notFound" });
    else if (seen.has(entry.id)) errors.push({ field: `${field}.${index}.id`, code: "unique" });
    seen.add(entry.id);
  });
}

/**
 * Replaces an owner's parts by id: entries with an id are updated, those without inserted (owned by `ownerId`; the
 * tenant column defaults to the transaction's tenant), stored ones not named any more deleted. `values` gives the
 * stored columns of an entry at its index; `insertOnly` what only a new entry gets.
 */
export async function replaceTeile<E extends { id?: number | undefined }>(
  tx: Tx,
  { table, owner, ownerKey }: Teile,
  ownerId: number,
  entries: readonly E[],
  values: (entry: E, position: number) => Record<string, unknown>,
  insertOnly: (entry: E) => Record<string, unknown> = () => ({}),
) {
  const keep = entries.flatMap((entry) => (entry.id === undefined ? [] : [entry.id]));
  await tx
    .delete(table)
    .where(and(eq(owner, ownerId), keep.length > 0 ? notInArray(table.id, keep) : undefined));
  for (const [position, entry] of entries.entries()) {
    if (entry.id === undefined)
      await tx
        .insert(table)
        .values({ ...values(entry, position), ...insertOnly(entry), [ownerKey]: ownerId } as never);
    else
      await tx
        .update(table)
        .set(values(entry, position) as never)
        .where(and(eq(table.id, entry.id), eq(owner, ownerId)));
  }
}
