import {
  FELD_TYPEN,
  type TBelegFelddefinition,
  type TFeldBereich,
  ZArtikelFelddefinition,
  ZBelegFelddefinition,
  ZKundeFelddefinition,
} from "@kontor/domain/felddefinition/felddefinition.schema";
import { ZIdParams } from "@kontor/domain/http/params.schema";
import { belegsTypsString } from "@kontor/domain/nummernkreis/nummernkreis.rules";
import { typList, ZTyp } from "@kontor/domain/typen/typen";
import { and, asc, eq, isNotNull } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db, Tx } from "../../db/client.ts";
import { kundeFeld, felddefinition as table } from "../../db/schema/index.ts";
import type { Deps } from "../../deps.ts";
import { notFound, responses } from "../../http/problem.ts";
import { type crudRepository, registerCrud } from "../crud/crud.ts";
import { refreshSuche } from "../kunde/kunde.repository.ts";

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
const stammdaten = { level: "tenant", access: "stammdaten" } as const;

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
  registerCrud(app, {
    ...bereich("artikel"),
    path: "artikelfelddefinitions",
    noun: "Article field definition",
    schema: ZArtikelFelddefinition,
    columns: baseColumns,
  });

  const kundeFelder = registerCrud(app, {
    ...bereich("kunde"),
    path: "kundefelddefinitions",
    noun: "Customer field definition",
    schema: ZKundeFelddefinition,
    columns: { ...baseColumns, printable: table.printable, value: table.value },
    methods: { put: false, remove: false },
  });
  registerKundeFelderSchreiben(app, db, kundeFelder);

  const belegBereich = bereich("beleg");
  registerCrud(app, {
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
      const rows = await request.mandant!.run((tx) =>
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

type KundeFelder = ReturnType<
  typeof crudRepository<typeof ZKundeFelddefinition, (typeof sortFields)[number]>
>;

/** Whether some customer holds a value of the field (only then does its search flag change a search text). */
async function hatWerte(tx: Tx, felddefinitionId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: kundeFeld.kundeId })
    .from(kundeFeld)
    .where(and(eq(kundeFeld.felddefinitionId, felddefinitionId), isNotNull(kundeFeld.value)))
    .limit(1);
  return row !== undefined;
}

/**
 * PUT and DELETE of the customer field definitions: the generic ones, plus the customers' search texts (kunde.suche
 * holds the values of searchable fields). When a definition with values changes its search flag, or a searchable
 * one with values is deleted (its values go with it), every search text of the tenant is rewritten in the same
 * transaction. A new definition has no values yet, so creating one changes no search text.
 */
function registerKundeFelderSchreiben(fastify: FastifyInstance, _db: Db, kundeFelder: KundeFelder) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.put(
    "/kundefelddefinitions",
    {
      config: { auth: stammdaten },
      schema: {
        tags: [tag],
        summary:
          "Customer field definition: create (without id) or update (with id); a changed search flag takes effect in the customer search at once",
        body: ZKundeFelddefinition,
        response: responses({ 200: ZKundeFelddefinition }, 400, 401, 403, 404),
      },
    },
    async (request) => {
      const saved = await request.mandant!.run(async (tx) => {
        const id = request.body.id;
        const before = id === undefined ? undefined : await kundeFelder.find(tx, id);
        const after = await kundeFelder.save(tx, request.body);
        if (after && before && before.search !== after.search && (await hatWerte(tx, after.id!)))
          await refreshSuche(tx);
        return after;
      });
      if (!saved) throw notFound();
      return saved;
    },
  );

  app.delete(
    "/kundefelddefinitions/:id",
    {
      config: { auth: stammdaten },
      schema: {
        tags: [tag],
        summary:
          "Customer field definition: delete, with the customers' values of it (they leave the customer search)",
        params: ZIdParams,
        response: responses({ 204: z.null() }, 400, 401, 403, 404, 409),
      },
    },
    async (request, reply) => {
      const deleted = await request.mandant!.run(async (tx) => {
        const { id } = request.params;
        const before = await kundeFelder.find(tx, id);
        if (!before) return false;
        const suchtextBetroffen = before.search && (await hatWerte(tx, id));
        if (!(await kundeFelder.remove(tx, id))) return false;
        if (suchtextBetroffen) await refreshSuche(tx);
        return true;
      });
      if (!deleted) throw notFound();
      return reply.code(204).send(null);
    },
  );
}
