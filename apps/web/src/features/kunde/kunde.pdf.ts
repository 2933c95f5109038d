import { KUNDE_PDF_MAX_BYTES, KUNDE_PDF_MAX_COUNT } from "@kontor/domain/kunde/kunde.api";
import { API_BASE, toApiError } from "../../app/api.ts";
import { session } from "../../app/session.ts";
import { fileNameFromDisposition } from "../rechnungsvorlage/rechnungsvorlage.file.ts";

/** Why a file picked for upload is refused in the browser already (the server checks the same again). */
export type PdfFehler = "tooMany" | "tooLarge" | "notPdf" | "empty";

/** What a PDF starts with (the server decides by the same bytes, never by the name). */
const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // "%PDF-"

/** Whether the bytes are a PDF by content. */
export function istPdf(bytes: Uint8Array): boolean {
  return PDF_MAGIC.every((byte, index) => bytes[index] === byte);
}

/**
 * The checks before an upload (SPEC §5/§9: PDFs only, at most 5 per customer, at most 10 MB each): `vorhanden`
 * is how many the customer has; the bytes are the file's first ones. null = fine.
 */
export function pdfFehler(datei: { size: number }, anfang: Uint8Array, vorhanden: number): PdfFehler | null {
  if (vorhanden >= KUNDE_PDF_MAX_COUNT) return "tooMany";
  if (datei.size === 0) return "empty";
  if (datei.size > KUNDE_PDF_MAX_BYTES) return "tooLarge";
  if (!istPdf(anfang)) return "notPdf";
  return null;
}

/** The first bytes of a file (enough for the content check). */
export async function dateiAnfang(datei: Blob): Promise<Uint8Array> {
  return new Uint8Array(await datei.slice(0, PDF_MAGIC.length).arrayBuffer());
}

/**
 * GET kundes/{id}/pdfs/{pdfId}: the file as a blob with the name the server gives it, sent like every API call
 * (bearer token, tenant, no-cache). A 401 ends the session as everywhere (`onUnauthorized`: go to the login).
 */
export async function fetchKundePdf(
  kundeId: number,
  pdfId: number,
  onUnauthorized: () => void,
): Promise<{ blob: Blob; name: string | null }> {
  const { token, mandantId } = session.get();
  const headers = new Headers({ "Cache-Control": "no-cache" });
  if (token) headers.set("Authorization", `Bearer ${token}`);
  if (mandantId !== null) headers.set("X-Mandant-Id", String(mandantId));
  const response = await fetch(`${API_BASE}/kundes/${kundeId}/pdfs/${pdfId}`, { headers, cache: "no-store" });
  if (!response.ok) {
    const error = await toApiError(response);
    if (response.status === 401) {
      session.clear();
      onUnauthorized();
    }
    throw error;
  }
  return {
    blob: await response.blob(),
    name: fileNameFromDisposition(response.headers.get("content-disposition")),
  };
}
