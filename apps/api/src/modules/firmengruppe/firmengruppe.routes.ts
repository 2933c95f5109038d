import {
  FIRMENGRUPPE_SEARCH_LIMIT,
  type TFirmengruppe,
  ZFirmengruppe,
} from "@kontor/domain/firmengruppe/firmengruppe.schema";
import { ZIdParams } from "@kontor/domain/http/params.schema";
import { asc, eq, type SQL } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { mapInUse, pgError } from "../../db/errors.ts";
import { firmengruppe } from "../../db/schema/index.ts";
import { everyWordIn } from "../../db/search.ts";
import type { Deps } from "../../deps.ts";
import { notFound, ProblemError, responses } from "../../http/problem.ts";
import { registerCrud } from "../crud/crud.ts";
import { firmengruppeMitglieder, kundeVerweise } from "../kunde/kunde.verweis.ts";

const columns = {
  id: firmengruppe.id,
  bezeichnung: firmengruppe.bezeichnung,
  kunden: firmengruppeMitglieder(),
};

/** Every word of the search text occurs in the name, case-insensitively and in any order. */
const nameHasEveryWord = (text: string): SQL | undefined => everyWordIn(text, firmengruppe.bezeichnung);

/** The members come with the row (one subquery); each as id and display name. */
const present = (row: Record<string, unknown>): TFirmengruppe => ({
  ...(row as { id: number; bezeichnung: string }),
  kunden: kundeVerweise(row.kunden),
});

/** The members are set on the customer: a group's own save writes its name only. */
const toRow = (group: TFirmengruppe) => ({ bezeichnung: group.bezeichnung });

const groupInUse = () => new ProblemError(409, "error.firmengruppeInUse");

/**
 * Firm groups (firmengruppe): the generic pattern (paged, 20 by default, sorted by bezeichnung; `search=` filters
 * like the search path; `kunden` lists the members, read-only) and GET firmengruppesearch for the selection in the
 * customer form. A group with members cannot be deleted (409 error.firmengruppeInUse).
 */
export const firmengruppeRoutes: FastifyPluginAsyncZod<Deps> = async (app) => {
  registerCrud(app, {
    path: "firmengruppe",
    tag: "firmengruppe",
    noun: "Firm group",
    table: firmengruppe,
    schema: ZFirmengruppe,
    columns,
    sortFields: ["bezeichnung", "id"],
    defaultSort: { field: "bezeichnung", direction: "asc" },
    access: { read: "stammdaten" },
    search: nameHasEveryWord,
    present,
    toRow,
    methods: { remove: false },
  });

  // DELETE of the generic pattern, but a group that still has members says so (SPEC §8 custom text).
  app.delete(
    "/firmengruppe/:id",
    {
      config: { auth: { level: "tenant", access: "stammdaten" } },
      schema: {
        tags: ["firmengruppe"],
        summary: "Firm group: delete (409 error.firmengruppeInUse while customers belong to it)",
        params: ZIdParams,
        response: responses({ 204: z.null() }, 400, 401, 403, 404, 409),
      },
    },
    async (request, reply) => {
      const deleted = await request.mandant!.run(async (tx) => {
        try {
          const rows = await tx
            .delete(firmengruppe)
            .where(eq(firmengruppe.id, request.params.id))
            .returning({ id: firmengruppe.id });
          return rows.length > 0;
        } catch (error) {
          if (pgError(error)?.constraint === "kunde_firmengruppe_firmengruppe_fk") throw groupInUse();
          mapInUse(error);
        }
      });
      if (!deleted) throw notFound();
      return reply.code(204).send(null);
    },
  );

  app.get(
    "/firmengruppesearch",
    {
      config: { auth: { level: "tenant", access: "member" } },
      schema: {
        tags: ["firmengruppe"],
        summary: `Firm groups whose name contains every word of the search, in any order (at most ${FIRMENGRUPPE_SEARCH_LIMIT}, by name)`,
        querystring: z.object({ search: z.string().trim().max(200).default("") }),
        response: responses({ 200: z.array(ZFirmengruppe) }, 400, 401, 403),
      },
    },
    async (request) => {
      const rows = await request.mandant!.run((tx) =>
        tx
          .select(columns)
          .from(firmengruppe)
          .where(nameHasEveryWord(request.query.search))
          .orderBy(asc(firmengruppe.bezeichnung), asc(firmengruppe.id))
          .limit(FIRMENGRUPPE_SEARCH_LIMIT),
      );
      return rows.map(present);
    },
  );
};
