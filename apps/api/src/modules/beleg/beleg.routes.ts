import {
  ZBelegHistorie,
  ZBelegListQuery,
  ZBelegSearchQuery,
  ZBelegUmwandeln,
  ZBelegZeile,
  ZRechnungAus,
  ZStornoAnfrage,
} from "@kontor/domain/beleg/beleg.api";
import { BELEG_STATUS } from "@kontor/domain/beleg/beleg.codes";
import { ZBeleg, ZBelegSpeichern } from "@kontor/domain/beleg/beleg.schema";
import { ZIsoDate } from "@kontor/domain/date/date.schema";
import { ZIdParams } from "@kontor/domain/http/params.schema";
import { ZBelegsTyp } from "@kontor/domain/typen/typen";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Deps } from "../../deps.ts";
import { responses } from "../../http/problem.ts";
import { sendTotal } from "../../http/total.ts";
import { belegService } from "./beleg.service.ts";

/** Reading and acting on documents: module rechnungslegung and a user or warehouse role (SPEC §6). */
const beleg = { level: "tenant", access: "beleg" } as const;
/** The list and whatever creates a document: module rechnungslegung and ROLE_USER (SPEC §6). */
const listCreate = { level: "tenant", access: "belegListCreate" } as const;
const tags = ["Belege"];

const ZLieferung = z.strictObject({
  belegDatum: ZIsoDate.optional(),
  positionen: z
    .array(
      z.strictObject({
        id: z.number().int().positive(),
        menge: z.number().min(0).max(9_999_999_999),
        abschliessen: z.boolean().default(false),
      }),
    )
    .min(1)
    .max(500),
});

/**
 * Documents (issue 15, SPEC §7): the generic pattern on `beleg` (GET one, GET paged, PUT create/update of a draft,
 * DELETE of a draft), the searches, the actions as POST routes of their own (finalize, storno, duplicate, convert,
 * bill from several, partial delivery, reorder), the history and the reference text.
 */
