/**
 * The one allow-list of stored rich text (the editor's HTML, SPEC §2 "Rich-text editor"). The API cleans every
 * rich-text field with it before storing (apps/api/src/http/richText.ts) and the browser again before showing HTML
 * (apps/web/src/components/sanitizeHtml.ts); both run DOMPurify with this data, so they cannot disagree. Data and
 * pure functions only: no DOM here.
 *
 * What passes: text formatting, headings, lists, tables, links (http, https, mailto, tel), images embedded as
 * data:image/png|jpeg|gif|webp (never svg, never a remote source), text alignment. Everything else goes:
 * - elements in RICH_TEXT_DROPPED_ELEMENTS with their content (script, style, iframe, svg, form, …);
 * - other unknown elements are unwrapped (their text stays); comments go;
 * - every attribute not named here, so no event handler (on…), class, id, data-* or aria-*;
 * - `style` keeps only a text-align of RICH_TEXT_ALIGNMENTS, rewritten to `text-align: <value>` exactly — the
 *   strings the Content-Security-Policy admits as style attributes by hash (apps/api/src/http/securityHeaders.ts).
 */

export const RICH_TEXT_ELEMENTS = [
  "p",
  "br",
  "hr",
  "strong",
  "b",
  "em",
  "i",
  "u",
  "s",
  "strike",
  "del",
  "ins",
  "mark",
  "sub",
  "sup",
  "small",
  "code",
  "pre",
  "blockquote",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "ul",
  "ol",
  "li",
  "a",
  "img",
  "span",
  "div",
  "table",
  "thead",
  "tbody",
  "tfoot",
  "tr",
  "th",
  "td",
  "caption",
] as const;

/** Elements removed together with everything inside them (active or loading content, forms, foreign markup). */
export const RICH_TEXT_DROPPED_ELEMENTS = [
  "script",
  "style",
  "iframe",
  "frame",
  "frameset",
  "object",
  "embed",
  "applet",
  "template",
  "noscript",
  "svg",
  "math",
  "form",
  "input",
  "button",
  "textarea",
  "select",
  "option",
  "link",
  "meta",
  "base",
  "title",
  "head",
  "audio",
  "video",
  "source",
  "track",
  "canvas",
  "portal",
] as const;

/** Attributes any allowed element may keep. */
export const RICH_TEXT_GLOBAL_ATTRIBUTES = ["title", "lang", "dir", "style"] as const;

/** Attributes only these elements may keep. */
export const RICH_TEXT_ELEMENT_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ["href"],
  img: ["src", "alt", "width", "height"],
  td: ["colspan", "rowspan"],
  th: ["colspan", "rowspan"],
  ol: ["start"],
};

/** Every attribute name that can pass (for sanitizers that want one list); which element may carry it is above. */
export const RICH_TEXT_ATTRIBUTES: readonly string[] = [
  ...new Set([...RICH_TEXT_GLOBAL_ATTRIBUTES, ...Object.values(RICH_TEXT_ELEMENT_ATTRIBUTES).flat()]),
];

/** Link targets: these schemes only (no javascript:, data:, relative or protocol-relative links). */
export const RICH_TEXT_LINK_SCHEMES = /^(https?|mailto|tel):/i;
/** Image sources: embedded raster images only (the editor embeds uploads; remote images would load from elsewhere). */
export const RICH_TEXT_IMAGE_SOURCE = /^data:image\/(png|jpe?g|gif|webp);base64,[a-z0-9+/=\s]*$/i;
/** Links open in a new tab without access to the opener and without a referrer. */
export const RICH_TEXT_LINK_ATTRIBUTES = { target: "_blank", rel: "noopener noreferrer" } as const;

/** The alignments the editor offers (tiptap TextAlign); the only inline style that passes. */
export const RICH_TEXT_ALIGNMENTS = ["left", "center", "right", "justify"] as const;
export type TRichTextAlignment = (typeof RICH_TEXT_ALIGNMENTS)[number];

