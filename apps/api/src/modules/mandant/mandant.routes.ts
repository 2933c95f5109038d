import { ZMandantModules, ZMandantSummary } from "@kontor/domain/mandant/mandant.schema";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { withTenant } from "../../db/tenant.ts";
import type { Deps } from "../../deps.ts";
import { responses } from "../../http/problem.ts";
import { listMandantsOfUser, listModules } from "./mandant.repository.ts";

export const mandantRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db }) => {
  app.get(
    "/mandants/all",
    {
      config: { auth: { level: "user" } },
      schema: {
        tags: ["mandant"],
        summary: "The tenants the signed-in user belongs to",
        response: responses({ 200: z.array(ZMandantSummary) }, 401),
      },
    },
    (request) => listMandantsOfUser(db, request.principal!.userId),
  );

  app.get(
    "/getmandantmodule",
    {
      config: { auth: { level: "tenant" } },
      schema: {
        tags: ["mandant"],
        summary: "The modules of the selected tenant (X-Mandant-Id)",
        response: responses({ 200: ZMandantModules }, 401, 403),
      },
    },
    async (request) => {
      const mandantId = request.mandant!.id;
      const modulList = await withTenant(db, mandantId, listModules);
      return { mandantId, modulList };
    },
  );
};
