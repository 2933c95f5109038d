/**
 * Makes stored rich text (the editor's HTML, SPEC §2 "Rich-text editor") safe to show with
 * dangerouslySetInnerHTML. It comes from administrators of the same tenant, but a compromised or careless account
 * must not be able to run script in everybody's browser, so this keeps an allowlist of what the editor produces
 * (text formatting, headings, lists, links, inline images, alignment) and drops everything else:
 * - elements that can run or load active content (script, style, iframe, object, svg, form, …) with their content;
 * - other unknown elements are unwrapped (their text stays);
 * - every attribute except a few harmless ones; event handlers (on…) never pass;
 * - links only to http(s), mailto and tel (opened in a new tab, without opener); images only from http(s) or
 *   data:image of raster types (the editor embeds uploads inline), never data:image/svg+xml.
 * Parsing uses DOMParser, which never runs scripts or loads images of the parsed document.
 */
const ALLOWED_TAGS = new Set([
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
]);

/** Removed together with everything inside them. */
const DROPPED_TAGS = new Set([
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
]);

const GLOBAL_ATTRIBUTES = new Set(["title", "lang", "dir"]);
const TAG_ATTRIBUTES: Record<string, ReadonlySet<string>> = {
  a: new Set(["href"]),
  img: new Set(["src", "alt", "width", "height"]),
  td: new Set(["colspan", "rowspan"]),
  th: new Set(["colspan", "rowspan"]),
  ol: new Set(["start"]),
};

const SAFE_LINK = /^(https?:|mailto:|tel:|\/|#)/i;
const SAFE_IMAGE = /^(https?:|\/|data:image\/(png|jpe?g|gif|webp|avif|bmp);base64,)/i;
const TEXT_ALIGN = /^\s*text-align\s*:\s*(left|right|center|justify)\s*;?\s*$/i;

/** The value without control characters and spaces (code points up to U+0020, and U+007F). */
function withoutControls(value: string): string {
  let result = "";
  for (const character of value) {
    const code = character.codePointAt(0) ?? 0;
    if (code > 0x20 && code !== 0x7f) result += character;
  }
  return result;
}

function cleanAttributes(element: Element, tag: string): void {
  for (const { name, value } of [...element.attributes]) {
    const allowed = GLOBAL_ATTRIBUTES.has(name) || TAG_ATTRIBUTES[tag]?.has(name) === true;
    // Only the alignment the editor sets survives of inline styles.
    if (name === "style" && TEXT_ALIGN.test(value)) continue;
    if (!allowed) {
      element.removeAttribute(name);
      continue;
    }
    // Browsers ignore control characters and spaces in a URL's scheme ("java\tscript:"): compare without them.
    const url = withoutControls(value);
    if (name === "href" && !SAFE_LINK.test(url)) element.removeAttribute(name);
    if (name === "src" && !SAFE_IMAGE.test(url)) element.removeAttribute(name);
  }
  if (tag === "a" && element.hasAttribute("href")) {
    element.setAttribute("target", "_blank");
    element.setAttribute("rel", "noopener noreferrer");
  }
}

function clean(parent: Node): void {
  for (const child of [...parent.childNodes]) {
    if (child.nodeType === 8 /* comment */) {
      child.remove();
      continue;
    }
    if (child.nodeType !== 1 /* element */) continue;
    const element = child as Element;
    const tag = element.localName.toLowerCase();
    if (DROPPED_TAGS.has(tag)) {
      element.remove();
      continue;
    }
    clean(element);
    if (ALLOWED_TAGS.has(tag)) {
      cleanAttributes(element, tag);
    } else {
      element.replaceWith(...element.childNodes);
    }
  }
}

export function sanitizeHtml(html: string, parser: DOMParser = new DOMParser()): string {
  const document = parser.parseFromString(`<!doctype html><body>${html}`, "text/html");
  clean(document.body);
  return document.body.innerHTML;
}
