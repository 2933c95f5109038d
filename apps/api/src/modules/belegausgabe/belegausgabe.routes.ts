import { ZIdParams, ZQueryFlag } from "@kontor/domain/http/params.schema";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Deps } from "../../deps.ts";
import { attachment, inline } from "../../http/attachment.ts";
import { fileResponse, notFound, responses } from "../../http/problem.ts";
import { belegPdf } from "./belegPdf.service.ts";

/** Whoever may read a document may print it (SPEC §6, as GET beleg/{id}). */
const beleg = { level: "tenant", access: "beleg" } as const;

/** Document output (issue 16): the PDF of a document. */
export const belegausgabeRoutes: FastifyPluginAsyncZod<Deps> = async (app) => {
  app.get(
    "/beleg/:id/pdf",
    {
      config: { auth: beleg },
      schema: {
        tags: ["Belege"],
        summary:
          "Document: its PDF (A4, DIN 5008 window envelope, in the customer's document language; PDF/A-3b) — inline for the browser's viewer, or with download=true as an attachment. A draft prints as such, without a number. Rendered in a worker pool: 503 error.busy (Retry-After) when it is full, 422 error.belegZuGross when the document exceeds the worker's time or memory.",
        params: ZIdParams,
        querystring: z.object({ download: ZQueryFlag }),
        response: responses(
          { 200: fileResponse("The document as PDF", "application/pdf") },
          400,
          401,
          403,
          404,
          422,
          503,
        ),
      },
    },
    async (request, reply) => {
      const pdf = await belegPdf(request.mandant!.run, request.params.id);
      if (!pdf) throw notFound();
      return reply
        .header("content-type", "application/pdf")
        .header("content-disposition", (request.query.download ? attachment : inline)(pdf.dateiname))
        .header("x-content-type-options", "nosniff")
        .header("x-pdf-hinweise", pdf.hinweise.join(","))
        .send(Buffer.from(pdf.bytes.buffer, pdf.bytes.byteOffset, pdf.bytes.byteLength) as never);
    },
  );
};
