import type { AccessArea } from "@kontor/domain/access/access.rules";
import { KUNDE_PDF_MAX_BYTES, KUNDE_PDF_MAX_SEITEN, ZKundePdfUpload } from "@kontor/domain/kunde/kunde.api";
import type { TKundePdf } from "@kontor/domain/kunde/kunde.schema";
import {
  base64DecodedLength,
  cleanFileName,
  sniffContentType,
} from "@kontor/domain/rechnungsvorlage/rechnungsvorlage.rules";
import { and, asc, count, eq, max } from "drizzle-orm";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db, Tx } from "../../db/client.ts";
import type { artikelPdf, kundePdf } from "../../db/schema/index.ts";
import { attachment } from "../../http/attachment.ts";
import { fileResponse, notFound, ProblemError, responses } from "../../http/problem.ts";
import { hochgeladenesPdfPruefen, PDF_MAX_ENTPACKT } from "../belegausgabe/pdfPool.ts";
import { auchBereich } from "./zugriff.ts";

/**
 * PDF attachments of a record (a customer's kundePdfs, an article's artikelPdfs; SPEC §9 at most 5 each): the one
 * implementation of upload (base64 JSON, a PDF by its content), list, download and delete that every owner mounts
 * with pdfAnhangRoutes. The owner's row lock serialises count and insert.
 */

export const PDF = "application/pdf";
/** The largest PDF (decoded), for every owner: 10 MB (as customer PDFs, SPEC §9). */
export const PDF_MAX_BYTES = KUNDE_PDF_MAX_BYTES;
/** The most pages of an attached PDF, for every owner. */
export const PDF_MAX_SEITEN = KUNDE_PDF_MAX_SEITEN;
/** The upload body (the same for every owner): the file name and the file as base64. */
export const ZPdfUpload = ZKundePdfUpload;
export type TPdfUpload = z.infer<typeof ZPdfUpload>;
/** The metadata of a stored PDF (ZKundePdf and ZArtikelPdf have this shape). */
export type TPdfAnhang = TKundePdf;

/** Base64 is 4/3 of the file: the largest PDF plus name and JSON fit; a larger body is 413 before it is parsed. */
export const pdfBodyLimit = (maxBytes = PDF_MAX_BYTES) => Math.ceil(maxBytes / 3) * 4 + 64 * 1024;

/** A 400 error.validation with one field code of an upload (dateiname / inhalt). */
export const uploadInvalid = (
  field: "dateiname" | "inhalt",
  code: "required" | "fileType" | "maxBytes",
  maxBytes = PDF_MAX_BYTES,
) =>
  new ProblemError(400, "error.validation", undefined, [
    { field, code, ...(code === "maxBytes" ? { max: maxBytes } : {}) },
  ]);

/**
 * The bytes of an upload and its cleaned name, checked by size (before and after decoding): 400 dateiname
 * "required" for a name that cleans to nothing, inhalt "maxBytes" for a larger file.
 */
export function dekodiere(
  upload: { dateiname: string; inhalt: string },
  maxBytes: number,
): { dateiname: string; bytes: Buffer } {
  const dateiname = cleanFileName(upload.dateiname);
  if (dateiname === "") throw uploadInvalid("dateiname", "required");
  if (base64DecodedLength(upload.inhalt) > maxBytes) throw uploadInvalid("inhalt", "maxBytes", maxBytes);
  const bytes = Buffer.from(upload.inhalt, "base64");
  if (bytes.length > maxBytes) throw uploadInvalid("inhalt", "maxBytes", maxBytes);
  return { dateiname, bytes };
}

/**
 * The file of a PDF upload, checked by its content (DESIGN §6): dekodiere, %PDF- at its start, then opened in the
 * PDF worker (issue 33: belegausgabe/pdfPool.ts) — readable, not encrypted, at most KUNDE_PDF_MAX_SEITEN pages,
 * within the decompression budget: 400 inhalt pdfInvalid, pdfEncrypted, maxPages (with max), pdfTooComplex.
 */
export async function pruefePdf(
  upload: TPdfUpload,
  maxBytes = PDF_MAX_BYTES,
): Promise<{ dateiname: string; bytes: Buffer }> {
  const datei = dekodiere(upload, maxBytes);
  if (sniffContentType(datei.bytes) !== PDF) throw uploadInvalid("inhalt", "fileType");
  const befund = await hochgeladenesPdfPruefen(datei.bytes, {
    maxSeiten: PDF_MAX_SEITEN,
    maxEntpackt: PDF_MAX_ENTPACKT,
  });
  if (!befund.ok)
    throw new ProblemError(400, "error.validation", undefined, [
      { field: "inhalt", code: befund.code, ...(befund.code === "maxPages" ? { max: PDF_MAX_SEITEN } : {}) },
    ]);
  return datei;
}

