import { ZIdParams, ZQueryFlag } from "@kontor/domain/http/params.schema";
import {
  KUNDE_SEARCH_LIMIT,
  ZKundeBulk,
  ZKundeListQuery,
  ZKundeSearchQuery,
  ZKundeSuchergebnis,
  ZKundeZeile,
  ZNaechsteKundennummer,
} from "@kontor/domain/kunde/kunde.api";
import { ZKunde, ZKundeSpeichern } from "@kontor/domain/kunde/kunde.schema";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Deps } from "../../deps.ts";
import { notFound, responses } from "../../http/problem.ts";
import { sendTotal } from "../../http/total.ts";
import { previewNummer } from "../nummernkreis/stammnummer.service.ts";
import {
  findKunde,
  firmengruppeExists,
  kundeIdByNummer,
  kundeZeilen,
  listKunden,
} from "./kunde.repository.ts";
import { kundeService } from "./kunde.service.ts";

const auth = { level: "tenant", access: "kunde" } as const;
const tags = ["Kunden"];

/**
 * Customers and suppliers (SPEC §7 "Customers and searches"): the customer with all its parts (GET/PUT/DELETE
 * kundes), the paged list, every active one, the dropdown searches, the bulk change, customer numbers and the
 * members of a firm group. Addresses and PDFs have their own route files beside this one.
 */
export const kundeRoutes: FastifyPluginAsyncZod<Deps> = async (app) => {
  app.get(
    "/kundes",
    {
      config: { auth },
      schema: {
        tags,
        summary:
          "Customers and suppliers: list, paged (default sort: sortname asc); search= (every word, any order, accents and case ignored), lieferant=, includeDeactivated= (default false)",
        querystring: ZKundeListQuery,
        response: responses({ 200: z.array(ZKundeZeile) }, 400, 401, 403),
      },
    },
    async (request, reply) => {
      const page = await request.mandant!.run((tx) => listKunden(tx, request.query));
      sendTotal(reply, page);
      return page.items;
    },
  );

  app.get(
    "/kundes/:id",
    {
      config: { auth },
      schema: {
        tags,
        summary:
          "Customer or supplier: one, with addresses, contacts, vehicles, custom fields, CRM notes and PDF metadata",
        params: ZIdParams,
        response: responses({ 200: ZKunde }, 400, 401, 403, 404),
      },
    },
    async (request) => kundeService.get(request.mandant!, request.params.id),
  );

  app.put(
    "/kundes",
    {
      config: { auth },
      schema: {
        tags,
        summary:
          "Customer or supplier: create (without id) or update (with id) with all its parts; an empty kundenNummer is drawn from the tenant's pattern; answers the stored customer",
        body: ZKundeSpeichern,
        response: responses({ 200: ZKunde }, 400, 401, 403, 404, 409),
      },
    },
    async (request) => kundeService.save(request.mandant!, request.body),
  );

  app.delete(
    "/kundes/:id",
    {
      config: { auth },
      schema: {
        tags,
        summary:
          "Customer or supplier: delete with all its parts (409 error.kundeInUse while other records such as documents use it)",
        params: ZIdParams,
        response: responses({ 204: z.null() }, 400, 401, 403, 404, 409),
      },
    },
    async (request, reply) => {
      await kundeService.remove(request.mandant!, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    "/allkundes",
    {
      config: { auth },
      schema: {
        tags,
        summary: "Every active customer and supplier (lieferant= narrows), by sortname, not paged",
        querystring: z.object({ lieferant: ZQueryFlag }),
        response: responses({ 200: z.array(ZKundeZeile) }, 400, 401, 403),
      },
    },
    async (request) => request.mandant!.run((tx) => kundeZeilen(tx, { lieferant: request.query.lieferant })),
  );

  app.put(
    "/kundeslist",
    {
      config: { auth },
      schema: {
        tags,
        summary:
          "Customers: the same change for many at once (active, supplier, price tier, terms, discount), all or nothing; answers the changed rows",
        body: ZKundeBulk,
        response: responses({ 200: z.array(ZKundeZeile) }, 400, 401, 403, 404),
      },
    },
    async (request) => kundeService.bulk(request.mandant!, request.body),
  );

  for (const [path, lieferant, noun] of [
    ["kundessearch", false, "Customers"],
    ["lieferantsearch", true, "Suppliers"],
  ] as const)
    app.get(
      `/${path}`,
      {
        config: { auth },
        schema: {
          tags,
          summary: `${noun} whose number, names, addresses, e-mail, VAT id or searchable custom fields contain every word of the search (any order, accents and case ignored); at most ${KUNDE_SEARCH_LIMIT}, by sortname, active only unless includeDeactivated=true`,
          querystring: ZKundeSearchQuery,
          response: responses({ 200: ZKundeSuchergebnis }, 400, 401, 403),
        },
      },
      async (request) => {
        const { search, includeDeactivated } = request.query;
        if (!search) return { kundeList: [] };
        const kundeList = await request.mandant!.run((tx) =>
          kundeZeilen(tx, { search, lieferant, includeDeactivated }, KUNDE_SEARCH_LIMIT),
        );
        return { kundeList };
      },
    );

  app.get(
    "/nextkundennumber",
    {
      config: { auth },
      schema: {
        tags,
        summary: "The number the next new customer gets (a preview: nothing is consumed)",
        response: responses({ 200: ZNaechsteKundennummer }, 401, 403),
      },
    },
    async (request) => ({ kundenNummer: await request.mandant!.run((tx) => previewNummer(tx, "kunde")) }),
  );

  app.get(
    "/kundesknr/:knr",
    {
      config: { auth },
      schema: {
        tags,
        summary: "Customer or supplier by its customer number (404 when none has it)",
        params: z.object({ knr: z.string().trim().min(1).max(50) }),
        response: responses({ 200: ZKunde }, 400, 401, 403, 404),
      },
    },
    async (request) => {
      const mandant = request.mandant!;
      const found = await mandant.run(async (tx) => {
        const id = await kundeIdByNummer(tx, request.params.knr);
        return id === undefined ? undefined : findKunde(tx, id, mandant.modules);
      });
      if (!found) throw notFound();
      return found;
    },
  );

  app.get(
    "/kundesfg/:firmengruppeId",
    {
      config: { auth },
      schema: {
        tags,
        summary:
          "The customers of a firm group, by sortname (active only unless includeDeactivated=true; 404 for an unknown group)",
        params: z.object({ firmengruppeId: z.coerce.number().int().positive() }),
        querystring: z.object({ includeDeactivated: ZQueryFlag }),
        response: responses({ 200: z.array(ZKundeZeile) }, 400, 401, 403, 404),
      },
    },
    async (request) => {
      const { firmengruppeId } = request.params;
      const rows = await request.mandant!.run(async (tx) =>
        (await firmengruppeExists(tx, firmengruppeId))
          ? kundeZeilen(tx, { firmengruppeId, includeDeactivated: request.query.includeDeactivated })
          : undefined,
      );
      if (!rows) throw notFound();
      return rows;
    },
  );
};
