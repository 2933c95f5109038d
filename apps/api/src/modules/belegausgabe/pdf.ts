import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { TDocumentDefinitions } from "pdfmake/interfaces";
import { loadPdfLib } from "../../lazy.ts";

/**
 * PDF rendering on the server: pdfmake (layout) over pdfkit, with Roboto embedded (it has €, umlauts and ß) and
 * PDF/A-3b metadata plus an sRGB output intent (pdfkit's PDF/A subset), so the e-invoice issue can attach
 * factur-x.xml to these very files. Nothing is fetched: URLs are refused, only the font files may be read.
 * pdfmake, pdfkit and pdf-lib are loaded with the first PDF, not at start (issue 20, apps/api/src/lazy.ts).
 */

const require = createRequire(import.meta.url);

/*
 * Fonts are parsed once per process, not once per PDF. pdfkit calls fontkit.create(bytes) for every document and
 * every font it uses; parsing Roboto's tables was ~40 % of rendering an invoice. pdfmake hands pdfkit the same
 * buffer from its virtual file system each time, so the parsed font is kept per buffer and family. A fontkit font
 * is read-only to pdfkit (each document makes its own subset) and rendering is synchronous, so sharing it is safe.
 * fontkit's exports cannot be reassigned, so pdfkit is given a copy with the caching create: the module cache
 * entry is replaced before pdfmake (and with it pdfkit) is loaded.
 * One thing is not read-only: fontkit keeps each glyph it made and returns it with the characters of its first
 * request. A subset asks for the parts of a composite glyph (U of Ü, the period of …) without characters; with a
 * font shared across documents, every later document then mapped U and . to nothing in its text layer (copied
 * text and extraction read "nit price No 1 00"). So a glyph made without characters takes them from the first
 * request that has them (pdf.test.ts).
 */
function fontsEinmalParsen() {
  const pfad = require.resolve("fontkit", { paths: [path.dirname(require.resolve("pdfkit"))] });
  if (require.cache[require.resolve("pdfkit")]) return; // pdfkit already has the original
  require(pfad);
  const modul = require.cache[pfad];
  if (!modul) return;
  const original = modul.exports as { create: (bytes: Uint8Array, family?: string) => unknown };
  const geparst = new WeakMap<Uint8Array, Map<string, unknown>>();
  modul.exports = Object.assign(Object.create(null), original, {
    create(bytes: Uint8Array, family?: string) {
      const familien = geparst.get(bytes) ?? new Map<string, unknown>();
      geparst.set(bytes, familien);
      if (!familien.has(family ?? "")) familien.set(family ?? "", mitZeichen(original.create(bytes, family)));
      return familien.get(family ?? "");
    },
  });
}

interface PdfMake {
  virtualfs: { writeFileSync(name: string, data: Buffer): void };
  setFonts(fonts: Record<string, Record<string, string>>): void;
  setUrlAccessPolicy(policy: (url: string) => boolean): void;
  setLocalAccessPolicy(policy: (file: string) => boolean): void;
  createPdf(definition: TDocumentDefinitions): { getBuffer(): Promise<Buffer> };
}

const SCHNITTE = {
  normal: "Roboto-Regular.ttf",
  bold: "Roboto-Medium.ttf",
  italics: "Roboto-Italic.ttf",
  bolditalics: "Roboto-MediumItalic.ttf",
} as const;

interface Glyph {
  codePoints: number[];
}
interface Schrift {
  getGlyph(id: number, characters?: number[]): Glyph | null;
}

/** The font, its glyphs completed with the characters a later request names (see fontsEinmalParsen). */
function mitZeichen(schrift: unknown): unknown {
  const font = schrift as Schrift;
  if (typeof font?.getGlyph !== "function") return schrift;
  const getGlyph = font.getGlyph.bind(font);
  font.getGlyph = (id, characters = []) => {
    const glyph = getGlyph(id, characters);
    if (glyph && characters.length > 0 && glyph.codePoints.length === 0) glyph.codePoints = characters;
    return glyph;
  };
  return font;
}

let geladen: PdfMake | undefined;

/** pdfmake, loaded and set up on first use: the caching fontkit, the fonts, no URL or file access. */
function pdfmake(): PdfMake {
  if (geladen) return geladen;
  fontsEinmalParsen();
  // pdfmake ships CommonJS; its server build is the package's main entry.
  const modul = require("pdfmake") as PdfMake;
  const fontDir = path.join(path.dirname(require.resolve("pdfmake/package.json")), "fonts", "Roboto");
  // The font files are read once into pdfmake's virtual file system: no disk access while rendering.
  for (const datei of Object.values(SCHNITTE))
    modul.virtualfs.writeFileSync(datei, readFileSync(path.join(fontDir, datei)));
  modul.setFonts({ Roboto: { ...SCHNITTE } });
  modul.setUrlAccessPolicy(() => false);
  modul.setLocalAccessPolicy(() => false);
  geladen = modul;
  return modul;
}

/** Renders a pdfmake document to the bytes of a PDF (complete, or an error: never half a file). */
export async function pdfErzeugen(definition: TDocumentDefinitions): Promise<Uint8Array> {
  return pdfmake().createPdf(definition).getBuffer();
}

/**
 * Lays the first page of a letterhead PDF under every page of `pdf` (scaled to the page): the letterhead is drawn
 * first, the document's own content over it. The document's XMP metadata and output intent stay as they are.
 */
export async function briefpapierUnterlegen(pdf: Uint8Array, vorlage: Uint8Array): Promise<Uint8Array> {
  const {
    concatTransformationMatrix,
    drawObject,
    PDFArray,
    PDFDocument,
    PDFName,
    popGraphicsState,
    pushGraphicsState,
  } = await loadPdfLib();
  const dokument = await PDFDocument.load(pdf, { updateMetadata: false });
  const briefpapier = await PDFDocument.load(vorlage, { updateMetadata: false });
  const [eingebettet] = await dokument.embedPdf(briefpapier, [0]);
  if (!eingebettet) return pdf;
  for (const seite of dokument.getPages()) {
    const { width, height } = seite.getSize();
    const name = seite.node.newXObject("Briefpapier", eingebettet.ref);
    const unten = dokument.context.register(
      dokument.context.contentStream([
        pushGraphicsState(),
        concatTransformationMatrix(width / eingebettet.width, 0, 0, height / eingebettet.height, 0, 0),
        drawObject(name),
        popGraphicsState(),
      ]),
    );
    seite.node.normalize();
    const inhalte = seite.node.lookupMaybe(PDFName.of("Contents"), PDFArray);
    if (inhalte) inhalte.insert(0, unten);
    else seite.node.set(PDFName.of("Contents"), dokument.context.obj([unten])); // an empty page
  }
  return dokument.save();
}
