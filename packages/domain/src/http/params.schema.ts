import { z } from "zod";

/**
 * Path parameters of the generic pattern: GET/DELETE {entity}/{id}. In a file of its own: a schema built at module
 * level keeps zod in every bundle that imports the file, and the web's first load imports http/paging.ts.
 */
export const ZIdParams = z.object({ id: z.coerce.number().int().positive() });

/** A query flag: "true" / "false" (anything else is refused), absent = undefined. */
export const ZQueryFlag = z
  .enum(["true", "false"])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === "true"));
