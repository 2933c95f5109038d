/**
 * Content files and folders (issue 23, SPEC §3 "Folder", "Content file"): the code lists and limits, import-free so
 * that the web's list screen and the API share them without zod. The contract is content.schema.ts, the check of a
 * file by its content content.rules.ts.
 */

/**
 * What a content file is (SPEC §3 contentFileTyp, default "hoerbtext"):
 * - `hoerbtext` — an audio text: a recording (MP3, OGG, WAV, M4A) and/or the text read in it (the default, also of
 *   rich-text content);
 * - `dokument` — a document to read (PDF);
 * - `bild` — an image (PNG, JPEG, GIF, WebP);
 * - `text` — a plain text file or a rich text that is no audio text.
 * An upload gets the kind of its checked content type (contentFileTypVon) unless the request names one.
 */
export const CONTENT_FILE_TYPEN = ["hoerbtext", "dokument", "bild", "text"] as const;
export type TContentFileTyp = (typeof CONTENT_FILE_TYPEN)[number];
export const CONTENT_FILE_TYP_DEFAULT: TContentFileTyp = "hoerbtext";

/** The content types a content file may have, each recognised by its leading bytes (content.rules.ts). */
export const CONTENT_MIME_TYPES = [
  "application/pdf",
  "image/png",
  "image/jpeg",
  "image/gif",
  "image/webp",
  "audio/mpeg",
  "audio/ogg",
  "audio/wav",
  "audio/mp4",
  "text/plain",
] as const;
export type TContentMimeType = (typeof CONTENT_MIME_TYPES)[number];

/** File name extensions and the content type they promise; a file whose content says otherwise is refused. */
export const CONTENT_EXTENSIONS: Readonly<Record<string, TContentMimeType>> = {
  pdf: "application/pdf",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  mp3: "audio/mpeg",
  ogg: "audio/ogg",
  oga: "audio/ogg",
  opus: "audio/ogg",
  wav: "audio/wav",
  m4a: "audio/mp4",
  m4b: "audio/mp4",
  mp4: "audio/mp4",
  aac: "audio/mp4",
  txt: "text/plain",
  text: "text/plain",
  md: "text/plain",
  csv: "text/plain",
  log: "text/plain",
};

/** The largest file (decoded): 20 MB. */
export const CONTENT_MAX_BYTES = 20 * 1024 * 1024;
/** The most pages an uploaded PDF may have. */
export const CONTENT_PDF_MAX_SEITEN = 1000;
/**
 * The most pixels an uploaded image may have (width × height × frames of an animation): 100 million. The browser
 * decodes what the screen shows; the server reads only the image's header.
 */
export const CONTENT_BILD_MAX_PIXEL = 100_000_000;
/** At most this many files per upload request. */
export const CONTENT_MAX_FILES = 10;
/**
 * All files of one upload request together (decoded): 30 MB — one file of the largest size fits, and the body limit
 * (base64: 4/3) stays near 40 MB. The screen sends larger selections in several requests.
 */
export const CONTENT_UPLOAD_MAX_TOTAL = 30 * 1024 * 1024;
/** The largest rich text (fileContent) in characters. */
export const CONTENT_TEXT_MAX = 2_000_000;
/** The longest folder or file name. */
export const CONTENT_NAME_MAX = 200;

/** The folder path segment of /content_list/{folder} and /content/{folder}/{contentId} that means "top level". */
export const CONTENT_ROOT = "root";

/** The kind a file gets by its checked content type. */
export function contentFileTypVon(contentType: TContentMimeType): TContentFileTyp {
  if (contentType.startsWith("audio/")) return "hoerbtext";
  if (contentType.startsWith("image/")) return "bild";
  if (contentType === "application/pdf") return "dokument";
  return "text";
}

/** How the browser may show a file: images, PDF, audio and text are shown in the page, anything else downloaded. */
export function contentInline(contentType: string): boolean {
  return (
    contentType.startsWith("image/") ||
    contentType.startsWith("audio/") ||
    contentType === "application/pdf" ||
    contentType === "text/plain"
  );
}

/** The extension of a file name (lower case, without the dot); "" without one. */
export function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf(".");
  return dot <= 0 || dot === filename.length - 1 ? "" : filename.slice(dot + 1).toLowerCase();
}
