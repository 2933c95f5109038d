import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Deps } from "../../deps.ts";

/** Simple types (firmatyp, geschlechtstyp, roletyp, belegstypen, belegstypengui, belegstypbestellung, pdflayout). (Stub: filled in by issue 5.) */
export const typenRoutes: FastifyPluginAsyncZod<Deps> = async (_app, _deps) => {};
