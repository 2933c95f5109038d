import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Deps } from "../../deps.ts";

/** Firm groups. (Stub: filled in by issue 5.) */
export const firmengruppeRoutes: FastifyPluginAsyncZod<Deps> = async (_app, _deps) => {};
