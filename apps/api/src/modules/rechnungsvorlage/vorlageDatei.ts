import type { TFieldErrorCode } from "@kontor/domain/http/problem.schema";
import {
  sniffContentType,
  VORLAGE_BILD_MASSE,
  VORLAGE_MAX_PIXEL,
  VORLAGE_MAX_SEITEN,
} from "@kontor/domain/rechnungsvorlage/rechnungsvorlage.rules";
import { ProblemError } from "../../http/problem.ts";
import { loadSharp } from "../../lazy.ts";
import { type BildAblehnung, type BildKopf, bildKopf, bildLimiter } from "../anhang/bild.ts";
import { briefpapierPruefen, PDF_MAX_ENTPACKT } from "../belegausgabe/pdfPool.ts";

/**
 * A normalised PNG larger than this is stored as a JPEG: pdfkit copies a PNG's compressed rows into every PDF through
 * a JavaScript array (~20 bytes of heap per byte: 2 MB → ~70 MB for a moment), a JPEG as one buffer. A letterhead
 * of text and a logo at 300 dpi is a few hundred kilobytes as PNG; a photo or a scan is no PNG's business.
 */
const PNG_MAX_BYTES = 2 * 1024 * 1024;

/** A template image in the form the document PDF prints. */
export interface VorlageBild {
  bytes: Uint8Array;
  contentType: "image/png" | "image/jpeg";
}

/**
 * A template image as it is stored (issue 33): at most VORLAGE_MAX_PIXEL read, EXIF orientation applied, inside
 * A4 at 300 dpi (2480 × 3508, aspect kept, never enlarged), on white (a page has no transparency), 8-bit sRGB, no
 * metadata; a PNG stays a PNG (lossless) unless that is larger than PNG_MAX_BYTES, a JPEG (and such a PNG)
 * becomes a JPEG of quality 90 without chroma subsampling. pdfkit embeds both as they are — a JPEG as DCT data, a
 * PNG without alpha channel as its compressed rows — so printing never decodes the picture.
 */
export async function vorlageBildNormalisieren(
  bytes: Uint8Array,
): Promise<({ ok: true } & VorlageBild) | BildAblehnung> {
  return bildLimiter.run(async () => {
    const kopf = await bildKopf(bytes, VORLAGE_MAX_PIXEL);
    if (!kopf.ok) return kopf;
    const sharp = await loadSharp();
    const bild = () =>
      sharp(bytes, { failOn: "error", limitInputPixels: VORLAGE_MAX_PIXEL })
        .rotate()
        .resize(VORLAGE_BILD_MASSE.breite, VORLAGE_BILD_MASSE.hoehe, {
          fit: "inside",
          withoutEnlargement: true,
        })
        .flatten({ background: "#ffffff" })
        .toColourspace("srgb");
    try {
      if (kopf.format === "png") {
        const png = await bild().png({ compressionLevel: 6 }).toBuffer();
        if (png.length <= PNG_MAX_BYTES) return { ok: true, bytes: png, contentType: "image/png" };
      }
      const jpeg = await bild().jpeg({ quality: 90, chromaSubsampling: "4:4:4" }).toBuffer();
      return { ok: true, bytes: jpeg, contentType: "image/jpeg" };
    } catch {
      return { ok: false, code: "imageInvalid" };
    }
  });
}

/** Whether pdfkit embeds the image as it is: a JPEG, or a PNG without alpha and interlacing, within A4 at 300 dpi. */
function druckfertig({ format, breite, hoehe, metadaten }: BildKopf): boolean {
  const passt = breite <= VORLAGE_BILD_MASSE.breite && hoehe <= VORLAGE_BILD_MASSE.hoehe;
  const aufrecht = (metadaten.orientation ?? 1) === 1;
  if (format === "jpeg") return passt && aufrecht;
  return format === "png" && passt && aufrecht && !metadaten.hasAlpha && !metadaten.isProgressive;
}

/**
 * The template image the document PDF prints: a stored one as it is when it is in printable form (every image
 * uploaded since issue 33), else — a template stored before — normalised now (not stored: a GET does not write),
 * undefined when that is refused (too many pixels, broken): the document is then printed without it.
 */
export async function druckbaresVorlageBild(bytes: Uint8Array): Promise<VorlageBild | undefined> {
  const kopf = await bildKopf(bytes, VORLAGE_MAX_PIXEL);
  if (!kopf.ok) return undefined;
  if (druckfertig(kopf)) return { bytes, contentType: kopf.format === "png" ? "image/png" : "image/jpeg" };
  const normalisiert = await vorlageBildNormalisieren(bytes);
  return normalisiert.ok ? { bytes: normalisiert.bytes, contentType: normalisiert.contentType } : undefined;
}

/**
 * The file of PUT rechnungsvorlages as it is stored, or why it is refused (400 at `vorlage`, issue 33): an image
 * normalised (`vorlageBildNormalisieren`; maxPixels, imageInvalid), a PDF checked and reduced to its first page
 * (pdfPool.ts `briefpapierPruefen`: at most VORLAGE_MAX_SEITEN pages, not encrypted, readable, within the
 * decompression budget; maxPages, pdfEncrypted, pdfInvalid, pdfTooComplex). The name's extension follows a PNG
 * that became a JPEG.
 */
export async function vorlageDateiPruefen(
  bytes: Uint8Array,
  dateiname: string | null | undefined,
): Promise<{ bytes: Uint8Array; dateiname: string | null | undefined }> {
  const typ = sniffContentType(bytes);
  if (typ === "application/pdf") {
    const befund = await briefpapierPruefen(bytes, {
      maxSeiten: VORLAGE_MAX_SEITEN,
      maxEntpackt: PDF_MAX_ENTPACKT,
    });
    if (!befund.ok)
      throw vorlageUngueltig(befund.code, befund.code === "maxPages" ? VORLAGE_MAX_SEITEN : undefined);
    return { bytes: befund.bytes, dateiname };
  }
  if (typ === undefined) throw vorlageUngueltig("invalid");
  const bild = await vorlageBildNormalisieren(bytes);
  if (!bild.ok) throw vorlageUngueltig(bild.code, bild.code === "maxPixels" ? bild.max : undefined);
  const umbenannt = typ === "image/png" && bild.contentType === "image/jpeg";
  return { bytes: bild.bytes, dateiname: umbenannt ? dateiname?.replace(/\.png$/i, ".jpg") : dateiname };
}

const vorlageUngueltig = (code: TFieldErrorCode, max?: number) =>
  new ProblemError(400, "error.validation", undefined, [
    { field: "vorlage", code, ...(max === undefined ? {} : { max }) },
  ]);
