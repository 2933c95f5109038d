import {
  ZAbwesenheit,
  ZAbwesenheitAntwort,
  ZAbwesenheitQuery,
  ZAbwesenheitSpeichern,
  ZArbeitszeit,
  ZArbeitszeitBetrieb,
  ZArbeitszeitHistorie,
  ZArbeitszeitMonat,
  ZArbeitszeitQuery,
  ZArbeitszeitSpeichern,
  ZEntscheidung,
  ZFeiertag,
  ZFeiertagImport,
  ZFeiertagQuery,
  ZFeiertagSpeichern,
  ZKommen,
  ZMitarbeiter,
  ZMonatAktion,
  ZMonatAktionBody,
  ZMonatQuery,
  ZReportQuery,
  ZTeamQuery,
  ZTeamZeile,
  ZZeiterfassungUserData,
} from "@kontor/domain/arbeitszeit/arbeitszeit.schema";
import { todayIso } from "@kontor/domain/date/calendar";
import { ZIdParams } from "@kontor/domain/http/params.schema";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Deps } from "../../deps.ts";
import { attachment } from "../../http/attachment.ts";
import { fileResponse, ProblemError, responses } from "../../http/problem.ts";
import { monatsblatt, teamTabelle } from "./arbeitszeit.report.ts";
import { arbeitszeitService as service, type Wer } from "./arbeitszeit.service.ts";

/** Own records, absences, month, holidays and rules (read): module zeiterfassung + a working-time role. */
const arbeitszeit = { level: "tenant", access: "arbeitszeit" } as const;
/** Team view, settings, holidays and rules (write): module zeiterfassung + ROLE_ARBEITSZEITERFASSUNG_ADMIN. */
const arbeitszeitAdmin = { level: "tenant", access: "arbeitszeitAdmin" } as const;
const tags = ["Arbeitszeit"];

const wer = (request: FastifyRequest): Wer => ({
  scope: request.mandant!,
  authorities: request.principal?.authorities ?? new Set(),
});

const FREMD =
  "Another employee's data (userId ≠ caller) needs ROLE_ARBEITSZEITERFASSUNG_ADMIN (403 error.forbidden); another employee's record id without it is 404. userId must be an employee of the tenant (a member with a working-time role): else 400 at userId (notFound).";
const GESCHLOSSEN =
  "A change dated in an approved month is 409 error.monatGeschlossen (field datum, code periodClosed); in a submitted month the same for the employee (the admin may change it; the history records it).";
const ZEITRAUM =
  "von..bis at most 366 days (else 400 at bis, code max); bis before von: 400 at bis (bisVorVon).";

const ZMonatParams = z.object({ aktion: ZMonatAktion });
const ZUserParams = z.object({ userId: z.coerce.number().int().positive() });

/**
 * Employee working time (issue 22, SPEC §7 zeiterfassung, zeiterfassungreport, holidayentry): records (typed or
 * Kommen/Gehen), their history, absences and their approval, the month with balances and its approval, the team
 * view, the employees' settings, the tenant's rules and holidays, and the month sheet / payroll export.
 */
