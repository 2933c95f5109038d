import { z } from "zod";

/**
 * A tenant by id and name (GET mandants/allmandants): its own module, so a screen that lists tenants does not load
 * the whole tenant schema (bundle budget, DESIGN §9).
 */
export const ZMandantSummary = z.object({
  id: z.number().int(),
  bezeichnung: z.string(),
  aktiv: z.boolean(),
});
export type TMandantSummary = z.infer<typeof ZMandantSummary>;
