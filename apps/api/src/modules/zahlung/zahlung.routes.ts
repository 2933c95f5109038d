import { ZIdParams } from "@kontor/domain/http/params.schema";
import {
  ZAbschreibung,
  ZOffenePostenQuery,
  ZOffenerPosten,
  ZOffenerSaldo,
  ZOffenerSaldoQuery,
  ZTeilzahlung,
  ZZahlung,
  ZZahlungAnlegen,
  ZZahlungListQuery,
  ZZahlungReport,
  ZZahlungReportExportQuery,
  ZZahlungReportQuery,
  ZZahlungZeile,
} from "@kontor/domain/zahlung/zahlung.schema";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Deps } from "../../deps.ts";
import { attachment, XLSX } from "../../http/attachment.ts";
import { fileResponse, responses } from "../../http/problem.ts";
import { sendTotal } from "../../http/total.ts";
import { reportDateiname, zahlungReportCsv, zahlungReportXlsx } from "./zahlung.export.ts";
import { zahlungService } from "./zahlung.service.ts";

/** Payments: module zahlung and ROLE_USER (SPEC §6 "Payments: module and user"). */
const zahlung = { level: "tenant", access: "zahlung" } as const;
const tags = ["Zahlungen"];

/**
 * Payments and open items (issue 17, SPEC §7): POST zahlung, the payment list and one payment, removing a payment or
 * its allocation to one document; GET/PUT unpaidbelege (open items; a partial payment on a row), the write-off
 * ("marked paid" with a reason) and GET unpaidbelegesum/{slug} (the open balance).
 */
