import { belegsTypsString, normalizeBelegsTyps } from "@kontor/domain/nummernkreis/nummernkreis.rules";
import {
  type TBelegnummerkreis,
  type TRechnungskreis,
  ZBelegnummerkreis,
  ZRechnungskreis,
} from "@kontor/domain/nummernkreis/nummernkreis.schema";
import { BELEGS_TYPEN } from "@kontor/domain/typen/typen";
import type { FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db, Tx } from "../../db/client.ts";
import { belegnummerkreis, rechnungskreis } from "../../db/schema/index.ts";
import type { Deps } from "../../deps.ts";
import { notFound, ProblemError, responses } from "../../http/problem.ts";
import { rememberSentFields, sentFields } from "../../http/sentFields.ts";
import { registerCrud } from "../crud/crud.ts";
import {
  beforeSaveBelegnummerkreis,
  beforeSaveRechnungskreis,
  manualLastJahr,
  previewToday,
} from "./nummernkreis.service.ts";

const admin = { level: "tenant", access: "adminOnly" } as const;

const COUNTER_RULE =
  "The counter (lastNummer, lastRechnungsnummer) may not lie below a number already given: when the next number " +
  "this year would be one a document of the tenant already has, 400 error.validation with field code belowIssued " +
  "at the counter (`min`: the lowest counter allowed; the detail names that number).";

const belegColumns = {
  id: belegnummerkreis.id,
  belegsTyps: belegnummerkreis.belegsTyps,
  nummernkreisPattern: belegnummerkreis.nummernkreisPattern,
  lastNummer: belegnummerkreis.lastNummer,
  lastJahr: belegnummerkreis.lastJahr,
  nummerProJahr: belegnummerkreis.nummerProJahr,
};
type BelegRow = TBelegnummerkreis & { lastJahr: number | null };

const rechnungColumns = {
  id: rechnungskreis.id,
  rechnungskreisName: rechnungskreis.rechnungskreisName,
  rechnungsnummernPattern: rechnungskreis.rechnungsnummernPattern,
  firstRechnungsnummer: rechnungskreis.firstRechnungsnummer,
  lastRechnungsnummer: rechnungskreis.lastRechnungsnummer,
  lastJahr: rechnungskreis.lastJahr,
  nummerProJahr: rechnungskreis.nummerProJahr,
  rksv: rechnungskreis.rksv,
  barRechnungOhneRksv: rechnungskreis.barRechnungOhneRksv,
};
type RechnungRow = TRechnungskreis & { lastJahr: number | null };

/**
 * Number circles (belegnummerkreis) and invoice circles (rechnungskreise), admin only: the generic GET and DELETE,
 * create by POST and update by PUT (SPEC §7). Each answer shows the next number as it would be printed today.
 */
