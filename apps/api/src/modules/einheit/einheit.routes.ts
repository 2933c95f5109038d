import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Deps } from "../../deps.ts";

/** Base units (UN/ECE Recommendation 20). (Stub: filled in by issue 5.) */
export const einheitRoutes: FastifyPluginAsyncZod<Deps> = async (_app, _deps) => {};
