import {
  KUNDE_PDF_MAX_BYTES,
  KUNDE_PDF_MAX_COUNT,
  type TKundePdfUpload,
  ZKundePdfUpload,
} from "@kontor/domain/kunde/kunde.api";
import { type TKundePdf, ZKundePdf } from "@kontor/domain/kunde/kunde.schema";
import {
  base64DecodedLength,
  cleanFileName,
  sniffContentType,
} from "@kontor/domain/rechnungsvorlage/rechnungsvorlage.rules";
import { and, asc, count, eq, max } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Tx } from "../../db/client.ts";
import { kundePdf } from "../../db/schema/index.ts";
import { withTenant } from "../../db/tenant.ts";
import type { Deps } from "../../deps.ts";
import { attachment } from "../../http/attachment.ts";
import { ProblemError, responses } from "../../http/problem.ts";
import { notFound } from "../crud/crud.ts";
import { kundeVorhanden } from "./kunde.verweis.ts";

const access = { level: "tenant", access: "kundePdf" } as const;
const tag = "Kunden";
const PDF = "application/pdf";
/** Base64 is 4/3 of the file: the largest PDF plus name and JSON fit; a larger body is 413 before it is parsed. */
const BODY_LIMIT = Math.ceil(KUNDE_PDF_MAX_BYTES / 3) * 4 + 64 * 1024;

/** The metadata of a PDF; its bytes are read only by the download. */
const columns = {
  id: kundePdf.id,
  dateiname: kundePdf.dateiname,
  contentType: kundePdf.contentType,
  groesse: kundePdf.groesse,
  hochgeladenAm: kundePdf.hochgeladenAm,
};
const present = (row: { hochgeladenAm: Date } & Omit<TKundePdf, "hochgeladenAm">): TKundePdf => ({
  ...row,
  hochgeladenAm: row.hochgeladenAm.toISOString(),
});

const ZKundeParams = z.object({ id: z.coerce.number().int().positive() });
const ZPdfParams = ZKundeParams.extend({ pdfId: z.coerce.number().int().positive() });

const invalid = (field: "dateiname" | "inhalt", code: "required" | "fileType" | "maxBytes") =>
  new ProblemError(400, "error.validation", undefined, [
    { field, code, ...(code === "maxBytes" ? { max: KUNDE_PDF_MAX_BYTES } : {}) },
  ]);

/** The file of an upload, checked by its content (DESIGN §6): the name cleaned, the size, and %PDF- at its start. */
function pruefeDatei(upload: TKundePdfUpload): { dateiname: string; bytes: Buffer } {
  const dateiname = cleanFileName(upload.dateiname);
  if (dateiname === "") throw invalid("dateiname", "required");
  if (base64DecodedLength(upload.inhalt) > KUNDE_PDF_MAX_BYTES) throw invalid("inhalt", "maxBytes");
  const bytes = Buffer.from(upload.inhalt, "base64");
  if (bytes.length > KUNDE_PDF_MAX_BYTES) throw invalid("inhalt", "maxBytes");
  if (sniffContentType(bytes) !== PDF) throw invalid("inhalt", "fileType");
  return { dateiname, bytes };
}

/** Stores a PDF for the customer; undefined: no such customer. The sixth is 409 error.tooManyFiles. */
async function speichern(
  tx: Tx,
  mandantId: number,
  kundeId: number,
  datei: { dateiname: string; bytes: Buffer },
) {
  // The customer's row lock makes count and insert one step: two parallel uploads cannot both be the fifth.
  if (!(await kundeVorhanden(tx, kundeId, true))) return undefined;
  const [stand] = await tx
    .select({ anzahl: count(), position: max(kundePdf.position) })
    .from(kundePdf)
    .where(eq(kundePdf.kundeId, kundeId));
  if ((stand?.anzahl ?? 0) >= KUNDE_PDF_MAX_COUNT) throw new ProblemError(409, "error.tooManyFiles");
  const [row] = await tx
    .insert(kundePdf)
    .values({
      mandantId,
      kundeId,
      position: Number(stand?.position ?? -1) + 1,
      dateiname: datei.dateiname,
      contentType: PDF,
      groesse: datei.bytes.length,
      inhalt: datei.bytes,
    })
    .returning(columns);
  return row && present(row);
}

