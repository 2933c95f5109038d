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
import { withTenant } from "../../db/tenant.ts";
import type { Deps } from "../../deps.ts";
import { responses } from "../../http/problem.ts";
import { notFound } from "../crud/crud.ts";
import { nummerVergeben, previewNummer } from "../stammnummer/stammnummer.ts";
import {
  artikelZeilen,
  bulkUpdate,
  deleteArtikel,
  findArtikel,
  katalogSuche,
  listArtikel,
  saveArtikel,
  untergruppeExists,
} from "./artikel.repository.ts";

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
export const artikelRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db }) => {
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
      const page = await withTenant(db, request.mandant!.id, (tx) => listArtikel(tx, request.query));
      reply.header("x-total-count", page.totalCount);
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
    async (request) => withTenant(db, request.mandant!.id, (tx) => artikelZeilen(tx, { webshop: true })),
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
    async (request) => {
      const found = await withTenant(db, request.mandant!.id, (tx) => findArtikel(tx, request.params.id));
      if (!found) throw notFound();
      return found;
    },
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
    async (request) => {
      const mandantId = request.mandant!.id;
      const saved = await withTenant(db, mandantId, async (tx) => {
        const id = await saveArtikel(tx, mandantId, request.body);
        return id === undefined ? undefined : findArtikel(tx, id);
      });
      if (!saved) throw notFound();
      return saved;
    },
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
      const deleted = await withTenant(db, request.mandant!.id, (tx) => deleteArtikel(tx, request.params.id));
      if (!deleted) throw notFound();
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
    async (request) => {
      const rows = await withTenant(db, request.mandant!.id, (tx) => bulkUpdate(tx, request.body));
      if (!rows) throw notFound();
      return rows;
    },
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
      return withTenant(db, request.mandant!.id, (tx) =>
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
      const artikelList = await withTenant(db, request.mandant!.id, async (tx) =>
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
      const page = await withTenant(db, request.mandant!.id, (tx) => katalogSuche(tx, request.query));
      reply.header("x-total-count", page.totalCount);
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
    async (request) => {
      const mandantId = request.mandant!.id;
      return {
        artikelNummer: await withTenant(db, mandantId, (tx) => previewNummer(tx, "artikel", mandantId)),
      };
    },
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
      const vergeben = await withTenant(db, request.mandant!.id, (tx) =>
        nummerVergeben(tx, "artikel", artikelNummer, id),
      );
      return { frei: !vergeben };
    },
  );
};
