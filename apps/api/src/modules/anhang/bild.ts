import type { Metadata } from "sharp";
import { loadSharp } from "../../lazy.ts";
import { Limiter } from "../../worker/limiter.ts";

/**
 * Uploaded images, checked before anything decodes them (issue 33): an image's header names its size, and a PNG of
 * 10 000 × 10 000 zeros is 389 KB — decoded, 400 MB. So every uploaded image is first read by its header (sharp's
 * metadata, no pixels) and refused beyond its upload's pixel bound (field code maxPixels, with the bound), or when
 * the header is unreadable (imageInvalid); what is decoded after that is decoded with the same bound
 * (`limitInputPixels`).
 *
 * Decoding runs on libuv's thread pool (sharp), which file access, DNS and crypto share: at most two images are
 * decoded at once for uploads and documents together (`bildLimiter`), 32 wait, one more is 503 error.busy.
 */
export const bildLimiter = new Limiter(2, 32, 5);

export type BildAblehnung =
  | { ok: false; code: "imageInvalid" }
  | { ok: false; code: "maxPixels"; max: number };

export interface BildKopf {
  ok: true;
  format: string;
  breite: number;
  hoehe: number;
  metadaten: Metadata;
}

/** The header of an image: its format and size, or why it is refused (more than `maxPixel` in all frames). */
export async function bildKopf(bytes: Uint8Array, maxPixel: number): Promise<BildKopf | BildAblehnung> {
  const sharp = await loadSharp();
  let metadaten: Metadata;
  try {
    metadaten = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return { ok: false, code: "imageInvalid" };
  }
  const { format, width, height, pageHeight, pages } = metadaten;
  if (!format || !width || !height) return { ok: false, code: "imageInvalid" };
  // An animation's frames are stacked: height is all of them, pageHeight one.
  const hoehe = pageHeight ?? height;
  if (width * hoehe * Math.max(1, pages ?? 1) > maxPixel)
    return { ok: false, code: "maxPixels", max: maxPixel };
  return { ok: true, format, breite: width, hoehe, metadaten };
}
