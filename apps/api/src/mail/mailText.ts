/**
 * Plain text and HTML of composed mails: the rich-text signature (HTML cleaned by the allow-list of
 * packages/domain richtext.rules.ts) as text for the text part, and a plain text as HTML for the HTML part.
 */

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, name: string) => {
    if (name.startsWith("#")) {
      const code =
        name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isSafeInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : match;
    }
    return ENTITIES[name.toLowerCase()] ?? match;
  });
}

/**
 * The text of cleaned rich-text HTML, as a mail's text part shows it: paragraphs, headings, list items and table
 * rows on lines of their own (an empty paragraph is an empty line), list items with a bullet, links as
 * "label (address)" unless the label is the address, images left out; at most one empty line in a row.
 */
export function htmlZuText(html: string): string {
  const text = html
    .replace(/\r?\n/g, " ")
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/gi, "")
    .replace(/<a\b[^>]*\bhref\s*=\s*"([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_, href: string, inner: string) => {
      const label = inner.replace(/<[^>]*>/g, "").trim();
      const ziel = decodeEntities(href).replace(/^mailto:/i, "");
      return label === "" ? ziel : decodeEntities(label) === ziel ? label : `${label} (${ziel})`;
    })
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<li\b[^>]*>/gi, "• ")
    // A block ends its line (closings in a row, as in </p></li></ul>, end one): a signature's paragraphs are its
    // lines, an empty paragraph is an empty line.
    .replace(/(?:<\/(?:p|div|h[1-6]|li|tr|ul|ol|blockquote|pre|table)>\s*)+/gi, "\n")
    .replace(/<\/t[dh]>/gi, "\t")
    .replace(/<[^>]*>/g, "");
  return decodeEntities(text)
    .split("\n")
    .map((line) => line.replace(/[ \t]+/g, (space) => (space.includes("\t") ? "\t" : " ")).trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** A plain text as HTML: escaped, paragraphs at empty lines, single line breaks kept. */
export function textZuHtml(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n{2,}/)
    .map((absatz) => `<p>${escapeHtml(absatz).replace(/\n/g, "<br>")}</p>`)
    .join("\n");
}
