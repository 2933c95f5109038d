import { availableParallelism } from "node:os";
import { ProblemError } from "../../http/problem.ts";
import { WorkerError, WorkerPool } from "../../worker/pool.ts";
import type { BelegRenderEingabe, BelegRenderErgebnis } from "./belegPdf.render.ts";
import type { PdfAblehnung, PdfGrenzen } from "./pdfPruefung.ts";

/**
 * The PDF worker pool (worker/pool.ts, entry pdf.worker.ts): document PDFs are rendered and uploaded PDFs opened in
 * worker threads, never on the thread that answers requests.
 * - Size: one worker per core but one (the request thread keeps a core), at least one, at most two.
 * - Heap of a worker at most 256 MB (a 300-position invoice needs ~60 MB; checking a 20 MB PDF of 1 000 pages ~100
 *   MB); what pdf-lib decompresses is counted apart (pdfPruefung.ts). A task has 30 s; beyond, its worker is ended.
 * - 32 tasks may wait, public callers (share links) only while fewer than 8 wait: a flood of public PDF requests
 *   is answered 503 error.busy (Retry-After 5) and still leaves signed-in users room. Requests that make no PDF
 *   never wait for one.
 * - A worker exits after 2 idle minutes (its ~80 MB return) and is replaced after 1 000 tasks.
 */
export type PdfAufgaben = {
  beleg: { input: BelegRenderEingabe; output: BelegRenderErgebnis };
  pdfPruefen: { input: { bytes: Uint8Array; grenzen: PdfGrenzen }; output: { seiten: number } };
  briefpapier: {
    input: { bytes: Uint8Array; grenzen: PdfGrenzen };
    output: { bytes: Uint8Array; seiten: number };
  };
};

export const PDF_POOL = {
  groesse: Math.max(1, Math.min(2, availableParallelism() - 1)),
  maxWartend: 32,
  maxWartendOeffentlich: 8,
  zeitlimitMs: 30_000,
  heapMb: 256,
  leerlaufMs: 120_000,
  aufgabenProWorker: 1000,
  retryAfterSekunden: 5,
} as const;

let pool: WorkerPool<PdfAufgaben> | undefined;

/** The process's PDF pool, made on first use. */
export function pdfPool(): WorkerPool<PdfAufgaben> {
  pool ??= new WorkerPool<PdfAufgaben>({
    entry: "modules/belegausgabe/pdf.worker.ts",
    size: PDF_POOL.groesse,
    maxQueued: PDF_POOL.maxWartend,
    timeoutMs: PDF_POOL.zeitlimitMs,
    resourceLimits: { maxOldGenerationSizeMb: PDF_POOL.heapMb, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
    idleMs: PDF_POOL.leerlaufMs,
    maxTasksPerWorker: PDF_POOL.aufgabenProWorker,
    retryAfterSeconds: PDF_POOL.retryAfterSekunden,
  });
  return pool;
}

/**
 * A document's PDF, rendered in the pool (belegPdf.render.ts). `oeffentlich`: a caller without a sign-in (the share
 * link) — refused earlier when many wait. A worker that dies or runs out of time over a letterhead PDF (one stored
 * before uploads were checked) is not the document's fault: rendered again without it.
 */
export async function belegRendern(
  eingabe: BelegRenderEingabe,
  { oeffentlich = false }: { oeffentlich?: boolean } = {},
): Promise<BelegRenderErgebnis> {
  const optionen = oeffentlich ? { maxQueued: PDF_POOL.maxWartendOeffentlich } : {};
  try {
    return await pdfPool().run("beleg", eingabe, optionen);
  } catch (error) {
    const ueberBriefpapier =
      error instanceof WorkerError &&
      error.kind !== "failed" &&
      eingabe.druck.vorlage?.contentType === "application/pdf";
    if (!ueberBriefpapier) throw zuGross(error);
    const ohne = { ...eingabe, druck: { ...eingabe.druck, vorlage: null } };
    try {
      return { ...(await pdfPool().run("beleg", ohne, optionen)), vorlageUnbrauchbar: true };
    } catch (nochmal) {
      throw zuGross(nochmal);
    }
  }
}

/**
 * A document whose PDF ran out of the worker's time or heap is too large to print (422 error.belegZuGross), not a
 * server fault: the user can split it. Other errors pass unchanged.
 */
const zuGross = (error: unknown) =>
  error instanceof WorkerError && error.kind !== "failed"
    ? new ProblemError(422, "error.belegZuGross", "The document is too large to be made into a PDF")
    : error;

const ABLEHNUNGEN: readonly string[] = ["pdfInvalid", "pdfEncrypted", "maxPages", "pdfTooComplex"];

/** What checking an uploaded PDF found: its pages, or why it is refused (a field code of the upload). */
export type PdfBefund<T> = ({ ok: true } & T) | { ok: false; code: PdfAblehnung };

async function befund<T>(arbeit: () => Promise<T>): Promise<PdfBefund<T>> {
  try {
    return { ok: true, ...(await arbeit()) };
  } catch (error) {
    if (!(error instanceof WorkerError)) throw error; // 503 error.busy
    if (error.kind === "failed") {
      if (ABLEHNUNGEN.includes(error.code ?? "")) return { ok: false, code: error.code as PdfAblehnung };
      throw error;
    }
    // Its worker ran out of time, heap or stack over this file: too much work to accept.
    return { ok: false, code: "pdfTooComplex" };
  }
}

/** Checks an uploaded PDF in the pool (pdfPruefung.ts `pdfPruefen`). */
export const hochgeladenesPdfPruefen = (bytes: Uint8Array, grenzen: PdfGrenzen) =>
  befund(() => pdfPool().run("pdfPruefen", { bytes, grenzen }));

/** A letterhead PDF checked and reduced to its first page in the pool (`briefpapierNormalisieren`). */
export const briefpapierPruefen = (bytes: Uint8Array, grenzen: PdfGrenzen) =>
  befund(() => pdfPool().run("briefpapier", { bytes, grenzen }));

/** Decompression budget of an uploaded PDF: what pdf-lib inflates to load it (object streams). */
export const PDF_MAX_ENTPACKT = 64 * 1024 * 1024;
