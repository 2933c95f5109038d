import jsQR from "jsqr";
import sharp from "sharp";
import { extractText, getDocumentProxy, renderPageAsImage } from "unpdf";

/** The text of every page of a PDF (pdf.js through unpdf), to check what a document prints. */
export async function pdfSeiten(bytes: Uint8Array | Buffer): Promise<string[]> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: false });
  return text;
}

// pdf.js renders with ArrayBuffer.prototype.transferToFixedLength (Node ≥ 21); on Node 20 a copy does the same
// for what it needs (the original is not detached, which pdf.js does not rely on).
type MitTransfer = ArrayBuffer & { transferToFixedLength?: (laenge?: number) => ArrayBuffer };
(ArrayBuffer.prototype as MitTransfer).transferToFixedLength ??= function (
  this: ArrayBuffer,
  laenge?: number,
) {
  const kopie = new ArrayBuffer(laenge ?? this.byteLength);
  new Uint8Array(kopie).set(new Uint8Array(this, 0, Math.min(kopie.byteLength, this.byteLength)));
  return kopie;
};

/**
 * The text of the QR code on a page, as a phone would read it: the page rendered by pdf.js (on @napi-rs/canvas, at
 * twice the size) and decoded by jsQR; null when the page shows none.
 */
export async function pdfQrCode(bytes: Uint8Array | Buffer, seite = 1): Promise<string | null> {
  const png = await renderPageAsImage(new Uint8Array(bytes), seite, {
    canvasImport: () => import("@napi-rs/canvas"),
    scale: 2,
  });
  const { data, info } = await sharp(Buffer.from(png))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return (
    jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height)
      ?.data ?? null
  );
}
