// @vitest-environment jsdom
// (DOMPurify needs a faithful DOM; happy-dom, the web project's default, mis-parses what DOMPurify removes.)
import { RICH_TEXT_STYLE_VALUES } from "@kontor/domain/richtext/richtext.rules";
import { describe, expect, it } from "vitest";
import { sanitizeHtml } from "./sanitizeHtml.ts";

const PNG = "data:image/png;base64,iVBORw0KGgo=";

describe("sanitizeHtml", () => {
  it("keeps the editor's formatting", () => {
    const html =
      '<h1>Titel</h1><h2>Neu</h2><h3>Klein</h3><p style="text-align: center">Hallo <strong>Welt</strong>, ' +
      '<em>schön</em> <u>hier</u> <code>x</code></p><p style="text-align: right">rechts</p>' +
      `<ul><li>eins</li></ul><ol><li>zwei</li></ol><pre><code>x = 1</code></pre><p><img src="${PNG}" alt="Logo"></p>`;
    expect(sanitizeHtml(html)).toBe(html);
  });

  it("drops scripts, styles, frames, svg and forms with their content", () => {
    expect(sanitizeHtml("<p>a</p><script>alert(1)</script><style>p{}</style><iframe src='x'></iframe>")).toBe(
      "<p>a</p>",
    );
    expect(sanitizeHtml("<svg onload=alert(1)><script>alert(1)</script></svg><p>b</p>")).toBe("<p>b</p>");
    expect(sanitizeHtml("<form action='https://evil.example'><button>Los</button></form><p>c</p>")).toBe(
      "<p>c</p>",
    );
  });

  it("removes event handlers and other attributes", () => {
    expect(sanitizeHtml('<p onclick="alert(1)" class="x" id="y" data-x="1" aria-label="z">a</p>')).toBe(
      "<p>a</p>",
    );
    expect(sanitizeHtml(`<img src="${PNG}" onerror="alert(1)" alt="A">`)).toBe(`<img src="${PNG}" alt="A">`);
    expect(sanitizeHtml("<img src=x onerror=alert(1)>")).toBe("<img>");
  });

  it("allows only safe link targets and opens links in a new tab", () => {
    expect(sanitizeHtml('<a href="https://kontor.example/x">x</a>')).toBe(
      '<a href="https://kontor.example/x" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeHtml('<a href="mailto:office@kontor.example">m</a>')).toBe(
      '<a href="mailto:office@kontor.example" target="_blank" rel="noopener noreferrer">m</a>',
    );
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>')).toBe("<a>x</a>");
    expect(sanitizeHtml('<a href="java\tscript:alert(1)">x</a>')).toBe("<a>x</a>");
    expect(sanitizeHtml('<a href=" JAVASCRIPT:alert(1)">x</a>')).toBe("<a>x</a>");
    expect(sanitizeHtml('<a href="data:text/html,<script>alert(1)</script>">x</a>')).toBe("<a>x</a>");
    // A target or rel of the input never survives: the sanitizer sets its own.
    expect(sanitizeHtml('<a href="https://x.example" target="_self" rel="opener">x</a>')).toBe(
      '<a href="https://x.example" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it("allows embedded raster images only: no svg data, no remote or script sources", () => {
    expect(sanitizeHtml(`<img src="${PNG}">`)).toBe(`<img src="${PNG}">`);
    expect(sanitizeHtml('<img src="data:image/webp;base64,UklGRg==">')).toBe(
      '<img src="data:image/webp;base64,UklGRg==">',
    );
    expect(sanitizeHtml('<img src="data:image/svg+xml;base64,PHN2Zz4=">')).toBe("<img>");
    expect(sanitizeHtml('<img src="https://tracker.example/pixel.png">')).toBe("<img>");
    expect(sanitizeHtml('<img src="javascript:alert(1)">')).toBe("<img>");
  });

  it("keeps only text-align of inline styles, written as the policy's hashed values", () => {
    expect(sanitizeHtml('<p style="background:url(javascript:alert(1))">a</p>')).toBe("<p>a</p>");
    expect(sanitizeHtml('<p style="text-align: right">a</p>')).toBe('<p style="text-align: right">a</p>');
    expect(sanitizeHtml('<p style="color: red; TEXT-ALIGN:center;">a</p>')).toBe(
      '<p style="text-align: center">a</p>',
    );
    expect(sanitizeHtml('<p style="text-align: -webkit-center">a</p>')).toBe("<p>a</p>");
    for (const style of RICH_TEXT_STYLE_VALUES) {
      expect(sanitizeHtml(`<p style="${style}">a</p>`)).toBe(`<p style="${style}">a</p>`);
    }
  });

  it("unwraps unknown elements but keeps their text, and removes comments", () => {
    expect(sanitizeHtml("<p><font color=red>rot</font><!-- x --></p><custom-el>t</custom-el>")).toBe(
      "<p>rot</p>t",
    );
  });

  it("cannot be tricked by markup that only turns active after a second parse", () => {
    const out = sanitizeHtml(
      '<p><noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript></p>',
    );
    expect(out).not.toMatch(/onerror/i);
    expect(
      sanitizeHtml("<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>"),
    ).not.toMatch(/onerror/i);
    // Cleaning twice changes nothing (the server stores cleaned HTML, the browser cleans it again).
    const once = sanitizeHtml('<p style="text-align:center">a <a href="https://x.example">b</a></p>');
    expect(sanitizeHtml(once)).toBe(once);
  });
});
