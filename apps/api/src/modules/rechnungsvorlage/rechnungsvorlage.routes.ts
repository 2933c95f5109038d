import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Deps } from "../../deps.ts";

/** Document templates. (Stub: filled in by issue 5.) */
export const rechnungsvorlageRoutes: FastifyPluginAsyncZod<Deps> = async (_app, _deps) => {};