export const nummernkreisRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db }) => {
  const belege = registerCrud(app, {
    path: "belegnummerkreis",
    tag: "nummernkreis",
    noun: "Number circle",
    table: belegnummerkreis,
    schema: ZBelegnummerkreis,
    columns: belegColumns,
    sortFields: ["id", "nummernkreisPattern", "lastNummer", "nummerProJahr"],
    defaultSort: { field: "id", direction: "asc" },
    access: { read: "adminOnly" },
    methods: { put: false },
    beforeSave: beforeSaveBelegnummerkreis,
    toRow: (circle) => ({
      belegsTyps: normalizeBelegsTyps(circle.belegsTyps),
      nummernkreisPattern: circle.nummernkreisPattern,
      lastNummer: circle.lastNummer,
      nummerProJahr: circle.nummerProJahr,
      ...(circle.id === undefined ? { lastJahr: manualLastJahr(circle.lastNummer) } : {}),
    }),
    present: (row) => {
      const circle = row as BelegRow;
      return {
        ...circle,
        belegsTypsString: belegsTypsString(circle.belegsTyps),
        nextNummer: previewToday(circle.nummernkreisPattern, {
          last: circle.lastNummer,
          lastJahr: circle.lastJahr,
          first: 1,
          nummerProJahr: circle.nummerProJahr,
        }),
      };
    },
  });
  registerCreateUpdate(app, db, {
    path: "belegnummerkreis",
    noun: "number circle",
    schema: ZBelegnummerkreis,
    save: belege.save,
  });

  app.get(
    "/belegnummerkreisall",
    {
      config: { auth: admin },
      schema: {
        tags: ["nummernkreis"],
        summary: "All number circles of the tenant, unpaged (by id)",
        response: responses({ 200: z.array(ZBelegnummerkreis) }, 401, 403),
      },
    },
    async (request) =>
      request.mandant!.run(async (tx) => {
        // Each circle has a type of its own, so a tenant has at most one circle per document type.
        const all = await belege.list(tx, { page: 0, size: BELEGS_TYPEN.length, sort: [] });
        return all.items;
      }),
  );

  const rechnungen = registerCrud(app, {
    path: "rechnungskreise",
    tag: "nummernkreis",
    noun: "Invoice circle",
    table: rechnungskreis,
    schema: ZRechnungskreis,
    columns: rechnungColumns,
    sortFields: ["rechnungskreisName", "id", "rechnungsnummernPattern", "lastRechnungsnummer", "rksv"],
    defaultSort: { field: "rechnungskreisName", direction: "asc" },
    access: { read: "adminOnly" },
    methods: { put: false },
    beforeSave: beforeSaveRechnungskreis,
    toRow: ({ id, nextRechnungsnummer: _, ...circle }) => ({
      ...circle,
      ...(id === undefined ? { lastJahr: manualLastJahr(circle.lastRechnungsnummer) } : {}),
    }),
    present: (row) => {
      const circle = row as RechnungRow;
      return {
        ...circle,
        nextRechnungsnummer: previewToday(circle.rechnungsnummernPattern, {
          last: circle.lastRechnungsnummer,
          lastJahr: circle.lastJahr,
          first: circle.firstRechnungsnummer,
          nummerProJahr: circle.nummerProJahr,
        }),
      };
    },
  });
  registerCreateUpdate(app, db, {
    path: "rechnungskreise",
    noun: "invoice circle",
    schema: ZRechnungskreis,
    save: rechnungen.save,
  });
};

/**
 * POST {path} creates (a body with an id is 400 error.idExists: "A new entity cannot already have an ID"), PUT
 * {path} updates (id required; 404 for an id of no circle of the tenant; a field left out keeps its stored value).
 * Both save through the crud repository.
 */
function registerCreateUpdate<T extends { id?: number | undefined }>(
  app: FastifyInstance,
  _db: Db,
  options: {
    path: string;
    noun: string;
    schema: z.ZodObject & z.ZodType<T>;
    save: (tx: Tx, entity: T, sent?: ReadonlySet<string>) => Promise<T | undefined>;
  },
) {
  const { path, noun, schema, save } = options;

  app.post(
    `/${path}`,
    {
      config: { auth: admin },
      schema: {
        tags: ["nummernkreis"],
        summary: `Create a ${noun} (without id)`,
        description: COUNTER_RULE,
        body: schema,
        response: responses({ 201: schema }, 400, 401, 403),
      },
    },
    async (request, reply) => {
      const entity = request.body as T;
      if (entity.id !== undefined) throw new ProblemError(400, "error.idExists");
      const created = await request.mandant!.run((tx) => save(tx, entity));
      return reply.code(201).send(created);
    },
  );

  app.put(
    `/${path}`,
    {
      config: { auth: admin },
      preValidation: rememberSentFields,
      schema: {
        tags: ["nummernkreis"],
        summary: `Update a ${noun} (by id; setting the counter by hand is allowed, the next number follows it)`,
        description: `${COUNTER_RULE} A field the body leaves out keeps its stored value (the counter too).`,
        body: schema.extend({ id: z.number().int().positive() }),
        response: responses({ 200: schema }, 400, 401, 403, 404),
      },
    },
    async (request) => {
      const saved = await request.mandant!.run((tx) => save(tx, request.body as T, sentFields(request)));
      if (!saved) throw notFound();
      return saved;
    },
  );
}
