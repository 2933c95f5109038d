import { z } from "zod";
import { ZPageQuery } from "../http/paging.schema.ts";
import { ZQueryFlag } from "../http/params.schema.ts";
import { ZLaenderKuerzel } from "../land/land.schema.ts";
import { ZProzent } from "../money/percent.schema.ts";
import { ZFirmaTyp } from "../typen/typen.ts";
import { ZLieferadresse } from "./kunde.schema.ts";

/**
 * The HTTP contract of the customer routes (SPEC §7 "Customers and searches") beyond the entity itself (ZKunde):
 * list and search queries, the list row, the bulk update, the next number, delivery-address quick create and PDFs.
 */

/**
 * Fields GET kundes can sort by; default sortname (company name, or last and first name of a private person).
 * The list sorts by every column it shows (issue 21): the name column by sortname (what listenname() shows).
 * lastModifiedDate: the last change (home page: recently changed customers).
 */
export const KUNDE_SORT_FIELDS = [
  "sortname",
  "kundenNummer",
  "ort",
  "plz",
  "email",
  "telnr",
  "lieferant",
  "aktiv",
  "id",
  "lastModifiedDate",
] as const;
export type TKundeSortField = (typeof KUNDE_SORT_FIELDS)[number];

/** Search text of lists and searches: trimmed, at most 200 characters; empty = no filter. */
export const ZKundeSuchtext = z.string().trim().max(200).optional();

/**
 * GET kundes: page, size, sort plus `search` (every word, any order, folded: "Muller" finds "Müller"),
 * `lieferant` (true: suppliers only, false: customers only, absent: both) and `includeDeactivated` (default false).
 */
export const ZKundeListQuery = ZPageQuery(KUNDE_SORT_FIELDS).extend({
  search: ZKundeSuchtext,
  lieferant: ZQueryFlag,
  includeDeactivated: ZQueryFlag,
});
export type TKundeListQuery = z.infer<typeof ZKundeListQuery>;

/** GET kundessearch / lieferantsearch: the text and, optionally, deactivated ones too. */
export const ZKundeSearchQuery = z.object({ search: ZKundeSuchtext, includeDeactivated: ZQueryFlag });

/** At most this many customers answer kundessearch / lieferantsearch (a dropdown, not a list). */
export const KUNDE_SEARCH_LIMIT = 20;

/** One customer in lists, searches and kundesfg: the display name and the billing address's main fields. */
export const ZKundeZeile = z.object({
  id: z.number().int(),
  kundenNummer: z.string(),
  anzeigename: z.string().describe("Display name (SPEC §3), German salutation"),
  firma: ZFirmaTyp,
  bezeichnung: z.string().nullable(),
  vorname: z.string().nullable(),
  nachname: z.string().nullable(),
  strasse: z.string().nullable().describe("Billing address"),
  hausNummer: z.string().nullable(),
  plz: z.string().nullable(),
  ort: z.string().nullable(),
  land: z.string().nullable(),
  email: z.string().nullable(),
  telnr: z.string().nullable(),
  uid: z.string().nullable(),
  lieferant: z.boolean(),
  aktiv: z.boolean(),
});
export type TKundeZeile = z.infer<typeof ZKundeZeile>;

/** Answer of kundessearch / lieferantsearch (SPEC §7: read as kundeList). */
export const ZKundeSuchergebnis = z.object({ kundeList: z.array(ZKundeZeile) });
export type TKundeSuchergebnis = z.infer<typeof ZKundeSuchergebnis>;

const verweisOderNull = z.object({ id: z.number().int().positive() }).nullable();

/**
 * PUT kundeslist: the same change for many customers at once (list screen: activate, deactivate, supplier flag,
 * price tier, payment term, conditions, discount suggestion). Each entry names a customer by id and only the
 * fields to change; all or nothing (an unknown id is 404, nothing changed).
 */
export const ZKundeBulkEintrag = z
  .object({
    id: z.number().int().positive(),
    aktiv: z.boolean().optional(),
    lieferant: z.boolean().optional(),
    preisschiene: verweisOderNull.optional(),
    zahlungsziel: verweisOderNull.optional(),
    lieferbedingung: verweisOderNull.optional(),
    zahlungsbedingung: verweisOderNull.optional(),
    rabattVorschlag: ZProzent.optional(),
  })
  .strict();
export const ZKundeBulk = z.array(ZKundeBulkEintrag).min(1).max(500);
export type TKundeBulk = z.infer<typeof ZKundeBulk>;

/** GET nextkundennumber: the number the next new customer gets (nothing is consumed). */
export const ZNaechsteKundennummer = z.object({ kundenNummer: z.string() });

/** POST adresses: a delivery address for a customer (SPEC §5 quick create), added after its other addresses. */
export const ZAdresseAnlegen = ZLieferadresse.and(z.object({ kundeId: z.number().int().positive() }));
export type TAdresseAnlegen = z.infer<typeof ZAdresseAnlegen>;

/** An address as GET adressesk / adressessearch / POST adresses answer it. */
export const ZKundeAdresse = z.object({
  id: z.number().int(),
  kundeId: z.number().int(),
  adressenTyp: z.enum(["rechnungsadresse", "lieferadresse"]),
  bezeichnung: z.string().nullable(),
  firmenName: z.string().nullable(),
  adressZusatz: z.string().nullable(),
  strasse: z.string().nullable(),
  hausNummer: z.string().nullable(),
  stiege: z.string().nullable(),
  tuer: z.string().nullable(),
  plz: z.string().nullable(),
  ort: z.string().nullable(),
  land: ZLaenderKuerzel,
  zuHanden: z.boolean(),
  aktiv: z.boolean(),
});
export type TKundeAdresse = z.infer<typeof ZKundeAdresse>;

/** SPEC §9: at most 5 PDFs per customer; each at most 10 MB. */
export const KUNDE_PDF_MAX_COUNT = 5;
export const KUNDE_PDF_MAX_BYTES = 10 * 1024 * 1024;
/** The most pages an attached PDF (a customer's, an article's) may have. */
export const KUNDE_PDF_MAX_SEITEN = 1000;

/**
 * POST kundes/{id}/pdfs: one PDF as base64 in JSON (as document templates). The content decides: it must start
 * with %PDF- (field code "fileType"); the sixth PDF is refused with 409 error.tooManyFiles.
 */
export const ZKundePdfUpload = z.object({
  dateiname: z.string().trim().min(1).max(200),
  inhalt: z.base64().min(1).describe("The file, base64"),
});
export type TKundePdfUpload = z.infer<typeof ZKundePdfUpload>;
