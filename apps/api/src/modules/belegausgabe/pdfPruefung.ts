import { createRequire } from "node:module";
import type { PDFDocument } from "pdf-lib";
import { loadPdfLib } from "../../lazy.ts";
import { briefpapierUnterlegen } from "./pdf.ts";

/**
 * Opening PDFs from outside (uploads, stored letterheads) with pdf-lib — in the PDF worker only (pdf.worker.ts): a
 * crafted file may take a heap, a stack or seconds, which there ends a worker (its limits, its time limit), never
 * the server. What the heap limit does not see is the bytes pdf-lib decompresses (typed arrays live outside the
 * heap): pdf-lib inflates every object stream when it loads a file and a page's contents when it embeds it, with no
 * bound, so a 5 MB file could make gigabytes. Every decoder of pdf-lib grows its output through one method,
 * DecodeStream.prototype.ensureBuffer; while `mitEntpackBudget` runs, that method counts what the decoders allocate
 * and refuses beyond the budget (code pdfTooComplex). Outside it nothing is counted. The worker runs one task at a
 * time, so one budget per thread is enough.
 */

/** Why a PDF is refused: the field codes of the upload (packages/domain field-error.codes.ts). */
export type PdfAblehnung = "pdfInvalid" | "pdfEncrypted" | "maxPages" | "pdfTooComplex";

export class PdfAbgelehnt extends Error {
  constructor(readonly code: PdfAblehnung) {
    super(code);
    this.name = "PdfAbgelehnt";
  }
}

export interface PdfGrenzen {
  /** Pages at most (maxPages beyond). */
  maxSeiten: number;
  /** Bytes pdf-lib may decompress in all (pdfTooComplex beyond). */
  maxEntpackt: number;
}

interface DecodeStreamPrototyp {
  buffer: Uint8Array;
  ensureBuffer(requested: number): Uint8Array;
}

let rest = Number.POSITIVE_INFINITY;
/** The budget was exceeded in the running task (pdf-lib may have caught the refusal and gone on). */
let ueberschritten = false;
let eingebaut = false;

/** Counts pdf-lib's decompression against `rest` (once per thread). */
function budgetEinbauen() {
  if (eingebaut) return;
  // The module pdf-lib's own decoders extend (pdf-lib has no exports map; its main entry is this CommonJS build).
  const modul = createRequire(import.meta.url)("pdf-lib/cjs/core/streams/DecodeStream.js") as {
    default: { prototype: DecodeStreamPrototyp };
  };
  const prototyp = modul.default.prototype;
  const original = prototyp.ensureBuffer;
  prototyp.ensureBuffer = function (this: DecodeStreamPrototyp, requested: number) {
    const vorher = this.buffer.byteLength;
    if (requested - vorher > rest) {
      ueberschritten = true;
      throw new PdfAbgelehnt("pdfTooComplex");
    }
    const buffer = original.call(this, requested);
    rest -= buffer.byteLength - vorher;
    return buffer;
  };
  eingebaut = true;
}

/** Runs `arbeit` with pdf-lib's decompression limited to `maxBytes` in all. */
export async function mitEntpackBudget<T>(maxBytes: number, arbeit: () => Promise<T>): Promise<T> {
  budgetEinbauen();
  rest = maxBytes;
  ueberschritten = false;
  try {
    const ergebnis = await arbeit();
    if (ueberschritten) throw new PdfAbgelehnt("pdfTooComplex");
    return ergebnis;
  } finally {
    rest = Number.POSITIVE_INFINITY;
  }
}

/**
 * pdf-lib's errors as refusals: over the budget (also when pdf-lib caught that and went on: it treats an object it
 * cannot parse as invalid and continues), encrypted (pdf-lib's EncryptedPDFError; compiled to ES5, it is no
 * instance of its class, so its message tells), anything else (damaged, no PDF, a loop in the page tree) invalid.
 */
function alsAblehnung(error: unknown): PdfAbgelehnt {
  if (ueberschritten) return new PdfAbgelehnt("pdfTooComplex");
  if (error instanceof PdfAbgelehnt) return error;
  if (error instanceof Error && /is encrypted/.test(error.message)) return new PdfAbgelehnt("pdfEncrypted");
  return new PdfAbgelehnt("pdfInvalid");
}

/** Loads a PDF and counts its pages (under the running budget): refused when damaged, encrypted, too long. */
async function laden(
  bytes: Uint8Array,
  maxSeiten: number,
): Promise<{ dokument: PDFDocument; seiten: number }> {
  const { PDFDocument } = await loadPdfLib();
  try {
    const dokument = await PDFDocument.load(bytes, { updateMetadata: false });
    const seiten = dokument.getPageCount();
    if (seiten < 1) throw new PdfAbgelehnt("pdfInvalid");
    if (seiten > maxSeiten) throw new PdfAbgelehnt("maxPages");
    return { dokument, seiten };
  } catch (error) {
    throw alsAblehnung(error);
  }
}

/** An uploaded PDF checked: readable, not encrypted, within the page and decompression limits. */
export async function pdfPruefen(bytes: Uint8Array, grenzen: PdfGrenzen): Promise<{ seiten: number }> {
  return mitEntpackBudget(grenzen.maxEntpackt, async () => ({
    seiten: (await laden(bytes, grenzen.maxSeiten)).seiten,
  }));
}

/** An empty A4 page: what a normalised letterhead is laid under once to prove it prints. */
let probeSeite: Uint8Array | undefined;
async function leereSeite(): Promise<Uint8Array> {
  if (probeSeite) return probeSeite;
  const { PDFDocument } = await loadPdfLib();
  const dokument = await PDFDocument.create({ updateMetadata: false });
  dokument.addPage([595.28, 841.89]);
  probeSeite = await dokument.save();
  return probeSeite;
}

/**
 * A letterhead PDF as it is stored: checked like every uploaded PDF, then only its first page (the one printed) in
 * a file pdf-lib writes anew — no other pages, outlines, forms, scripts or attachments, no object streams, so
 * printing loads a small, plain file. Laid under an empty page once to prove it prints.
 */
export async function briefpapierNormalisieren(
  bytes: Uint8Array,
  grenzen: PdfGrenzen,
): Promise<{ bytes: Uint8Array; seiten: number }> {
  return mitEntpackBudget(grenzen.maxEntpackt, async () => {
    const { dokument, seiten } = await laden(bytes, grenzen.maxSeiten);
    try {
      const { PDFDocument } = await loadPdfLib();
      const neu = await PDFDocument.create({ updateMetadata: false });
      const [seite] = await neu.copyPages(dokument, [0]);
      neu.addPage(seite!);
      const normalisiert = await neu.save({ useObjectStreams: false });
      await briefpapierUnterlegen(await leereSeite(), normalisiert);
      return { bytes: normalisiert, seiten };
    } catch (error) {
      throw alsAblehnung(error);
    }
  });
}
