import { ZPageQuery } from "@kontor/domain/http/paging.schema";
import { ZIdParams } from "@kontor/domain/http/params.schema";
import {
  ZAbrechnung,
  ZMandant,
  ZMandantListItem,
  ZMandantModules,
  ZMandantOfUser,
  ZMandantSpeichern,
  ZMandantSummary,
} from "@kontor/domain/mandant/mandant.schema";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Deps } from "../../deps.ts";
import { responses } from "../../http/problem.ts";
import { rememberSentFields, sentFields } from "../../http/sentFields.ts";
import { sendTotal } from "../../http/total.ts";
import {
  listAbrechnung,
  listMandantsOfUser,
  listModules,
  MANDANT_SORT_FIELDS,
} from "./mandant.repository.ts";
import { createMandantService } from "./mandant.service.ts";

export const mandantRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db }) => {
  const mandants = createMandantService(db);

  app.get(
    "/mandants/all",
    {
      config: { auth: { level: "user" } },
      schema: {
        tags: ["mandant"],
        summary: "The tenants the signed-in user belongs to",
        response: responses({ 200: z.array(ZMandantOfUser) }, 401),
      },
    },
    (request) => listMandantsOfUser(db, request.principal!.userId),
  );

  app.get(
    "/getmandantmodule",
    {
      config: { auth: { level: "tenant", access: "member" } },
      schema: {
        tags: ["mandant"],
        summary: "The modules of the selected tenant (X-Mandant-Id)",
        response: responses({ 200: ZMandantModules }, 401, 403),
      },
    },
    async (request) => {
      const mandant = request.mandant!;
      const modulList = await mandant.run(listModules);
      return { mandantId: mandant.id, modulList };
    },
  );

  app.get(
    "/mandants/list",
    {
      config: { auth: { level: "user", access: "admin" } },
      schema: {
        tags: ["mandant"],
        summary: "Tenants for administration, paged (admin: all; tenant admin: their own)",
        description: "Total in the x-total-count header. Default sort: bezeichnung.",
        querystring: ZPageQuery(MANDANT_SORT_FIELDS),
        response: responses({ 200: z.array(ZMandantListItem) }, 400, 401, 403),
      },
    },
    async (request, reply) => {
      const page = await mandants.list(request.principal!, request.query);
      sendTotal(reply, page);
      return page.items;
    },
  );

  app.get(
    "/mandants/allmandants",
    {
      config: { auth: { level: "user", access: "admin" } },
      schema: {
        tags: ["mandant"],
        summary: "All tenants the administrator manages, unpaged (for selections)",
        response: responses({ 200: z.array(ZMandantSummary) }, 401, 403),
      },
    },
    (request) => mandants.all(request.principal!),
  );

  app.get(
    "/mandants/:id",
    {
      config: { auth: { level: "user", access: "admin" } },
      schema: {
        tags: ["mandant"],
        summary: "One tenant with every field, addresses, modules, members and billing stats",
        params: ZIdParams,
        response: responses({ 200: ZMandant }, 400, 401, 403, 404),
      },
    },
    (request) => mandants.get(request.principal!, request.params.id),
  );

  app.put(
    "/mandants",
    {
      config: { auth: { level: "user", access: "admin" } },
      schema: {
        tags: ["mandant"],
        summary: "Create (without id; admin only) or update a tenant",
        description:
          "Replaces the tenant's addresses, modules and members (userLists) with the ones sent. Tenant admins " +
          "may update their own tenants but not change modules, nor `aktiv` (only administrators (de)activate a " +
          "tenant: 403 error.forbidden with fieldErrors aktiv notAllowed, nothing saved). `aktiv` left out keeps " +
          "the tenant's state.",
        body: ZMandantSpeichern,
        response: responses({ 200: ZMandant }, 400, 401, 403, 404),
      },
      preValidation: rememberSentFields,
    },
    (request) => mandants.save(request.principal!, request.body, sentFields(request)),
  );

  for (const [action, aktiv] of [
    ["activate", true],
    ["deactivate", false],
  ] as const) {
    app.delete(
      `/mandants/${action}/:id`,
      {
        config: { auth: { level: "user", access: "mandantAktiv" } },
        schema: {
          tags: ["mandant"],
          summary: aktiv ? "Activate a tenant" : "Deactivate a tenant (its members can no longer select it)",
          params: ZIdParams,
          response: responses({ 204: z.null() }, 400, 401, 403, 404),
        },
      },
      async (request, reply) => {
        await mandants.setAktiv(request.params.id, aktiv);
        return reply.code(204).send(null);
      },
    );
  }

  app.get(
    "/abrechnung",
    {
      config: { auth: { level: "user", access: "adminOnly" } },
      schema: {
        tags: ["mandant"],
        summary: "Billing stats: number of documents and last document date per tenant",
        response: responses({ 200: z.array(ZAbrechnung) }, 401, 403),
      },
    },
    () => listAbrechnung(db),
  );
};
