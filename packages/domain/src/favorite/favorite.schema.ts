import { z } from "zod";

/** A pinned sidebar entry (SPEC §3 Favorite): typ fastaccess; content names the menu entry. */
export const ZFavorite = z.object({
  id: z.number().int().optional(),
  typ: z.literal("fastaccess").default("fastaccess"),
  content: z.object({
    name: z.string().min(1).max(100).describe("The menu entry's id"),
    params: z.record(z.string(), z.string()).default({}),
    translation: z.string().max(200).optional().describe("The translation key of the label"),
  }),
});
export type TFavorite = z.infer<typeof ZFavorite>;
