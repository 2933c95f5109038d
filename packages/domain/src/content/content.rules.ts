import { CONTENT_EXTENSIONS, extensionOf, type TContentMimeType } from "./content.codes.ts";

/**
 * Content files are judged by their content (DESIGN §6), never by a sent type: the leading bytes (magic numbers)
 * name the type, and a name's extension must not contradict them (an .exe — "MZ" — named .pdf is refused). Pure
 * and platform-free (TextDecoder is a global of browsers and Node): the API checks with it, the screen pre-checks.
 */

/** The platform's UTF-8 decoder (browsers and Node have it; the domain's own lib has no platform types). */
declare const TextDecoder: new (
  label: "utf-8",
  options: { fatal: boolean },
) => { decode(input: Uint8Array): string };

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, i) => bytes[at + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** An MPEG audio frame header: 11 sync bits, a version that exists and a layer that exists. */
function mpegFrame(bytes: Uint8Array): boolean {
  if (bytes.length < 4 || bytes[0] !== 0xff) return false;
  const b1 = bytes[1]!;
  const sync = (b1 & 0xe0) === 0xe0;
  const version = (b1 >> 3) & 0x03; // 01 reserved
  const layer = (b1 >> 1) & 0x03; // 00 reserved (ADTS)
  const bitrate = bytes[2]! >> 4; // 1111 invalid
  return sync && version !== 1 && layer !== 0 && bitrate !== 0x0f;
}

/** UTF-8 text: valid UTF-8 (a byte-order mark allowed), no NUL byte, not empty. */
export function isUtf8Text(bytes: Uint8Array): boolean {
  if (bytes.length === 0 || bytes.includes(0)) return false;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * The content type by content: PDF, PNG, JPEG, GIF, WebP, MP3 (ID3 tag or an MPEG frame), OGG, WAV, M4A/MP4
 * (ISO base media "ftyp"), plain UTF-8 text without NUL; undefined for anything else (executables, archives, SVG
 * and HTML are text only when named as text and are then served as text/plain).
 */
export function contentTypeOf(bytes: Uint8Array): TContentMimeType | undefined {
  if (startsWith(bytes, ascii("%PDF-"))) return "application/pdf";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return "image/gif";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "image/webp";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WAVE"), 8)) return "audio/wav";
  if (startsWith(bytes, ascii("OggS"))) return "audio/ogg";
  if (startsWith(bytes, ascii("ID3")) || mpegFrame(bytes)) return "audio/mpeg";
  if (startsWith(bytes, ascii("ftyp"), 4)) return "audio/mp4";
  if (isUtf8Text(bytes)) return "text/plain";
  return undefined;
}

/**
 * The checked type of an upload: its content's type when the name agrees — no extension, or an extension of that
 * type (CONTENT_EXTENSIONS) — else undefined (400 fileType): unknown content, an unknown extension, or content that
 * contradicts the extension.
 */
export function checkedContentType(filename: string, bytes: Uint8Array): TContentMimeType | undefined {
  const type = contentTypeOf(bytes);
  if (!type) return undefined;
  const extension = extensionOf(filename);
  if (extension === "") return type;
  return CONTENT_EXTENSIONS[extension] === type ? type : undefined;
}
