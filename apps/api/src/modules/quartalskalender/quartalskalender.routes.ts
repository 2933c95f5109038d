import { datumText, todayIso } from "@kontor/domain/date/calendar";
import { ZIdParams } from "@kontor/domain/http/params.schema";
import { imQuartal } from "@kontor/domain/quartalskalender/quartalskalender.rules";
import {
  QUARTALSKALENDER_SORT,
  ZBaustelle,
  ZEintragParams,
  ZGoogleConfig,
  ZKalenderEintrag,
  ZKalenderEintragSpeichern,
  ZKalenderExportQuery,
  ZKalenderHeute,
  ZKalenderNote,
  ZQuartalskalender,
  ZQuartalskalenderBoard,
  ZQuartalskalenderKopie,
  ZQuartalskalenderSpeichern,
} from "@kontor/domain/quartalskalender/quartalskalender.schema";
import { desc, eq } from "drizzle-orm";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { baustelle, quartalskalender, quartalskalenderNote } from "../../db/schema/index.ts";
import { everyWordIn } from "../../db/search.ts";
import type { Deps } from "../../deps.ts";
import { attachment } from "../../http/attachment.ts";
import { fileResponse, ProblemError, responses } from "../../http/problem.ts";
import { pdfErzeugen } from "../belegausgabe/pdf.ts";
import { registerCrud } from "../crud/crud.ts";
import { dateiname, quartalskalenderPdf } from "./quartalskalender.pdf.ts";
import * as repo from "./quartalskalender.repository.ts";
import { quartalskalenderService as service } from "./quartalskalender.service.ts";

/** Reading the board, PDF, .ics, sites and notes: module quartalskalender + a calendar role or admin. */
const lesen = { level: "tenant", access: "kalenderLesen" } as const;
/** Planning: module quartalskalender + ROLE_KALENDER_WRITE or admin. */
const schreiben = { level: "tenant", access: "kalenderWrite" } as const;
const tags = ["Quartalskalender"];

/** Google's calendar API: what a web client asks for with the configured key and client id. */
const GOOGLE_SCOPE = "https://www.googleapis.com/auth/calendar.events";
const GOOGLE_DISCOVERY = ["https://www.googleapis.com/discovery/v1/apis/calendar/v3/rest"];

/** A text list (…/asstring): one line per record, text/plain; 204 when there is nothing. */
function alsText(reply: FastifyReply, zeilen: string[]) {
  if (zeilen.length === 0) return reply.code(204).send(null);
  return reply.header("content-type", "text/plain; charset=utf-8").send(zeilen.join("\n"));
}
const textAntwort = (was: string) =>
  responses(
    { 200: fileResponse(`${was} as text, one line each`, "text/plain"), 204: z.null() },
    400,
    401,
    403,
  );

/**
 * The quarter calendar (issue 23; SPEC §7 constructionsite, quartalskalender, quartalskalendernote — each with GET
 * …/asstring —, google-config): construction sites and day notes under the generic pattern, calendars (list, board,
 * save, delete, copy into another quarter), entries (save = also drag and drop, delete), today's entries of the
 * caller, the board as PDF and as iCalendar.
 */
