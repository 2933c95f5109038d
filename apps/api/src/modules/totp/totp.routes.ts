import { ZKey, ZTotpBarcode } from "@kontor/domain/account/account.schema";
import { ZValidationCode } from "@kontor/domain/auth/auth.schema";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Deps } from "../../deps.ts";
import { authenticate, bearerToken } from "../../http/guard.ts";
import { ProblemError, responses } from "../../http/problem.ts";
import { createTotpService } from "./totp.service.ts";

const user = { level: "user" } as const;

/** Two-factor sign-in (SPEC §4, §7): set up, confirm, switch off, and the lost-device path by mail. */
export const totpRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  const totp = createTotpService(deps);

  app.get(
    "/totp/barcode",
    {
      config: { auth: user },
      schema: {
        tags: ["totp"],
        summary: "A new TOTP secret as QR code (base64 PNG) and base32 text; active after totp/validate",
        response: responses({ 200: ZTotpBarcode }, 401),
      },
    },
    (request) => totp.barcode(request.principal!.userId),
  );

  app.post(
    "/totp/validate",
    {
      config: { auth: user },
      schema: {
        tags: ["totp"],
        summary: "Turn two-factor sign-in on with a code of the secret from totp/barcode",
        body: ZValidationCode,
        response: responses({ 204: z.null() }, 400, 401, 429),
      },
    },
    async (request, reply) => {
      await totp.enable(request.principal!.userId, request.body.validationCode);
      return reply.code(204).send(null);
    },
  );

  app.post(
    "/totp/deactivate",
    {
      config: { auth: user },
      schema: {
        tags: ["totp"],
        summary: "Turn two-factor sign-in off (needs a current code)",
        body: ZValidationCode,
        response: responses({ 204: z.null() }, 400, 401, 429),
      },
    },
    async (request, reply) => {
      await totp.verify(request.principal!.userId, request.body.validationCode);
      await totp.disable(request.principal!.userId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    "/totp/send2FaDeactivationEmail",
    {
      config: { auth: { level: "public" } },
      schema: {
        tags: ["totp"],
        summary: "Lost device: mail a link that turns two-factor off",
        description: "Authorization: Bearer <token2Fa> (during sign-in) or a normal access token.",
        security: [{ bearerAuth: [] }],
        response: responses({ 204: z.null() }, 401, 503),
      },
    },
    async (request, reply) => {
      const token = bearerToken(request);
      const userId = await deps.tokens.verifyTwoFactor(token).catch(async (error: unknown) => {
        if (!(error instanceof ProblemError)) throw error;
        return (await authenticate(request, deps)).userId;
      });
      await totp.sendDeactivationMail(userId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    "/totp/deactivate2fa",
    {
      config: { auth: { level: "public" } },
      schema: {
        tags: ["totp"],
        summary: "Turn two-factor off with the key of the mailed link (24 hours, once)",
        body: ZKey,
        response: responses({ 204: z.null() }, 400),
      },
    },
    async (request, reply) => {
      await totp.disableWithKey(request.body.key);
      return reply.code(204).send(null);
    },
  );
};
