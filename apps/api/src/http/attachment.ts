/** The media type of an Excel workbook (.xlsx). */
export const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/**
 * Content-Disposition `attachment` with the name as an ASCII fallback and as UTF-8 (RFC 6266 / RFC 5987), so
 * umlauts survive the download; quotes and backslashes never reach the quoted fallback.
 */
export function attachment(fileName: string): string {
  return disposition("attachment", fileName);
}

/**
 * Content-Disposition `inline` (shown in the browser, e.g. a PDF in a frame) with the name a "save" uses, written
 * as `attachment` writes it.
 */
export function inline(fileName: string): string {
  return disposition("inline", fileName);
}

function disposition(type: "attachment" | "inline", fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\]/g, "_");
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
