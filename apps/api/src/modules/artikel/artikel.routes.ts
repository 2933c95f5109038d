import {
  ARTIKEL_SEARCH_LIMIT,
  ZArtikelBulk,
  ZArtikelKatalogQuery,
  ZArtikelListe,
  ZArtikelListQuery,
  ZArtikelnummerFrei,
  ZArtikelnummerPruefen,
  ZArtikelSearchQuery,
  ZArtikelZeile,
  ZNaechsteArtikelnummer,
} from "@kontor/domain/artikel/artikel.api";
import { mitSpeicherRegeln } from "@kontor/domain/artikel/artikel.rules";
import { ARTIKEL_BILDER_MAX, ZArtikel } from "@kontor/domain/artikel/artikel.schema";
import { ZIdParams } from "@kontor/domain/http/params.schema";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Deps } from "../../deps.ts";
import { notFound, responses } from "../../http/problem.ts";
import { sendTotal } from "../../http/total.ts";
import { nummerVergeben, previewNummer } from "../nummernkreis/stammnummer.service.ts";
import { artikelZeilen, katalogSuche, listArtikel, untergruppeExists } from "./artikel.repository.ts";
import { artikelService } from "./artikel.service.ts";

const lesen = { level: "tenant", access: "artikel" } as const;
const schreiben = { level: "tenant", access: "artikelWrite" } as const;
const tags = ["Artikel"];

/**
 * What PUT artikel takes: the article, its images as links to assets of the tenant in order (at most 5; a
 * duplicate links the same assets, stored once). Without artikelImages the stored links stay as they are; the
 * read-only metadata GET answers (dateiname, …) may be sent along and is ignored. The save rules (artikel.rules.ts,
 * the form's) answer 400 with every missing field's path.
 */
const ZArtikelSpeichern = mitSpeicherRegeln(
  ZArtikel.extend({
    artikelImages: z
      .array(z.object({ assetId: z.number().int().positive() }))
      .max(ARTIKEL_BILDER_MAX)
      .optional()
      .describe("Image links (existing assets of the tenant) in order; absent: unchanged"),
  }),
);

/**
 * Articles (SPEC §7 "Articles"): the article with its prices, suppliers, custom fields and image links (GET/PUT/
 * DELETE artikel), the paged list, the quick search, the subgroup list, the catalogue search, the bulk change, the
 * webshop articles and article numbers. Reading needs the area "artikel", writing "artikelWrite".
 */
