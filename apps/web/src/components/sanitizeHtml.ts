import {
  purifyRichTextAttribute,
  purifyRichTextLink,
  RICH_TEXT_PURIFY_CONFIG,
} from "@kontor/domain/richtext/richtext.rules";
import createDOMPurify from "dompurify";

/**
 * Makes stored rich text (the editor's HTML, SPEC §2 "Rich-text editor") safe to show with
 * dangerouslySetInnerHTML. The server already cleans every rich-text field before storing it
 * (apps/api/src/http/richText.ts); this is the second line — for rows stored before that, or HTML in a plain-text
 * field (an imported article description). DOMPurify with the one allow-list of
 * packages/domain/src/richtext/richtext.rules.ts, the same settings and hooks the server uses. DOMPurify parses
 * into an inert document: nothing runs or loads while cleaning. Imported only by screens that show HTML, so it is
 * not part of the login's first load.
 */
const purify = createDOMPurify(window);
purify.addHook("uponSanitizeAttribute", purifyRichTextAttribute);
purify.addHook("afterSanitizeAttributes", purifyRichTextLink);

/** The text with its markup characters escaped: shown as text, never parsed as HTML. */
const escaped = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

export function sanitizeHtml(html: string): string {
  // DOMPurify hands back its input where it cannot work (no usable DOM): then show the markup as text.
  if (!purify.isSupported) return escaped(html);
  return purify.sanitize(html, RICH_TEXT_PURIFY_CONFIG);
}
