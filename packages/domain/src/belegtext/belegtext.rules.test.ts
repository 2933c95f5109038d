import { describe, expect, it } from "vitest";
import { hasRichTextContent } from "./belegtext.rules.ts";

describe("hasRichTextContent", () => {
  it.each<[string, boolean]>([
    ["", false],
    ["   ", false],
    ["<p></p>", false],
    ["<p><br></p>", false],
    ["<p> </p><p></p>", false],
    ["<p>&nbsp;</p>", false],
    ["<p>&#160;&#x200B;</p>", false],
    ["<p>\u00a0</p>", false],
    ["<!-- note --><p></p>", false],
    ["<p>Danke für Ihren Auftrag</p>", true],
    ["Zahlbar sofort", true],
    ["<p><strong>0</strong></p>", true],
    ["<p>&amp;</p>", true],
    ['<p><img src="data:image/png;base64,AAAA"></p>', true],
    ["<hr>", true],
  ])("%j → %s", (html, expected) => {
    expect(hasRichTextContent(html)).toBe(expected);
  });
});
