import {
  type TLieferbedingung,
  ZLieferbedingung,
  ZZahlungsbedingung,
} from "@kontor/domain/zahlungsziel/zahlungsziel.schema";
import type { FastifyInstance } from "fastify";
import { lieferbedingung, zahlungsbedingung } from "../../db/schema/index.ts";
import { registerCrud } from "../crud/crud.ts";
import { kundenMitVerweis, kundeVerweise } from "../kunde/kunde.verweis.ts";

/** Both kinds have the same shape. */
type TBedingung = TLieferbedingung;

/**
 * Delivery terms (lieferbedingung) and payment conditions (zahlungsbedingung): the same shape — a text a document
 * prints — in two tables, so one registration serves both. `kundeList` names the customers using one (at most
 * 100); one in use cannot be deleted (409 error.inUse, by the customer's foreign key).
 */
export function registerBedingungen(app: FastifyInstance) {
  for (const { path, noun, table, schema, spalte } of [
    {
      path: "lieferbedingung",
      noun: "Delivery terms",
      table: lieferbedingung,
      schema: ZLieferbedingung,
      spalte: "lieferbedingung_id",
    },
    {
      path: "zahlungsbedingung",
      noun: "Payment condition",
      table: zahlungsbedingung,
      schema: ZZahlungsbedingung,
      spalte: "zahlungsbedingung_id",
    },
  ] as const) {
    registerCrud(app, {
      path,
      tag: path,
      noun,
      table,
      schema,
      columns: { id: table.id, name: table.name, kundeList: kundenMitVerweis(path, spalte) },
      sortFields: ["name", "id"],
      defaultSort: { field: "name", direction: "asc" },
      access: { read: "stammdaten" },
      toRow: (bedingung: TBedingung) => ({ name: bedingung.name }),
      present: (row) => ({ ...(row as TBedingung), kundeList: kundeVerweise(row.kundeList) }),
    });
  }
}
