import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Deps } from "../../deps.ts";

/** Goods groups and their subgroups. (Stub: filled in by issue 5.) */
export const warengruppeRoutes: FastifyPluginAsyncZod<Deps> = async (_app, _deps) => {};
