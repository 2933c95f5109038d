import { ZAccount, ZNewsread } from "@kontor/domain/auth/auth.schema";
import { ZSelectedMandant } from "@kontor/domain/mandant/mandant.schema";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Deps } from "../../deps.ts";
import { ProblemError, responses } from "../../http/problem.ts";
import { isMember } from "../mandant/mandant.repository.ts";
import { findAccount, setNewsread, setSelectedMandant } from "./account.repository.ts";

export const accountRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db }) => {
  app.get(
    "/account",
    {
      config: { auth: { level: "user" } },
      schema: {
        tags: ["account"],
        summary: "The signed-in user",
        response: responses({ 200: ZAccount }, 401),
      },
    },
    async (request) => {
      const account = await findAccount(db, request.principal!.userId);
      if (!account) throw new ProblemError(404, "error.notFound");
      return account;
    },
  );

  app.post(
    "/account/newsread",
    {
      config: { auth: { level: "user" } },
      schema: {
        tags: ["account"],
        summary: "Save the news dialog's 'do not show anymore' (SPEC §4 News)",
        body: ZNewsread,
        response: responses({ 204: z.null() }, 400, 401),
      },
    },
    async (request, reply) => {
      await setNewsread(db, request.principal!.userId, request.body.newsread);
      return reply.code(204).send(null);
    },
  );

  app.post(
    "/selectedMandant",
    {
      config: { auth: { level: "user" } },
      schema: {
        tags: ["account"],
        summary: "Remember the tenant the user selected last",
        body: ZSelectedMandant,
        response: responses({ 204: z.null() }, 400, 401, 403),
      },
    },
    async (request, reply) => {
      const { userId } = request.principal!;
      if (!(await isMember(db, userId, request.body.mandantId)))
        throw new ProblemError(403, "error.mandantForbidden");
      await setSelectedMandant(db, userId, request.body.mandantId);
      return reply.code(204).send(null);
    },
  );
};
