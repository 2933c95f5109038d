import {
  ZEinladung,
  ZEinladungCreate,
  ZEinladungInfo,
  ZEinladungKey,
  ZEinladungRegister,
} from "@kontor/domain/einladung/einladung.schema";
import { ZIdParams } from "@kontor/domain/http/params.schema";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Deps } from "../../deps.ts";
import { responses } from "../../http/problem.ts";
import { createEinladungService } from "./einladung.service.ts";

const admin = { level: "user", access: "admin" } as const;
const ZInvitationParams = ZIdParams.extend({ einladungId: z.coerce.number().int().positive() });

export const einladungRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  const einladungen = createEinladungService(deps);

  app.get(
    "/mandants/:id/einladungen",
    {
      config: { auth: admin },
      schema: {
        tags: ["mandant"],
        summary: "The tenant's pending invitations",
        description: "Administrators: any tenant; tenant admins: their own tenants (others are 404).",
        params: ZIdParams,
        response: responses({ 200: z.array(ZEinladung) }, 400, 401, 403, 404),
      },
    },
    (request) => einladungen.list(request.principal!, request.params.id),
  );

  app.post(
    "/mandants/:id/einladungen",
    {
      config: { auth: admin },
      schema: {
        tags: ["mandant"],
        summary: "Invite an e-mail address into the tenant (mails a link valid 7 days)",
        description:
          "The only way a tenant admin adds a person from outside their tenants. The answer is the same whether the " +
          "address has an account: an account is invited to accept, anyone else to create an account. A new " +
          "invitation of the same address replaces the pending one. 429 after 30 invitations per tenant and hour.",
        params: ZIdParams,
        body: ZEinladungCreate,
        response: responses({ 201: ZEinladung }, 400, 401, 403, 404, 429, 503),
      },
    },
    async (request, reply) =>
      reply.code(201).send(await einladungen.invite(request.principal!, request.params.id, request.body)),
  );

  app.delete(
    "/mandants/:id/einladungen/:einladungId",
    {
      config: { auth: admin },
      schema: {
        tags: ["mandant"],
        summary: "Withdraw a pending invitation (its link stops working)",
        params: ZInvitationParams,
        response: responses({ 204: z.null() }, 400, 401, 403, 404),
      },
    },
    async (request, reply) => {
      await einladungen.revoke(request.principal!, request.params.id, request.params.einladungId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    "/einladung",
    {
      config: { auth: { level: "public" } },
      schema: {
        tags: ["account"],
        summary:
          "An invitation by the key of its mailed link: tenant, address, inviter, whether an account exists",
        description: "400 error.keyInvalid (unknown or used) or error.keyExpired.",
        querystring: ZEinladungKey,
        response: responses({ 200: ZEinladungInfo }, 400),
      },
    },
    (request) => einladungen.info(request.query.key),
  );

  app.post(
    "/einladung/accept",
    {
      config: { auth: { level: "user" } },
      schema: {
        tags: ["account"],
        summary: "Accept an invitation: the signed-in account becomes a member of the tenant",
        description: "The account's e-mail must be the invited address (403 otherwise). A link works once.",
        body: ZEinladungKey,
        response: responses({ 204: z.null() }, 400, 401, 403),
      },
    },
    async (request, reply) => {
      await einladungen.accept(request.principal!, request.body.key);
      return reply.code(204).send(null);
    },
  );

  app.post(
    "/einladung/register",
    {
      config: { auth: { level: "public" } },
      schema: {
        tags: ["account"],
        summary: "Create an account through an invitation: active at once, member of the tenant",
        description:
          "The key proves the address, so no activation mail follows. 409 error.conflict when the address has an " +
          "account (sign in and accept instead); 400 error.loginUsed.",
        body: ZEinladungRegister,
        response: responses({ 201: z.null() }, 400, 409),
      },
    },
    async (request, reply) => {
      await einladungen.register(request.body);
      return reply.code(201).send(null);
    },
  );
};
