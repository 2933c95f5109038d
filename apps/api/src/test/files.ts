import { deflateSync } from "node:zlib";

/**
 * Files for upload tests (issue 33: every uploaded PDF is opened, so a test PDF must be a real one): written by
 * hand, so a test needs no library to make them. pdf-lib reads objects in file order and needs no cross-reference
 * table.
 */

/**
 * A PDF of `pages` A4 pages, each with a line drawn (a page without contents cannot be a letterhead); `comment` goes
 * into a comment line (a way to make many different files).
 */
export function pdfWithPages(pages = 1, comment = ""): Buffer {
  const kids = Array.from({ length: pages }, (_, i) => `${3 + 2 * i} 0 R`).join(" ");
  let text = `%PDF-1.4\n% ${comment.replace(/[\r\n]/g, " ")}\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n`;
  text += `2 0 obj<</Type/Pages/Kids[${kids}]/Count ${pages}>>endobj\n`;
  for (let i = 0; i < pages; i++) {
    text += `${3 + 2 * i} 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]/Contents ${4 + 2 * i} 0 R>>endobj\n`;
    text += `${4 + 2 * i} 0 obj<</Length 22>>stream\n50 50 m 545 50 l 1 w S\nendstream\nendobj\n`;
  }
  return Buffer.from(`${text}trailer<</Root 1 0 R>>\n%%EOF\n`, "latin1");
}

/** The smallest valid PDF: one A4 page with a line. */
export const MINIMAL_PDF = pdfWithPages(1);

/** A one-page PDF whose trailer names an encryption dictionary (RC4, an owner password): encrypted. */
export const ENCRYPTED_PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n" +
    "3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\n" +
    "4 0 obj<</Filter/Standard/V 1/R 2/O(owner)/U(user)/P -4>>endobj\n" +
    "trailer<</Root 1 0 R/Encrypt 4 0 R>>\n%%EOF\n",
  "latin1",
);

/**
 * A one-page PDF with an object stream that inflates to `decodedBytes` (spaces: a few hundred kilobytes packed for
 * tens of megabytes) — a decompression bomb for a reader that inflates object streams when it loads a file.
 */
export function pdfBomb(decodedBytes: number): Buffer {
  const packed = deflateSync(Buffer.alloc(decodedBytes, 0x20), { level: 9 });
  const head = Buffer.from(
    "%PDF-1.5\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n" +
      "3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\n" +
      `4 0 obj<</Type/ObjStm/N 1/First 4/Filter/FlateDecode/Length ${packed.length}>>stream\n`,
    "latin1",
  );
  const tail = Buffer.from("\nendstream\nendobj\ntrailer<</Root 1 0 R>>\n%%EOF\n", "latin1");
  return Buffer.concat([head, packed, tail]);
}

/**
 * A PNG of transparent black: `width` × `height` RGBA pixels, all zero. At 10 000 × 10 000 it is 389 KB and decodes
 * to 400 MB — the upload of issue 33 that stopped the server for 21 s.
 */
export async function zeroPng(width: number, height: number): Promise<Buffer> {
  const { default: sharp } = await import("sharp");
  return sharp({ create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}
