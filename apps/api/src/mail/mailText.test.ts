import { describe, expect, it } from "vitest";
import { htmlZuText, textZuHtml } from "./mailText.ts";

describe("htmlZuText", () => {
  it.each([
    ["<p>Anna Admin</p><p><strong>Muster</strong> Handels GmbH</p>", "Anna Admin\nMuster Handels GmbH"],
    ["<p>Zeile 1<br>Zeile 2</p>", "Zeile 1\nZeile 2"],
    ["<p>Anna</p><p></p><p>Vertrieb</p>", "Anna\n\nVertrieb"],
    ["<h2>Titel</h2><ul><li>eins</li><li>zwei</li></ul>", "Titel\n• eins\n• zwei"],
    ["<ul><li><p>eins</p></li><li><p>zwei</p></li></ul><p>danach</p>", "• eins\n• zwei\ndanach"],
    [
      '<p><a href="https://muster.example" target="_blank" rel="noopener noreferrer">Website</a></p>',
      "Website (https://muster.example)",
    ],
    ['<p><a href="mailto:office@muster.example">office@muster.example</a></p>', "office@muster.example"],
    ['<p>Logo <img src="data:image/png;base64,AAAA"> danach</p>', "Logo danach"],
    ["<p>A &amp; B &lt;C&gt; &quot;D&quot; &#39;E&#39; &#x263A; &nbsp;F</p>", "A & B <C> \"D\" 'E' ☺ F"],
    ["<p></p><p></p><p></p><p>x</p>", "x"],
  ])("%s", (html, text) => {
    expect(htmlZuText(html)).toBe(text);
  });
});

describe("textZuHtml", () => {
  it("escapes and keeps paragraphs and line breaks", () => {
    expect(textZuHtml("Hallo <b>&\n\nZeile 1\nZeile 2")).toBe(
      "<p>Hallo &lt;b&gt;&amp;</p>\n<p>Zeile 1<br>Zeile 2</p>",
    );
  });
});
