import { ZMehrwertssteuer } from "@kontor/domain/mehrwertssteuer/mehrwertssteuer.schema";
import { asc, desc } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { mehrwertssteuer } from "../../db/schema/index.ts";
import type { Deps } from "../../deps.ts";
import { responses } from "../../http/problem.ts";
import { onlyOneDefault, registerCrud } from "../crud/crud.ts";

const columns = {
  id: mehrwertssteuer.id,
  mwst: mehrwertssteuer.mwst,
  defaultMwst: mehrwertssteuer.defaultMwst,
  land: mehrwertssteuer.land,
};

/** VAT rates of the tenant (mehrwertssteuers): the generic pattern plus GET mehrwertssteuers/all. */
export const mehrwertssteuerRoutes: FastifyPluginAsyncZod<Deps> = async (app) => {
  app.get(
    "/mehrwertssteuers/all",
    {
      config: { auth: { level: "tenant", access: "member" } },
      schema: {
        tags: ["mehrwertssteuer"],
        summary: "All VAT rates of the tenant (for selections): by country, then rate descending",
        response: responses({ 200: z.array(ZMehrwertssteuer) }, 401, 403),
      },
    },
    async (request) =>
      request.mandant!.run((tx) =>
        tx
          .select(columns)
          .from(mehrwertssteuer)
          .orderBy(asc(mehrwertssteuer.land), desc(mehrwertssteuer.mwst), asc(mehrwertssteuer.id)),
      ),
  );

  registerCrud(app, {
    path: "mehrwertssteuers",
    tag: "mehrwertssteuer",
    noun: "VAT rate",
    table: mehrwertssteuer,
    schema: ZMehrwertssteuer,
    columns,
    sortFields: ["mwst", "land", "defaultMwst", "id"],
    defaultSort: { field: "mwst", direction: "asc" },
    access: { read: "stammdaten" },
    beforeSave: onlyOneDefault(mehrwertssteuer, mehrwertssteuer.defaultMwst, "defaultMwst"),
    unique: { mehrwertssteuer_land_mwst_uq: "mwst" },
  });
};
