/**
 * Images in rich text are embedded as data URLs (SPEC §2 "Rich-text editor": image upload, embedded inline).
 * DESIGN §6: files are type-checked by content, not by name: the first bytes must be a PNG, JPEG, GIF or WebP
 * signature, whatever the file name or the browser's MIME guess says. SVG is refused (it can carry script).
 */

export type ImageMime = "image/png" | "image/jpeg" | "image/gif" | "image/webp";

/**
 * Default size limit per image. The notification contract allows 500 000 characters of HTML and a request body
 * of 1 MB: base64 grows an image by a third, so 300 KB leaves room for text and a second image.
 */
export const DEFAULT_MAX_IMAGE_BYTES = 300 * 1024;

export type ImageProblem = "notAnImage" | "tooLarge" | "empty";

/** A refused image; `code` is translated by the editor ("richtext" namespace). */
export class ImageFileError extends Error {
  readonly code: ImageProblem;
  readonly maxBytes: number;
  constructor(code: ImageProblem, maxBytes: number) {
    super(code);
    this.name = "ImageFileError";
    this.code = code;
    this.maxBytes = maxBytes;
  }
}

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);

/** The image type the bytes are, by their signature; null for anything else. */
export function sniffImageType(bytes: Uint8Array): ImageMime | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (
    startsWith(bytes, [0x47, 0x49, 0x46, 0x38]) &&
    (bytes[4] === 0x37 || bytes[4] === 0x39) &&
    bytes[5] === 0x61
  )
    return "image/gif";
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
    return "image/webp";
  return null;
}

function toBase64(bytes: Uint8Array): string {
  let binary = "";
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) {
    binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  }
  return btoa(binary);
}

/**
 * Checks a picked, dropped or pasted file and returns it as a data URL with the MIME type its content has.
 * Throws ImageFileError (empty, too large, not an image by content).
 */
export async function imageToDataUrl(
  file: Blob,
  maxBytes: number = DEFAULT_MAX_IMAGE_BYTES,
): Promise<string> {
  if (file.size === 0) throw new ImageFileError("empty", maxBytes);
  if (file.size > maxBytes) throw new ImageFileError("tooLarge", maxBytes);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffImageType(bytes);
  if (type === null) throw new ImageFileError("notAnImage", maxBytes);
  return `data:${type};base64,${toBase64(bytes)}`;
}

/** "300 KB", "1,5 MB": the limit as the error message names it. */
export function formatBytes(bytes: number, language: string): string {
  const format = (value: number) =>
    new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(value);
  if (bytes >= 1024 * 1024) return `${format(bytes / (1024 * 1024))} MB`;
  return `${format(bytes / 1024)} KB`;
}
