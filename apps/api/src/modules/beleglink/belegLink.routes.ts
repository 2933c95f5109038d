import {
  ZBelegLink,
  ZBelegLinkAnlegen,
  ZBelegLinkNeu,
  ZOeffentlicherBeleg,
} from "@kontor/domain/beleg/belegLink.schema";
import { ZIdParams } from "@kontor/domain/http/params.schema";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Deps } from "../../deps.ts";
import { attachment, inline } from "../../http/attachment.ts";
import { fileResponse, responses } from "../../http/problem.ts";
import { frameableBySelf } from "../../http/securityHeaders.ts";
import { createBelegLinkService } from "./belegLink.service.ts";

/** Sharing is acting on a document: module rechnungslegung and a user or warehouse role, as the editor (SPEC §6). */
const beleg = { level: "tenant", access: "beleg" } as const;
const oeffentlich = { level: "public" } as const;
const tags = ["Belege"];
const publicTags = ["Öffentliche Belege"];

const ZLinkParams = ZIdParams.extend({ linkId: z.coerce.number().int().positive() });
/**
 * Any text: a malformed token is answered like an unknown one (404), so the answer never tells a well-formed
 * guess from a badly formed one.
 */
const ZTokenParams = z.object({
  token: z.string().describe("The link's token (the last segment of /app/invoicetemplate/{token})"),
});
const NOT_FOUND_ALIKE =
  "An unknown, malformed, revoked or expired token, a draft, an inactive tenant: all the same 404 error.notFound. " +
  "Limited per client address (every call, and calls that find nothing): 429 error.tooManyAttempts with Retry-After.";

/**
 * Public share links of finalized documents (issue 16): the tenant side (make, list, revoke — audited in the
 * document's history) and the public side (`public/beleg/{token}`: the summary and the PDF, without a sign-in).
 */
export const belegLinkRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  const links = createBelegLinkService(deps);

  app.post(
    "/beleg/:id/link",
    {
      config: { auth: beleg },
      schema: {
        tags,
        summary: "Share a finalized document: a new public link (its address is answered this once)",
        description:
          "Makes an unguessable link `<baseUrl>/app/invoicetemplate/{token}` (32 random bytes; only its SHA-256 " +
          "is stored) that shows the document and its PDF without a sign-in until it is revoked or its last day " +
          "(`gueltigBis`, Europe/Vienna; today or later) has passed. A draft is 409 error.belegNotFinalized.",
        params: ZIdParams,
        body: ZBelegLinkAnlegen,
        response: responses({ 200: ZBelegLinkNeu }, 400, 401, 403, 404, 409),
      },
    },
    async (request) => links.create(request.mandant!, request.params.id, request.body),
  );

  app.get(
    "/beleg/:id/links",
    {
      config: { auth: beleg },
      schema: {
        tags,
        summary: "The share links of a document: made when and by whom, last day, revoked, views (no tokens)",
        params: ZIdParams,
        response: responses({ 200: z.array(ZBelegLink) }, 400, 401, 403, 404),
      },
    },
    async (request) => links.list(request.mandant!, request.params.id),
  );

  app.delete(
    "/beleg/:id/links/:linkId",
    {
      config: { auth: beleg },
      schema: {
        tags,
        summary: "Revoke a share link: it stops working at once (revoking it again changes nothing)",
        params: ZLinkParams,
        response: responses({ 204: z.null() }, 400, 401, 403, 404),
      },
    },
    async (request, reply) => {
      await links.revoke(request.mandant!, request.params.id, request.params.linkId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    "/public/beleg/:token",
    {
      config: { auth: oeffentlich },
      schema: {
        tags: publicTags,
        summary:
          "A shared document (no sign-in): issuer, type, number, date, gross total, due date, language",
        description: `Each answer counts as one view of the link. ${NOT_FOUND_ALIKE}`,
        params: ZTokenParams,
        response: responses({ 200: ZOeffentlicherBeleg }, 400, 404, 429),
      },
    },
    async (request) => links.show(request.params.token, request.ip),
  );

  app.get(
    "/public/beleg/:token/pdf",
    {
      config: { auth: oeffentlich },
      schema: {
        tags: publicTags,
        summary: "The PDF of a shared document (no sign-in): inline, or with download=1 as an attachment",
        description: `Frameable by pages of this origin only (the public page shows it in a frame). ${NOT_FOUND_ALIKE}`,
        params: ZTokenParams,
        querystring: z.object({
          download: z.enum(["0", "1"]).optional().describe("1: Content-Disposition attachment"),
        }),
        response: responses(
          { 200: fileResponse("The document as PDF", "application/pdf") },
          400,
          404,
          422,
          429,
          503,
        ),
      },
    },
    async (request, reply) => {
      const pdf = await links.pdf(request.params.token, request.ip);
      const download = request.query.download === "1";
      return frameableBySelf(reply)
        .header("content-type", "application/pdf")
        .header("content-disposition", download ? attachment(pdf.dateiname) : inline(pdf.dateiname))
        .header("x-content-type-options", "nosniff")
        .send(Buffer.from(pdf.bytes.buffer, pdf.bytes.byteOffset, pdf.bytes.byteLength) as never);
    },
  );
};
