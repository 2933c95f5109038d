/** Why a file picked for upload is refused in the browser already (the server checks the same again). */
export type PdfFehler = "tooMany" | "tooLarge" | "notPdf" | "empty";

/** What a PDF starts with (the server decides by the same bytes, never by the name). */
const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // "%PDF-"

/** How many bytes the content check reads (see dateiAnfang). */
export const PDF_ANFANG_LAENGE = PDF_MAGIC.length;

/** The limits of a record's PDFs (SPEC §5/§9: customers and articles alike, at most 5 of at most 10 MB each). */
export interface PdfGrenzen {
  maxAnzahl: number;
  maxBytes: number;
}

/** Whether the bytes are a PDF by content. */
export function istPdf(bytes: Uint8Array): boolean {
  return PDF_MAGIC.every((byte, index) => bytes[index] === byte);
}

/**
 * The checks before an upload (PDFs only, at most `maxAnzahl` per record, at most `maxBytes` each): `vorhanden`
 * is how many the record has; the bytes are the file's first ones. null = fine.
 */
export function pdfFehler(
  datei: { size: number },
  anfang: Uint8Array,
  vorhanden: number,
  grenzen: PdfGrenzen,
): PdfFehler | null {
  if (vorhanden >= grenzen.maxAnzahl) return "tooMany";
  if (datei.size === 0) return "empty";
  if (datei.size > grenzen.maxBytes) return "tooLarge";
  if (!istPdf(anfang)) return "notPdf";
  return null;
}

/** The first bytes of a file (by default enough for the PDF content check). */
export async function dateiAnfang(datei: Blob, laenge = PDF_ANFANG_LAENGE): Promise<Uint8Array> {
  return new Uint8Array(await datei.slice(0, laenge).arrayBuffer());
}
