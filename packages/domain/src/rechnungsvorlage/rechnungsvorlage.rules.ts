/** The kinds of file a document template may be: PDF (a letterhead), PNG or JPEG (a logo or background). */
export const VORLAGE_CONTENT_TYPES = ["application/pdf", "image/png", "image/jpeg"] as const;
export type TVorlageContentType = (typeof VORLAGE_CONTENT_TYPES)[number];

/** The largest template file, in bytes (decoded): 5 MB. */
export const VORLAGE_MAX_BYTES = 5 * 1024 * 1024;
/**
 * The most pixels (width × height) a template image may have: 25 million (an A4 page at 600 dpi has 35, at 300 dpi
 * 8.7). A larger one is refused before it is decoded (maxPixels).
 */
export const VORLAGE_MAX_PIXEL = 25_000_000;
/** A template image is stored at most this size: an A4 page at 300 dpi (aspect kept, never enlarged). */
export const VORLAGE_BILD_MASSE = { breite: 2480, hoehe: 3508 } as const;
/** The most pages a letterhead PDF may have (its first page is printed; only that one is stored). */
export const VORLAGE_MAX_SEITEN = 5;

/** Leading bytes (magic numbers) of each accepted type. */
const SIGNATURES: readonly [TVorlageContentType, readonly number[]][] = [
  ["application/pdf", [0x25, 0x50, 0x44, 0x46, 0x2d]], // %PDF-
  ["image/png", [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ["image/jpeg", [0xff, 0xd8, 0xff]],
];
/** How many leading bytes sniffing needs. */
export const SNIFF_BYTES = 8;

/**
 * The content type of a file judged by its content (DESIGN §6: by content, not by name): a PDF renamed to .png is
 * a PDF, a text file named .pdf is nothing we accept (undefined). A client-sent type is never asked.
 */
export function sniffContentType(bytes: Uint8Array): TVorlageContentType | undefined {
  return SIGNATURES.find(([, signature]) => signature.every((byte, i) => bytes[i] === byte))?.[0];
}

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** The size in bytes a (valid, padded) base64 text decodes to, without decoding it. */
export function base64DecodedLength(base64: string): number {
  const padding = base64.endsWith("==") ? 2 : base64.endsWith("=") ? 1 : 0;
  return Math.max(0, Math.floor((base64.length * 3) / 4) - padding);
}

/** The first `count` bytes of a base64 text (fewer when it is shorter), decoded without a platform API. */
export function base64Head(base64: string, count: number): Uint8Array {
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of base64) {
    if (bytes.length >= count) break;
    const value = ALPHABET.indexOf(char);
    if (value < 0) break; // padding or garbage ends the data
    buffer = ((buffer << 6) | value) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >> bits) & 0xff);
    }
  }
  return Uint8Array.from(bytes);
}

/** A file name as uploaded, without the folders some browsers prepend ("C:\fakepath\") or control characters. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  return base.replace(/[\u0000-\u001f\u007f]/g, "").trim();
}
