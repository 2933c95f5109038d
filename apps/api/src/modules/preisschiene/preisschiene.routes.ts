import { ZIdParams } from "@kontor/domain/http/params.schema";
import { ZPreisschiene } from "@kontor/domain/preisschiene/preisschiene.schema";
import { asc, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { preisschiene } from "../../db/schema/index.ts";
import type { Deps } from "../../deps.ts";
import { notFound, responses } from "../../http/problem.ts";
import { registerCrud } from "../crud/crud.ts";

const columns = { id: preisschiene.id, bezeichnung: preisschiene.bezeichnung, aktiv: preisschiene.aktiv };

/**
 * Price tiers of the tenant (preisschienen): the generic pattern, switching a tier on and off (SPEC §4) and the
 * active tiers for selections.
 */
export const preisschieneRoutes: FastifyPluginAsyncZod<Deps> = async (app) => {
  registerCrud(app, {
    path: "preisschienen",
    tag: "preisschiene",
    noun: "Price tier",
    table: preisschiene,
    schema: ZPreisschiene,
    columns,
    sortFields: ["bezeichnung", "aktiv", "id"],
    defaultSort: { field: "bezeichnung", direction: "asc" },
    access: { read: "stammdaten" },
  });

  for (const [action, aktiv] of [
    ["activate", true],
    ["deactivate", false],
  ] as const) {
    app.delete(
      `/preisschienen/${action}/:id`,
      {
        config: { auth: { level: "tenant", access: "stammdaten" } },
        schema: {
          tags: ["preisschiene"],
          summary: aktiv
            ? "Activate a price tier: offered in selections again"
            : "Deactivate a price tier: kept on existing records, no longer offered in selections",
          params: ZIdParams,
          response: responses({ 204: z.null() }, 400, 401, 403, 404),
        },
      },
      async (request, reply) => {
        const rows = await request.mandant!.run((tx) =>
          tx
            .update(preisschiene)
            .set({ aktiv })
            .where(eq(preisschiene.id, request.params.id))
            .returning({ id: preisschiene.id }),
        );
        if (rows.length === 0) throw notFound();
        return reply.code(204).send(null);
      },
    );
  }

  app.get(
    "/allpreisschienes",
    {
      config: { auth: { level: "tenant", access: "member" } },
      schema: {
        tags: ["preisschiene"],
        summary: "All active price tiers of the tenant (for selections), by name",
        response: responses({ 200: z.array(ZPreisschiene) }, 401, 403),
      },
    },
    async (request) =>
      request.mandant!.run((tx) =>
        tx
          .select(columns)
          .from(preisschiene)
          .where(eq(preisschiene.aktiv, true))
          .orderBy(asc(preisschiene.bezeichnung), asc(preisschiene.id)),
      ),
  );
};
