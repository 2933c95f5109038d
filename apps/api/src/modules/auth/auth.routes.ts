import { ZLoginRequest, ZLoginSuccess } from "@kontor/domain/auth/auth.schema";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Deps } from "../../deps.ts";
import { responses } from "../../http/problem.ts";
import { createAuthService } from "./auth.service.ts";

export const authRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  const auth = createAuthService(deps);

  app.post(
    "/auth/login",
    {
      config: { auth: { level: "public" } },
      schema: {
        tags: ["auth"],
        summary: "Sign in with login name or e-mail and password",
        description:
          "Returns a bearer token. Wrong login and wrong password both give 401 error.badCredentials; " +
          "too many failures per login or per client address give 429 error.tooManyAttempts with Retry-After.",
        body: ZLoginRequest,
        response: responses({ 200: ZLoginSuccess }, 400, 401, 429),
      },
    },
    (request) => auth.login(request.body, { address: request.ip, userAgent: request.headers["user-agent"] }),
  );

  app.post(
    "/auth/logout",
    {
      config: { auth: { level: "user" } },
      schema: {
        tags: ["auth"],
        summary: "Revoke the current token",
        response: responses({ 204: z.null() }, 401),
      },
    },
    async (request, reply) => {
      await auth.logout(request.principal!.sessionId);
      return reply.code(204).send(null);
    },
  );
};
