import { type AccessArea, can, isTenantIndependent } from "@kontor/domain/access/access.rules";
import { MODULES, type TAuthority, type TModul } from "@kontor/domain/access/access.schema";
import { ZMandantId } from "@kontor/domain/mandant/mandant.schema";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Db } from "../db/client.ts";
import { findSessionPrincipal, touchSession } from "../db/principal.ts";
import { type TenantScope, tenantScope } from "../db/tenant.ts";
import type { TokenService } from "../security/token.ts";
import { ProblemError } from "./problem.ts";

/**
 * Who may call a route. Every route under /app/api must declare it (checked when routes are registered):
 * - "public": anyone;
 * - "user": a valid, unrevoked session;
 * - "tenant": additionally the X-Mandant-Id header of an active tenant the user belongs to.
 * `access` names the area of the access-rule table (packages/domain/src/access) the route belongs to: the same
 * table that decides the menu. A user route may only name areas that need no tenant modules.
 */
export type RouteAuth =
  | { level: "public" }
  | { level: "user"; access?: AccessArea }
  | { level: "tenant"; access: AccessArea };

export interface Principal {
  userId: number;
  sessionId: string;
  login: string;
  authorities: ReadonlySet<TAuthority>;
}

declare module "fastify" {
  interface FastifyContextConfig {
    auth?: RouteAuth;
  }
  interface FastifyRequest {
    principal: Principal | null;
    /** The tenant handle (db/tenant.ts) on routes of level "tenant", after the guard passed. */
    mandant: TenantScope | null;
  }
}

const NO_MODULES: ReadonlySet<TModul> = new Set();
const ALL_MODULES: ReadonlySet<TModul> = new Set(MODULES);

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
    if (auth.level === "user" && auth.access && !isTenantIndependent(auth.access)) {
      throw new Error(
        `Route ${route.method} ${route.url}: area ${auth.access} needs a tenant (level "tenant")`,
      );
    }
    // OpenAPI: document how to authenticate.
    route.schema = {
      ...route.schema,
      security: [auth.level === "tenant" ? { bearerAuth: [], mandantHeader: [] } : { bearerAuth: [] }],
    };
  });

  app.addHook("onRequest", async (request) => {
    const auth = request.routeOptions.config.auth;
    if (!auth || auth.level === "public") return;
    const claims = await deps.tokens.verify(bearerToken(request));
    const wanted = auth.level === "tenant" ? requestedMandant(request) : undefined;
    const { principal, membership } = await principalOf(deps.db, claims, wanted?.id);
    request.principal = principal;
    if (wanted) request.mandant = mandantScope(deps.db, principal, wanted, membership);
    if (auth.access) {
      const modules = request.mandant?.modules ?? NO_MODULES;
      if (!can(auth.access, { modules, authorities: principal.authorities })) {
        // Distinguish "your tenant lacks the module" from "you lack the role", for a message that helps.
        const withAllModules = { modules: ALL_MODULES, authorities: principal.authorities };
        throw new ProblemError(
          403,
          can(auth.access, withAllModules) ? "error.moduleMissing" : "error.forbidden",
        );
      }
    }
  });
}

/** The bearer token of a request (401 error.tokenMissing without one). */
export function bearerToken(request: FastifyRequest): string {
  const match = request.headers.authorization?.match(/^Bearer\s+(\S+)$/i);
  if (!match) throw new ProblemError(401, "error.tokenMissing");
  return match[1]!;
}

/** The signed-in user behind the bearer token: a valid, unrevoked, unexpired session of an activated user. */
export async function authenticate(
  request: FastifyRequest,
  deps: { db: Db; tokens: TokenService },
): Promise<Principal> {
  return (await principalOf(deps.db, await deps.tokens.verify(bearerToken(request)))).principal;
}

/**
 * The signed-in user of a token's claims and, when a tenant is asked for, the membership in it (one statement;
 * the membership is used only after the session passed, so the answers keep their order: 401 before 403).
 */
async function principalOf(db: Db, claims: { sessionId: string; userId: number }, mandantId?: number) {
  const row = await findSessionPrincipal(db, claims.sessionId, mandantId);
  if (!row || row.userId !== claims.userId) throw new ProblemError(401, "error.tokenInvalid");
  if (row.revokedAt) throw new ProblemError(401, "error.sessionRevoked");
  if (row.expiresAt.getTime() <= Date.now()) throw new ProblemError(401, "error.tokenExpired");
  if (!row.activated) throw new ProblemError(401, "error.userNotActivated");
  if (Date.now() - row.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) await touchSession(db, claims.sessionId);
  const principal: Principal = {
    userId: row.userId,
    sessionId: claims.sessionId,
    login: row.login,
    authorities: new Set(row.authorities),
  };
  return { principal, membership: row.membership };
}

/** The tenant a request names in X-Mandant-Id: its id, or the 403 to answer (after the sign-in was checked). */
function requestedMandant(request: FastifyRequest): { id?: number; error?: ProblemError } {
  const raw = request.headers["x-mandant-id"];
  if (raw === undefined || raw === "") return { error: new ProblemError(403, "error.mandantMissing") };
  const parsed = ZMandantId.safeParse(raw);
  if (!parsed.success) return { error: new ProblemError(403, "error.mandantForbidden") };
  return { id: parsed.data };
}

function mandantScope(
  db: Db,
  principal: Principal,
  wanted: { id?: number; error?: ProblemError },
  membership: { aktiv: boolean; modules: TModul[] } | undefined,
): TenantScope {
  if (wanted.id === undefined) throw wanted.error!;
  if (!membership) throw new ProblemError(403, "error.mandantForbidden");
  if (!membership.aktiv) throw new ProblemError(403, "error.mandantInactive");
  return tenantScope(db, {
    mandantId: wanted.id,
    modules: new Set(membership.modules),
    userId: principal.userId,
    login: principal.login,
  });
}