/** Sends stored file bytes as a download: its type, the name per RFC 6266 / 5987, no sniffing. */
export function sendeDatei(
  reply: FastifyReply,
  file: { bytes: Buffer; dateiname: string; contentType: string },
) {
  return reply
    .header("content-type", file.contentType)
    .header("content-disposition", attachment(file.dateiname))
    .header("x-content-type-options", "nosniff")
    .send(file.bytes as never); // raw bytes: Fastify does not serialize them (the 200 schema documents the file)
}

type PdfTabelle = typeof kundePdf | typeof artikelPdf;

/** Who may: the area of config.auth and, when given, a second area checked right after (zugriff.ts). */
export interface Zugriff {
  access: AccessArea;
  auch?: AccessArea;
}

export interface PdfAnhangOptionen<T extends PdfTabelle> {
  /** The owner's path with :id, e.g. "/kundes/:id"; the routes are <pfad>/pdfs and <pfad>/pdfs/:pdfId. */
  pfad: string;
  tag: string;
  /** The owner in summaries: "Customer", "Article". */
  wer: string;
  tabelle: T;
  /** The owner's key in the table: kundeId, artikelId. */
  besitzer: "kundeId" | "artikelId";
  /** Whether the owner exists in the tenant; with sperren its row stays locked until the transaction ends. */
  vorhanden: (tx: Tx, id: number, sperren?: boolean) => Promise<boolean>;
  maxAnzahl: number;
  lesen: Zugriff;
  schreiben: Zugriff;
  /** The metadata's response schema (ZKundePdf, ZArtikelPdf). */
  antwort: z.ZodType<TPdfAnhang>;
}

const ZBesitzerParams = z.object({ id: z.coerce.number().int().positive() });
const ZPdfParams = ZBesitzerParams.extend({ pdfId: z.coerce.number().int().positive() });

const config = ({ access, auch }: Zugriff) => ({
  config: { auth: { level: "tenant", access } as const },
  ...(auch ? { preHandler: auchBereich(auch) } : {}),
});

/**
 * Mounts an owner's PDF routes: POST <pfad>/pdfs (201 metadata; a PDF by content, at most PDF_MAX_BYTES, at most
 * maxAnzahl per owner, else 409 error.tooManyFiles), GET <pfad>/pdfs (metadata in upload order), GET
 * <pfad>/pdfs/:pdfId (download) and DELETE <pfad>/pdfs/:pdfId. Another tenant's owner, or a PDF of another owner,
 * is 404.
 */
