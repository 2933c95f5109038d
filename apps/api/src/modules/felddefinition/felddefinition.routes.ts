import {
  FELD_TYPEN,
  type TBelegFelddefinition,
  type TFeldBereich,
  ZArtikelFelddefinition,
  ZBelegFelddefinition,
  ZKundeFelddefinition,
} from "@kontor/domain/felddefinition/felddefinition.schema";
import { belegsTypsString } from "@kontor/domain/nummernkreis/nummernkreis.rules";
import { typList, ZTyp } from "@kontor/domain/typen/typen";
import { asc, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { felddefinition as table } from "../../db/schema/index.ts";
import { withTenant } from "../../db/tenant.ts";
import type { Deps } from "../../deps.ts";
import { responses } from "../../http/problem.ts";
import { registerCrud } from "../crud/crud.ts";

const baseColumns = {
  id: table.id,
  bezeichnung: table.bezeichnung,
  type: table.type,
  optionen: table.optionen,
  sortOrder: table.sortOrder,
  search: table.search,
};
const sortFields = ["sortOrder", "bezeichnung", "type", "search", "id"] as const;
const tag = "felddefinition";
const member = { level: "tenant", access: "member" } as const;

/**
 * What the three resources over the one table share: the kind (`bereich`) every statement is confined to and every
 * insert writes, so a customer field is unreachable through the article path; sorted by sortOrder (SPEC §9).
 */
const bereich = (kind: TFeldBereich) => ({
  table,
  scope: eq(table.bereich, kind),
  insertValues: { bereich: kind },
  tag,
  sortFields,
  defaultSort: { field: "sortOrder", direction: "asc" } as const,
  access: { read: "stammdaten" } as const,
});

const belegColumns = {
  ...baseColumns,
  printable: table.printable,
  bezeichnungEn: table.bezeichnungEn,
  belegsTyps: table.belegsTyps,
};
const presentBeleg = (row: Record<string, unknown>) => {
  const typs = row.belegsTyps as TBelegFelddefinition["belegsTyps"];
  return { ...row, belegsTypsString: belegsTypsString(typs) } as TBelegFelddefinition;
};

/**
 * Self-defined fields of customers, articles and documents (kundefelddefinitions, artikelfelddefinitions,
 * belegfelddefinitions): three resources of the generic pattern over the table `felddefinition`, plus the document
 * fields for the editor (belegfelddefinitionsall) and the field types (belegfelddefinitionstypen).
 */
export const felddefinitionRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db }) => {
  registerCrud(app, db, {
    ...bereich("artikel"),
    path: "artikelfelddefinitions",
    noun: "Article field definition",
    schema: ZArtikelFelddefinition,
    columns: baseColumns,
  });

  registerCrud(app, db, {
    ...bereich("kunde"),
    path: "kundefelddefinitions",
    noun: "Customer field definition",
    schema: ZKundeFelddefinition,
    columns: { ...baseColumns, printable: table.printable, value: table.value },
  });

  const belegBereich = bereich("beleg");
  registerCrud(app, db, {
    ...belegBereich,
    path: "belegfelddefinitions",
    noun: "Document field definition",
    schema: ZBelegFelddefinition,
    columns: belegColumns,
    present: presentBeleg,
  });

  app.get(
    "/belegfelddefinitionsall",
    {
      config: { auth: member },
      schema: {
        tags: [tag],
        summary: "All document field definitions of the tenant, by sortOrder (for the document editor)",
        response: responses({ 200: z.array(ZBelegFelddefinition) }, 401, 403),
      },
    },
    async (request) => {
      const rows = await withTenant(db, request.mandant!.id, (tx) =>
        tx
          .select(belegColumns)
          .from(table)
          .where(belegBereich.scope)
          .orderBy(asc(table.sortOrder), asc(table.id)),
      );
      return rows.map(presentBeleg);
    },
  );

  const typen = typList(FELD_TYPEN);
  app.get(
    "/belegfelddefinitionstypen",
    {
      config: { auth: member },
      schema: {
        tags: [tag],
        summary: "The types a self-defined field can have, as {id, name} with the code as name",
        response: responses({ 200: z.array(ZTyp) }, 401, 403),
      },
    },
    async () => typen,
  );
};
