import type { BelegDruck } from "./belegDruck.ts";
import { belegLayout, type LayoutOptionen } from "./belegPdf.layout.ts";
import { briefpapierUnterlegen, pdfErzeugen } from "./pdf.ts";
import { mitEntpackBudget } from "./pdfPruefung.ts";

/** The tenant's settings of the document output (belegPdf.service.ts reads them). */
export type BelegAusgabe = Pick<LayoutOptionen, "layout" | "fensterkuvert" | "fusszeile" | "logo">;

export interface BelegRenderEingabe {
  druck: BelegDruck;
  ausgabe: BelegAusgabe;
}

export interface BelegRenderErgebnis {
  bytes: Uint8Array;
  /** The letterhead could not be used: the document was printed without it. */
  vorlageUnbrauchbar: boolean;
}

/**
 * What pdf-lib may decompress while laying a letterhead PDF under the pages: a stored letterhead is one normalised
 * page (pdfPruefung.ts `briefpapierNormalisieren`), whose contents take kilobytes; one stored before uploads were
 * checked may be anything and is stopped here.
 */
export const BRIEFPAPIER_MAX_ENTPACKT = 32 * 1024 * 1024;

/**
 * The document's PDF (step 3 of belegPdf.service.ts), in the PDF worker (pdf.worker.ts): the layout rendered by
 * pdfmake, a letterhead PDF laid under every page, a letterhead image as the pages' background. A letterhead that
 * cannot be used (damaged, encrypted, over the budget) prints the document without it — never half a file.
 */
export async function belegPdfRendern({ druck, ausgabe }: BelegRenderEingabe): Promise<BelegRenderErgebnis> {
  try {
    return { bytes: await mitBriefpapier(druck, ausgabe), vorlageUnbrauchbar: false };
  } catch (error) {
    if (!druck.vorlage) throw error;
    const ohne = belegLayout({ ...druck, vorlage: null }, { ...ausgabe, mitVorlage: false });
    return { bytes: await pdfErzeugen(ohne), vorlageUnbrauchbar: true };
  }
}

async function mitBriefpapier(druck: BelegDruck, ausgabe: BelegAusgabe): Promise<Uint8Array> {
  const vorlage = druck.vorlage;
  const pdfVorlage = vorlage?.contentType === "application/pdf" ? vorlage : null;
  const bytes = await pdfErzeugen(
    belegLayout(druck, {
      ...ausgabe,
      mitVorlage: vorlage !== null,
      briefpapierBild: vorlage && !pdfVorlage ? vorlage : null,
    }),
  );
  if (!pdfVorlage) return bytes;
  return mitEntpackBudget(BRIEFPAPIER_MAX_ENTPACKT, () => briefpapierUnterlegen(bytes, pdfVorlage.bytes));
}
