/**
 * Incoming e-invoices (issue 19, "Eingangsrechnungen"): the codes the import answers and the screens translate.
 * Import-free, so the list and the upload can name them without loading zod.
 */

/** The largest file the import takes (decoded): 10 MB, as customer PDFs (SPEC §9). */
export const EINGANG_MAX_BYTES = 10 * 1024 * 1024;
/** The most pages an incoming PDF may have (a longer one is refused as pdfZuGross). */
export const EINGANG_MAX_SEITEN = 1000;

/** entwurf: imported, not yet checked; geprueft: a clerk checked it (it can no longer be deleted). */
export const EINGANG_STATUS = ["entwurf", "geprueft"] as const;
export type TEingangStatus = (typeof EINGANG_STATUS)[number];

/** The XML syntax of the invoice: UBL 2.1 (XRechnung UBL, Peppol BIS) or UN/CEFACT CII (XRechnung CII, Factur-X). */
export const EINGANG_SYNTAXEN = ["ubl", "cii"] as const;
export type TEingangSyntax = (typeof EINGANG_SYNTAXEN)[number];

/** What the original file is, judged by its content ("%PDF-" or not), never by its name. */
export const EINGANG_CONTENT_TYPES = ["application/xml", "application/pdf"] as const;
export type TEingangContentType = (typeof EINGANG_CONTENT_TYPES)[number];

/**
 * Why a file is no readable e-invoice: the `detail` of 400 error.erechnungUnlesbar, written `<code>` or
 * `<code>: <facts>` (facts are never translated: a format's name such as "ebInterface 6.1", or business terms
 * such as "BT-1, BT-9").
 * - the reader's codes: zuGross, keinXml, dtdVerboten, unbekanntesFormat (facts: what was found), unvollstaendig,
 *   ungueltig, nichtUnterstuetzt (facts: the business terms);
 * - a PDF: keinXmlImPdf (a PDF without an embedded invoice XML), pdfBeschaedigt, pdfVerschluesselt, pdfZuGross,
 *   pdfNichtUnterstuetzt.
 */
export const EINGANG_LESEFEHLER = [
  "zuGross",
  "keinXml",
  "dtdVerboten",
  "unbekanntesFormat",
  "unvollstaendig",
  "ungueltig",
  "nichtUnterstuetzt",
  "keinXmlImPdf",
  "pdfBeschaedigt",
  "pdfVerschluesselt",
  "pdfZuGross",
  "pdfNichtUnterstuetzt",
] as const;
export type TEingangLesefehler = (typeof EINGANG_LESEFEHLER)[number];

/**
 * Why an import is a likely duplicate: the `detail` of 409 error.conflict, `<code>: <id of the record there is>`.
 * gleicheDatei: the same file (by SHA-256) was imported before; gleicheNummer: the supplier already has an invoice
 * with this number.
 */
export const EINGANG_DUPLIKATE = ["gleicheDatei", "gleicheNummer"] as const;
export type TEingangDuplikat = (typeof EINGANG_DUPLIKATE)[number];

/** A problem detail read back: its code and the facts after the colon (absent when there are none). */
export function detailLesen(detail: string | null | undefined): { code: string; fakten?: string } | null {
  if (!detail) return null;
  const index = detail.indexOf(":");
  if (index < 0) return { code: detail.trim() };
  const fakten = detail.slice(index + 1).trim();
  return { code: detail.slice(0, index).trim(), ...(fakten ? { fakten } : {}) };
}
