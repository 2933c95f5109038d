import { ARTIKEL_PDFS_MAX } from "@kontor/domain/artikel/artikel.schema";
import { KUNDE_PDF_MAX_BYTES } from "@kontor/domain/kunde/kunde.api";
import { useQuery } from "@tanstack/react-query";
import { PdfAnhaenge } from "../../components/anhang/PdfAnhaenge.tsx";
import { artikelDetailQuery } from "./artikel.api.ts";
import { artikelKeys } from "./artikel.resource.ts";

/** The same size limit as the customer's files. */
const GRENZEN = { maxAnzahl: ARTIKEL_PDFS_MAX, maxBytes: KUNDE_PDF_MAX_BYTES };

/**
 * Dateien (module assetartikel, a stored article): the attached PDFs (artikel/{id}/pdfs) with upload, download
 * and delete — the shared PdfAnhaenge, as the customer's. Read-only: download only.
 */
export function ArtikelDateien({ artikelId, readOnly }: { artikelId: number; readOnly: boolean }) {
  const detail = useQuery(artikelDetailQuery(artikelId));
  return (
    <PdfAnhaenge
      ns="artikel"
      pfad={`artikel/${artikelId}/pdfs`}
      pdfs={detail.data?.artikelPdfs ?? []}
      laedt={detail.isPending}
      queryKey={artikelKeys.detail(artikelId)}
      grenzen={GRENZEN}
      readOnly={readOnly}
    />
  );
}