export function pdfAnhangRoutes<T extends PdfTabelle>(
  fastify: FastifyInstance,
  _db: Db,
  o: PdfAnhangOptionen<T>,
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // The union of the two tables types every column as a union; the tables have the same columns but the owner's.
  const tabelle = o.tabelle as typeof kundePdf;
  const besitzerSpalte = (o.tabelle as unknown as Record<string, typeof kundePdf.kundeId>)[o.besitzer]!;
  /** The owner as the audit log names it (kunde, artikel): adding or removing a PDF changes the owner. */
  const entity = o.besitzer.replace(/Id$/, "");
  const columns = {
    id: tabelle.id,
    dateiname: tabelle.dateiname,
    contentType: tabelle.contentType,
    groesse: tabelle.groesse,
    hochgeladenAm: tabelle.hochgeladenAm,
  };
  const present = (row: { hochgeladenAm: Date } & Omit<TPdfAnhang, "hochgeladenAm">): TPdfAnhang => ({
    ...row,
    hochgeladenAm: row.hochgeladenAm.toISOString(),
  });
  const eines = (params: { id: number; pdfId: number }) =>
    and(eq(besitzerSpalte, params.id), eq(tabelle.id, params.pdfId));

  /** Stores a PDF for the owner; undefined: no such owner. One more than maxAnzahl is 409 error.tooManyFiles. */
  async function speichern(tx: Tx, id: number, datei: { dateiname: string; bytes: Buffer }) {
    // The owner's row lock makes count and insert one step: two parallel uploads cannot both be the last allowed.
    if (!(await o.vorhanden(tx, id, true))) return undefined;
    const [stand] = await tx
      .select({ anzahl: count(), position: max(tabelle.position) })
      .from(tabelle)
      .where(eq(besitzerSpalte, id));
    if ((stand?.anzahl ?? 0) >= o.maxAnzahl) throw new ProblemError(409, "error.tooManyFiles");
    const [row] = await tx
      .insert(tabelle)
      .values({
        [o.besitzer]: id,
        position: Number(stand?.position ?? -1) + 1,
        dateiname: datei.dateiname,
        contentType: PDF,
        groesse: datei.bytes.length,
        inhalt: datei.bytes,
      } as unknown as typeof kundePdf.$inferInsert)
      .returning(columns);
    return row && present(row);
  }

  app.post(
    `${o.pfad}/pdfs`,
    {
      bodyLimit: pdfBodyLimit(),
      ...config(o.schreiben),
      schema: {
        tags: [o.tag],
        summary: `${o.wer} PDFs: upload one (base64; a PDF by its content, at most ${PDF_MAX_BYTES / 1024 / 1024} MB; at most ${o.maxAnzahl} per ${o.wer.toLowerCase()}, else 409 error.tooManyFiles)`,
        description:
          "The PDF is opened before it is stored (issue 33): 400 inhalt fileType (no PDF), pdfInvalid (damaged), " +
          `pdfEncrypted, maxPages (more than ${PDF_MAX_SEITEN.toLocaleString("en")} pages, with max), ` +
          "pdfTooComplex (too much to decompress or too much work). 503 error.busy (Retry-After) when the server " +
          "is busy with PDFs.",
        params: ZBesitzerParams,
        body: ZPdfUpload,
        response: responses({ 201: o.antwort }, 400, 401, 403, 404, 409, 413, 503),
      },
    },
    async (request, reply) => {
      const datei = await pruefePdf(request.body);
      const saved = await request.mandant!.change(async (tx, audit) => {
        const row = await speichern(tx, request.params.id, datei);
        if (row)
          audit({ entity, entityId: request.params.id, action: "update", detail: { pdfAdded: row.id } });
        return row;
      });
      if (!saved) throw notFound();
      return reply.code(201).send(saved);
    },
  );

  app.get(
    `${o.pfad}/pdfs`,
    {
      ...config(o.lesen),
      schema: {
        tags: [o.tag],
        summary: `${o.wer} PDFs: the metadata of the ${o.wer.toLowerCase()}'s PDFs, in upload order`,
        params: ZBesitzerParams,
        response: responses({ 200: z.array(o.antwort) }, 400, 401, 403, 404),
      },
    },
    async (request) => {
      const rows = await request.mandant!.run(async (tx) => {
        if (!(await o.vorhanden(tx, request.params.id))) return undefined;
        return tx
          .select(columns)
          .from(tabelle)
          .where(eq(besitzerSpalte, request.params.id))
          .orderBy(asc(tabelle.position), asc(tabelle.id));
      });
      if (!rows) throw notFound();
      return rows.map(present);
    },
  );

  app.get(
    `${o.pfad}/pdfs/:pdfId`,
    {
      ...config(o.lesen),
      schema: {
        tags: [o.tag],
        summary: `${o.wer} PDFs: download one (application/pdf, as an attachment with its name)`,
        params: ZPdfParams,
        response: responses({ 200: fileResponse("The PDF", PDF) }, 400, 401, 403, 404),
      },
    },
    async (request, reply) => {
      const [file] = await request.mandant!.run((tx) =>
        tx
          .select({ bytes: tabelle.inhalt, dateiname: tabelle.dateiname })
          .from(tabelle)
          .where(eines(request.params)),
      );
      if (!file) throw notFound();
      return sendeDatei(reply, { ...file, contentType: PDF });
    },
  );

  app.delete(
    `${o.pfad}/pdfs/:pdfId`,
    {
      ...config(o.schreiben),
      schema: {
        tags: [o.tag],
        summary: `${o.wer} PDFs: delete one`,
        params: ZPdfParams,
        response: responses({ 204: z.null() }, 400, 401, 403, 404),
      },
    },
    async (request, reply) => {
      const { id, pdfId } = request.params;
      const rows = await request.mandant!.change(async (tx, audit) => {
        const deleted = await tx.delete(tabelle).where(eines(request.params)).returning({ id: tabelle.id });
        if (deleted.length > 0)
          audit({ entity, entityId: id, action: "update", detail: { pdfRemoved: pdfId } });
        return deleted;
      });
      if (rows.length === 0) throw notFound();
      return reply.code(204).send(null);
    },
  );
}
