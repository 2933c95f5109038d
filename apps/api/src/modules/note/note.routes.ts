import { ZIdParams } from "@kontor/domain/http/params.schema";
import { noteZeile } from "@kontor/domain/note/note.codes";
import { ZNote, ZNoteQuery, ZNoteSpeichern } from "@kontor/domain/note/note.schema";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Deps } from "../../deps.ts";
import { fileResponse, responses } from "../../http/problem.ts";
import { sendTotal } from "../../http/total.ts";
import { noteService } from "./note.service.ts";

/** Any member of the tenant: the notes are the caller's own (no module, no role). */
const auth = { level: "tenant", access: "member" } as const;
const tags = ["note"];
const PRIVATE =
  "Notes are private: another user's note (even for an administrator) or another tenant's is 404.";

/**
 * User notes (issue 23; SPEC §3 "Note: id, text, datum, user", §7 "note (list via usernotes)", "each also GET
 * {resource}/asstring"): the signed-in user's own notes in the selected tenant, shown on the home page.
 */
export const noteRoutes: FastifyPluginAsyncZod<Deps> = async (app) => {
  app.get(
    "/usernotes",
    {
      config: { auth },
      schema: {
        tags,
        summary:
          "The caller's notes in the selected tenant, paged (default: datum descending, newest note first on a day; sort datum or id), x-total-count",
        querystring: ZNoteQuery,
        response: responses({ 200: z.array(ZNote) }, 400, 401, 403),
      },
    },
    async (request, reply) => {
      const page = await noteService.list(request.mandant!, request.query);
      sendTotal(reply, page);
      return page.items;
    },
  );

  app.get(
    "/note/asstring",
    {
      config: { auth },
      schema: {
        tags,
        summary:
          'The caller\'s notes as text: one line "DD.MM.YYYY text" per note, newest day first (line breaks of a note joined with a space)',
        description: "No notes: 204 (no content).",
        response: responses(
          { 200: fileResponse("The notes as text", "text/plain"), 204: z.null() },
          401,
          403,
        ),
      },
    },
    async (request, reply) => {
      const notes = await noteService.all(request.mandant!);
      if (notes.length === 0) return reply.code(204).send(null);
      return reply.header("content-type", "text/plain; charset=utf-8").send(notes.map(noteZeile).join("\n"));
    },
  );

  app.get(
    "/note/:id",
    {
      config: { auth },
      schema: {
        tags,
        summary: "One of the caller's notes",
        description: PRIVATE,
        params: ZIdParams,
        response: responses({ 200: ZNote }, 400, 401, 403, 404),
      },
    },
    async (request) => noteService.get(request.mandant!, request.params.id),
  );

  app.put(
    "/note",
    {
      config: { auth },
      schema: {
        tags,
        summary: "Create (without id) or update one of the caller's notes",
        description: `Text required (trimmed), at most 2000 characters; datum an ISO date. ${PRIVATE}`,
        body: ZNoteSpeichern,
        response: responses({ 200: ZNote }, 400, 401, 403, 404),
      },
    },
    async (request) => noteService.save(request.mandant!, request.body),
  );

  app.delete(
    "/note/:id",
    {
      config: { auth },
      schema: {
        tags,
        summary: "Delete one of the caller's notes",
        description: PRIVATE,
        params: ZIdParams,
        response: responses({ 204: z.null() }, 400, 401, 403, 404),
      },
    },
    async (request, reply) => {
      await noteService.remove(request.mandant!, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