/**
 * A customer's PDFs (SPEC §3 kundePdfs; module assetkunde): upload as base64 JSON (a PDF by its content, at most
 * KUNDE_PDF_MAX_BYTES, at most KUNDE_PDF_MAX_COUNT per customer), list, download and delete. Another tenant's
 * customer, or a PDF of another customer, is 404.
 */
export const kundePdfRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db }) => {
  app.post(
    "/kundes/:id/pdfs",
    {
      bodyLimit: BODY_LIMIT,
      config: { auth: access },
      schema: {
        tags: [tag],
        summary: `Customer PDFs: upload one (base64; a PDF by its content, at most ${KUNDE_PDF_MAX_BYTES / 1024 / 1024} MB; at most ${KUNDE_PDF_MAX_COUNT} per customer, else 409 error.tooManyFiles)`,
        params: ZKundeParams,
        body: ZKundePdfUpload,
        response: responses({ 201: ZKundePdf }, 400, 401, 403, 404, 409, 413),
      },
    },
    async (request, reply) => {
      const datei = pruefeDatei(request.body);
      const mandantId = request.mandant!.id;
      const saved = await withTenant(db, mandantId, (tx) =>
        speichern(tx, mandantId, request.params.id, datei),
      );
      if (!saved) throw notFound();
      return reply.code(201).send(saved);
    },
  );

  app.get(
    "/kundes/:id/pdfs",
    {
      config: { auth: access },
      schema: {
        tags: [tag],
        summary: "Customer PDFs: the metadata of the customer's PDFs, in upload order",
        params: ZKundeParams,
        response: responses({ 200: z.array(ZKundePdf) }, 400, 401, 403, 404),
      },
    },
    async (request) => {
      const rows = await withTenant(db, request.mandant!.id, async (tx) => {
        if (!(await kundeVorhanden(tx, request.params.id))) return undefined;
        return tx
          .select(columns)
          .from(kundePdf)
          .where(eq(kundePdf.kundeId, request.params.id))
          .orderBy(asc(kundePdf.position), asc(kundePdf.id));
      });
      if (!rows) throw notFound();
      return rows.map(present);
    },
  );

  app.get(
    "/kundes/:id/pdfs/:pdfId",
    {
      config: { auth: access },
      schema: {
        tags: [tag],
        summary: "Customer PDFs: download one (application/pdf, as an attachment with its name)",
        params: ZPdfParams,
        response: responses({}, 400, 401, 403, 404),
      },
    },
    async (request, reply) => {
      const [file] = await withTenant(db, request.mandant!.id, (tx) =>
        tx
          .select({ bytes: kundePdf.inhalt, dateiname: kundePdf.dateiname })
          .from(kundePdf)
          .where(and(eq(kundePdf.kundeId, request.params.id), eq(kundePdf.id, request.params.pdfId))),
      );
      if (!file) throw notFound();
      return reply
        .header("content-type", PDF)
        .header("content-disposition", attachment(file.dateiname))
        .header("x-content-type-options", "nosniff")
        .send(file.bytes as never); // raw bytes: no response schema applies (only the problems have one)
    },
  );

  app.delete(
    "/kundes/:id/pdfs/:pdfId",
    {
      config: { auth: access },
      schema: {
        tags: [tag],
        summary: "Customer PDFs: delete one",
        params: ZPdfParams,
        response: responses({ 204: z.null() }, 400, 401, 403, 404),
      },
    },
    async (request, reply) => {
      const rows = await withTenant(db, request.mandant!.id, (tx) =>
        tx
          .delete(kundePdf)
          .where(and(eq(kundePdf.kundeId, request.params.id), eq(kundePdf.id, request.params.pdfId)))
          .returning({ id: kundePdf.id }),
      );
      if (rows.length === 0) throw notFound();
      return reply.code(204).send(null);
    },
  );
};
