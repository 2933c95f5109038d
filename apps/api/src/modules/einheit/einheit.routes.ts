import { type TEinheit, ZEinheit } from "@kontor/domain/einheit/einheit.schema";
import { asc } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { einheit } from "../../db/schema/index.ts";
import type { Deps } from "../../deps.ts";
import { responses } from "../../http/problem.ts";
import { onlyOneDefault, registerCrud } from "../crud/crud.ts";

const columns = {
  id: einheit.id,
  code: einheit.code,
  bezeichnung: einheit.bezeichnung,
  kuerzel: einheit.kuerzel,
  defaultEinheit: einheit.defaultEinheit,
};

/**
 * Base units of the tenant (einheits): the generic pattern (UN/ECE codes of the shared list, one per tenant, one
 * unit the default) plus GET einheitsall for selections.
 */
export const einheitRoutes: FastifyPluginAsyncZod<Deps> = async (app) => {
  registerCrud(app, {
    path: "einheits",
    tag: "einheit",
    noun: "Unit",
    table: einheit,
    schema: ZEinheit,
    columns,
    sortFields: ["bezeichnung", "code", "kuerzel", "defaultEinheit", "id"],
    defaultSort: { field: "bezeichnung", direction: "asc" },
    access: { read: "stammdaten" },
    beforeSave: onlyOneDefault(einheit, einheit.defaultEinheit, "defaultEinheit"),
    unique: { einheit_code_uq: "code" },
  });

  app.get(
    "/einheitsall",
    {
      config: { auth: { level: "tenant", access: "member" } },
      schema: {
        tags: ["einheit"],
        summary: "All units of the tenant (for selections), by name",
        response: responses({ 200: z.array(ZEinheit) }, 401, 403),
      },
    },
    async (request) =>
      // The column is text; the response schema checks every code against the list.
      (await request.mandant!.run((tx) =>
        tx.select(columns).from(einheit).orderBy(asc(einheit.bezeichnung), asc(einheit.id)),
      )) as TEinheit[],
  );
};
