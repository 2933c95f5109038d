/**
 * The PDF worker thread (worker/pool.ts, started by pdfPool.ts): renders document PDFs and opens uploaded PDFs, so
 * neither runs on the thread that answers requests. Built as an entry point of its own (dist/pdf.worker.js).
 */
import { serveTasks } from "../../worker/serve.ts";
import { belegPdfRendern } from "./belegPdf.render.ts";
import type { PdfAufgaben } from "./pdfPool.ts";
import { briefpapierNormalisieren, pdfPruefen } from "./pdfPruefung.ts";

serveTasks<PdfAufgaben>({
  beleg: belegPdfRendern,
  pdfPruefen: ({ bytes, grenzen }) => pdfPruefen(bytes, grenzen),
  briefpapier: ({ bytes, grenzen }) => briefpapierNormalisieren(bytes, grenzen),
});
