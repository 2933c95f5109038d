import { ZPageQuery } from "@kontor/domain/http/paging.schema";
import { ZIdParams } from "@kontor/domain/http/params.schema";
import { ZModultyp } from "@kontor/domain/modul/modul.schema";
import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { countRowsUpTo, orderBy, pageOf } from "../../db/paging.ts";
import { modultyp } from "../../db/schema/index.ts";
import type { Deps } from "../../deps.ts";
import { ProblemError, responses } from "../../http/problem.ts";
import { sendTotal } from "../../http/total.ts";

const SORT_FIELDS = ["id", "name", "bezeichnung"] as const;
const columns = {
  id: modultyp.id,
  name: modultyp.name,
  bezeichnung: modultyp.bezeichnung,
  beschreibung: modultyp.beschreibung,
};

/** Module types (modultypen, admin only): the modules of SPEC §1 are fixed in code; admins name and describe them. */
export const modulRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db }) => {
  app.get(
    "/modultypen",
    {
      config: { auth: { level: "user", access: "adminOnly" } },
      schema: {
        tags: ["modul"],
        summary: "Module types, paged (default sort: name)",
        querystring: ZPageQuery(SORT_FIELDS),
        response: responses({ 200: z.array(ZModultyp) }, 400, 401, 403),
      },
    },
    async (request, reply) => {
      const { query } = request;
      const page = await pageOf(
        db
          .select(columns)
          .from(modultyp)
          .orderBy(...orderBy(query.sort, columns, [{ field: "name", direction: "asc" }], modultyp.id))
          .limit(query.size)
          .offset(query.page * query.size),
        query,
        (limit) => countRowsUpTo(db, modultyp, undefined, limit),
      );
      sendTotal(reply, page);
      return page.items.map((item) => ZModultyp.parse(item));
    },
  );

  app.get(
    "/modultypen/:id",
    {
      config: { auth: { level: "user", access: "adminOnly" } },
      schema: {
        tags: ["modul"],
        summary: "One module type",
        params: ZIdParams,
        response: responses({ 200: ZModultyp }, 400, 401, 403, 404),
      },
    },
    async (request) => {
      const [row] = await db.select(columns).from(modultyp).where(eq(modultyp.id, request.params.id));
      if (!row) throw new ProblemError(404, "error.notFound");
      return ZModultyp.parse(row);
    },
  );

  app.put(
    "/modultypen",
    {
      config: { auth: { level: "user", access: "adminOnly" } },
      schema: {
        tags: ["modul"],
        summary: "Update a module type's name and description (the code `name` cannot change)",
        body: ZModultyp.required({ id: true }),
        response: responses({ 200: ZModultyp }, 400, 401, 403, 404),
      },
    },
    async (request) => {
      const { id, name, bezeichnung, beschreibung } = request.body;
      const [current] = await db.select({ name: modultyp.name }).from(modultyp).where(eq(modultyp.id, id));
      if (!current) throw new ProblemError(404, "error.notFound");
      if (current.name !== name) {
        throw new ProblemError(400, "error.validation", undefined, [{ field: "name", code: "invalid" }]);
      }
      const [row] = await db
        .update(modultyp)
        .set({ bezeichnung, beschreibung })
        .where(eq(modultyp.id, id))
        .returning(columns);
      return ZModultyp.parse(row);
    },
  );
};
