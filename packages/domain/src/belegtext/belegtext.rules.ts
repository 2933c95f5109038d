/** Elements that are content on their own, without any text (an image, a rule, an embedded media element). */
const CONTENT_ELEMENTS = /<(img|hr|video|audio|iframe|object|embed)\b/i;
const NAMED_SPACES = /&(nbsp|ensp|emsp|thinsp|zwnj|zwj);|&#(160|x0*a0|8203|x200b);/gi;

/**
 * Whether rich text (the editor's HTML) has content a reader would see. An emptied editor still sends markup
 * ("<p></p>", "<p><br></p>", "<p>&nbsp;</p>"), and that must count as empty where text is required (SPEC §5
 * "Document text requires title and text"). Pure string work, so the form and the server agree.
 */
export function hasRichTextContent(html: string): boolean {
  if (CONTENT_ELEMENTS.test(html)) return true;
  const text = html
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<[^>]*>/g, "")
    .replace(NAMED_SPACES, " ")
    .replace(/[\u200b\u00a0]/g, " ");
  return text.trim() !== "";
}
