import type { Content, ContentText } from "pdfmake/interfaces";

/**
 * A document's rich text (already cleaned by the rich-text rule, packages/domain richtext) as pdfmake content:
 * paragraphs, headings, line breaks, bold/italic/underline/strike, lists (nested), quotes, simple tables; links
 * keep their text, images are left out. A small tolerant parser: the input is the sanitizer's output, so tags are
 * balanced, but a stray closing tag is skipped rather than trusted.
 */

interface Knoten {
  tag: string;
  kinder: (Knoten | string)[];
}

const LEER = new Set(["br", "img", "hr", "wbr"]);
const BLOCK = new Set([
  "p",
  "div",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "ul",
  "ol",
  "li",
  "blockquote",
  "pre",
  "table",
  "thead",
  "tbody",
  "tfoot",
  "tr",
  "td",
  "th",
  "caption",
  "hr",
]);
const ENTITAETEN: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00a0",
};

function entschluesseln(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (ganz, name: string) => {
    if (name.startsWith("#")) {
      const code =
        name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "";
    }
    return ENTITAETEN[name.toLowerCase()] ?? ganz;
  });
}

function parsen(html: string): Knoten {
  const wurzel: Knoten = { tag: "#root", kinder: [] };
  const stapel: Knoten[] = [wurzel];
  const muster = /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b[^>]*?(\/?)>|([^<]+)|</g;
  for (const treffer of html.matchAll(muster)) {
    const [, schliessend, name, selbst, text] = treffer;
    const oben = stapel[stapel.length - 1]!;
    if (text !== undefined) oben.kinder.push(entschluesseln(text));
    else if (name) {
      const tag = name.toLowerCase();
      if (schliessend) {
        const index = stapel.map((k) => k.tag).lastIndexOf(tag);
        if (index > 0) stapel.length = index;
      } else {
        const knoten: Knoten = { tag, kinder: [] };
        oben.kinder.push(knoten);
        if (!LEER.has(tag) && !selbst) stapel.push(knoten);
      }
    }
  }
  return wurzel;
}

interface Stil {
  bold?: boolean;
  italics?: boolean;
  decoration?: "underline" | "lineThrough";
}

const INLINE_STIL: Record<string, Stil> = {
  strong: { bold: true },
  b: { bold: true },
  em: { italics: true },
  i: { italics: true },
  u: { decoration: "underline" },
  s: { decoration: "lineThrough" },
  strike: { decoration: "lineThrough" },
  del: { decoration: "lineThrough" },
};

/** The inline runs of a node's children; block children are flattened with a line break. */
function laeufe(kinder: (Knoten | string)[], stil: Stil, raus: ContentText[] = []): ContentText[] {
  for (const kind of kinder) {
    if (typeof kind === "string") {
      const text = kind.replace(/[ \t\r\n]+/g, " ");
      if (text !== "") raus.push({ text, ...stil });
    } else if (kind.tag === "br") raus.push({ text: "\n" });
    else if (kind.tag === "img") continue;
    else laeufe(kind.kinder, { ...stil, ...INLINE_STIL[kind.tag] }, raus);
  }
  return raus;
}

const UEBERSCHRIFT: Record<string, number> = { h1: 14, h2: 13, h3: 12, h4: 11, h5: 10, h6: 10 };

function absatz(runs: ContentText[], extra: Record<string, unknown> = {}): Content | null {
  // Trim the paragraph's outer spaces (HTML collapses them too).
  while (runs.length > 0 && typeof runs[0]!.text === "string" && (runs[0]!.text as string).trim() === "")
    runs.shift();
  while (
    runs.length > 0 &&
    typeof runs.at(-1)!.text === "string" &&
    (runs.at(-1)!.text as string).trim() === ""
  )
    runs.pop();
  if (runs.length === 0) return null;
  return { text: runs, margin: [0, 0, 0, 4], ...extra } as Content;
}

function bloecke(knoten: Knoten): Content[] {
  const raus: Content[] = [];
  let inline: (Knoten | string)[] = [];
  const flush = () => {
    const p = absatz(laeufe(inline, {}));
    if (p) raus.push(p);
    inline = [];
  };
  for (const kind of knoten.kinder) {
    if (typeof kind === "string" || !BLOCK.has(kind.tag)) {
      inline.push(kind);
      continue;
    }
    flush();
    const tag = kind.tag;
    if (tag === "ul" || tag === "ol") {
      const eintraege = kind.kinder
        .filter((k): k is Knoten => typeof k !== "string" && k.tag === "li")
        .map((li) => {
          const inhalt = bloecke(li);
          return inhalt.length === 1 ? inhalt[0]! : { stack: inhalt };
        });
      if (eintraege.length > 0)
        raus.push(
          tag === "ul" ? { ul: eintraege, margin: [0, 0, 0, 4] } : { ol: eintraege, margin: [0, 0, 0, 4] },
        );
    } else if (tag === "table") {
      const zeilen = sammeln(kind, "tr").map((tr) =>
        tr.kinder
          .filter((k): k is Knoten => typeof k !== "string" && (k.tag === "td" || k.tag === "th"))
          .map((zelle) => ({ text: laeufe(zelle.kinder, zelle.tag === "th" ? { bold: true } : {}) })),
      );
      const breite = Math.max(0, ...zeilen.map((z) => z.length));
      if (breite > 0)
        raus.push({
          table: {
            widths: Array(breite).fill("*"),
            body: zeilen.map((z) => [...z, ...Array(breite - z.length).fill({ text: "" })]),
          },
          layout: "lightHorizontalLines",
          margin: [0, 0, 0, 4],
        });
    } else if (tag === "hr") {
      raus.push({
        canvas: [{ type: "line", x1: 0, y1: 2, x2: 200, y2: 2, lineWidth: 0.5 }],
        margin: [0, 2, 0, 6],
      });
    } else if (tag in UEBERSCHRIFT) {
      const p = absatz(laeufe(kind.kinder, { bold: true }), { fontSize: UEBERSCHRIFT[tag] });
      if (p) raus.push(p);
    } else if (tag === "blockquote") {
      const inhalt = bloecke(kind);
      if (inhalt.length > 0) raus.push({ stack: inhalt, margin: [12, 0, 0, 4], italics: true });
    } else if (tag === "pre") {
      const text = kind.kinder.map((k) => (typeof k === "string" ? k : textVon(k))).join("");
      raus.push({ text, preserveLeadingSpaces: true, margin: [0, 0, 0, 4] });
    } else {
      raus.push(...bloecke(kind));
    }
  }
  flush();
  return raus;
}

function sammeln(knoten: Knoten, tag: string, raus: Knoten[] = []): Knoten[] {
  for (const kind of knoten.kinder)
    if (typeof kind !== "string") {
      if (kind.tag === tag) raus.push(kind);
      else sammeln(kind, tag, raus);
    }
  return raus;
}

function textVon(knoten: Knoten): string {
  return knoten.kinder.map((k) => (typeof k === "string" ? k : k.tag === "br" ? "\n" : textVon(k))).join("");
}

/** The rich text as pdfmake blocks ([] for an empty text). */
export function richTextPdf(html: string | null | undefined): Content[] {
  if (!html?.trim()) return [];
  return bloecke(parsen(html));
}
