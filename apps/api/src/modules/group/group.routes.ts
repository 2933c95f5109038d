import { ZPageQuery } from "@kontor/domain/http/paging.schema";
import { ZIdParams } from "@kontor/domain/http/params.schema";
import { type TGroup, ZGroup } from "@kontor/domain/user/user.schema";
import { and, eq, ne } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { countRowsUpTo, orderBy, pageOf } from "../../db/paging.ts";
import { userGroup } from "../../db/schema/index.ts";
import type { Deps } from "../../deps.ts";
import { ProblemError, responses } from "../../http/problem.ts";
import { sendTotal } from "../../http/total.ts";

const SORT_FIELDS = ["id", "name"] as const;
const columns = { id: userGroup.id, name: userGroup.name, beschreibung: userGroup.beschreibung };
const auth = { level: "user", access: "adminOnly" } as const;

async function assertNameFree(db: Db, group: TGroup) {
  const [taken] = await db
    .select({ id: userGroup.id })
    .from(userGroup)
    .where(
      and(eq(userGroup.name, group.name), group.id === undefined ? undefined : ne(userGroup.id, group.id)),
    );
  if (taken) throw new ProblemError(400, "error.validation", undefined, [{ field: "name", code: "invalid" }]);
}

/** User groups (SPEC §6: admin only). */
export const groupRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db }) => {
  app.get(
    "/group",
    {
      config: { auth },
      schema: {
        tags: ["group"],
        summary: "Groups, paged (default sort: name)",
        querystring: ZPageQuery(SORT_FIELDS),
        response: responses({ 200: z.array(ZGroup) }, 400, 401, 403),
      },
    },
    async (request, reply) => {
      const { query } = request;
      const page = await pageOf(
        db
          .select(columns)
          .from(userGroup)
          .orderBy(...orderBy(query.sort, columns, [{ field: "name", direction: "asc" }], userGroup.id))
          .limit(query.size)
          .offset(query.page * query.size),
        query,
        (limit) => countRowsUpTo(db, userGroup, undefined, limit),
      );
      sendTotal(reply, page);
      return page.items;
    },
  );

  app.get(
    "/group/:id",
    {
      config: { auth },
      schema: {
        tags: ["group"],
        summary: "One group",
        params: ZIdParams,
        response: responses({ 200: ZGroup }, 400, 401, 403, 404),
      },
    },
    async (request) => {
      const [row] = await db.select(columns).from(userGroup).where(eq(userGroup.id, request.params.id));
      if (!row) throw new ProblemError(404, "error.notFound");
      return row;
    },
  );

  app.put(
    "/group",
    {
      config: { auth },
      schema: {
        tags: ["group"],
        summary: "Create (without id) or update a group; names are unique",
        body: ZGroup,
        response: responses({ 200: ZGroup }, 400, 401, 403, 404),
      },
    },
    async (request) => {
      const { id, ...values } = request.body;
      await assertNameFree(db, request.body);
      const [row] =
        id === undefined
          ? await db.insert(userGroup).values(values).returning(columns)
          : await db.update(userGroup).set(values).where(eq(userGroup.id, id)).returning(columns);
      if (!row) throw new ProblemError(404, "error.notFound");
      return row;
    },
  );

  app.delete(
    "/group/:id",
    {
      config: { auth },
      schema: {
        tags: ["group"],
        summary: "Delete a group (its members stay)",
        params: ZIdParams,
        response: responses({ 204: z.null() }, 400, 401, 403, 404),
      },
    },
    async (request, reply) => {
      const rows = await db
        .delete(userGroup)
        .where(eq(userGroup.id, request.params.id))
        .returning({ id: userGroup.id });
      if (rows.length === 0) throw new ProblemError(404, "error.notFound");
      return reply.code(204).send(null);
    },
  );
};
