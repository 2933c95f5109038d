import { readFileSync } from "node:fs";
import path from "node:path";
import { ZAppInfo } from "@kontor/domain/auth/auth.schema";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { pingDatabase } from "../../db/client.ts";
import type { Deps } from "../../deps.ts";
import { repoRoot } from "../../paths.ts";

const ZHealth = z.object({
  status: z.enum(["UP", "DOWN"]),
  database: z.object({ status: z.enum(["UP", "DOWN"]), kind: z.enum(["pglite", "postgres"]) }),
});

const rootPackage = JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8")) as {
  version?: string;
};
const VERSION = process.env.KONTOR_VERSION ?? rootPackage.version ?? "0.0.0";

export const healthRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db, databaseKind, config }) => {
  app.get(
    "/appinfo",
    {
      config: { auth: { level: "public" } },
      schema: {
        tags: ["health"],
        summary: "The environment (local, dev, production: the shell's colour) and the version",
        response: { 200: ZAppInfo },
      },
    },
    () => ({ environment: config.environment, version: VERSION }),
  );

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
