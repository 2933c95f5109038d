import type { TAuthority, TModul } from "@kontor/domain/access/access.schema";
import { ZMandantId } from "@kontor/domain/mandant/mandant.schema";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Db } from "../db/client.ts";
import { findSessionPrincipal, touchSession } from "../modules/auth/auth.repository.ts";
import type { TokenService } from "../modules/auth/token.ts";
import { findMembership } from "../modules/mandant/mandant.repository.ts";
import { ProblemError } from "./problem.ts";

/**
 * Who may call a route. Every route under /app/api must declare it (checked when routes are registered):
 * - "public": anyone;
 * - "user": a valid, unrevoked session;
 * - "tenant": additionally the X-Mandant-Id header of an active tenant the user belongs to.
 * anyAuthority / modules narrow it further (403 when missing).
 */
export type RouteAuth =
  | { level: "public" }
  | { level: "user"; anyAuthority?: readonly TAuthority[] }
  | { level: "tenant"; anyAuthority?: readonly TAuthority[]; modules?: readonly TModul[] };

export interface Principal {
  userId: number;
  sessionId: string;
  login: string;
  authorities: ReadonlySet<TAuthority>;
}

export interface MandantContext {
  id: number;
  modules: ReadonlySet<TModul>;
}

declare module "fastify" {
  interface FastifyContextConfig {
    auth?: RouteAuth;
  }
  interface FastifyRequest {
    principal: Principal | null;
    mandant: MandantContext | null;
  }
}

/** Paths that plugins register without our config (Swagger UI assets). */
const UNGUARDED_PREFIXES = ["/app/api/docs"];
/** Writing last_used_at at most once a minute keeps ordinary requests read-only. */
const TOUCH_INTERVAL_MS = 60_000;

export function registerGuard(app: FastifyInstance, deps: { db: Db; tokens: TokenService }) {
  app.decorateRequest("principal", null);
  app.decorateRequest("mandant", null);

  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith("/app/api") || UNGUARDED_PREFIXES.some((p) => route.url.startsWith(p))) return;
    const auth = route.config?.auth;
    if (!auth) throw new Error(`Route ${route.method} ${route.url} must declare config.auth`);
    if (auth.level === "public") return;
    // OpenAPI: document how to authenticate.
    route.schema = {
      ...route.schema,
      security: [auth.level === "tenant" ? { bearerAuth: [], mandantHeader: [] } : { bearerAuth: [] }],
    };
  });

  app.addHook("onRequest", async (request) => {
    const auth = request.routeOptions.config.auth;
    if (!auth || auth.level === "public") return;
    request.principal = await authenticate(request, deps);
    if (auth.anyAuthority && !auth.anyAuthority.some((a) => request.principal!.authorities.has(a))) {
      throw new ProblemError(403, "error.forbidden");
    }
    if (auth.level === "tenant") {
      request.mandant = await resolveMandant(request, deps.db, request.principal.userId);
      if (auth.modules && !auth.modules.every((m) => request.mandant!.modules.has(m))) {
        throw new ProblemError(403, "error.moduleMissing");
      }
    }
  });
}

async function authenticate(
  request: FastifyRequest,
  deps: { db: Db; tokens: TokenService },
): Promise<Principal> {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  if (!match) throw new ProblemError(401, "error.tokenMissing");
  const claims = await deps.tokens.verify(match[1]!);
  const row = await findSessionPrincipal(deps.db, claims.sessionId);
  if (!row || row.userId !== claims.userId) throw new ProblemError(401, "error.tokenInvalid");
  if (row.revokedAt) throw new ProblemError(401, "error.sessionRevoked");
  if (row.expiresAt.getTime() <= Date.now()) throw new ProblemError(401, "error.tokenExpired");
  if (!row.activated) throw new ProblemError(401, "error.userNotActivated");
  if (Date.now() - row.lastUsedAt.getTime() > TOUCH_INTERVAL_MS)
    await touchSession(deps.db, claims.sessionId);
  return {
    userId: row.userId,
    sessionId: claims.sessionId,
    login: row.login,
    authorities: new Set(row.authorities),
  };
}

async function resolveMandant(request: FastifyRequest, db: Db, userId: number): Promise<MandantContext> {
  const raw = request.headers["x-mandant-id"];
  if (raw === undefined || raw === "") throw new ProblemError(403, "error.mandantMissing");
  const parsed = ZMandantId.safeParse(raw);
  if (!parsed.success) throw new ProblemError(403, "error.mandantForbidden");
  const membership = await findMembership(db, userId, parsed.data);
  if (!membership) throw new ProblemError(403, "error.mandantForbidden");
  if (!membership.aktiv) throw new ProblemError(403, "error.mandantInactive");
  return { id: parsed.data, modules: new Set(membership.modules) };
}
