import { z } from "zod";
import { ZRichText } from "../richtext/richtext.schema.ts";
import { hasRichTextContent } from "./belegtext.rules.ts";

/** Rich text (editor HTML) that must say something: an emptied editor ("<p></p>") is "required". */
const ZRequiredRichText = (max: number) =>
  ZRichText(max).refine(hasRichTextContent, { params: { code: "required" } });

/**
 * A document text (belegtext): a titled rich text a document can take over (SPEC §3, §5 "Document text requires
 * title and text"). The text is HTML from the rich-text editor; embedded images make it long, hence 200 000.
 */
export const ZBelegtext = z.object({
  id: z.number().int().optional(),
  title: z.string().trim().min(1).max(200),
  text: ZRequiredRichText(200_000).describe("Rich text (HTML of the editor); not empty"),
});
export type TBelegtext = z.infer<typeof ZBelegtext>;

/** A hot-hint text: a short hint offered while typing a document (SPEC §3 Hot-hint text). */
export const ZHotHintText = z.object({
  id: z.number().int().optional(),
  hotHintTitle: z.string().trim().min(1).max(100),
  hotHintText: z.string().trim().min(1).max(2000),
});
export type THotHintText = z.infer<typeof ZHotHintText>;
