import { and, asc, ilike, inArray, or, sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { appUser, userMandant } from "../../db/schema/index.ts";
import type { Deps } from "../../deps.ts";
import { responses } from "../../http/problem.ts";

const ZUserSearchItem = z.object({
  id: z.number().int(),
  login: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
});

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

export const userRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db }) => {
  app.get(
    "/usersearch",
    {
      config: { auth: { level: "user", access: "admin" } },
      schema: {
        tags: ["user"],
        summary: "Find users by first name, last name or login (at most 20)",
        description: "Administrators search all users; tenant administrators the users of their own tenants.",
        querystring: z.object({ search: z.string().trim().max(100).default("") }),
        response: responses({ 200: z.array(ZUserSearchItem) }, 400, 401, 403),
      },
    },
    async (request) => {
      const principal = request.principal!;
      const words = request.query.search.split(/\s+/).filter(Boolean);
      const matches = words.map((word) => {
        const pattern = `%${escapeLike(word)}%`;
        return or(
          ilike(appUser.login, pattern),
          ilike(appUser.firstName, pattern),
          ilike(appUser.lastName, pattern),
        );
      });
      const scope = principal.authorities.has("ROLE_ADMIN")
        ? undefined
        : inArray(
            appUser.id,
            sql`(select m.user_id from ${userMandant} m where m.mandant_id in
              (select own.mandant_id from ${userMandant} own where own.user_id = ${principal.userId}))`,
          );
      return db
        .select({
          id: appUser.id,
          login: appUser.login,
          firstName: appUser.firstName,
          lastName: appUser.lastName,
        })
        .from(appUser)
        .where(and(scope, ...matches))
        .orderBy(asc(appUser.lastName), asc(appUser.firstName), asc(appUser.login))
        .limit(20);
    },
  );
};
