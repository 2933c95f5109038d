import {
  ZAccountUpdate,
  ZChangePassword,
  ZKey,
  ZRegister,
  ZResetPasswordFinish,
  ZResetPasswordInit,
  ZSessionInfo,
} from "@kontor/domain/account/account.schema";
import { ZAccount, ZLangKeyUpdate, ZNewsread } from "@kontor/domain/auth/auth.schema";
import { ZSelectedMandant } from "@kontor/domain/mandant/mandant.schema";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Deps } from "../../deps.ts";
import { ProblemError, responses } from "../../http/problem.ts";
import { isMember } from "../mandant/mandant.repository.ts";
import { createTotpService } from "../totp/totp.service.ts";
import { findAccount, setLangKey, setNewsread, setSelectedMandant } from "./account.repository.ts";
import { createAccountService } from "./account.service.ts";

const publicRoute = { level: "public" } as const;
const noContent = z.null();

export const accountRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  const { db } = deps;
  const accounts = createAccountService({ ...deps, totp: createTotpService(deps) });

  app.post(
    "/register",
    {
      config: { auth: publicRoute },
      schema: {
        tags: ["account"],
        summary: "Register: creates an inactive user and mails an activation link",
        description:
          "Always 201 for valid input, so the answer tells nobody whether a login or e-mail exists: a taken e-mail " +
          "mails its owner instead, a taken login mails the registrant. 429 after too many registrations per " +
          "client address (10/h) or e-mail (3/h).",
        body: ZRegister,
        response: responses({ 201: noContent }, 400, 429, 503),
      },
    },
    async (request, reply) => {
      await accounts.register(request.body, request.ip);
      return reply.code(201).send(null);
    },
  );

  app.get(
    "/activate",
    {
      config: { auth: publicRoute },
      schema: {
        tags: ["account"],
        summary: "Activate a registered user with the key of the mailed link (once)",
        querystring: ZKey,
        response: responses({ 200: noContent }, 400),
      },
    },
    async (request, reply) => {
      await accounts.activate(request.query.key);
      return reply.code(200).send(null);
    },
  );

  app.post(
    "/account/reset_password/init",
    {
      config: { auth: publicRoute },
      schema: {
        tags: ["account"],
        summary: "Mail a password-reset link (24 hours, once)",
        description:
          "Always 204 for a valid address, so the answer tells nobody whether an account exists: an address without " +
          "an active account gets a mail saying so (in the Accept-Language, de or en). 429 after too many requests " +
          "per client address (10/h) or e-mail (3/h).",
        body: ZResetPasswordInit,
        response: responses({ 204: noContent }, 400, 429, 503),
      },
    },
    async (request, reply) => {
      const language = /^en\b/i.test(request.headers["accept-language"] ?? "") ? "en" : "de";
      await accounts.requestPasswordReset(request.body.email, request.ip, language);
      return reply.code(204).send(null);
    },
  );

  app.post(
    "/account/reset_password/finish",
    {
      config: { auth: publicRoute },
      schema: {
        tags: ["account"],
        summary: "Set a new password with the mailed key; ends every session of the user",
        description: "400 error.keyInvalid (unknown or used key) or error.keyExpired (older than 24 hours).",
        body: ZResetPasswordFinish,
        response: responses({ 204: noContent }, 400),
      },
    },
    async (request, reply) => {
      await accounts.finishPasswordReset(request.body.key, request.body.newPassword);
      return reply.code(204).send(null);
    },
  );

  app.post(
    "/account/change_password",
    {
      config: { auth: { level: "user" } },
      schema: {
        tags: ["account"],
        summary: "Change the password (needs the current one); ends the user's other sessions",
        description:
          "A wrong current password is 400 error.passwordWrong (currentPassword invalid); after 5 wrong ones in 15 " +
          "minutes (here and in POST account together) 429 error.tooManyAttempts with Retry-After.",
        body: ZChangePassword,
        response: responses({ 204: noContent }, 400, 401, 429),
      },
    },
    async (request, reply) => {
      await accounts.changePassword(
        request.principal!,
        request.body.currentPassword,
        request.body.newPassword,
      );
      return reply.code(204).send(null);
    },
  );

  app.post(
    "/account",
    {
      config: { auth: { level: "user" } },
      schema: {
        tags: ["account"],
        summary: "Update the signed-in user's settings",
        description:
          "A new e-mail needs `currentPassword` (or, with two-factor sign-in on, a TOTP `validationCode` instead): " +
          "missing is 400 error.validation (currentPassword required), wrong 400 error.passwordWrong (currentPassword " +
          "invalid; 429 error.tooManyAttempts after 5 wrong passwords in 15 minutes, counted with POST " +
          "account/change_password) or error.codeInvalid (validationCode invalid; 429 after 5 wrong codes in 15 " +
          "minutes). A taken e-mail is 400 error.emailUsed.",
        body: ZAccountUpdate,
        response: responses({ 200: ZAccount }, 400, 401, 429),
      },
    },
    (request) => accounts.update(request.principal!, request.body),
  );

  app.get(
    "/account/sessions",
    {
      config: { auth: { level: "user" } },
      schema: {
        tags: ["account"],
        summary: "The user's active sessions (signed-in devices), newest first",
        response: responses({ 200: z.array(ZSessionInfo) }, 401),
      },
    },
    (request) => accounts.sessions(request.principal!),
  );

  app.delete(
    "/account/sessions/:id",
    {
      config: { auth: { level: "user" } },
      schema: {
        tags: ["account"],
        summary: "Revoke one of the user's sessions",
        params: z.object({ id: z.uuid() }),
        response: responses({ 204: noContent }, 400, 401, 404),
      },
    },
    async (request, reply) => {
      await accounts.revokeSession(request.principal!, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    "/account",
    {
      config: { auth: { level: "user" } },
      schema: {
        tags: ["account"],
        summary: "The signed-in user",
        response: responses({ 200: ZAccount }, 401),
      },
    },
    async (request) => {
      const account = await findAccount(db, request.principal!.userId);
      if (!account) throw new ProblemError(404, "error.notFound");
      return account;
    },
  );

  app.post(
    "/account/newsread",
    {
      config: { auth: { level: "user" } },
      schema: {
        tags: ["account"],
        summary: "Save the news dialog's 'do not show anymore' (SPEC §4 News)",
        body: ZNewsread,
        response: responses({ 204: z.null() }, 400, 401),
      },
    },
    async (request, reply) => {
      await setNewsread(db, request.principal!.userId, request.body.newsread);
      return reply.code(204).send(null);
    },
  );

  app.post(
    "/account/langkey",
    {
      config: { auth: { level: "user" } },
      schema: {
        tags: ["account"],
        summary: "Save the language picked in the app; every sign-in applies it",
        body: ZLangKeyUpdate,
        response: responses({ 204: z.null() }, 400, 401),
      },
    },
    async (request, reply) => {
      await setLangKey(db, request.principal!.userId, request.body.langKey);
      return reply.code(204).send(null);
    },
  );

  app.post(
    "/selectedMandant",
    {
      config: { auth: { level: "user" } },
      schema: {
        tags: ["account"],
        summary: "Remember the tenant the user selected last",
        body: ZSelectedMandant,
        response: responses({ 204: z.null() }, 400, 401, 403),
      },
    },
    async (request, reply) => {
      const { userId } = request.principal!;
      if (!(await isMember(db, userId, request.body.mandantId)))
        throw new ProblemError(403, "error.mandantForbidden");
      await setSelectedMandant(db, userId, request.body.mandantId);
      return reply.code(204).send(null);
    },
  );
};
