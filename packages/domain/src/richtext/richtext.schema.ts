import { z } from "zod";

/**
 * The registry of rich-text schemas: a field declared with ZRichText is in it, and so is every schema derived from
 * one (`.refine`, `.describe`, `.max`, … inherit the entry; `.optional()`, `.nullish()`, `.transform()` wrap it and
 * are looked through). The API reads it: every string a request body carries at such a place is sanitized with the
 * allow-list of richtext.rules.ts before it is validated and stored (apps/api/src/http/richText.ts), without the
 * route doing anything.
 */
export const richTextSchemas = z.registry<{ richText: true }>();

/**
 * A rich-text field (the editor's HTML) of at most `max` characters. Every field edited with the rich-text editor
 * MUST be declared with it: that is what makes the server clean it.
 */
export function ZRichText(max: number) {
  return z.string().max(max).register(richTextSchemas, { richText: true });
}

/** Whether a schema is (derived from) ZRichText. */
export function isRichTextSchema(schema: z.core.$ZodType): boolean {
  return richTextSchemas.get(schema)?.richText === true;
}
