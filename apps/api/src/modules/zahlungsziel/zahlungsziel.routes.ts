import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Deps } from "../../deps.ts";

/** Payment terms, delivery terms and payment conditions. (Stub: filled in by issue 5.) */
export const zahlungszielRoutes: FastifyPluginAsyncZod<Deps> = async (_app, _deps) => {};
