import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Deps } from "../deps.ts";
import { accountRoutes } from "./account/account.routes.ts";
import { authRoutes } from "./auth/auth.routes.ts";
import { benachrichtigungRoutes } from "./benachrichtigung/benachrichtigung.routes.ts";
import { favoriteRoutes } from "./favorite/favorite.routes.ts";
import { groupRoutes } from "./group/group.routes.ts";
import { healthRoutes } from "./health/health.routes.ts";
import { landRoutes } from "./land/land.routes.ts";
import { mandantRoutes } from "./mandant/mandant.routes.ts";
import { mehrwertssteuerRoutes } from "./mehrwertssteuer/mehrwertssteuer.routes.ts";
import { modulRoutes } from "./modul/modul.routes.ts";
import { totpRoutes } from "./totp/totp.routes.ts";
import { userRoutes } from "./user/user.routes.ts";

/** The one list of registered API modules (DESIGN §3); each is mounted under /app/api. */
export const apiModules: FastifyPluginAsyncZod<Deps>[] = [
  healthRoutes,
  authRoutes,
  accountRoutes,
  totpRoutes,
  userRoutes,
  groupRoutes,
  mandantRoutes,
  modulRoutes,
  favoriteRoutes,
  benachrichtigungRoutes,
  landRoutes,
  mehrwertssteuerRoutes,
];
