import { ZBelegMailEntwurf, ZBelegMailSenden } from "@kontor/domain/beleg/belegMail.schema";
import { ZIdParams } from "@kontor/domain/http/params.schema";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Deps } from "../../deps.ts";
import { responses } from "../../http/problem.ts";
import { belegMailService } from "./belegMail.service.ts";

/** Documents by mail: the documents' rule plus the module mailversand (the account's flag is checked inside). */
const belegMail = { level: "tenant", access: "belegMail" } as const;
const tags = ["Belege"];

/**
 * Send a document by mail (issue 16, SPEC §4 "send by mail"): GET the prefilled mail, POST it with the PDF
 * attached. Both need the account's enablemailtransfer (403 error.mailDisabled) and a finalized document
 * (409 error.belegNotFinalized).
 */
export const belegMailRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  app.get(
    "/beleg/:id/mail",
    {
      config: { auth: belegMail },
      schema: {
        tags,
        summary:
          "The mail of a finalized document, prefilled in its language: recipients (the customer's and its contacts' e-mails), subject and text of the document type's template, the account's signature, the PDF's file name",
        params: ZIdParams,
        response: responses({ 200: ZBelegMailEntwurf }, 400, 401, 403, 404, 409),
      },
    },
    async (request) => belegMailService.entwurf(deps, request.mandant!, request.params.id),
  );

  app.post(
    "/beleg/:id/mail",
    {
      config: { auth: belegMail },
      schema: {
        tags,
        summary:
          "Send a finalized document by mail with its PDF attached (signature appended, replies to the sender, a Bcc to oneself on request) and record it in the document's history (action mail). A failed send records nothing: 503 error.mailServerUnreachable, 502 error.mailRejected, 502 error.mailRecipientRejected (fieldErrors name the refused addresses, code rejected); 502 error.mailPartlySent when the mail went to the others (recorded; fieldErrors name the refused ones); 429 error.mailLimit when the mail's recipients would pass 100 of the user (500 of the tenant) within an hour — each address of To, Cc and the Bcc copy counts, so one mail to 50 recipients uses 50",
        params: ZIdParams,
        body: ZBelegMailSenden,
        response: responses({ 204: z.null() }, 400, 401, 403, 404, 409, 422, 429, 502, 503),
      },
    },
    async (request, reply) => {
      await belegMailService.senden(deps, request.mandant!, request.params.id, request.body);
      return reply.code(204).send(null);
    },
  );
};
