import { z } from "zod";

/** SPEC §9: page size 20. */
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 500;

export type SortDirection = "asc" | "desc";
export interface SortOrder<F extends string = string> {
  field: F;
  direction: SortDirection;
}

/**
 * List query of the generic pattern (DESIGN §5): page (0-based), size (default 20), sort=field,asc|desc
 * (repeatable). `sortable` is the whitelist of fields a list can be sorted by.
 */
export function ZPageQuery<const F extends readonly [string, ...string[]]>(sortable: F) {
  const ZSort = z
    .string()
    .regex(new RegExp(`^(${sortable.join("|")})(,(asc|desc))?$`, "i"))
    .transform((value): SortOrder<F[number]> => {
      const [field, direction] = value.split(",");
      return {
        field: sortable.find((f) => f.toLowerCase() === field!.toLowerCase())! as F[number],
        direction: direction?.toLowerCase() === "desc" ? "desc" : "asc",
      };
    });
  return z.object({
    page: z.coerce.number().int().min(0).default(0),
    size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
    sort: z
      .union([ZSort, z.array(ZSort)])
      .optional()
      .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value])),
  });
}

/** SPEC §9: total pages = ceil(total / size), 1 when the total is unknown (or zero). */
export function totalPages(totalCount: number | null | undefined, size: number): number {
  if (totalCount === null || totalCount === undefined || !Number.isFinite(totalCount) || size <= 0) return 1;
  return Math.max(1, Math.ceil(totalCount / size));
}

/** The sort parameter as sent: "field,asc". */
export const sortParam = (order: SortOrder) => `${order.field},${order.direction}`;
