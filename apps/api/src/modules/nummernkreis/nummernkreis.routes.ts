import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Deps } from "../../deps.ts";

/** Number circles (belegnummerkreis) and invoice circles (rechnungskreise). (Stub: filled in by issue 5.) */
export const nummernkreisRoutes: FastifyPluginAsyncZod<Deps> = async (_app, _deps) => {};
