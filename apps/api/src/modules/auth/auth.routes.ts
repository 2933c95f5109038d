import {
  ZLoginRequest,
  ZLoginResponse,
  ZLoginSuccess,
  ZValidationCode,
} from "@kontor/domain/auth/auth.schema";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Deps } from "../../deps.ts";
import { bearerToken } from "../../http/guard.ts";
import { responses } from "../../http/problem.ts";
import { createTotpService } from "../totp/totp.service.ts";
import { createAuthService } from "./auth.service.ts";

export const authRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  const auth = createAuthService({ ...deps, totp: createTotpService(deps) });
  const clientOf = (request: { ip: string; headers: { "user-agent"?: string } }) => ({
    address: request.ip,
    userAgent: request.headers["user-agent"],
  });

  app.post(
    "/auth/login",
    {
      config: { auth: { level: "public" } },
      schema: {
        tags: ["auth"],
        summary: "Sign in with login name or e-mail and password",
        description:
          "Returns a bearer token — or, with two-factor on, {forceTokenCheck: true, token2Fa} for auth/validate2fa. " +
          "Wrong login and wrong password both give 401 error.badCredentials; too many failures per login or per " +
          "client address give 429 error.tooManyAttempts with Retry-After.",
        body: ZLoginRequest,
        response: responses({ 200: ZLoginResponse }, 400, 401, 429),
      },
    },
    (request) => auth.login(request.body, clientOf(request)),
  );

  app.post(
    "/auth/validate2fa",
    {
      config: { auth: { level: "public" } },
      schema: {
        tags: ["auth"],
        summary: "Second step of a two-factor sign-in (Authorization: Bearer <token2Fa>)",
        description:
          "The token2Fa of the login answer is good for 5 minutes and only here. A code is accepted once; " +
          "wrong codes give 400 error.codeInvalid and, after 5 in 15 minutes, 429.",
        body: ZValidationCode,
        security: [{ bearerAuth: [] }],
        response: responses({ 200: ZLoginSuccess }, 400, 401, 429),
      },
    },
    (request) => auth.validateTwoFactor(bearerToken(request), request.body.validationCode, clientOf(request)),
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
