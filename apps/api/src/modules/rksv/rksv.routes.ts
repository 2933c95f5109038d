import { todayIso } from "@kontor/domain/date/calendar";
import { ZIdParams } from "@kontor/domain/http/params.schema";
import {
  ZRksvExportQuery,
  ZRksvKasse,
  ZRksvNullbeleg,
  ZRksvRegistrierung,
  ZRksvStart,
  ZRksvStartAntwort,
  ZRksvTrainingsbeleg,
} from "@kontor/domain/rksv/rksv.schema";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Deps } from "../../deps.ts";
import { attachment } from "../../http/attachment.ts";
import { fileResponse, responses } from "../../http/problem.ts";
import { pdfErzeugen } from "../belegausgabe/pdf.ts";
import { journalCsv, journalDateiname, journalPdf } from "./rksv.export.ts";
import { monatsbelegeErstellen, rksvService } from "./rksv.service.ts";

const MONATSBELEG_START_MS = 10_000;
const MONATSBELEG_INTERVALL_MS = 3_600_000;

const lesen = { level: "tenant", access: "rksvLesen" } as const;
const admin = { level: "tenant", access: "rksvAdmin" } as const;
const tags = ["RKSV"];

/** The DEP7 export: groups of one certificate each with the receipts' JWS. */
const ZDep = z.object({
  "Belege-Gruppe": z.array(
    z.object({
      Signaturzertifikat: z.string(),
      Zertifizierungsstellen: z.array(z.string()),
      "Belege-kompakt": z.array(z.string()),
    }),
  ),
});

const ZContainer = z.object({
  base64AESKey: z.string(),
  certificateOrPublicKeyMap: z.record(
    z.string(),
    z.object({
      id: z.string(),
      signatureDeviceType: z.enum(["CERTIFICATE", "PUBLIC_KEY"]),
      signatureCertificateOrPublicKey: z.string(),
    }),
  ),
});

/**
 * RKSV (issue 18, SPEC §7): POST rksv/startbeleg, the registers, null receipts, GET rksv/dep (DEP7), the
 * cryptographic material container and GET rksv/sjournal (JSON, CSV or PDF) — each from a selected day.
 */
