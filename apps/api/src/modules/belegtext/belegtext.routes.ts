import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Deps } from "../../deps.ts";

/** Document texts and hot-hint texts. (Stub: filled in by issue 5.) */
export const belegtextRoutes: FastifyPluginAsyncZod<Deps> = async (_app, _deps) => {};