/** The style attribute of an alignment exactly as tiptap writes it and the sanitizer leaves it. */
export const richTextAlignStyle = (alignment: TRichTextAlignment) => `text-align: ${alignment}`;

/** Every style attribute value stored rich text can contain (the policy admits exactly these by hash). */
export const RICH_TEXT_STYLE_VALUES: readonly string[] = RICH_TEXT_ALIGNMENTS.map(richTextAlignStyle);

/** The value without control characters and spaces (code points up to U+0020, and U+007F). */
function withoutControls(value: string): string {
  let result = "";
  for (const character of value) {
    const code = character.codePointAt(0) ?? 0;
    if (code > 0x20 && code !== 0x7f) result += character;
  }
  return result;
}

/** The alignment of a style attribute as `text-align: <value>`; undefined when it has none the editor offers. */
function alignStyle(style: string): string | undefined {
  for (const declaration of style.split(";")) {
    const match = /^\s*text-align\s*:\s*([a-z]+)\s*$/i.exec(declaration);
    const value = match?.[1]?.toLowerCase();
    const alignment = RICH_TEXT_ALIGNMENTS.find((candidate) => candidate === value);
    if (alignment) return richTextAlignStyle(alignment);
  }
  return undefined;
}

/**
 * The value an attribute of an allowed element keeps, or undefined when it must go: not allowed on this element,
 * a link or image source outside the schemes above (browsers ignore control characters and spaces in a scheme,
 * "java\tscript:", so they are compared without them), a style without an allowed alignment.
 */
export function richTextAttribute(element: string, name: string, value: string): string | undefined {
  const tag = element.toLowerCase();
  const attribute = name.toLowerCase();
  const allowed =
    (RICH_TEXT_GLOBAL_ATTRIBUTES as readonly string[]).includes(attribute) ||
    RICH_TEXT_ELEMENT_ATTRIBUTES[tag]?.includes(attribute) === true;
  if (!allowed) return undefined;
  if (attribute === "style") return alignStyle(value);
  if (attribute === "href") return RICH_TEXT_LINK_SCHEMES.test(withoutControls(value)) ? value : undefined;
  if (attribute === "src") return RICH_TEXT_IMAGE_SOURCE.test(value.trim()) ? value.trim() : undefined;
  return value;
}

/**
 * The allow-list as DOMPurify settings, shared by the API (jsdom) and the browser, so both clean alike. Plain data;
 * the hooks below do what DOMPurify's global lists cannot (attributes per element, scheme per attribute, style).
 */
export const RICH_TEXT_PURIFY_CONFIG = {
  ALLOWED_TAGS: [...RICH_TEXT_ELEMENTS] as string[],
  ALLOWED_ATTR: [...RICH_TEXT_ATTRIBUTES],
  ADD_FORBID_CONTENTS: [...RICH_TEXT_DROPPED_ELEMENTS] as string[],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  KEEP_CONTENT: true,
};

/** DOMPurify hook `uponSanitizeAttribute`: keeps, rewrites or drops each attribute by richTextAttribute. */
export function purifyRichTextAttribute(
  node: { nodeName: string },
  data: { attrName: string; attrValue: string; keepAttr: boolean },
): void {
  const kept = richTextAttribute(node.nodeName, data.attrName, data.attrValue);
  if (kept === undefined) data.keepAttr = false;
  else data.attrValue = kept;
}

/** DOMPurify hook `afterSanitizeAttributes`: links that remain open in a new tab, without opener or referrer. */
export function purifyRichTextLink(node: {
  nodeName: string;
  hasAttribute(name: string): boolean;
  setAttribute(name: string, value: string): void;
}): void {
  if (node.nodeName.toLowerCase() !== "a" || !node.hasAttribute("href")) return;
  node.setAttribute("target", RICH_TEXT_LINK_ATTRIBUTES.target);
  node.setAttribute("rel", RICH_TEXT_LINK_ATTRIBUTES.rel);
}
