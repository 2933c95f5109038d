import { randomUUID } from "node:crypto";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import { LIST_COUNT_CAP, TOTAL_COUNT_CAPPED_HEADER } from "@kontor/domain/http/paging";
import Fastify, { type FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import type { Deps } from "./deps.ts";
import { clientErrorHandler, frameworkErrorHandler } from "./http/clientError.ts";
import { serializerCompiler, validatorCompiler } from "./http/compilers.ts";
import { registerGuard } from "./http/guard.ts";
import { registerJsonBodyParser } from "./http/jsonBody.ts";
import { loggedPath } from "./http/loggedPath.ts";
import { openApiTransform } from "./http/openapi.ts";
import { registerProblemHandlers } from "./http/problem.ts";
import { registerRichTextSanitizing } from "./http/richText.ts";
import { registerSecurityHeaders } from "./http/securityHeaders.ts";
import { createMailer } from "./mail/mailer.ts";
import { apiModules } from "./modules/index.ts";
import { createSecretBox } from "./security/secrets.ts";
import { createTokenService } from "./security/token.ts";
import { registerWeb } from "./web.ts";

export const API_PREFIX = "/app/api";

/**
 * Builds the whole server (API, OpenAPI, web app) on an opened database and applies the migrations; used by
 * server.ts and by the tests through app.inject. The caller owns the database and closes it.
 */
export async function buildApp(config: Config, database: Database): Promise<FastifyInstance> {
  await database.migrate();
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ["req.headers.authorization"],
      // The query string holds search words (customer names) and one-time keys: the log keeps the path only, and
      // masks the tokens and keys that some link paths carry (http/loggedPath.ts).
      serializers: {
        req: (request) => ({
          method: request.method,
          url: loggedPath(request.url),
          remoteAddress: request.ip,
        }),
      },
    },
    trustProxy: config.trustProxy,
    requestIdHeader: "x-request-id",
    genReqId: () => randomUUID(),
    return503OnClosing: true,
    // Errors of the HTTP parser (an URL over 16 KB: 431) answer problem+json like every other error.
    clientErrorHandler,
    frameworkErrors: frameworkErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerProblemHandlers(app);
  registerJsonBodyParser(app);

  const deps: Deps = {
    db: database.db,
    databaseKind: database.kind,
    config,
    tokens: createTokenService(config.tokenSecret),
    mailer: createMailer(config, app.log),
    secrets: createSecretBox(config.tokenSecret),
  };
  // Before the guard: its onRequest answers 401/403 and ends the hooks, and those answers need the headers too.
  await registerSecurityHeaders(app, { docsPrefix: `${API_PREFIX}/docs` });
  registerRichTextSanitizing(app);
  registerGuard(app, deps);

  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
    if (request.url.startsWith(`${API_PREFIX}/`)) reply.header("cache-control", "no-store");
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: "Kontor API",
        version: "0.1.0",
        description:
          "Multi-tenant back office. Errors are application/problem+json with a stable `code`. Tenant routes " +
          "need the X-Mandant-Id header of a tenant the signed-in user belongs to. Paged lists answer their total " +
          `in x-total-count, exact up to ${LIST_COUNT_CAP}; with more matches x-total-count is ${LIST_COUNT_CAP} ` +
          `and ${TOTAL_COUNT_CAPPED_HEADER}: true.`,
      },
      servers: [{ url: "/" }],
      components: {
        securitySchemes: {
          bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
          mandantHeader: { type: "apiKey", in: "header", name: "X-Mandant-Id" },
        },
      },
    },
    transform: openApiTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: `${API_PREFIX}/docs` });
  app.get(
    `${API_PREFIX}/openapi.json`,
    { config: { auth: { level: "public" } }, schema: { hide: true } },
    () => app.swagger(),
  );

  for (const module of apiModules) await app.register(module, { ...deps, prefix: API_PREFIX });
  await registerWeb(app, config.webDir);
  return app;
}
