import { ZFavorite } from "@kontor/domain/favorite/favorite.schema";
import { ZIdParams } from "@kontor/domain/http/params.schema";

import { and, asc, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { favorite } from "../../db/schema/index.ts";
import type { Deps } from "../../deps.ts";
import { ProblemError, responses } from "../../http/problem.ts";

const columns = { id: favorite.id, typ: favorite.typ, content: favorite.content };
const auth = { level: "tenant", access: "member" } as const;

/** Favorites: the signed-in user's pinned sidebar entries in the selected tenant (row-level security + user). */
export const favoriteRoutes: FastifyPluginAsyncZod<Deps> = async (app) => {
  const mine = (userId: number, id?: number) =>
    id === undefined ? eq(favorite.userId, userId) : and(eq(favorite.userId, userId), eq(favorite.id, id));

  app.get(
    "/userfavorites",
    {
      config: { auth },
      schema: {
        tags: ["favorite"],
        summary: "The user's favorites in the selected tenant",
        response: responses({ 200: z.array(ZFavorite) }, 401, 403),
      },
    },
    async (request) => {
      const rows = await request.mandant!.run((tx) =>
        tx.select(columns).from(favorite).where(mine(request.principal!.userId)).orderBy(asc(favorite.id)),
      );
      return rows.map((row) => ZFavorite.parse(row));
    },
  );

  app.get(
    "/favorites/:id",
    {
      config: { auth },
      schema: {
        tags: ["favorite"],
        summary: "One favorite",
        params: ZIdParams,
        response: responses({ 200: ZFavorite }, 400, 401, 403, 404),
      },
    },
    async (request) => {
      const [row] = await request.mandant!.run((tx) =>
        tx.select(columns).from(favorite).where(mine(request.principal!.userId, request.params.id)),
      );
      if (!row) throw new ProblemError(404, "error.notFound");
      return ZFavorite.parse(row);
    },
  );

  app.put(
    "/favorites",
    {
      config: { auth },
      schema: {
        tags: ["favorite"],
        summary: "Create (without id) or update a favorite",
        body: ZFavorite,
        response: responses({ 200: ZFavorite }, 400, 401, 403, 404),
      },
    },
    async (request) => {
      const { id, ...values } = request.body;
      const userId = request.principal!.userId;
      const [row] = await request.mandant!.run((tx) =>
        id === undefined
          ? tx
              .insert(favorite)
              .values({ ...values, userId })
              .returning(columns)
          : tx.update(favorite).set(values).where(mine(userId, id)).returning(columns),
      );
      if (!row) throw new ProblemError(404, "error.notFound");
      return ZFavorite.parse(row);
    },
  );

  app.delete(
    "/favorites/:id",
    {
      config: { auth },
      schema: {
        tags: ["favorite"],
        summary: "Delete a favorite",
        params: ZIdParams,
        response: responses({ 204: z.null() }, 400, 401, 403, 404),
      },
    },
    async (request, reply) => {
      const deleted = await request.mandant!.run((tx) =>
        tx
          .delete(favorite)
          .where(mine(request.principal!.userId, request.params.id))
          .returning({ id: favorite.id }),
      );
      if (deleted.length === 0) throw new ProblemError(404, "error.notFound");
      return reply.code(204).send(null);
    },
  );
};
