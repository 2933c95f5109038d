import { ERECHNUNG_FORMATE } from "@kontor/domain/erechnung/erechnung.codes";
import { ZErechnungFormat } from "@kontor/domain/erechnung/erechnung.schema";
import { ZIdParams } from "@kontor/domain/http/params.schema";
import { ZRegelVerstoss } from "@kontor/domain/http/problem.schema";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Deps } from "../../deps.ts";
import { attachment } from "../../http/attachment.ts";
import { fileResponse, notFound, responses } from "../../http/problem.ts";
import { erechnungErzeugen, erechnungPruefen } from "./erechnung.service.ts";

/** Whoever may read a document may download its e-invoice (as its PDF, SPEC §6). */
const beleg = { level: "tenant", access: "beleg" } as const;

const ZErechnungStatus = z.object({
  format: ZErechnungFormat,
  ok: z.boolean().describe("The document passes the product's rules in this format"),
  regeln: z.array(ZRegelVerstoss).describe("The rules it breaks (empty when ok)"),
});

/** E-invoices (issue 19): a finalized document as XRechnung, ZUGFeRD / Factur-X, Peppol BIS or ebInterface. */
export const erechnungRoutes: FastifyPluginAsyncZod<Deps> = async (app) => {
  app.get(
    "/beleg/:id/erechnung",
    {
      config: { auth: beleg },
      schema: {
        tags: ["Belege"],
        summary:
          "Document: its e-invoice as a download — XRechnung 3.0 (UBL or CII), ZUGFeRD 2 / Factur-X EN 16931 (the document's PDF/A-3 with factur-x.xml), Peppol BIS Billing 3.0 or ebInterface 6.1. Only finalized invoices, credit notes, cancellations and cash invoices (409 otherwise). Every export is checked: one that breaks a rule of its format is refused with 422 error.erechnungUngueltig listing the rules (regeln).",
        params: ZIdParams,
        querystring: z.object({ format: ZErechnungFormat }),
        response: responses(
          { 200: fileResponse("The e-invoice", "application/xml", "application/pdf") },
          400,
          401,
          403,
          404,
          409,
          422,
        ),
      },
    },
    async (request, reply) => {
      const datei = await erechnungErzeugen(request.mandant!.run, request.params.id, request.query.format);
      if (!datei) throw notFound();
      return reply
        .header(
          "content-type",
          datei.contentType === "application/xml" ? "application/xml; charset=utf-8" : datei.contentType,
        )
        .header("content-disposition", attachment(datei.dateiname))
        .header("x-content-type-options", "nosniff")
        .send(Buffer.from(datei.bytes.buffer, datei.bytes.byteOffset, datei.bytes.byteLength) as never);
    },
  );

  app.get(
    "/beleg/:id/erechnung/pruefung",
    {
      config: { auth: beleg },
      schema: {
        tags: ["Belege"],
        summary:
          "Document: whether its e-invoice passes the product's rules in each format (XRechnung, ZUGFeRD, Peppol, ebInterface), with the broken rules — what the document screen shows beside the download buttons.",
        params: ZIdParams,
        response: responses({ 200: z.array(ZErechnungStatus) }, 400, 401, 403, 404, 409),
      },
    },
    async (request) => {
      const status = await erechnungPruefen(request.mandant!.run, request.params.id);
      if (!status) throw notFound();
      return ERECHNUNG_FORMATE.map((format) => {
        const regeln = status[format];
        return { format, ok: regeln.length === 0, regeln };
      });
    },
  );
};
