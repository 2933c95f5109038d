import { z } from "zod";
import { ZPageQuery } from "../http/paging.schema.ts";
import { ZQueryFlag } from "../http/params.schema.ts";

/**
 * The HTTP contract of the article routes (SPEC §7 "Articles") beyond the entity (ZArtikel): list, searches,
 * catalogue, bulk update, numbers, images.
 */

/**
 * Fields GET artikel can sort by; default artikelBezeichnung (SPEC §9). The list sorts by every column it shows
 * (issue 21): `gruppe` is goods group, then subgroup; `preis` the base price valid today. lastModifiedDate: the
 * last change (home page: recently changed articles).
 */
export const ARTIKEL_SORT_FIELDS = [
  "artikelBezeichnung",
  "artikelNummer",
  "lagerstand",
  "gruppe",
  "preis",
  "mwst",
  "verleihbar",
  "id",
  "lastModifiedDate",
] as const;
export type TArtikelSortField = (typeof ARTIKEL_SORT_FIELDS)[number];

const suchtext = z.string().trim().max(200).optional();
const id = z.coerce.number().int().positive().optional();

/** GET artikel: page, size, sort, `search` (name or number, every word), `geloescht` (true: include deleted). */
export const ZArtikelListQuery = ZPageQuery(ARTIKEL_SORT_FIELDS).extend({
  search: suchtext,
  verleihbar: ZQueryFlag,
  geloescht: ZQueryFlag,
});
export type TArtikelListQuery = z.infer<typeof ZArtikelListQuery>;

/**
 * GET artikelsearch (SPEC §2 quick search): name or number — part of a word, any word order, case-insensitive,
 * umlaut-tolerant; `verleihbar` true = lendable only; `geloescht` true = deleted ones too. Answers an array of
 * ZArtikelZeile, at most ARTIKEL_SEARCH_LIMIT, exact number matches first.
 */
export const ZArtikelSearchQuery = z.object({
  search: suchtext,
  verleihbar: ZQueryFlag,
  geloescht: ZQueryFlag,
});
export const ARTIKEL_SEARCH_LIMIT = 20;

/**
 * GET artikelkatalogsearch (SPEC §3 catalogue filters, §7 page, size, init): `init` true answers the first page
 * without filters. selectedWG / selectedUG: goods group / subgroup id; selectedUGS: several subgroup ids
 * (comma-separated); selectedLieferant: a supplier's id; selectedVerleihbar; selectedIncludeDeactivated.
 */
export const ZArtikelKatalogQuery = ZPageQuery(ARTIKEL_SORT_FIELDS).extend({
  init: ZQueryFlag,
  searchTerm: suchtext,
  selectedUntergruppe: id,
  selectedWG: id,
  selectedUG: id,
  selectedUGS: z
    .string()
    .regex(/^\d+(,\d+)*$/)
    .optional()
    .transform((v) => (v === undefined ? undefined : v.split(",").map(Number))),
  selectedLieferant: id,
  selectedVerleihbar: ZQueryFlag,
  selectedIncludeDeactivated: ZQueryFlag,
});
export type TArtikelKatalogQuery = z.infer<typeof ZArtikelKatalogQuery>;

/** One article in lists, searches and the catalogue. `preis`: the base price valid today (null: none). */
export const ZArtikelZeile = z.object({
  id: z.number().int(),
  artikelNummer: z.string(),
  artikelBezeichnung: z.string(),
  artikelBeschreibung: z.string().nullable(),
  preis: z.number().nullable().describe("Base sales price valid today (no price tier)"),
  einkaufsPreis: z.number().nullable(),
  mwst: z.number().describe("VAT rate in percent"),
  untergruppe: z.string().nullable(),
  warengruppe: z.string().nullable(),
  hersteller: z.string().nullable(),
  lagerstand: z.number(),
  verleihbar: z.boolean(),
  geloescht: z.boolean(),
  locked: z.boolean(),
  bildAssetId: z.number().int().nullable().describe("The first image, for thumbnails"),
});
export type TArtikelZeile = z.infer<typeof ZArtikelZeile>;

/** GET artikelsearch/{untergruppeId} (SPEC §7: answers artikelList). */
export const ZArtikelListe = z.object({ artikelList: z.array(ZArtikelZeile) });

/**
 * PUT artikellist: the same change for many articles (list screen): deleted flag, lock, lendable, discountable,
 * VAT rate, subgroup, webshop. All or nothing; a locked article only takes `locked: false` (unlock) first.
 */
export const ZArtikelBulkEintrag = z
  .object({
    id: z.number().int().positive(),
    geloescht: z.boolean().optional(),
    locked: z.boolean().optional(),
    verleihbar: z.boolean().optional(),
    rabattierFaehig: z.boolean().optional(),
    webshopArtikel: z.boolean().optional(),
    mehrwertssteuer: z.object({ id: z.number().int().positive() }).optional(),
    untergruppe: z.object({ id: z.number().int().positive() }).nullable().optional(),
  })
  .strict();
export const ZArtikelBulk = z.array(ZArtikelBulkEintrag).min(1).max(500);
export type TArtikelBulk = z.infer<typeof ZArtikelBulk>;

/** GET nextartikelnumber. */
export const ZNaechsteArtikelnummer = z.object({ artikelNummer: z.string() });
/** PUT artikel/checkartikelnr: is the number free in the tenant (the article's own number counts as free)? */
export const ZArtikelnummerPruefen = z.object({
  artikelNummer: z.string().trim().min(1).max(50),
  id: z.number().int().positive().optional().describe("The article being edited"),
});
export const ZArtikelnummerFrei = z.object({ frei: z.boolean() });

/** POST artikelimage: one image (JPEG, PNG or WebP by content), base64 in JSON; at most 10 MB. */
export const ZArtikelBildUpload = z.object({
  dateiname: z.string().trim().min(1).max(200),
  inhalt: z.base64().min(1),
});
export const ARTIKEL_BILD_MAX_BYTES = 10 * 1024 * 1024;
/** The most pixels (width × height) an article image may have: 50 million; a larger one is refused undecoded. */
export const ARTIKEL_BILD_MAX_PIXEL = 50_000_000;
/** Thumbnail box of SPEC §9 (GET artikelimage/{assetId}/thumbnail/1024/800). */
export const THUMBNAIL = { breite: 1024, hoehe: 800 } as const;
