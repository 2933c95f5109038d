import { ZLieferbedingung, ZZahlungsbedingung } from "@kontor/domain/zahlungsziel/zahlungsziel.schema";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.ts";
import { lieferbedingung, zahlungsbedingung } from "../../db/schema/index.ts";
import { registerCrud } from "../crud/crud.ts";

/**
 * Delivery terms (lieferbedingung) and payment conditions (zahlungsbedingung): the same shape — a text a document
 * prints — in two tables, so one registration serves both. `kundeList` comes from the schema's default ([]) until
 * customers exist.
 */
export function registerBedingungen(app: FastifyInstance, db: Db) {
  for (const { path, noun, table, schema } of [
    { path: "lieferbedingung", noun: "Delivery terms", table: lieferbedingung, schema: ZLieferbedingung },
    {
      path: "zahlungsbedingung",
      noun: "Payment condition",
      table: zahlungsbedingung,
      schema: ZZahlungsbedingung,
    },
  ]) {
    registerCrud(app, db, {
      path,
      tag: path,
      noun,
      table,
      schema,
      columns: { id: table.id, name: table.name },
      sortFields: ["name", "id"],
      defaultSort: { field: "name", direction: "asc" },
      access: { read: "stammdaten" },
    });
  }
}
