import { ZPageQuery } from "@kontor/domain/http/paging.schema";
import {
  type TUntergruppeEintrag,
  type TWarengruppe,
  ZUntergruppe,
  ZWarengruppe,
} from "@kontor/domain/warengruppe/warengruppe.schema";
import { asc, eq, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { PageRequest } from "../../db/paging.ts";
import { untergruppe, warengruppe } from "../../db/schema/index.ts";
import { anyColumnContains } from "../../db/search.ts";
import type { Deps } from "../../deps.ts";
import { ProblemError, responses } from "../../http/problem.ts";
import { sendTotal } from "../../http/total.ts";
import { type CrudResource, crudRepository, onlyOneDefault, registerCrud } from "../crud/crud.ts";

/** `search` of both lists: the code or the name contains the text, case-insensitive (LIKE wildcards literal). */
const codeOrName = (code: PgColumn, name: PgColumn) => (text: string) => anyColumnContains(text, code, name);

// The subqueries name the outer table in plain SQL: Drizzle writes single-table columns unqualified, and an
// unqualified "id" inside the subquery would bind to the inner table.

/** A group's subgroups by code, in the same statement as the group (also in INSERT/UPDATE ... RETURNING). */
const groups = sql<TUntergruppeEintrag[]>`coalesce((
  select jsonb_agg(jsonb_build_object('id', u.id, 'unterGruppe', u.unter_gruppe, 'bezeichnung', u.bezeichnung)
    order by u.unter_gruppe, u.id)
  from untergruppe u where u.mandant_id = "warengruppe"."mandant_id" and u.warengruppe_id = "warengruppe"."id"
), '[]'::jsonb)`;

/** The group of a subgroup: id, code and name. */
const groupOfSubgroup = sql`(
  select jsonb_build_object('id', w.id, 'warenGruppe', w.waren_gruppe, 'bezeichnung', w.bezeichnung)
  from warengruppe w where w.mandant_id = "untergruppe"."mandant_id" and w.id = "untergruppe"."warengruppe_id"
)`;

const warengruppeColumns = {
  id: warengruppe.id,
  warenGruppe: warengruppe.warenGruppe,
  bezeichnung: warengruppe.bezeichnung,
  defaultWarengruppe: warengruppe.defaultWarengruppe,
  geloescht: warengruppe.geloescht,
  groups,
};

const UNTERGRUPPE_SORT = ["unterGruppe", "bezeichnung", "id"] as const;
type UntergruppeSort = (typeof UNTERGRUPPE_SORT)[number];

/** A subgroup must belong to a goods group of the tenant (row-level security hides every other one). */
const invalidGroup = () =>
  new ProblemError(400, "error.validation", undefined, [{ field: "warengruppe", code: "invalid" }]);

const untergruppeResource: CrudResource<typeof ZUntergruppe, UntergruppeSort> = {
  path: "untergruppes",
  tag: "untergruppe",
  noun: "Subgroup",
  table: untergruppe,
  schema: ZUntergruppe,
  columns: {
    id: untergruppe.id,
    unterGruppe: untergruppe.unterGruppe,
    bezeichnung: untergruppe.bezeichnung,
    warengruppe: groupOfSubgroup,
  },
  sortFields: UNTERGRUPPE_SORT,
  defaultSort: { field: "unterGruppe", direction: "asc" },
  access: { read: "stammdaten" },
  search: codeOrName(untergruppe.unterGruppe, untergruppe.bezeichnung),
  toRow: (entity) => ({
    unterGruppe: entity.unterGruppe,
    bezeichnung: entity.bezeichnung,
    warengruppeId: entity.warengruppe.id,
  }),
  async beforeSave(tx, entity) {
    if (entity.id !== undefined) {
      const [own] = await tx
        .select({ id: untergruppe.id })
        .from(untergruppe)
        .where(eq(untergruppe.id, entity.id));
      if (!own) return; // no subgroup of the tenant: the update finds nothing and answers 404
    }
    const [group] = await tx
      .select({ id: warengruppe.id })
      .from(warengruppe)
      .where(eq(warengruppe.id, entity.warengruppe.id));
    if (!group) throw invalidGroup();
  },
  unique: { untergruppe_code_uq: "unterGruppe" },
  // The list has its own route below: it also filters by goods group.
  methods: { list: false },
};

/**
 * Goods groups (warengruppes) with their subgroups (untergruppes): the generic pattern for both, the subgroups of
 * one group (GET untergruppes?warengruppeId=), and the groups not deleted for selections (GET warengruppesall).
 */
export const warengruppeRoutes: FastifyPluginAsyncZod<Deps> = async (app) => {
  registerCrud(app, {
    path: "warengruppes",
    tag: "warengruppe",
    noun: "Goods group",
    table: warengruppe,
    schema: ZWarengruppe,
    columns: warengruppeColumns,
    sortFields: ["warenGruppe", "bezeichnung", "defaultWarengruppe", "geloescht", "id"],
    defaultSort: { field: "warenGruppe", direction: "asc" },
    access: { read: "stammdaten" },
    search: codeOrName(warengruppe.warenGruppe, warengruppe.bezeichnung),
    toRow: ({ id: _, groups: __, ...row }: TWarengruppe) => row,
    beforeSave: onlyOneDefault(warengruppe, warengruppe.defaultWarengruppe, "defaultWarengruppe"),
    unique: { warengruppe_code_uq: "warenGruppe" },
  });

  app.get(
    "/warengruppesall",
    {
      config: { auth: { level: "tenant", access: "member" } },
      schema: {
        tags: ["warengruppe"],
        summary: "All goods groups not deleted, each with its subgroups (for selections), by code",
        response: responses({ 200: z.array(ZWarengruppe) }, 401, 403),
      },
    },
    async (request) =>
      request.mandant!.run((tx) =>
        tx
          .select(warengruppeColumns)
          .from(warengruppe)
          .where(eq(warengruppe.geloescht, false))
          .orderBy(asc(warengruppe.warenGruppe), asc(warengruppe.id)),
      ),
  );

  registerCrud(app, untergruppeResource);

  app.get(
    "/untergruppes",
    {
      config: { auth: { level: "tenant", access: "stammdaten" } },
      schema: {
        tags: ["untergruppe"],
        summary:
          "Subgroup: list, paged (default sort: unterGruppe asc); search= filters by code or name, " +
          "warengruppeId= to the subgroups of one goods group",
        querystring: ZPageQuery(UNTERGRUPPE_SORT).extend({
          search: z.string().trim().max(200).optional(),
          warengruppeId: z.coerce.number().int().positive().optional(),
        }),
        response: responses({ 200: z.array(ZUntergruppe) }, 400, 401, 403),
      },
    },
    async (request, reply) => {
      const { warengruppeId, search, ...page } = request.query;
      const repository = crudRepository(
        warengruppeId === undefined
          ? untergruppeResource
          : { ...untergruppeResource, scope: eq(untergruppe.warengruppeId, warengruppeId) },
      );
      const result = await request.mandant!.run((tx) =>
        repository.list(tx, page as PageRequest<UntergruppeSort>, search || undefined),
      );
      sendTotal(reply, result);
      return result.items;
    },
  );
};
