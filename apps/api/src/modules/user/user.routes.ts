import { ZPageQuery } from "@kontor/domain/http/paging.schema";
import { ZIdParams } from "@kontor/domain/http/params.schema";
import { ZUser, ZUserAuditEntry } from "@kontor/domain/user/user.schema";
import { and, asc, desc, sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { appUser } from "../../db/schema/index.ts";
import type { Deps } from "../../deps.ts";
import { responses } from "../../http/problem.ts";
import { sendTotal } from "../../http/total.ts";
import { listUsers, searchWords, USER_SORT_FIELDS, usersInScope } from "./user.repository.ts";
import { createUserService } from "./user.service.ts";

const ZUserSearchItem = z.object({
  id: z.number().int(),
  login: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
});
const ZUserListItem = ZUserSearchItem.extend({
  email: z.string(),
  activated: z.boolean(),
  langKey: z.enum(["de", "en"]),
  createdDate: z.string(),
});
const admin = { level: "user", access: "admin" } as const;
// Passwords are never sent back.
const ZUserOut = ZUser.omit({ password: true });

export const userRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  const { db } = deps;
  const users = createUserService(deps);

  app.get(
    "/usersearch",
    {
      config: { auth: admin },
      schema: {
        tags: ["user"],
        summary:
          "Find users by first name, last name, login or e-mail (at most 20): a user whose login or e-mail is the search text comes first, then by name",
        description: "Administrators search all users; tenant administrators the users of their own tenants.",
        querystring: z.object({ search: z.string().trim().max(100).default("") }),
        response: responses({ 200: z.array(ZUserSearchItem) }, 400, 401, 403),
      },
    },
    (request) =>
      db
        .select({
          id: appUser.id,
          login: appUser.login,
          firstName: appUser.firstName,
          lastName: appUser.lastName,
        })
        .from(appUser)
        .where(and(usersInScope(users.scopeOf(request.principal!)), searchWords(request.query.search)))
        // Typing a login or an e-mail in full finds that user first, however many others share the words.
        .orderBy(
          desc(
            sql`(lower(${appUser.login}) = ${request.query.search.toLowerCase()} OR lower(${appUser.email}) = ${request.query.search.toLowerCase()})`,
          ),
          asc(appUser.lastName),
          asc(appUser.firstName),
          asc(appUser.login),
        )
        .limit(20),
  );

  app.get(
    "/users",
    {
      config: { auth: admin },
      schema: {
        tags: ["user"],
        summary: "Users, paged (default sort: id descending); search in login, names and e-mail",
        querystring: ZPageQuery(USER_SORT_FIELDS).extend({ search: z.string().trim().max(100).default("") }),
        response: responses({ 200: z.array(ZUserListItem) }, 400, 401, 403),
      },
    },
    async (request, reply) => {
      const page = await listUsers(db, users.scopeOf(request.principal!), request.query);
      sendTotal(reply, page);
      return page.items.map((item) => ({ ...item, createdDate: item.createdDate.toISOString() }));
    },
  );

  app.get(
    "/users/:id",
    {
      config: { auth: admin },
      schema: {
        tags: ["user"],
        summary: "One user with authorities, groups and tenants",
        params: ZIdParams,
        response: responses({ 200: ZUserOut }, 400, 401, 403, 404),
      },
    },
    (request) => users.get(request.principal!, request.params.id),
  );

  app.post(
    "/users",
    {
      config: { auth: admin },
      schema: {
        tags: ["user"],
        summary: "Create a user",
        description:
          "Without a password the user gets a mail with a link to set one. 400 error.loginUsed / error.emailUsed; " +
          "tenant admins must name at least one of their tenants and cannot grant ROLE_ADMIN (403).",
        body: ZUser,
        response: responses({ 201: ZUserOut }, 400, 401, 403, 503),
      },
    },
    async (request, reply) => reply.code(201).send(await users.create(request.principal!, request.body)),
  );

  app.put(
    "/users",
    {
      config: { auth: admin },
      schema: {
        tags: ["user"],
        summary: "Update a user (deactivating ends the user's sessions)",
        description:
          "Tenant admins change the account itself only when every tenant of the user is one of theirs " +
          "(accountEditable), otherwise only memberships of their tenants (403 error.forbidden with the changed " +
          "fields); they grant or take away only authorities they hold, never ROLE_ADMIN. Changes of login, e-mail, " +
          "authorities, activation and memberships are written to the audit log; the user is mailed at the old address.",
        body: ZUser.omit({ password: true }),
        response: responses({ 200: ZUserOut }, 400, 401, 403, 404),
      },
    },
    (request) => users.update(request.principal!, request.body),
  );

  app.get(
    "/users/:id/audit",
    {
      config: { auth: admin },
      schema: {
        tags: ["user"],
        summary:
          "The user's audit log: changes of login, e-mail, password, 2FA, authorities, activation, tenants",
        description: "Newest first, at most 200 entries. Secrets have no values.",
        params: ZIdParams,
        response: responses({ 200: z.array(ZUserAuditEntry) }, 400, 401, 403, 404),
      },
    },
    (request) => users.audit(request.principal!, request.params.id),
  );

  app.delete(
    "/users/:id/sessions",
    {
      config: { auth: admin },
      schema: {
        tags: ["user"],
        summary: "End every session of a user",
        description: "Tenant admins: only for users whose every tenant is one of theirs (403 otherwise).",
        params: ZIdParams,
        response: responses({ 204: z.null() }, 400, 401, 403, 404),
      },
    },
    async (request, reply) => {
      await users.revokeAllSessions(request.principal!, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
