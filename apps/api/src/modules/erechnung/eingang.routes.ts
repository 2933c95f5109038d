import { EINGANG_CONTENT_TYPES, EINGANG_MAX_BYTES } from "@kontor/domain/erechnung/eingang.codes";
import {
  ZEingangImport,
  ZEingangImportErgebnis,
  ZEingangListQuery,
  ZEingangStatusSetzen,
  ZEingangsrechnung,
  ZEingangsrechnungZeile,
} from "@kontor/domain/erechnung/eingang.schema";
import { ZIdParams } from "@kontor/domain/http/params.schema";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Deps } from "../../deps.ts";
import { fileResponse, responses } from "../../http/problem.ts";
import { sendTotal } from "../../http/total.ts";
import { pdfBodyLimit, sendeDatei } from "../anhang/pdfAnhang.ts";
import { eingangService } from "./eingang.service.ts";

/**
 * Incoming invoices are documents: whoever may read documents reads them (area beleg, warehouse roles included);
 * importing (which may create a supplier), checking and deleting need what creating documents needs (ROLE_USER).
 */
const beleg = { level: "tenant", access: "beleg" } as const;
const bearbeiten = { level: "tenant", access: "belegListCreate" } as const;
const tags = ["Eingangsrechnungen"];
const MB = EINGANG_MAX_BYTES / 1024 / 1024;

/**
 * Incoming e-invoices (issue 19): import a supplier's XRechnung / Peppol BIS / EN 16931 XML or ZUGFeRD / Factur-X
 * PDF as a draft of the supplier's record, list, read (with the business terms), download the original, mark it
 * checked, delete a draft.
 */
export const eingangRoutes: FastifyPluginAsyncZod<Deps> = async (app) => {
  app.post(
    "/eingangsrechnung/import",
    {
      bodyLimit: pdfBodyLimit(EINGANG_MAX_BYTES),
      config: { auth: bearbeiten },
      schema: {
        tags,
        summary: `Import an incoming e-invoice (base64, at most ${MB} MB): its content decides — "%PDF-" is a ZUGFeRD / Factur-X PDF whose embedded invoice XML is read, anything else an XML invoice (UBL 2.1 Invoice/CreditNote: XRechnung, Peppol BIS, EN 16931; UN/CEFACT CII). Nothing is recomputed: the business terms are stored as the file gives them, with the original file unchanged, as a draft (status entwurf). The supplier is the customer marked supplier with the seller's VAT id (BT-31), else with the seller's name, else one created from the seller (lieferantAngelegt). A file that is no readable e-invoice is 400 error.erechnungUnlesbar, detail = the reason's code ("keinXml", "dtdVerboten", "unbekanntesFormat: ebInterface 6.1", "unvollstaendig: BT-1", "keinXmlImPdf", "pdfVerschluesselt", …); the same file again (by SHA-256) or a second invoice of the supplier with the same number is 409 error.conflict, detail "gleicheDatei: <id>" / "gleicheNummer: <id>" naming the record there is`,
        body: ZEingangImport,
        response: responses({ 201: ZEingangImportErgebnis }, 400, 401, 403, 409, 413),
      },
    },
    async (request, reply) =>
      reply.code(201).send(await eingangService.importieren(request.mandant!, request.body)),
  );

  app.get(
    "/eingangsrechnung",
    {
      config: { auth: beleg },
      schema: {
        tags,
        summary:
          "Incoming invoices: one page (default 20; the newest invoice date first) with x-total-count; filters lieferantId, status",
        querystring: ZEingangListQuery,
        response: responses({ 200: z.array(ZEingangsrechnungZeile) }, 400, 401, 403),
      },
    },
    async (request, reply) => {
      const page = await eingangService.list(request.mandant!, request.query);
      sendTotal(reply, page);
      return page.items;
    },
  );

  app.get(
    "/eingangsrechnung/:id",
    {
      config: { auth: beleg },
      schema: {
        tags,
        summary:
          "One incoming invoice with its EN 16931 business terms (rechnung) and the original file's metadata",
        params: ZIdParams,
        response: responses({ 200: ZEingangsrechnung }, 400, 401, 403, 404),
      },
    },
    async (request) => eingangService.get(request.mandant!, request.params.id),
  );

  app.get(
    "/eingangsrechnung/:id/datei",
    {
      config: { auth: beleg },
      schema: {
        tags,
        summary:
          "The original file of an incoming invoice, byte for byte (application/xml or application/pdf, as an attachment with its name)",
        params: ZIdParams,
        response: responses(
          { 200: fileResponse("The file as imported", ...EINGANG_CONTENT_TYPES) },
          400,
          401,
          403,
          404,
        ),
      },
    },
    async (request, reply) =>
      sendeDatei(reply, await eingangService.datei(request.mandant!, request.params.id)),
  );

  app.put(
    "/eingangsrechnung/:id/status",
    {
      config: { auth: bearbeiten },
      schema: {
        tags,
        summary:
          "Mark an incoming invoice checked (geprueft) or back to draft (entwurf); audited with both states. Answers the record",
        params: ZIdParams,
        body: ZEingangStatusSetzen,
        response: responses({ 200: ZEingangsrechnung }, 400, 401, 403, 404),
      },
    },
    async (request) => eingangService.status(request.mandant!, request.params.id, request.body),
  );

  app.delete(
    "/eingangsrechnung/:id",
    {
      config: { auth: bearbeiten },
      schema: {
        tags,
        summary:
          'Delete an incoming invoice while it is a draft (409 error.conflict, detail "geprueft", once checked)',
        params: ZIdParams,
        response: responses({ 204: z.null() }, 400, 401, 403, 404, 409),
      },
    },
    async (request, reply) => {
      await eingangService.remove(request.mandant!, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
