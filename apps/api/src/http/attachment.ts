/**
 * Content-Disposition with the name as an ASCII fallback and as UTF-8 (RFC 6266 / RFC 5987), so umlauts survive
 * the download; quotes and backslashes never reach the quoted fallback. `attachment` downloads, `inline` lets the
 * browser show the file (a PDF in its viewer) and still names it for "save as".
 */
export function attachment(fileName: string, disposition: "attachment" | "inline" = "attachment"): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\]/g, "_");
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
