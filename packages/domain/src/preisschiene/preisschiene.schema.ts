import { z } from "zod";

/**
 * A price tier (SPEC §3 Preisschiene): customers are put on a tier and articles carry prices per tier.
 * Deactivated tiers stay on existing records but are no longer offered in selections.
 */
export const ZPreisschiene = z.object({
  id: z.number().int().optional(),
  bezeichnung: z.string().trim().min(1).max(100),
  aktiv: z.boolean().default(true).describe("Offered in selections (GET allpreisschienes)"),
});
export type TPreisschiene = z.infer<typeof ZPreisschiene>;
export type TPreisschieneInput = z.input<typeof ZPreisschiene>;