export const rksvRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db, secrets, config }) => {
  // Monthly and yearly receipts of registers without a sale in the new month: shortly after the start, then hourly
  // (several processes may run it at once: each register is locked and checked again).
  const monatsbelege = () =>
    monatsbelegeErstellen(db, secrets, (kasse, error) =>
      app.log.error(
        { err: error, kasseId: kasse.id, mandantId: kasse.mandantId },
        "rksv: monthly receipt failed",
      ),
    )
      .then((n) => n > 0 && app.log.info({ belege: n }, "rksv: monthly receipts made"))
      .catch((error: unknown) => app.log.error({ err: error }, "rksv: monthly receipts failed"));
  const erster = setTimeout(monatsbelege, MONATSBELEG_START_MS).unref();
  const stuendlich = setInterval(monatsbelege, MONATSBELEG_INTERVALL_MS).unref();
  app.addHook("onClose", async () => {
    clearTimeout(erster);
    clearInterval(stuendlich);
  });

  app.post(
    "/rksv/startbeleg",
    {
      config: { auth: admin },
      schema: {
        tags,
        summary:
          "Start the cash register of an invoice circle with rksv on (default: the circle invoices are numbered from): a new AES key, the signature device (software key as closed system AT0, or A-Trust a.sign RK Online) and the signed start receipt; answers the register and the FinanzOnline registration data. Once per circle and cash register id (409 error.rksvGestartet); a circle without rksv is 400 at rechnungskreisId; an A-Trust address whose scheme, host and port are not an origin of the server's RKSV_ATRUST_HOSTS (a host name there: https, port 443) is 400 at einrichtung.basisUrl (code invalid)",
        body: ZRksvStart,
        response: responses({ 200: ZRksvStartAntwort }, 400, 401, 403, 409),
      },
    },
    async (request) => rksvService.start(request.mandant!, secrets, request.body, config.rksvAtrustOrigins),
  );

  app.get(
    "/rksv/kasse",
    {
      config: { auth: lesen },
      schema: {
        tags,
        summary:
          "The tenant's cash registers: device, receipts so far, turnover counter, the last receipt, failure since, a yearly receipt to check",
        response: responses({ 200: z.array(ZRksvKasse) }, 401, 403),
      },
    },
    async (request) => rksvService.list(request.mandant!),
  );

  app.get(
    "/rksv/kasse/:id/registrierung",
    {
      config: { auth: admin },
      schema: {
        tags,
        summary:
          "The register's FinanzOnline registration data again: AES key and check value, ZDA, certificate",
        params: ZIdParams,
        response: responses({ 200: ZRksvRegistrierung }, 400, 401, 403, 404),
      },
    },
    async (request) => rksvService.registrierung(request.mandant!, secrets, request.params.id),
  );

  app.post(
    "/rksv/kasse/:id/nullbeleg",
    {
      config: { auth: admin },
      schema: {
        tags,
        summary:
          "A signed null receipt: a control receipt, a monthly or yearly receipt (made by themselves at the first receipt of a new month), or the closing receipt",
        params: ZIdParams,
        body: ZRksvNullbeleg,
        response: responses({ 200: ZRksvKasse }, 400, 401, 403, 404),
      },
    },
    async (request) =>
      rksvService.nullbeleg(request.mandant!, secrets, request.params.id, request.body.zweck),
  );

  app.post(
    "/rksv/kasse/:id/trainingsbeleg",
    {
      config: { auth: admin },
      schema: {
        tags,
        summary:
          "A signed training receipt (marked TRA, for training staff): the amounts are printed in the code, the turnover counter does not move",
        params: ZIdParams,
        body: ZRksvTrainingsbeleg,
        response: responses({ 200: ZRksvKasse }, 400, 401, 403, 404),
      },
    },
    async (request) => rksvService.trainingsbeleg(request.mandant!, secrets, request.params.id, request.body),
  );

  app.post(
    "/rksv/kasse/:id/jahresbeleg-geprueft",
    {
      config: { auth: admin },
      schema: {
        tags,
        summary: "The owner has checked the yearly receipt (RKSV § 8): the register's reminder goes",
        params: ZIdParams,
        response: responses({ 200: ZRksvKasse }, 400, 401, 403, 404),
      },
    },
    async (request) => rksvService.jahresbelegGeprueft(request.mandant!, request.params.id),
  );

  app.get(
    "/rksv/kasse/:id/container",
    {
      config: { auth: admin },
      schema: {
        tags,
        summary:
          "The cryptographic material container of the register (AES key, certificates or public keys by serial) that the BMF verification tools read beside a DEP",
        params: ZIdParams,
        response: responses({ 200: ZContainer }, 400, 401, 403, 404),
      },
    },
    async (request) => rksvService.container(request.mandant!, secrets, request.params.id),
  );

  app.get(
    "/rksv/dep",
    {
      config: { auth: lesen },
      schema: {
        tags,
        summary:
          "DEP7 export (RKSV § 7) of every register (or kasseId) from the day `from` on: the receipts' JWS grouped by certificate; 404 error.rksvKeinDep (No DEP data exists!) when there is none",
        querystring: ZRksvExportQuery.omit({ format: true, lang: true }),
        response: responses({ 200: ZDep }, 400, 401, 403, 404),
      },
    },
    async (request, reply) => {
      const dep = await rksvService.dep(request.mandant!, request.query);
      const name = `DEP-${request.query.from ?? "alle"}.json`;
      reply.header("x-filename", name).header("content-disposition", attachment(name));
      return dep;
    },
  );

  app.get(
    "/rksv/sjournal",
    {
      config: { auth: lesen },
      schema: {
        tags,
        summary:
          "The receipt journal from the day `from` on: every receipt with type, amounts per VAT set, turnover counter and document — JSON, CSV or PDF (format, in the language lang); 404 error.rksvKeinJournal (No JOURNAL data exists!) when there is none",
        querystring: ZRksvExportQuery,
        response: responses(
          {
            200: fileResponse(
              "The journal as JSON, CSV or PDF",
              "application/json",
              "text/csv",
              "application/pdf",
            ),
          },
          400,
          401,
          403,
          404,
        ),
      },
    },
    async (request, reply) => {
      const { format, lang, ...filter } = request.query;
      const zeilen = await rksvService.journal(request.mandant!, filter);
      if (format === "json")
        // The rows as ZRksvBelegZeile[] (the 200 schema documents every format, so the body is sent as text).
        return reply
          .header("content-type", "application/json; charset=utf-8")
          .send(JSON.stringify(zeilen) as never);
      const druck = {
        sprache: lang,
        mandant: await rksvService.mandantName(request.mandant!),
        from: filter.from ?? null,
        heute: todayIso(),
        zeilen,
      };
      const name = `${journalDateiname(druck)}.${format}`;
      reply.header("x-filename", name).header("content-disposition", attachment(name));
      if (format === "csv")
        return reply.header("content-type", "text/csv; charset=utf-8").send(journalCsv(druck));
      const pdf = await pdfErzeugen(journalPdf(druck));
      return reply
        .header("content-type", "application/pdf")
        .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength) as never);
    },
  );
};
