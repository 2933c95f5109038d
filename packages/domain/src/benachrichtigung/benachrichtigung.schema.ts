import { z } from "zod";
import { ZAuthority } from "../access/access.schema.ts";
import { ZRichText } from "../richtext/richtext.schema.ts";

/**
 * A notification / news item of a tenant (SPEC §3 Notification). `editor` is rich text (HTML); `restrictions`
 * limits who sees it: empty means every member of the tenant, otherwise users holding one of the authorities.
 */
export const ZBenachrichtigung = z.object({
  id: z.number().int().optional(),
  bezeichnung: z.string().trim().min(1).max(200),
  aktiv: z.boolean().default(true),
  restrictions: z.array(ZAuthority).default([]),
  editor: ZRichText(500_000).default(""),
  createdDate: z.string().optional().describe("Read-only"),
});
export type TBenachrichtigung = z.infer<typeof ZBenachrichtigung>;

/** News shown to the signed-in user (GET benachrichtigung/mynews), newest first. */
export const ZMyNews = z.object({
  newsread: z.boolean().describe("The user ticked 'do not show anymore' since the last reset"),
  news: z.array(ZBenachrichtigung),
});
export type TMyNews = z.infer<typeof ZMyNews>;
