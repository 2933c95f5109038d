import { describe, expect, it } from "vitest";
import { RICH_TEXT_STYLE_VALUES, richTextAttribute } from "./richtext.rules.ts";
import { isRichTextSchema, ZRichText } from "./richtext.schema.ts";

describe("richTextAttribute", () => {
  it("keeps attributes only on the elements that may carry them", () => {
    expect(richTextAttribute("a", "href", "https://x.example")).toBe("https://x.example");
    expect(richTextAttribute("p", "href", "https://x.example")).toBeUndefined();
    expect(richTextAttribute("IMG", "ALT", "Logo")).toBe("Logo");
    expect(richTextAttribute("p", "title", "t")).toBe("t");
    for (const name of ["onclick", "onerror", "class", "id", "data-x", "srcset", "target"]) {
      expect(richTextAttribute("img", name, "x")).toBeUndefined();
    }
  });

  it("allows link schemes http, https, mailto, tel only, whatever hides in the scheme", () => {
    expect(richTextAttribute("a", "href", "mailto:office@x.example")).toBeDefined();
    expect(richTextAttribute("a", "href", "tel:+43123")).toBeDefined();
    for (const href of [
      "javascript:alert(1)",
      "java\nscript:alert(1)",
      " data:text/html,x",
      "/relativ",
      "//x.example",
    ]) {
      expect(richTextAttribute("a", "href", href)).toBeUndefined();
    }
  });

  it("allows embedded raster images only", () => {
    expect(richTextAttribute("img", "src", "data:image/jpeg;base64,/9j/4AAQ")).toBe(
      "data:image/jpeg;base64,/9j/4AAQ",
    );
    for (const src of [
      "https://x.example/a.png",
      "data:image/svg+xml;base64,PHN2Zz4=",
      "data:text/html;base64,PA==",
    ]) {
      expect(richTextAttribute("img", "src", src)).toBeUndefined();
    }
  });

  it("reduces a style to one of the four alignments, written exactly as the policy hashes it", () => {
    expect(richTextAttribute("p", "style", "color:red;TEXT-ALIGN : Center ;")).toBe("text-align: center");
    expect(richTextAttribute("p", "style", "text-align: start")).toBeUndefined();
    expect(richTextAttribute("p", "style", 'background:url("x;text-align:left")')).toBeUndefined();
    expect(RICH_TEXT_STYLE_VALUES).toEqual([
      "text-align: left",
      "text-align: center",
      "text-align: right",
      "text-align: justify",
    ]);
  });
});

describe("ZRichText", () => {
  it("marks the field and what is derived from it", () => {
    const field = ZRichText(10)
      .refine((v) => v !== "")
      .describe("Text");
    expect(isRichTextSchema(field)).toBe(true);
    expect(field.safeParse("x".repeat(11)).success).toBe(false);
  });
});
