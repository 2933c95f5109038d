import { ZRabatt } from "@kontor/domain/rabatt/rabatt.schema";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { rabatt } from "../../db/schema/index.ts";
import type { Deps } from "../../deps.ts";
import { registerCrud } from "../crud/crud.ts";

/** Discounts of the tenant (rabatts): the generic pattern; codes are unique in the tenant. */
export const rabattRoutes: FastifyPluginAsyncZod<Deps> = async (app) => {
  registerCrud(app, {
    path: "rabatts",
    tag: "rabatt",
    noun: "Discount",
    table: rabatt,
    schema: ZRabatt,
    columns: { id: rabatt.id, code: rabatt.code, bezeichnung: rabatt.bezeichnung, prozent: rabatt.prozent },
    sortFields: ["code", "bezeichnung", "prozent", "id"],
    defaultSort: { field: "code", direction: "asc" },
    access: { read: "stammdaten" },
    unique: { rabatt_code_uq: "code" },
  });
};
