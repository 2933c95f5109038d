import { describe, expect, it } from "vitest";
import { richTextPdf } from "./richText.pdf.ts";

describe("rich text on the PDF", () => {
  it("paragraphs with bold, italic, underline and line breaks; entities decoded", () => {
    expect(
      richTextPdf(
        "<p>Sehr <strong>geehrte</strong> <em>Frau</em> <u>Muster</u>,<br>Danke &amp; Gruß&nbsp;!</p>",
      ),
    ).toEqual([
      {
        text: [
          { text: "Sehr " },
          { text: "geehrte", bold: true },
          { text: " " },
          { text: "Frau", italics: true },
          { text: " " },
          { text: "Muster", decoration: "underline" },
          { text: "," },
          { text: "\n" },
          { text: "Danke & Gruß\u00a0!" },
        ],
        margin: [0, 0, 0, 4],
      },
    ]);
  });

  it("lists (nested), headings, quotes and tables", () => {
    const inhalt = richTextPdf(
      "<h2>Leistungen</h2><ul><li>Montage</li><li>Material<ol><li>Rohre</li></ol></li></ul>" +
        "<blockquote><p>Zitat</p></blockquote><table><tr><th>A</th><td>1</td></tr><tr><td>B</td></tr></table>",
    );
    expect(inhalt[0]).toMatchObject({ text: [{ text: "Leistungen", bold: true }], fontSize: 13 });
    expect(inhalt[1]).toMatchObject({
      ul: [
        { text: [{ text: "Montage" }] },
        { stack: [{ text: [{ text: "Material" }] }, { ol: [{ text: [{ text: "Rohre" }] }] }] },
      ],
    });
    expect(inhalt[2]).toMatchObject({ stack: [{ text: [{ text: "Zitat" }] }], italics: true });
    expect(inhalt[3]).toMatchObject({
      table: {
        widths: ["*", "*"],
        body: [
          [{ text: [{ text: "A", bold: true }] }, { text: [{ text: "1" }] }],
          [{ text: [{ text: "B" }] }, { text: "" }],
        ],
      },
    });
  });

  it("empty text gives nothing; images are left out; a stray closing tag does not break the rest", () => {
    expect(richTextPdf(null)).toEqual([]);
    expect(richTextPdf("  ")).toEqual([]);
    expect(richTextPdf('<p><img src="data:image/png;base64,AAAA"></p>')).toEqual([]);
    expect(richTextPdf("<p>a</b>b</p><p>c</p>")).toEqual([
      { text: [{ text: "a" }, { text: "b" }], margin: [0, 0, 0, 4] },
      { text: [{ text: "c" }], margin: [0, 0, 0, 4] },
    ]);
  });
});
