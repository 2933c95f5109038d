/**
 * Heavy libraries are loaded when a request first needs them, not at start (issue 20): a resting process that never
 * writes a PDF, a workbook or a mail does not carry pdfmake, pdf-lib, exceljs, sharp, qrcode or nodemailer (tens of
 * MB of code and heap). `lazy(load)` calls `load` once, on the first call, and hands every call the same promise.
 * The build (apps/api/scripts/build.mjs) fails when one of them is imported statically again; `import type` is free.
 * Loaders with set-up of their own live with their code: pdfmake (belegausgabe/pdf.ts), jsdom and DOMPurify
 * (http/richText.ts), the e-invoice package (modules/erechnung).
 */
export function lazy<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load();
    return loading;
  };
}

export const loadExcelJs = lazy(async () => (await import("exceljs")).default);
export const loadSharp = lazy(async () => (await import("sharp")).default);
export const loadPdfLib = lazy(() => import("pdf-lib"));
export const loadQrCode = lazy(async () => (await import("qrcode")).default);
export const loadNodemailer = lazy(async () => (await import("nodemailer")).default);