export const arbeitszeitRoutes: FastifyPluginAsyncZod<Deps> = async (app) => {
  // --- records
  app.get(
    "/zeiterfassung",
    {
      config: { auth: arbeitszeit },
      schema: {
        tags,
        summary: "Working time: one employee's records of a period (default: the caller), sorted by start",
        description: `${ZEITRAUM} ${FREMD} Deleted records are not listed.`,
        querystring: ZArbeitszeitQuery,
        response: responses({ 200: z.array(ZArbeitszeit) }, 400, 401, 403),
      },
    },
    async (request) => service.list(wer(request), request.query),
  );

  app.put(
    "/zeiterfassung",
    {
      config: { auth: arbeitszeit },
      schema: {
        tags,
        summary:
          "Working time: save a typed record (without id: new; with id: a correction) — times are local (Europe/Vienna)",
        description: `A wall time the clocks skip (DST) is 400 at von/bis (invalid); bis not after von 400 at bis (bisVorVon); an overlap with another record of the employee 409 error.zeitUeberschneidung (field von, code overlap). A record for a past day, and every change, is marked korrektur and kept in the history with grund. ${GESCHLOSSEN} ${FREMD}`,
        body: ZArbeitszeitSpeichern,
        response: responses({ 200: ZArbeitszeit }, 400, 401, 403, 404, 409),
      },
    },
    async (request) => service.save(wer(request), request.body),
  );

  app.post(
    "/zeiterfassung/kommen",
    {
      config: { auth: arbeitszeit },
      schema: {
        tags,
        summary: "Working time: clock in now (server time); the record's day is today's local date",
        description: `One running clock per employee: 409 error.zeitLaeuft when one runs. ${GESCHLOSSEN}`,
        body: ZKommen,
        response: responses({ 200: ZArbeitszeit }, 400, 401, 403, 409),
      },
    },
    async (request) =>
      service.kommen(wer(request), request.body ?? { beschreibung: null, homeoffice: false }),
  );

  app.post(
    "/zeiterfassung/gehen",
    {
      config: { auth: arbeitszeit },
      schema: {
        tags,
        summary:
          "Working time: clock out now — ends the running record, also on a later day (> 10 h is flagged)",
        description: "409 error.zeitLaeuftNicht when no clock runs.",
        response: responses({ 200: ZArbeitszeit }, 401, 403, 409),
      },
    },
    async (request) => service.gehen(wer(request)),
  );

  app.get(
    "/zeiterfassung/monat",
    {
      config: { auth: arbeitszeit },
      schema: {
        tags,
        summary:
          "Working time: an employee's month — each day's target, records, break, deduction, credits of approved absences, actual and balance; sums, overtime balance, vacation, approval state and its history",
        description: `The overtime balance = carried over (uberstunden_aktuell) + Σ actual − Σ target from uberstunden_beginn (else the entry date; else the first record) up to the month's end or today, whichever is earlier. Vacation rest = carried over + entitlements of the years since the start (pro rata in the entry year) − approved vacation days. Employees without settings have no target and 25 vacation days. ${FREMD}`,
        querystring: ZMonatQuery,
        response: responses({ 200: ZArbeitszeitMonat }, 400, 401, 403),
      },
    },
    async (request) => service.monat(wer(request), request.query),
  );

  app.post(
    "/zeiterfassung/monat/:aktion",
    {
      config: { auth: arbeitszeit },
      schema: {
        tags,
        summary:
          "Working time: a month's approval — einreichen (the employee or admin: offen/zurueckgegeben → eingereicht), genehmigen (admin: offen/eingereicht/zurueckgegeben → genehmigt, the month is closed), zurueckgeben (admin, kommentar: eingereicht → zurueckgegeben), wiedereroeffnen (admin, kommentar: genehmigt → offen)",
        description:
          "Any other transition, and a month that has not begun, is 409 error.monatStatus; a missing kommentar 400 at kommentar (required). The admin's actions without ROLE_ARBEITSZEITERFASSUNG_ADMIN: 403. Every transition is in the month's history (audit entity arbeitszeitMonat).",
        params: ZMonatParams,
        body: ZMonatAktionBody,
        response: responses({ 200: ZArbeitszeitMonat }, 400, 401, 403, 409),
      },
    },
    async (request) => service.monatAktion(wer(request), request.params.aktion, request.body),
  );

  app.get(
    "/zeiterfassung/mitarbeiter",
    {
      config: { auth: arbeitszeitAdmin },
      schema: {
        tags,
        summary:
          "Working time, team view: every employee's month (target, actual, balance), overtime balance, vacation rest, approval state, open requests and flagged days — ROLE_ARBEITSZEITERFASSUNG_ADMIN",
        description:
          "Employees: the tenant's members with ROLE_ARBEITSZEITERFASSUNG or _ADMIN, sorted by last name, first name, login. Computed from the day cache with a fixed handful of queries for all employees.",
        querystring: ZTeamQuery,
        response: responses({ 200: z.array(ZTeamZeile) }, 400, 401, 403),
      },
    },
    async (request) => service.team(wer(request), request.query.monat),
  );

  app.get(
    "/zeiterfassung/betrieb",
    {
      config: { auth: arbeitszeit },
      schema: {
        tags,
        summary:
          "Working time: the tenant's rules — region (law and holidays), break deduction, approvals, time off",
        response: responses({ 200: ZArbeitszeitBetrieb }, 401, 403),
      },
    },
    async (request) => service.betrieb(wer(request)),
  );

  app.put(
    "/zeiterfassung/betrieb",
    {
      config: { auth: arbeitszeitAdmin },
      schema: {
        tags,
        summary:
          "Working time: change the tenant's rules — ROLE_ARBEITSZEITERFASSUNG_ADMIN; a new region or break deduction re-evaluates every recorded day",
        body: ZArbeitszeitBetrieb,
        response: responses({ 200: ZArbeitszeitBetrieb }, 400, 401, 403),
      },
    },
    async (request) => service.betriebSpeichern(wer(request), request.body),
  );

  app.get(
    "/zeiterfassung/:id",
    {
      config: { auth: arbeitszeit },
      schema: {
        tags,
        summary: "Working time: one record",
        description:
          "Another employee's record without the admin role, a deleted one or another tenant's: 404.",
        params: ZIdParams,
        response: responses({ 200: ZArbeitszeit }, 400, 401, 403, 404),
      },
    },
    async (request) => service.get(wer(request), request.params.id),
  );

  app.get(
    "/zeiterfassung/:id/historie",
    {
      config: { auth: arbeitszeit },
      schema: {
        tags,
        summary:
          "Working time: a record's history (created, corrected, deleted, clock in/out) — who, when, before/after, reason; oldest first",
        params: ZIdParams,
        response: responses({ 200: z.array(ZArbeitszeitHistorie) }, 400, 401, 403, 404),
      },
    },
    async (request) => service.historie(wer(request), request.params.id),
  );

  app.delete(
    "/zeiterfassung/:id",
    {
      config: { auth: arbeitszeit },
      schema: {
        tags,
        summary:
          "Working time: delete a record — it is marked deleted (no longer counted or listed), its history stays",
        description: `${GESCHLOSSEN} Another employee's record without the admin role: 404.`,
        params: ZIdParams,
        response: responses({ 204: z.null() }, 400, 401, 403, 404, 409),
      },
    },
    async (request, reply) => {
      await service.remove(wer(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  // --- absences
  app.get(
    "/abwesenheit",
    {
      config: { auth: arbeitszeit },
      schema: {
        tags,
        summary:
          "Absences overlapping a period: one employee's (default: the caller) or, admin, every employee's (alle=true)",
        description: `${ZEITRAUM} ${FREMD}`,
        querystring: ZAbwesenheitQuery,
        response: responses({ 200: z.array(ZAbwesenheit) }, 400, 401, 403),
      },
    },
    async (request) => service.abwesenheiten(wer(request), request.query),
  );

  app.put(
    "/abwesenheit",
    {
      config: { auth: arbeitszeit },
      schema: {
        tags,
        summary:
          "Absences: request or record one (krank/sonstiges are approved at once; urlaub/zeitausgleich are requested when the tenant's vacationMode is on and the caller is no admin)",
        description: `zeitausgleich when the tenant does not allow it: 400 at art (notAllowed); halbtag only for one day (400 at halbtag); an overlap with another absence that is not refused: 409 error.zeitUeberschneidung at von. Vacation beyond the rest is kept, with warnung urlaubUeberschritten. The employee changes his absence only while requested (409 error.abwesenheitStatus). ${GESCHLOSSEN} ${FREMD}`,
        body: ZAbwesenheitSpeichern,
        response: responses({ 200: ZAbwesenheitAntwort }, 400, 401, 403, 404, 409),
      },
    },
    async (request) => service.saveAbwesenheit(wer(request), request.body),
  );

  app.delete(
    "/abwesenheit/:id",
    {
      config: { auth: arbeitszeit },
      schema: {
        tags,
        summary:
          "Absences: delete one — the employee only while requested, the admin always (not in a closed month)",
        params: ZIdParams,
        response: responses({ 204: z.null() }, 400, 401, 403, 404, 409),
      },
    },
    async (request, reply) => {
      await service.removeAbwesenheit(wer(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  for (const [aktion, genehmigt] of [
    ["genehmigen", true],
    ["ablehnen", false],
  ] as const) {
    app.post(
      `/abwesenheit/:id/${aktion}`,
      {
        config: { auth: arbeitszeitAdmin },
        schema: {
          tags,
          summary: `Absences: ${genehmigt ? "approve" : "refuse"} a request, with an optional comment — ROLE_ARBEITSZEITERFASSUNG_ADMIN`,
          description: "Only a requested absence (409 error.abwesenheitStatus).",
          params: ZIdParams,
          body: ZEntscheidung,
          response: responses({ 200: ZAbwesenheit }, 400, 401, 403, 404, 409),
        },
      },
      async (request) =>
        service.entscheiden(wer(request), request.params.id, genehmigt, request.body?.kommentar ?? null),
    );
  }

  // --- settings
  app.get(
    "/zem_settings",
    {
      config: { auth: arbeitszeitAdmin },
      schema: {
        tags,
        summary:
          "Working time: the employees (members with a working-time role) and their settings (zeiterfassungUserData; null: none yet — no target) — ROLE_ARBEITSZEITERFASSUNG_ADMIN",
        response: responses({ 200: z.array(ZMitarbeiter) }, 401, 403),
      },
    },
    async (request) => service.einstellungen(wer(request)),
  );

  app.put(
    "/zem_settings/:userId",
    {
      config: { auth: arbeitszeitAdmin },
      schema: {
        tags,
        summary: "Working time: save an employee's settings — ROLE_ARBEITSZEITERFASSUNG_ADMIN",
        description: "A user who is not an employee of the tenant: 404.",
        params: ZUserParams,
        body: ZZeiterfassungUserData,
        response: responses({ 200: ZMitarbeiter }, 400, 401, 403, 404),
      },
    },
    async (request) => service.einstellungSpeichern(wer(request), request.params.userId, request.body),
  );

  // --- holidays
  app.get(
    "/holidayentry",
    {
      config: { auth: arbeitszeit },
      schema: {
        tags,
        summary: "Holidays: the tenant's holiday entries of a year (default: this year), by date",
        querystring: ZFeiertagQuery,
        response: responses({ 200: z.array(ZFeiertag) }, 400, 401, 403),
      },
    },
    async (request) => service.feiertage(wer(request), request.query.jahr ?? Number(todayIso().slice(0, 4))),
  );

  app.get(
    "/holidayentry/asstring",
    {
      config: { auth: arbeitszeit },
      schema: {
        tags,
        summary: 'Holidays of a year as text: one line "DD.MM.YYYY Bezeichnung" per entry',
        querystring: ZFeiertagQuery,
        description: "A year without entries: 204 (no content).",
        response: responses(
          { 200: fileResponse("The holidays as text", "text/plain"), 204: z.null() },
          400,
          401,
          403,
        ),
      },
    },
    async (request, reply) => {
      const liste = await service.feiertage(
        wer(request),
        request.query.jahr ?? Number(todayIso().slice(0, 4)),
      );
      const text = liste
        .map((f) => `${f.datum.slice(8, 10)}.${f.datum.slice(5, 7)}.${f.datum.slice(0, 4)} ${f.bezeichnung}`)
        .join("\n");
      if (liste.length === 0) return reply.code(204).send(null);
      return reply.header("content-type", "text/plain; charset=utf-8").send(text);
    },
  );

  app.get(
    "/holidayentry/:id",
    {
      config: { auth: arbeitszeit },
      schema: {
        tags,
        summary: "Holidays: one entry",
        params: ZIdParams,
        response: responses({ 200: ZFeiertag }, 400, 401, 403, 404),
      },
    },
    async (request) => service.feiertag(wer(request), request.params.id),
  );

  app.put(
    "/holidayentry",
    {
      config: { auth: arbeitszeitAdmin },
      schema: {
        tags,
        summary: "Holidays: save an entry (company holiday, half days) — ROLE_ARBEITSZEITERFASSUNG_ADMIN",
        description: "One entry per date: a second one is 400 at datum (unique).",
        body: ZFeiertagSpeichern,
        response: responses({ 200: ZFeiertag }, 400, 401, 403, 404),
      },
    },
    async (request) => service.feiertagSpeichern(wer(request), request.body),
  );

  app.delete(
    "/holidayentry/:id",
    {
      config: { auth: arbeitszeitAdmin },
      schema: {
        tags,
        summary: "Holidays: delete an entry — ROLE_ARBEITSZEITERFASSUNG_ADMIN",
        params: ZIdParams,
        response: responses({ 204: z.null() }, 400, 401, 403, 404),
      },
    },
    async (request, reply) => {
      await service.feiertagLoeschen(wer(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    "/holidayentry/import",
    {
      config: { auth: arbeitszeitAdmin },
      schema: {
        tags,
        summary:
          "Holidays: import the statutory public holidays of a year and region (AT, DE-<state>; German names); dates already entered are kept — ROLE_ARBEITSZEITERFASSUNG_ADMIN",
        body: ZFeiertagImport,
        response: responses({ 200: z.array(ZFeiertag) }, 400, 401, 403),
      },
    },
    async (request) => service.feiertageImport(wer(request), request.body.jahr, request.body.region),
  );

  // --- report
  app.get(
    "/zeiterfassungreport",
    {
      config: { auth: arbeitszeit },
      schema: {
        tags,
        summary:
          "Working-time report: an employee's month sheet (PDF to sign, CSV, Excel) or, admin with team=true, every employee's month for payroll (CSV, Excel)",
        description: `team=true needs ROLE_ARBEITSZEITERFASSUNG_ADMIN (403) and format csv or xlsx (400 at format). ${FREMD}`,
        querystring: ZReportQuery,
        response: responses(
          {
            200: fileResponse(
              "The report",
              "application/pdf",
              "text/csv",
              "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
            ),
          },
          400,
          401,
          403,
        ),
      },
    },
    async (request, reply) => {
      const w = wer(request);
      const { userId, team, monat, format, lang } = request.query;
      const kopf = { mandant: await service.mandantName(w), heute: todayIso() };
      let datei: Awaited<ReturnType<typeof monatsblatt>>;
      if (team) {
        if (!service.istAdmin(w)) throw new ProblemError(403, "error.forbidden");
        if (format === "pdf")
          throw new ProblemError(400, "error.validation", undefined, [{ field: "format", code: "invalid" }]);
        datei = await teamTabelle(await service.team(w, monat), monat, format, lang, kopf);
      } else {
        datei = await monatsblatt(await service.monat(w, { userId, monat }), format, lang, kopf);
      }
      reply
        .header("x-filename", encodeURIComponent(datei.dateiname))
        .header("content-disposition", attachment(datei.dateiname))
        .header("content-type", datei.contentType);
      if (format === "pdf") reply.header("x-content-type-options", "nosniff");
      return reply.send(datei.body as never);
    },
  );
};
