import { z } from "zod";

/** Field shapes the aggregates share (customer, article, document). */

/** Optional text: trimmed, at most `max` characters; empty becomes null. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => v || null);

/** A reference to another record by id ({id} | null); other properties sent along are dropped. */
export const reference = () =>
  z
    .object({ id: z.number().int().positive() })
    .nullish()
    .transform((v) => v ?? null);
