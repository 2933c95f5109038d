import { ZBenachrichtigung, ZMyNews } from "@kontor/domain/benachrichtigung/benachrichtigung.schema";
import { ZPageQuery } from "@kontor/domain/http/paging.schema";
import { ZIdParams } from "@kontor/domain/http/params.schema";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Deps } from "../../deps.ts";
import { ProblemError, responses } from "../../http/problem.ts";
import { sendTotal } from "../../http/total.ts";
import { findAccount } from "../account/account.repository.ts";
import {
  BENACHRICHTIGUNG_SORT_FIELDS,
  deleteBenachrichtigung,
  findBenachrichtigung,
  listBenachrichtigungen,
  myNews,
  resetNewsread,
  saveBenachrichtigung,
  setBenachrichtigungAktiv,
} from "./benachrichtigung.repository.ts";

const admin = { level: "tenant", access: "benachrichtigungenAdmin" } as const;
const notFound = () => new ProblemError(404, "error.notFound");

/** Notifications / news of a tenant (module benachrichtigungen; administration needs its admin role). */
export const benachrichtigungRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db }) => {
  app.get(
    "/benachrichtigung/mynews",
    {
      config: { auth: { level: "tenant", access: "benachrichtigungen" } },
      schema: {
        tags: ["benachrichtigung"],
        summary: "The active news the signed-in user may see in the selected tenant, newest first",
        response: responses({ 200: ZMyNews }, 401, 403),
      },
    },
    async (request) => {
      const principal = request.principal!;
      const [account, news] = [
        await findAccount(db, principal.userId),
        await request.mandant!.run((tx) => myNews(tx, [...principal.authorities])),
      ];
      return { newsread: account?.newsread ?? false, news };
    },
  );

  app.put(
    "/benachrichtigung/resetstatus",
    {
      config: { auth: admin },
      schema: {
        tags: ["benachrichtigung"],
        summary: "Show the news dialog again to every member of the tenant",
        response: responses({ 204: z.null() }, 401, 403),
      },
    },
    async (request, reply) => {
      const mandant = request.mandant!;
      await mandant.run((tx) => resetNewsread(tx, mandant.id));
      return reply.code(204).send(null);
    },
  );

  app.get(
    "/benachrichtigung",
    {
      config: { auth: admin },
      schema: {
        tags: ["benachrichtigung"],
        summary: "Notifications of the tenant, paged (default sort: id ascending)",
        querystring: ZPageQuery(BENACHRICHTIGUNG_SORT_FIELDS),
        response: responses({ 200: z.array(ZBenachrichtigung) }, 400, 401, 403),
      },
    },
    async (request, reply) => {
      const page = await request.mandant!.run((tx) => listBenachrichtigungen(tx, request.query));
      sendTotal(reply, page);
      return page.items;
    },
  );

  app.get(
    "/benachrichtigung/:id",
    {
      config: { auth: admin },
      schema: {
        tags: ["benachrichtigung"],
        summary: "One notification",
        params: ZIdParams,
        response: responses({ 200: ZBenachrichtigung }, 400, 401, 403, 404),
      },
    },
    async (request) => {
      const found = await request.mandant!.run((tx) => findBenachrichtigung(tx, request.params.id));
      if (!found) throw notFound();
      return found;
    },
  );

  app.put(
    "/benachrichtigung",
    {
      config: { auth: admin },
      schema: {
        tags: ["benachrichtigung"],
        summary: "Create (without id) or update a notification",
        body: ZBenachrichtigung,
        response: responses({ 200: ZBenachrichtigung }, 400, 401, 403, 404),
      },
    },
    async (request) => {
      const saved = await request.mandant!.run((tx) => saveBenachrichtigung(tx, request.body));
      if (!saved) throw notFound();
      return saved;
    },
  );

  app.delete(
    "/benachrichtigung/:id",
    {
      config: { auth: admin },
      schema: {
        tags: ["benachrichtigung"],
        summary: "Delete a notification",
        params: ZIdParams,
        response: responses({ 204: z.null() }, 400, 401, 403, 404),
      },
    },
    async (request, reply) => {
      const deleted = await request.mandant!.run((tx) => deleteBenachrichtigung(tx, request.params.id));
      if (!deleted) throw notFound();
      return reply.code(204).send(null);
    },
  );

  for (const [action, aktiv] of [
    ["activate", true],
    ["deactivate", false],
  ] as const) {
    app.delete(
      `/benachrichtigung/${action}/:id`,
      {
        config: { auth: admin },
        schema: {
          tags: ["benachrichtigung"],
          summary: aktiv ? "Activate a notification" : "Deactivate a notification",
          params: ZIdParams,
          response: responses({ 204: z.null() }, 400, 401, 403, 404),
        },
      },
      async (request, reply) => {
        const changed = await request.mandant!.run((tx) =>
          setBenachrichtigungAktiv(tx, request.params.id, aktiv),
        );
        if (!changed) throw notFound();
        return reply.code(204).send(null);
      },
    );
  }
};
