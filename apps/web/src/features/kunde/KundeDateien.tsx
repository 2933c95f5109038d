import { KUNDE_PDF_MAX_BYTES, KUNDE_PDF_MAX_COUNT } from "@kontor/domain/kunde/kunde.api";
import { useQuery } from "@tanstack/react-query";
import { PdfAnhaenge } from "../../components/anhang/PdfAnhaenge.tsx";
import { kundeDetailQuery } from "./kunde.api.ts";
import { kundeKeys } from "./kunde.resource.ts";

const GRENZEN = { maxAnzahl: KUNDE_PDF_MAX_COUNT, maxBytes: KUNDE_PDF_MAX_BYTES };

/**
 * Dateien (module assetkunde, a stored customer): the attached PDFs (kundes/{id}/pdfs) with upload, download and
 * delete — the shared PdfAnhaenge. These act at once; the rest of the form is not saved by them.
 */
export function KundeDateien({ kundeId }: { kundeId: number }) {
  const detail = useQuery(kundeDetailQuery(kundeId));
  return (
    <PdfAnhaenge
      ns="kunde"
      pfad={`kundes/${kundeId}/pdfs`}
      pdfs={detail.data?.kundePdfs ?? []}
      laedt={detail.isPending}
      queryKey={kundeKeys.detail(kundeId)}
      grenzen={GRENZEN}
    />
  );
}
