import {
  FIRMENGRUPPE_SEARCH_LIMIT,
  type TFirmengruppe,
  ZFirmengruppe,
} from "@kontor/domain/firmengruppe/firmengruppe.schema";
import { asc, type SQL } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { firmengruppe } from "../../db/schema/index.ts";
import { everyWordIn } from "../../db/search.ts";
import { withTenant } from "../../db/tenant.ts";
import type { Deps } from "../../deps.ts";
import { responses } from "../../http/problem.ts";
import { registerCrud } from "../crud/crud.ts";

const columns = { id: firmengruppe.id, bezeichnung: firmengruppe.bezeichnung };

/** Every word of the search text occurs in the name, case-insensitively and in any order. */
const nameHasEveryWord = (text: string): SQL | undefined => everyWordIn(text, firmengruppe.bezeichnung);

/** Customers are not stored yet (issue 6): every group answers an empty member list until then. */
const present = (row: Record<string, unknown>): TFirmengruppe => ({
  ...(row as { id: number; bezeichnung: string }),
  kunden: [],
});

/**
 * Firm groups (firmengruppe): the generic pattern (paged, 20 by default, sorted by bezeichnung; `search=` filters
 * like the search path) and GET firmengruppesearch for the selection in the customer form.
 */
export const firmengruppeRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db }) => {
  registerCrud(app, db, {
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
  });

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
      const rows = await withTenant(db, request.mandant!.id, (tx) =>
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
