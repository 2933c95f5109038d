import { z } from "zod";
import { ZProzent } from "../money/percent.schema.ts";

/** A named discount (SPEC §3 Rabatt) documents and positions can apply: a code unique in the tenant, a percentage. */
export const ZRabatt = z.object({
  id: z.number().int().optional(),
  code: z.string().trim().min(1).max(20).describe("Short code, unique in the tenant, e.g. STAMM10"),
  bezeichnung: z.string().trim().min(1).max(100),
  prozent: ZProzent.describe("Discount in percent, e.g. 10 or 2.5"),
});
export type TRabatt = z.infer<typeof ZRabatt>;
export type TRabattInput = z.input<typeof ZRabatt>;
