import { z } from "zod";

/** A subgroup as its goods group lists it (read-only inside the group). */
export const ZUntergruppeEintrag = z.object({
  id: z.number().int(),
  unterGruppe: z.string(),
  bezeichnung: z.string(),
});
export type TUntergruppeEintrag = z.infer<typeof ZUntergruppeEintrag>;

/**
 * A goods group (SPEC §3 warengruppe): a code unique in the tenant, a name, one group the default for new
 * articles. Deleting a group that still has subgroups is refused; `geloescht` hides it from selections instead.
 */
export const ZWarengruppe = z.object({
  id: z.number().int().optional(),
  warenGruppe: z.string().trim().min(1).max(20).describe("Code, unique in the tenant, e.g. 100"),
  bezeichnung: z.string().trim().min(1).max(100),
  defaultWarengruppe: z.boolean().default(false).describe("Preselected for new articles; one per tenant"),
  geloescht: z
    .boolean()
    .default(false)
    .describe("Deleted: kept for existing articles, left out of selections"),
  groups: z
    .array(ZUntergruppeEintrag)
    .default([])
    .describe("Read-only: the group's subgroups, by code (ignored on PUT)"),
});
export type TWarengruppe = z.infer<typeof ZWarengruppe>;
export type TWarengruppeInput = z.input<typeof ZWarengruppe>;

/**
 * A subgroup (SPEC §3 untergruppe): a code unique within its goods group and a name. PUT names the group by id
 * only (`warengruppe: {id}`); the answer carries the group's code and name.
 */
export const ZUntergruppe = z.object({
  id: z.number().int().optional(),
  unterGruppe: z.string().trim().min(1).max(20).describe("Code, unique within the goods group"),
  bezeichnung: z.string().trim().min(1).max(100),
  warengruppe: z
    .object({
      id: z.number().int().positive(),
      warenGruppe: z.string().optional().describe("Read-only"),
      bezeichnung: z.string().optional().describe("Read-only"),
    })
    .describe("The goods group it belongs to; PUT needs only its id"),
});
export type TUntergruppe = z.infer<typeof ZUntergruppe>;
export type TUntergruppeInput = z.input<typeof ZUntergruppe>;
