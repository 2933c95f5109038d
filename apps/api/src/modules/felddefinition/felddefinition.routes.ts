import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Deps } from "../../deps.ts";

/** Field definitions of customers, articles and documents. (Stub: filled in by issue 5.) */
export const felddefinitionRoutes: FastifyPluginAsyncZod<Deps> = async (_app, _deps) => {};