export const zahlungRoutes: FastifyPluginAsyncZod<Deps> = async (app) => {
  app.post(
    "/zahlung",
    {
      config: { auth: zahlung },
      schema: {
        tags,
        summary:
          "Record a payment: one day, amount, means and comment settling one or more finalized, open invoices of one customer (shares per document, or as far as the amount reaches). A share equal to the amount of a skonto step still open on the payment's day settles the document with skonto (split per VAT rate); a share above the open amount is 400 belegSet.N.betrag overpayment; an amount beyond the shares is 400 betrag overpayment unless ueberzahlung keeps it as the customer's credit. A draft, cancelled, paid or non-invoice document is 400 at belegSet.N.id (notFinalized, cancelled, notOpen, notPayable); documents of several customers notEqual",
        body: ZZahlungAnlegen,
        response: responses({ 200: ZZahlung }, 400, 401, 403),
      },
    },
    async (request) => zahlungService.create(request.mandant!, request.body),
  );

  app.get(
    "/zahlung",
    {
      config: { auth: zahlung },
      schema: {
        tags,
        summary:
          "Payments: one page (default 20; newest first) with x-total-count; filters kundeId, belegId, zahlungsart, von/bis (zahlungsDatum)",
        querystring: ZZahlungListQuery,
        response: responses({ 200: z.array(ZZahlungZeile) }, 400, 401, 403),
      },
    },
    async (request, reply) => {
      const page = await zahlungService.list(request.mandant!, request.query);
      sendTotal(reply, page);
      return page.items;
    },
  );

  app.get(
    "/zahlung/report",
    {
      config: { auth: zahlung },
      schema: {
        tags,
        summary:
          "Payment report (/zahlung_report/): received, skonto, credit and written off in the period (default: the last 12 months up to today), open on its last day, and per month received and open at the month's end; kundeId for one customer (another tenant's is 404)",
        querystring: ZZahlungReportQuery,
        response: responses({ 200: ZZahlungReport }, 400, 401, 403, 404),
      },
    },
    async (request) => zahlungService.report(request.mandant!, request.query),
  );

  app.get(
    "/zahlung/report/export",
    {
      config: { auth: zahlung },
      schema: {
        tags,
        summary:
          "The payment report as a file in the language `lang`: CSV (the months: received, skonto, open at the month's end; UTF-8 with BOM, semicolons) or Excel (period, customer, totals, then the months); same filter and errors as GET zahlung/report",
        querystring: ZZahlungReportExportQuery,
        response: responses(
          { 200: fileResponse("The report as CSV or Excel", "text/csv", XLSX) },
          400,
          401,
          403,
          404,
        ),
      },
    },
    async (request, reply) => {
      const { format, lang, ...filter } = request.query;
      const report = await zahlungService.report(request.mandant!, filter);
      const name = `${reportDateiname(report, lang)}.${format}`;
      reply.header("x-filename", name).header("content-disposition", attachment(name));
      if (format === "csv")
        return reply.header("content-type", "text/csv; charset=utf-8").send(zahlungReportCsv(report, lang));
      return reply.header("content-type", XLSX).send((await zahlungReportXlsx(report, lang)) as never); // bytes: the 200 schema documents the file
    },
  );

  app.get(
    "/zahlung/:id",
    {
      config: { auth: zahlung },
      schema: {
        tags,
        summary: "One payment with its allocations (share, skonto and skonto per VAT rate of each document)",
        params: ZIdParams,
        response: responses({ 200: ZZahlung }, 400, 401, 403, 404),
      },
    },
    async (request) => zahlungService.get(request.mandant!, request.params.id),
  );

  app.delete(
    "/zahlung/:id",
    {
      config: { auth: zahlung },
      schema: {
        tags,
        summary:
          'Remove a payment (SPEC §4 "remove a payment"): its documents are open again by their shares',
        params: ZIdParams,
        response: responses({ 204: z.null() }, 400, 401, 403, 404),
      },
    },
    async (request, reply) => {
      await zahlungService.remove(request.mandant!, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    "/zahlung/:id/beleg/:belegId",
    {
      config: { auth: zahlung },
      schema: {
        tags,
        summary:
          "Take a payment off one document: the allocation goes and the payment's amount shrinks by it; a payment with nothing left goes altogether (404 when the payment does not settle that document)",
        params: z.object({
          id: z.coerce.number().int().positive(),
          belegId: z.coerce.number().int().positive(),
        }),
        response: responses({ 204: z.null() }, 400, 401, 403, 404),
      },
    },
    async (request, reply) => {
      await zahlungService.removeZuordnung(request.mandant!, request.params.id, request.params.belegId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    "/unpaidbelege",
    {
      config: { auth: zahlung },
      schema: {
        tags,
        summary:
          "Open items: finalized invoices with an open amount (a negative one is the customer's credit), one page (default 20; oldest first) with x-total-count; filters kundeId, ueberfaellig (past the net due date today, Europe/Vienna), von/bis (belegDatum)",
        querystring: ZOffenePostenQuery,
        response: responses({ 200: z.array(ZOffenerPosten) }, 400, 401, 403),
      },
    },
    async (request, reply) => {
      const page = await zahlungService.openItems(request.mandant!, request.query);
      sendTotal(reply, page);
      return page.items;
    },
  );

  app.put(
    "/unpaidbelege",
    {
      config: { auth: zahlung },
      schema: {
        tags,
        summary:
          "Save a partial payment on an open-document row (SPEC §4): the same as POST zahlung with this one document; answers the row. A skonto amount within its step settles it; more than is open is 400 betrag overpayment; a draft, cancelled or paid document 400 at id",
        body: ZTeilzahlung,
        response: responses({ 200: ZOffenerPosten }, 400, 401, 403, 404),
      },
    },
    async (request) => zahlungService.partialPayment(request.mandant!, request.body),
  );

  app.get(
    "/unpaidbelege/:id",
    {
      config: { auth: zahlung },
      schema: {
        tags,
        summary: "One document as an open-document row (payments, open amount, due date, skonto still open)",
        params: ZIdParams,
        response: responses({ 200: ZOffenerPosten }, 400, 401, 403, 404),
      },
    },
    async (request) => zahlungService.openItem(request.mandant!, request.params.id),
  );

  app.post(
    "/unpaidbelege/:id/abschreibung",
    {
      config: { auth: zahlung },
      schema: {
        tags,
        summary:
          "Mark paid (SPEC §4): write off the open amount of an open invoice with a reason (audited); 400 at id when it is a draft, cancelled, paid or no invoice. Answers the row",
        params: ZIdParams,
        body: ZAbschreibung,
        response: responses({ 200: ZOffenerPosten }, 400, 401, 403, 404),
      },
    },
    async (request) => zahlungService.writeOff(request.mandant!, request.params.id, request.body),
  );

  app.delete(
    "/unpaidbelege/:id/abschreibung",
    {
      config: { auth: zahlung },
      schema: {
        tags,
        summary: "Undo a write-off: the document is open again (404 when it has none)",
        params: ZIdParams,
        response: responses({ 204: z.null() }, 400, 401, 403, 404),
      },
    },
    async (request, reply) => {
      await zahlungService.removeWriteOff(request.mandant!, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    "/unpaidbelegesum/:slug",
    {
      config: { auth: zahlung },
      schema: {
        tags,
        summary:
          "The open balance: Σ open amounts of the open items (and how many) of the tenant — slug is its id, as in X-Mandant-Id (another is 404) — or, with kundenId, of one customer; guthaben = overpayments kept as credit",
        params: z.object({ slug: z.string().max(40) }),
        querystring: ZOffenerSaldoQuery,
        response: responses({ 200: ZOffenerSaldo }, 400, 401, 403, 404),
      },
    },
    async (request) => zahlungService.balance(request.mandant!, request.params.slug, request.query.kundenId),
  );
};