export const artikelRoutes: FastifyPluginAsyncZod<Deps> = async (app) => {
  app.get(
    "/artikel",
    {
      config: { auth: lesen },
      schema: {
        tags,
        summary:
          "Articles: list, paged (default sort: artikelBezeichnung asc); search= (number or name, every word, any order, accents and case ignored), verleihbar=, geloescht= (true: deleted ones too)",
        querystring: ZArtikelListQuery,
        response: responses({ 200: z.array(ZArtikelZeile) }, 400, 401, 403),
      },
    },
    async (request, reply) => {
      const page = await request.mandant!.run((tx) => listArtikel(tx, request.query));
      sendTotal(reply, page);
      return page.items;
    },
  );

  app.get(
    "/artikel/webshop",
    {
      config: { auth: lesen },
      schema: {
        tags,
        summary: "The articles offered in the webshop (webshopArtikel), not deleted, by name",
        response: responses({ 200: z.array(ZArtikelZeile) }, 401, 403),
      },
    },
    async (request) => request.mandant!.run((tx) => artikelZeilen(tx, { webshop: true })),
  );

  app.get(
    "/artikel/:id",
    {
      config: { auth: lesen },
      schema: {
        tags,
        summary:
          "Article: one, with prices (by vonDatum), suppliers, custom fields, images and PDF metadata, VAT rate and subgroup",
        params: ZIdParams,
        response: responses({ 200: ZArtikel }, 400, 401, 403, 404),
      },
    },
    async (request) => artikelService.get(request.mandant!, request.params.id),
  );

  app.put(
    "/artikel",
    {
      config: { auth: schreiben },
      schema: {
        tags,
        summary:
          "Article: create (without id) or update (with id) with prices, suppliers, custom fields and image links; an empty artikelNummer is drawn from the tenant's pattern; a locked article only takes locked: false (409 error.artikelLocked); answers the stored article",
        body: ZArtikelSpeichern,
        response: responses({ 200: ZArtikel }, 400, 401, 403, 404, 409),
      },
    },
    async (request) => artikelService.save(request.mandant!, request.body),
  );

  app.delete(
    "/artikel/:id",
    {
      config: { auth: schreiben },
      schema: {
        tags,
        summary:
          "Article: delete with its parts (409 error.inUse while other records use it — mark it deleted instead; 409 error.artikelLocked while locked)",
        params: ZIdParams,
        response: responses({ 204: z.null() }, 400, 401, 403, 404, 409),
      },
    },
    async (request, reply) => {
      await artikelService.remove(request.mandant!, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.put(
    "/artikellist",
    {
      config: { auth: schreiben },
      schema: {
        tags,
        summary:
          "Articles: the same change for many at once (deleted, locked, lendable, discountable, webshop, VAT rate, subgroup), all or nothing; a locked article only takes locked: false; answers the changed rows",
        body: ZArtikelBulk,
        response: responses({ 200: z.array(ZArtikelZeile) }, 400, 401, 403, 404, 409),
      },
    },
    async (request) => artikelService.bulk(request.mandant!, request.body),
  );

  app.get(
    "/artikelsearch",
    {
      config: { auth: lesen },
      schema: {
        tags,
        summary: `Article quick search: number or name contains every word (any order, accents and case ignored); an exact number first, then by name; at most ${ARTIKEL_SEARCH_LIMIT}; not deleted unless geloescht=true; verleihbar=true: lendable only`,
        querystring: ZArtikelSearchQuery,
        response: responses({ 200: z.array(ZArtikelZeile) }, 400, 401, 403),
      },
    },
    async (request) => {
      const { search, verleihbar, geloescht } = request.query;
      if (!search) return [];
      return request.mandant!.run((tx) =>
        artikelZeilen(tx, { search, verleihbar, geloescht }, ARTIKEL_SEARCH_LIMIT, search),
      );
    },
  );

  app.get(
    "/artikelsearch/:untergruppeId",
    {
      config: { auth: lesen },
      schema: {
        tags,
        summary: "The articles of a subgroup, by name, not deleted (404 for an unknown subgroup)",
        params: z.object({ untergruppeId: z.coerce.number().int().positive() }),
        response: responses({ 200: ZArtikelListe }, 400, 401, 403, 404),
      },
    },
    async (request) => {
      const { untergruppeId } = request.params;
      const artikelList = await request.mandant!.run(async (tx) =>
        (await untergruppeExists(tx, untergruppeId))
          ? artikelZeilen(tx, { untergruppeIds: [untergruppeId] })
          : undefined,
      );
      if (!artikelList) throw notFound();
      return { artikelList };
    },
  );

  app.get(
    "/artikelkatalogsearch",
    {
      config: { auth: lesen },
      schema: {
        tags,
        summary:
          "Article catalogue: paged with x-total-count; filters searchTerm, selectedUntergruppe / selectedUG / selectedUGS (subgroups), selectedWG (goods group), selectedLieferant (supplier), selectedVerleihbar, selectedIncludeDeactivated; init=true answers the first page without filters",
        querystring: ZArtikelKatalogQuery,
        response: responses({ 200: z.array(ZArtikelZeile) }, 400, 401, 403),
      },
    },
    async (request, reply) => {
      const page = await request.mandant!.run((tx) => katalogSuche(tx, request.query));
      sendTotal(reply, page);
      return page.items;
    },
  );

  app.get(
    "/nextartikelnumber",
    {
      config: { auth: lesen },
      schema: {
        tags,
        summary: "The number the next new article gets (a preview: nothing is consumed)",
        response: responses({ 200: ZNaechsteArtikelnummer }, 401, 403),
      },
    },
    async (request) => ({ artikelNummer: await request.mandant!.run((tx) => previewNummer(tx, "artikel")) }),
  );

  app.put(
    "/artikel/checkartikelnr",
    {
      config: { auth: lesen },
      schema: {
        tags,
        summary:
          "Is the article number free in the tenant? The article being edited (id) may keep its own number",
        body: ZArtikelnummerPruefen,
        response: responses({ 200: ZArtikelnummerFrei }, 400, 401, 403),
      },
    },
    async (request) => {
      const { artikelNummer, id } = request.body;
      const vergeben = await request.mandant!.run((tx) => nummerVergeben(tx, "artikel", artikelNummer, id));
      return { frei: !vergeben };
    },
  );
};
