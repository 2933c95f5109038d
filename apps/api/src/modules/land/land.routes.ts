import { ZLaenderKuerzelForm, ZLand } from "@kontor/domain/land/land.schema";
import { asc, eq, or } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { land } from "../../db/schema/index.ts";
import { anyColumnContains } from "../../db/search.ts";
import type { Deps } from "../../deps.ts";
import { notFound, responses } from "../../http/problem.ts";

const auth = { level: "user", access: "member" } as const;
const columns = {
  id: land.id,
  laenderKuerzel: land.laenderKuerzel,
  bezeichnung: land.bezeichnung,
  bezeichnungEn: land.bezeichnungEn,
  eu: land.eu,
};

/** Countries (ISO 3166-1): installation-wide reference data, readable by every signed-in user. */
export const landRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db }) => {
  app.get(
    "/alllands",
    {
      config: { auth },
      schema: {
        tags: ["land"],
        summary: "All countries, by German name",
        response: responses({ 200: z.array(ZLand) }, 401),
      },
    },
    async () => db.select(columns).from(land).orderBy(asc(land.bezeichnung)),
  );

  app.get(
    "/landsearch",
    {
      config: { auth },
      schema: {
        tags: ["land"],
        summary: "Countries whose code, German or English name matches the search (case-insensitive)",
        querystring: z.object({ search: z.string().trim().max(100).default("") }),
        response: responses({ 200: z.array(ZLand) }, 400, 401),
      },
    },
    async (request) => {
      const text = request.query.search;
      return db
        .select(columns)
        .from(land)
        .where(
          text === ""
            ? undefined
            : or(
                eq(land.laenderKuerzel, text.toUpperCase()),
                anyColumnContains(text, land.bezeichnung, land.bezeichnungEn),
              ),
        )
        .orderBy(asc(land.bezeichnung));
    },
  );

  app.get(
    "/landsByLaenderKuerzel/:code",
    {
      config: { auth },
      schema: {
        tags: ["land"],
        summary: "The country of an ISO 3166-1 alpha-2 code",
        params: z.object({ code: ZLaenderKuerzelForm }),
        response: responses({ 200: ZLand }, 400, 401, 404),
      },
    },
    async (request) => {
      const [row] = await db.select(columns).from(land).where(eq(land.laenderKuerzel, request.params.code));
      if (!row) throw notFound();
      return row;
    },
  );
};
