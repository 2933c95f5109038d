/**
 * Writing XML for the serializers: text is escaped, characters XML 1.0 forbids are dropped, and an element without
 * content is left out entirely (Peppol PEPPOL-EN16931-R008: no empty elements), so optional business terms need no
 * `if` at the call site.
 */

/** Control characters XML 1.0 does not allow (tab, line feed and carriage return are allowed). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters to remove
const VERBOTEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** The text escaped for element content and attribute values. */
export function esc(text: string): string {
  return text
    .replace(VERBOTEN, "")
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;");
}

type Attribute = Readonly<Record<string, string | undefined>>;

function attributText(attribute: Attribute | undefined): string {
  if (!attribute) return "";
  let text = "";
  for (const [name, wert] of Object.entries(attribute))
    if (wert !== undefined && wert !== "") text += ` ${name}="${esc(wert)}"`;
  return text;
}

/** A leaf element with text; "" when the value is missing or blank. */
export function t(name: string, wert: string | undefined | null, attribute?: Attribute): string {
  if (wert === undefined || wert === null || wert.trim() === "") return "";
  return `<${name}${attributText(attribute)}>${esc(wert)}</${name}>`;
}

/** A container element; "" when none of its children wrote anything. */
export function e(name: string, ...kinder: (string | readonly string[] | false | undefined)[]): string {
  const inhalt = kinder
    .flat()
    .filter((kind): kind is string => typeof kind === "string")
    .join("");
  return inhalt === "" ? "" : `<${name}>${inhalt}</${name}>`;
}

/** A container element with attributes (e.g. the root with its namespaces); "" without content. */
export function ea(
  name: string,
  attribute: Attribute,
  ...kinder: (string | readonly string[] | false | undefined)[]
): string {
  const inhalt = kinder
    .flat()
    .filter((kind): kind is string => typeof kind === "string")
    .join("");
  return inhalt === "" ? "" : `<${name}${attributText(attribute)}>${inhalt}</${name}>`;
}

/** The XML declaration every document starts with. */
export const XML_KOPF = '<?xml version="1.0" encoding="UTF-8"?>\n';