export const quartalskalenderRoutes: FastifyPluginAsyncZod<Deps> = async (app, { config }) => {
  // --- construction sites
  app.get(
    "/constructionsite/asstring",
    {
      config: { auth: lesen },
      schema: {
        tags,
        summary: 'Construction sites as text: "Bezeichnung, Ort" per line, active ones, by name',
        response: textAntwort("The active construction sites"),
      },
    },
    async (request, reply) => {
      const rows = await request.mandant!.run((tx) =>
        tx
          .select({ bezeichnung: baustelle.bezeichnung, ort: baustelle.ort })
          .from(baustelle)
          .where(eq(baustelle.aktiv, true))
          .orderBy(baustelle.bezeichnung),
      );
      return alsText(
        reply,
        rows.map((b) => [b.bezeichnung, b.ort].filter(Boolean).join(", ")),
      );
    },
  );

  registerCrud(app, {
    path: "constructionsite",
    tag: "Quartalskalender",
    noun: "Construction site",
    table: baustelle,
    schema: ZBaustelle,
    columns: {
      id: baustelle.id,
      bezeichnung: baustelle.bezeichnung,
      adresse: baustelle.adresse,
      ort: baustelle.ort,
      kundeId: baustelle.kundeId,
      aktiv: baustelle.aktiv,
    },
    sortFields: ["bezeichnung", "ort", "aktiv", "id"],
    defaultSort: { field: "bezeichnung", direction: "asc" },
    access: { read: "kalenderLesen", write: "kalenderWrite" },
    unique: { baustelle_bezeichnung_uq: "bezeichnung" },
    beforeSave: async (tx, b) => {
      if (b.kundeId !== null && !(await repo.kundeGibtEs(tx, b.kundeId)))
        throw new ProblemError(400, "error.validation", undefined, [{ field: "kundeId", code: "notFound" }]);
    },
  });

  // --- day notes
  app.get(
    "/quartalskalendernote/asstring",
    {
      config: { auth: lesen },
      schema: {
        tags,
        summary: 'Day notes as text: "DD.MM.YYYY Text" per line, by day (optionally of one calendar)',
        querystring: z.object({ kalenderId: z.coerce.number().int().positive().optional() }),
        response: textAntwort("The day notes"),
      },
    },
    async (request, reply) => {
      const { kalenderId } = request.query;
      const rows = await request.mandant!.run((tx) =>
        tx
          .select({ datum: quartalskalenderNote.datum, text: quartalskalenderNote.text })
          .from(quartalskalenderNote)
          .where(kalenderId === undefined ? undefined : eq(quartalskalenderNote.kalenderId, kalenderId))
          .orderBy(quartalskalenderNote.datum, quartalskalenderNote.id),
      );
      return alsText(
        reply,
        rows.map((n) => `${datumText(n.datum, "de")} ${n.text.replace(/\s+/g, " ")}`),
      );
    },
  );

  registerCrud(app, {
    path: "quartalskalendernote",
    tag: "Quartalskalender",
    noun: "Day note of a quarter calendar",
    table: quartalskalenderNote,
    schema: ZKalenderNote,
    columns: {
      id: quartalskalenderNote.id,
      kalenderId: quartalskalenderNote.kalenderId,
      datum: quartalskalenderNote.datum,
      text: quartalskalenderNote.text,
    },
    sortFields: ["datum", "id"],
    defaultSort: { field: "datum", direction: "asc" },
    access: { read: "kalenderLesen", write: "kalenderWrite" },
    beforeSave: async (tx, note) => {
      const kalender = await repo.kalenderLesen(tx, note.kalenderId);
      const fehler = !kalender
        ? [{ field: "kalenderId", code: "notFound" as const }]
        : imQuartal(note.datum, kalender.jahr, kalender.quartal)
          ? []
          : [{ field: "datum", code: "outsideQuarter" as const }];
      if (fehler.length > 0) throw new ProblemError(400, "error.validation", undefined, fehler);
    },
  });

  // --- calendars
  app.get(
    "/quartalskalender/asstring",
    {
      config: { auth: lesen },
      schema: {
        tags,
        summary: 'Quarter calendars as text: "2026 Q2 Bezeichnung" per line, newest quarter first',
        response: textAntwort("The quarter calendars"),
      },
    },
    async (request, reply) => {
      const rows = await request.mandant!.run((tx) =>
        tx
          .select({
            jahr: quartalskalender.jahr,
            quartal: quartalskalender.quartal,
            bezeichnung: quartalskalender.bezeichnung,
          })
          .from(quartalskalender)
          .orderBy(desc(quartalskalender.jahr), desc(quartalskalender.quartal), quartalskalender.bezeichnung),
      );
      return alsText(
        reply,
        rows.map((k) => `${k.jahr} Q${k.quartal} ${k.bezeichnung}`),
      );
    },
  );

  app.get(
    "/quartalskalender/heute",
    {
      config: { auth: lesen },
      schema: {
        tags,
        summary:
          "Quarter calendar: the caller's entries of today (Europe/Vienna) in person calendars (home tile)",
        response: responses({ 200: ZKalenderHeute }, 401, 403),
      },
    },
    async (request) => service.heute(request.mandant!),
  );

  registerCrud(app, {
    path: "quartalskalender",
    tag: "Quartalskalender",
    noun: "Quarter calendar",
    table: quartalskalender,
    schema: ZQuartalskalender,
    columns: repo.kalenderSpalten,
    sortFields: QUARTALSKALENDER_SORT,
    defaultSort: { field: "jahr", direction: "desc" },
    access: { read: "kalenderLesen", write: "kalenderWrite" },
    search: (text) => everyWordIn(text, quartalskalender.bezeichnung),
    methods: { list: true, get: false, put: false, remove: false },
  });

  app.get(
    "/quartalskalender/:id",
    {
      config: { auth: lesen },
      schema: {
        tags,
        summary:
          "Quarter calendar: the board — the calendar, its rows (members or construction sites), entries, day notes and the tenant's holiday entries of the quarter",
        params: ZIdParams,
        response: responses({ 200: ZQuartalskalenderBoard }, 400, 401, 403, 404),
      },
    },
    async (request) => service.board(request.mandant!, request.params.id),
  );

  app.put(
    "/quartalskalender",
    {
      config: { auth: schreiben },
      schema: {
        tags,
        summary: "Quarter calendar: create (without id) or rename (with id)",
        description:
          "One calendar per year, quarter and name (400 at bezeichnung, unique). Year, quarter and row kind stay as created: a change is 400 notAllowed at the field.",
        body: ZQuartalskalenderSpeichern,
        response: responses({ 200: ZQuartalskalender }, 400, 401, 403, 404),
      },
    },
    async (request) => service.speichern(request.mandant!, request.body),
  );

  app.delete(
    "/quartalskalender/:id",
    {
      config: { auth: schreiben },
      schema: {
        tags,
        summary: "Quarter calendar: delete it with its entries and day notes",
        params: ZIdParams,
        response: responses({ 204: z.null() }, 400, 401, 403, 404),
      },
    },
    async (request, reply) => {
      await service.loeschen(request.mandant!, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    "/quartalskalender/:id/kopie",
    {
      config: { auth: schreiben },
      schema: {
        tags,
        summary:
          "Quarter calendar: a new calendar for another quarter from this one (/quartalskalender_create)",
        description:
          "Same row kind; name as given (default: the source's; 400 unique at bezeichnung when the quarter already has one of that name). Recurring entries (wiederkehrend) are taken over shifted by whole weeks — the distance between the Mondays of the two quarters' first weeks — so each keeps its weekday and its week of the quarter; cut to the target quarter, left out when nothing of it is inside. One-off entries and day notes are not copied.",
        params: ZIdParams,
        body: ZQuartalskalenderKopie,
        response: responses({ 200: ZQuartalskalender }, 400, 401, 403, 404),
      },
    },
    async (request) => service.kopie(request.mandant!, request.params.id, request.body),
  );

  // --- entries
  app.put(
    "/quartalskalender/:id/eintrag",
    {
      config: { auth: schreiben },
      schema: {
        tags,
        summary:
          "Quarter calendar: save an entry (without id: new; with id: change — a drag and drop sends the new row and days)",
        description:
          "von and bis in the calendar's quarter (400 outsideQuarter), bis not before von (400 bisVorVon at bis). A person calendar needs userId, a member of the tenant (400 required / notFound); a site calendar needs baustelleId and no userId (notAllowed). baustelleId and kundeId must be the tenant's (notFound). An entry id of another calendar or tenant is 404.",
        params: ZIdParams,
        body: ZKalenderEintragSpeichern,
        response: responses({ 200: ZKalenderEintrag }, 400, 401, 403, 404),
      },
    },
    async (request) => service.eintragSpeichern(request.mandant!, request.params.id, request.body),
  );

  app.delete(
    "/quartalskalender/:id/eintrag/:eintragId",
    {
      config: { auth: schreiben },
      schema: {
        tags,
        summary: "Quarter calendar: delete an entry",
        params: ZEintragParams,
        response: responses({ 204: z.null() }, 400, 401, 403, 404),
      },
    },
    async (request, reply) => {
      await service.eintragLoeschen(request.mandant!, request.params.id, request.params.eintragId);
      return reply.code(204).send(null);
    },
  );

  // --- exports
  app.get(
    "/quartalskalender/:id/pdf",
    {
      config: { auth: lesen },
      schema: {
        tags,
        summary:
          "Quarter calendar as PDF (A3 landscape): rows × weeks, entries as coloured text with their days, holidays in the week headers and listed, day notes; texts in `lang`",
        params: ZIdParams,
        querystring: ZKalenderExportQuery.pick({ lang: true }),
        response: responses({ 200: fileResponse("The board as PDF", "application/pdf") }, 400, 401, 403, 404),
      },
    },
    async (request, reply) => {
      const { lang } = request.query;
      const board = await service.board(request.mandant!, request.params.id);
      const kopf = { mandant: await service.mandantName(request.mandant!), heute: todayIso() };
      const pdf = await pdfErzeugen(quartalskalenderPdf(board, lang, kopf));
      const name = dateiname(board, lang, "pdf");
      return reply
        .header("x-filename", encodeURIComponent(name))
        .header("content-disposition", attachment(name))
        .header("content-type", "application/pdf")
        .header("x-content-type-options", "nosniff")
        .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength) as never);
    },
  );

  app.get(
    "/quartalskalender/:id/ics",
    {
      config: { auth: lesen },
      schema: {
        tags,
        summary:
          "Quarter calendar as iCalendar (.ics, RFC 5545): one all-day event per entry (optionally only userId's); holidays and notes are not included",
        params: ZIdParams,
        querystring: ZKalenderExportQuery,
        response: responses({ 200: fileResponse("The calendar", "text/calendar") }, 400, 401, 403, 404),
      },
    },
    async (request, reply) => {
      const { board, text } = await service.ics(request.mandant!, request.params.id, request.query.userId);
      const name = dateiname(board, request.query.lang, "ics");
      return reply
        .header("x-filename", encodeURIComponent(name))
        .header("content-disposition", attachment(name))
        .header("content-type", "text/calendar; charset=utf-8")
        .send(text);
    },
  );

  // --- calendar integration
  app.get(
    "/google-config",
    {
      config: { auth: { level: "tenant", access: "member" } },
      schema: {
        tags,
        summary:
          "Calendar integration settings (apiKey, clientId, scope, discoveryDocs) from KONTOR_GOOGLE_API_KEY / KONTOR_GOOGLE_CLIENT_ID; {} when not configured (a failure is only logged)",
        response: responses({ 200: ZGoogleConfig }, 401, 403),
      },
    },
    async (request) => {
      try {
        const google = config.googleCalendar;
        if (!google) return {};
        return ZGoogleConfig.parse({
          apiKey: google.apiKey,
          clientId: google.clientId,
          scope: GOOGLE_SCOPE,
          discoveryDocs: GOOGLE_DISCOVERY,
        });
      } catch (error) {
        request.log.warn({ err: error }, "google-config could not be read");
        return {};
      }
    },
  );
};
