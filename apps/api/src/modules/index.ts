import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import { accountRoutes } from "./account/account.routes.ts";
import { authRoutes } from "./auth/auth.routes.ts";
import type { TokenService } from "./auth/token.ts";
import { healthRoutes } from "./health/health.routes.ts";
import { mandantRoutes } from "./mandant/mandant.routes.ts";

/** What every module's routes get: no globals, no singletons. */
export interface Deps {
  db: Db;
  databaseKind: "pglite" | "postgres";
  config: Config;
  tokens: TokenService;
}

/** The one list of registered API modules (DESIGN §3); each is mounted under /app/api. */
export const apiModules: FastifyPluginAsyncZod<Deps>[] = [
  healthRoutes,
  authRoutes,
  accountRoutes,
  mandantRoutes,
];
