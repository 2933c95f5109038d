import { z } from "zod";
import { ZLaenderKuerzel } from "../land/land.schema.ts";
import { ZProzent } from "../money/percent.schema.ts";

/** A VAT rate of the tenant (SPEC §3 mehrwertssteuer): rate in percent, its country, one of them the default. */
export const ZMehrwertssteuer = z.object({
  id: z.number().int().optional(),
  mwst: ZProzent.describe("Rate in percent, e.g. 20 or 5.5"),
  defaultMwst: z
    .boolean()
    .default(false)
    .describe("Preselected in new articles and positions; one per tenant"),
  land: ZLaenderKuerzel.default("AT"),
});
export type TMehrwertssteuer = z.infer<typeof ZMehrwertssteuer>;
export type TMehrwertssteuerInput = z.input<typeof ZMehrwertssteuer>;