export const belegRoutes: FastifyPluginAsyncZod<Deps> = async (app, { secrets }) => {
  for (const path of ["beleg", "belege", "belegsearchpaginated"])
    app.get(
      `/${path}`,
      {
        config: { auth: listCreate },
        schema: {
          tags,
          summary:
            "Documents: one page (default 20; sort belegDatum desc, then belegNummer desc) with x-total-count; filters belegsTyp, kundeId, artikelId, projektId, bezahlt, storniert, entwurf (true: drafts only), von/bis (belegDatum), search (number or customer)",
          querystring: ZBelegListQuery,
          response: responses({ 200: z.array(ZBelegZeile) }, 400, 401, 403),
        },
      },
      async (request, reply) => {
        const page = await belegService.list(request.mandant!, request.query);
        sendTotal(reply, page);
        return page.items;
      },
    );

  app.get(
    "/belegsearch",
    {
      config: { auth: beleg },
      schema: {
        tags,
        summary:
          "Document quick search (at most 20, newest first): search (number contains, or customer words), belegType, artikelId, kundeId, projects (comma-separated ids)",
        querystring: ZBelegSearchQuery,
        response: responses({ 200: z.array(ZBelegZeile) }, 400, 401, 403),
      },
    },
    async (request) => belegService.search(request.mandant!, request.query),
  );

  app.get(
    "/bestellungsbelege/:kundeIds/:status/:drafts",
    {
      config: { auth: { level: "tenant", access: "bestellung" } },
      schema: {
        tags,
        summary:
          "Orders (type bestellung) of some customers (comma-separated ids) or all; status entwurf | finalisiert | bezahlt | storniert or all; drafts true includes drafts, false leaves them out; newest first, at most 500",
        params: z.object({
          kundeIds: z.union([z.literal("all"), z.string().regex(/^\d{1,15}(,\d{1,15}){0,99}$/)]),
          status: z.enum(["all", ...BELEG_STATUS]),
          drafts: z.enum(["true", "false"]),
        }),
        response: responses({ 200: z.array(ZBelegZeile) }, 400, 401, 403),
      },
    },
    async (request) => {
      const { kundeIds, status, drafts } = request.params;
      return belegService.orders(request.mandant!, {
        kundeIds: kundeIds === "all" ? undefined : kundeIds.split(",").map(Number),
        status: status === "all" ? undefined : status,
        drafts: drafts === "true",
      });
    },
  );

  app.get(
    "/beleg/:id",
    {
      config: { auth: beleg },
      schema: {
        tags,
        summary:
          "Document: one, with positions (open quantities), VAT lines, custom fields, projects and links",
        params: ZIdParams,
        response: responses({ 200: ZBeleg }, 400, 401, 403, 404),
      },
    },
    async (request) => belegService.get(request.mandant!, request.params.id),
  );

  app.put(
    "/beleg",
    {
      config: { auth: listCreate },
      schema: {
        tags,
        summary:
          "Document draft: create (without id) or update (with id); totals and VAT lines are computed by the server (sent ones are refused); a finalized document answers 409 error.belegFinalized",
        body: ZBelegSpeichern,
        response: responses({ 200: ZBeleg }, 400, 401, 403, 404, 409),
      },
    },
    async (request) => belegService.save(request.mandant!, request.body),
  );

  app.delete(
    "/beleg/:id",
    {
      config: { auth: listCreate },
      schema: {
        tags,
        summary:
          "Document: delete a draft (a finalized document is 409 error.belegFinalized — cancel it instead)",
        params: ZIdParams,
        response: responses({ 204: z.null() }, 400, 401, 403, 404, 409),
      },
    },
    async (request, reply) => {
      await belegService.remove(request.mandant!, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    "/beleg/:id/freigabe",
    {
      config: { auth: beleg },
      schema: {
        tags,
        summary:
          "Finalize a draft: an invoice's legal contents are checked (409 error.pflichtangaben naming each missing field), the number is drawn from the type's circle, the addresses are copied; then the document is immutable. A cash invoice posts into the cash book (module kassabuch) and, with module rksv and an RKSV invoice circle, gets its signed receipt (rksvBarcode; 409 error.rksvNichtGestartet before the start receipt)",
        params: ZIdParams,
        response: responses({ 200: ZBeleg }, 400, 401, 403, 404, 409),
      },
    },
    async (request) => belegService.finalize(request.mandant!, request.params.id, secrets),
  );

  app.post(
    "/beleg/:id/storno",
    {
      config: { auth: beleg },
      schema: {
        tags,
        summary:
          "Cancel a finalized invoice: a storno with its own number negates it and refers to it; the original becomes storniert (409 error.belegStorniert when it already is, error.belegNotFinalized for a draft). Answers the storno",
        params: ZIdParams,
        body: ZStornoAnfrage.optional(),
        response: responses({ 200: ZBeleg }, 400, 401, 403, 404, 409),
      },
    },
    async (request) =>
      belegService.storno(request.mandant!, request.params.id, secrets, request.body?.belegDatum),
  );

  app.post(
    "/beleg/:id/duplikat",
    {
      config: { auth: listCreate },
      schema: {
        tags,
        summary:
          "Duplicate: a new draft dated today without number, payment, cancellation, finalization, RKSV, PDF and order number",
        params: ZIdParams,
        response: responses({ 200: ZBeleg }, 400, 401, 403, 404),
      },
    },
    async (request) => belegService.duplicate(request.mandant!, request.params.id),
  );

  app.post(
    "/beleg/:id/umwandeln",
    {
      config: { auth: listCreate },
      schema: {
        tags,
        summary:
          "Convert (offer → order confirmation → delivery note → invoice, …): a new draft of the type with the quantities still open; 409 error.umwandlung when the chain does not allow it",
        params: ZIdParams,
        body: ZBelegUmwandeln,
        response: responses({ 200: ZBeleg }, 400, 401, 403, 404, 409),
      },
    },
    async (request) => belegService.convert(request.mandant!, request.params.id, request.body),
  );

  app.post(
    "/beleg/rechnung",
    {
      config: { auth: listCreate },
      schema: {
        tags,
        summary:
          "Create bill: one invoice draft from several documents of one customer (e.g. delivery notes), their open positions carried over, links kept both ways",
        body: ZRechnungAus,
        response: responses({ 200: ZBeleg }, 400, 401, 403),
      },
    },
    async (request) => belegService.billFrom(request.mandant!, request.body),
  );

  app.post(
    "/beleg/:id/lieferung",
    {
      config: { auth: listCreate },
      schema: {
        tags,
        summary:
          "Ship (partial delivery): a delivery note draft with the given quantities of the order's positions (at most what is still open); abschliessen marks a position complete",
        params: ZIdParams,
        body: ZLieferung,
        response: responses({ 200: ZBeleg }, 400, 401, 403, 404, 409),
      },
    },
    async (request) => belegService.ship(request.mandant!, request.params.id, request.body),
  );

  app.post(
    "/beleg/:id/reihenfolge",
    {
      config: { auth: beleg },
      schema: {
        tags,
        summary: "Reorder the positions of a draft: every position id once, in the new order",
        params: ZIdParams,
        body: z.strictObject({ positionIds: z.array(z.number().int().positive()).max(500) }),
        response: responses({ 200: ZBeleg }, 400, 401, 403, 404, 409),
      },
    },
    async (request) => belegService.reorder(request.mandant!, request.params.id, request.body.positionIds),
  );

  app.get(
    "/beleg/:id/historie",
    {
      config: { auth: beleg },
      schema: {
        tags,
        summary:
          "The document's history (audit log): who created, changed, finalized, cancelled it, and when",
        params: ZIdParams,
        response: responses({ 200: z.array(ZBelegHistorie) }, 400, 401, 403, 404),
      },
    },
    async (request) => belegService.history(request.mandant!, request.params.id),
  );

  app.get(
    "/belegtext3/:originalBelegId",
    {
      config: { auth: beleg },
      schema: {
        tags,
        summary:
          "The line a document prints about the document it refers to (number and date); lang de|en, fuer=storno for a cancellation",
        params: z.object({ originalBelegId: z.coerce.number().int().positive() }),
        querystring: z.object({ lang: z.enum(["de", "en"]).default("de"), fuer: ZBelegsTyp.optional() }),
        response: responses({ 200: z.object({ text: z.string() }) }, 400, 401, 403, 404),
      },
    },
    async (request) =>
      belegService.text3(
        request.mandant!,
        request.params.originalBelegId,
        request.query.lang,
        request.query.fuer,
      ),
  );
};
