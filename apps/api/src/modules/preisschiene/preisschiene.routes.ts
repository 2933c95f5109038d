import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Deps } from "../../deps.ts";

/** Price tiers. (Stub: filled in by issue 5.) */
export const preisschieneRoutes: FastifyPluginAsyncZod<Deps> = async (_app, _deps) => {};
