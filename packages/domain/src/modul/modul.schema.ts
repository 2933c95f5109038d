import { z } from "zod";
import { ZModul } from "../access/access.schema.ts";

/** A module type (modultypen): one of the modules of SPEC §1 with a name and description an admin maintains. */
export const ZModultyp = z.object({
  id: z.number().int().optional(),
  name: ZModul.describe("The module's code, one of SPEC §1"),
  bezeichnung: z.string().trim().min(1).max(100),
  beschreibung: z
    .string()
    .trim()
    .max(2000)
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type TModultyp = z.infer<typeof ZModultyp>;
