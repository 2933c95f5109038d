import { type AccessArea, can } from "@kontor/domain/access/access.rules";
import { MODULES } from "@kontor/domain/access/access.schema";
import type { FastifyRequest } from "fastify";
import { ProblemError } from "../../http/problem.ts";

const ALL_MODULES = new Set(MODULES);

/**
 * A route that needs a second access area besides the one of its config.auth (the guard checks only one): e.g.
 * article images need the module area "artikelBilder" (config.auth) and "artikelWrite" to upload. A preHandler,
 * so it runs after the guard has set principal and tenant; 403 with the guard's distinction (module or role).
 */
export const auchBereich = (area: AccessArea) => async (request: FastifyRequest) => {
  const authorities = request.principal?.authorities ?? new Set();
  const modules = request.mandant?.modules ?? new Set();
  if (can(area, { modules, authorities })) return;
  throw new ProblemError(
    403,
    can(area, { modules: ALL_MODULES, authorities }) ? "error.moduleMissing" : "error.forbidden",
  );
};
