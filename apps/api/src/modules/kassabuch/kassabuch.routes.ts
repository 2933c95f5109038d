import { todayIso } from "@kontor/domain/date/calendar";
import { ZIdParams } from "@kontor/domain/http/params.schema";
import { KASSABUCH_EXPORT_MAX } from "@kontor/domain/kassabuch/kassabuch.codes";
import {
  ZKassabuch,
  ZKassabuchAbschluss,
  ZKassabuchAbschlussNeu,
  ZKassabuchEintrag,
  ZKassabuchEintragNeu,
  ZKassabuchExportQuery,
  ZKassabuchKorrektur,
  ZKassabuchQuery,
} from "@kontor/domain/kassabuch/kassabuch.schema";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Deps } from "../../deps.ts";
import { attachment } from "../../http/attachment.ts";
import { fileResponse, responses } from "../../http/problem.ts";
import { sendTotal } from "../../http/total.ts";
import { pdfErzeugen } from "../belegausgabe/pdf.ts";
import {
  dateiname,
  kassabuchCsvFuss,
  kassabuchCsvKopf,
  kassabuchCsvZeilen,
  kassabuchPdf,
} from "./kassabuch.export.ts";
import { kassabuchService } from "./kassabuch.service.ts";

/** Reading, posting and exporting: module kassabuch and ROLE_KASSABUCH or ROLE_KASSABUCH_ADMIN (SPEC §6). */
const kassabuch = { level: "tenant", access: "kassabuch" } as const;
/** Corrections and closes: module kassabuch and ROLE_KASSABUCH_ADMIN. */
const kassabuchAdmin = { level: "tenant", access: "kassabuchAdmin" } as const;
const tags = ["Kassabuch"];

const GUARD =
  "An expense may not take the cash balance below zero at its day or at any later entry of the book (the year, " +
  "when every year starts at zero): 409 error.cashBalanceExceeded ('Issue exceeds cash balance!') with field " +
  "`betrag` (code cashBalanceExceeded, `max` = the largest expense possible). A day before the book's start " +
  "(kassaStartdatum) is 409 error.kassabuchBeforeStart, a closed day 409 error.kassabuchClosed, both at `date`.";

/**
 * The cash book (issue 17, SPEC §7 "kassabuch (GET paged, PUT)"): the paged book with balances, new entries
 * (append-only), corrections by counter-entry, closing a day or month, and the CSV/PDF export of a period.
 */
export const kassabuchRoutes: FastifyPluginAsyncZod<Deps> = async (app) => {
  app.get(
    "/kassabuch",
    {
      config: { auth: kassabuch },
      schema: {
        tags,
        summary:
          "Cash book: one page of entries (sort date asc then id by default; date or id, asc|desc) with the running balance after each, x-total-count; filters von/bis (period), typ, search; plus completeBalance, actualBalance and the period's summary (opening, income, expense, closing)",
        querystring: ZKassabuchQuery,
        response: responses({ 200: ZKassabuch }, 400, 401, 403),
      },
    },
    async (request, reply) => {
      const { body, total } = await kassabuchService.list(request.mandant!, request.query);
      sendTotal(reply, total);
      return body;
    },
  );

  app.put(
    "/kassabuch",
    {
      config: { auth: kassabuch },
      schema: {
        tags,
        summary: "Cash book: post a new entry (entries are never changed: a body with an id is 409)",
        description: `${GUARD} A body with \`id\` is 409 error.kassabuchAppendOnly (correct an entry with POST kassabuch/{id}/korrektur). The supplier must be a customer record flagged lieferant and the VAT rate one of the tenant's (400 at lieferant.id / mehrwertssteuer.id).`,
        body: ZKassabuchEintragNeu,
        response: responses({ 200: ZKassabuchEintrag }, 400, 401, 403, 409),
      },
    },
    async (request) => kassabuchService.create(request.mandant!, request.body),
  );

  app.post(
    "/kassabuch/:id/korrektur",
    {
      config: { auth: kassabuchAdmin },
      schema: {
        tags,
        summary:
          "Cash book: correct an entry by a counter-entry (opposite type, same amount) that refers to it — ROLE_KASSABUCH_ADMIN",
        description: `Dated today unless \`date\` is given; text the entry's unless given. Once per entry (409 error.kassabuchKorrigiert, also for a correction itself); an entry of a cash invoice is corrected by its storno (409 error.kassabuchBeleg). ${GUARD}`,
        params: ZIdParams,
        body: ZKassabuchKorrektur,
        response: responses({ 200: ZKassabuchEintrag }, 400, 401, 403, 404, 409),
      },
    },
    async (request) => kassabuchService.correct(request.mandant!, request.params.id, request.body ?? {}),
  );

  app.post(
    "/kassabuch/abschluss",
    {
      config: { auth: kassabuchAdmin },
      schema: {
        tags,
        summary:
          "Cash book: close a day or a month (through its last day) — no entry may be dated on or before it afterwards; ROLE_KASSABUCH_ADMIN",
        description:
          "Only a period that has ended (400 at `datum`, code future) and only forward (a day already closed: 409 error.kassabuchClosed). A close cannot be undone; it is in the audit log with the balance it closed at.",
        body: ZKassabuchAbschlussNeu,
        response: responses({ 200: ZKassabuchAbschluss }, 400, 401, 403, 409),
      },
    },
    async (request) => kassabuchService.close(request.mandant!, request.body),
  );

  app.get(
    "/kassabuch/export",
    {
      config: { auth: kassabuch },
      schema: {
        tags,
        summary:
          "Cash book: a period (von/bis; without them the whole book) as CSV (UTF-8 with BOM, semicolons, decimal comma for de) or PDF, in the language `lang`: opening balance, every entry with its balance, totals, closing balance",
        description: `At most ${KASSABUCH_EXPORT_MAX.pdf} entries in a PDF and ${KASSABUCH_EXPORT_MAX.csv} in a CSV (KASSABUCH_EXPORT_MAX): a longer period is 400 error.validation at \`von\` (code max, \`max\` = the limit), refused before anything is read or rendered.`,
        querystring: ZKassabuchExportQuery,
        response: responses(
          { 200: fileResponse("The cash book as CSV or PDF", "text/csv", "application/pdf") },
          400,
          401,
          403,
        ),
      },
    },
    async (request, reply) => {
      const { format, von, bis, lang } = request.query;
      const heute = todayIso();
      const anfrage = { format, von: von ?? null, bis: bis ?? null };
      // The CSV's entries come in parts and only their lines are kept.
      const zeilen: string[] = [];
      const daten = await kassabuchService.export(
        request.mandant!,
        anfrage,
        format === "csv" ? (eintraege) => zeilen.push(kassabuchCsvZeilen(eintraege, lang)) : undefined,
        heute,
      );
      const druck = { sprache: lang, von: anfrage.von, bis: anfrage.bis, heute, ...daten };
      const name = dateiname(druck);
      reply
        .header("x-filename", `${name}.${format}`)
        .header("content-disposition", attachment(`${name}.${format}`));
      if (format === "csv")
        return reply
          .header("content-type", "text/csv; charset=utf-8")
          .send(kassabuchCsvKopf(druck) + zeilen.join("") + kassabuchCsvFuss(druck));
      const pdf = await pdfErzeugen(kassabuchPdf(druck));
      return reply
        .header("content-type", "application/pdf")
        .header("x-content-type-options", "nosniff")
        .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength) as never);
    },
  );
};
