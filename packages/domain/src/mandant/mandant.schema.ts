import { z } from "zod";
import { ZModul } from "../access/access.schema.ts";

export const ZMandantId = z.coerce.number().int().positive();

export const ZMandantSummary = z.object({
  id: z.number().int(),
  bezeichnung: z.string(),
  aktiv: z.boolean(),
});
export type TMandantSummary = z.infer<typeof ZMandantSummary>;

export const ZMandantModules = z.object({
  mandantId: z.number().int(),
  modulList: z.array(ZModul).describe("The modules switched on for the tenant, sorted"),
});
export type TMandantModules = z.infer<typeof ZMandantModules>;
