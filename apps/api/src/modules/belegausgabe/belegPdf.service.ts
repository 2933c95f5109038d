import type { Tx } from "../../db/client.ts";

/** A rendered document: the PDF's bytes and what a caller needs to name, send or share it. */
export interface BelegPdf {
  bytes: Uint8Array;
  /** File name for download and attachment, e.g. "Rechnung 2026-00017.pdf" / "Invoice 2026-00017.pdf". */
  dateiname: string;
  /** The document's language (the customer's belegLangKey). */
  sprache: "de" | "en";
  belegNummer: string | null;
}

/** Runs fn in one tenant transaction: `scope.run` of a request, or `(fn) => withTenant(db, mandantId, fn)`. */
export type TenantRun = <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;

/**
 * The PDF of document `id` of the tenant `run` is bound to, or undefined when the tenant has no such document.
 * The data is read in one tenant transaction; the rendering happens after it (no connection held while drawing).
 */
export async function belegPdf(_run: TenantRun, _id: number): Promise<BelegPdf | undefined> {
  // Placeholder until the renderer lands (issue 16): a minimal valid PDF.
  const bytes = new TextEncoder().encode(
    "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
  );
  return { bytes, dateiname: "Beleg.pdf", sprache: "de", belegNummer: null };
}
