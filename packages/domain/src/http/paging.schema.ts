import { z } from "zod";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type SortOrder } from "./paging.ts";

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
