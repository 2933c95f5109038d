import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Deps } from "../../deps.ts";

/** Discounts. (Stub: filled in by issue 5.) */
export const rabattRoutes: FastifyPluginAsyncZod<Deps> = async (_app, _deps) => {};
