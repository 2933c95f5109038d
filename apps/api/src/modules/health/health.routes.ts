import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { pingDatabase } from "../../db/client.ts";
import type { Deps } from "../../deps.ts";

const ZHealth = z.object({
  status: z.enum(["UP", "DOWN"]),
  database: z.object({ status: z.enum(["UP", "DOWN"]), kind: z.enum(["pglite", "postgres"]) }),
});

export const healthRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db, databaseKind }) => {
  app.get(
    "/health",
    {
      config: { auth: { level: "public" } },
      schema: {
        tags: ["health"],
        summary: "Liveness and database status (503 when the database does not answer)",
        response: { 200: ZHealth, 503: ZHealth },
      },
    },
    async (_request, reply) => {
      const up = await pingDatabase(db);
      const status = up ? "UP" : "DOWN";
      return reply.code(up ? 200 : 503).send({ status, database: { status, kind: databaseKind } });
    },
  );
};
