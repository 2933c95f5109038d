import { z } from "zod";
import { ZIsoDate } from "../date/date.schema.ts";
import { ZPageQuery } from "../http/paging.schema.ts";
import { ZQueryFlag } from "../http/params.schema.ts";
import { ZBelegsTyp } from "../typen/typen.ts";
import { ZBelegBetrag } from "./beleg.schema.ts";

/**
 * The HTTP contract of the document routes (SPEC §7 belegsearch, belegsearchpaginated, /belege, bestellungsbelege,
 * belegtext3) beyond the document itself (ZBeleg): list query and row, the searches, the actions' bodies and the
 * audit history.
 */

/** Fields GET belege can sort by; default (SPEC §9) belegDatum desc, then belegNummer desc. */
export const BELEG_SORT_FIELDS = ["belegDatum", "belegNummer", "summeBrutto", "summeNetto", "id"] as const;
export type TBelegSortField = (typeof BELEG_SORT_FIELDS)[number];

/** At most this many documents answer belegsearch (a dropdown, not a list). */
export const BELEG_SEARCH_LIMIT = 20;

const ZSuchtext = z.string().trim().max(200).optional();
const ZIdFilter = z.coerce.number().int().positive().optional();

/**
 * GET belege / belegsearchpaginated: page, size, sort plus filters — document type, customer, paid, cancelled,
 * draft (true: drafts only, false: finalized only), period (von/bis on belegDatum), project, and `search` (the
 * document number contains the text, or the customer's name / number contains every word).
 */
export const ZBelegListQuery = ZPageQuery(BELEG_SORT_FIELDS).extend({
  search: ZSuchtext,
  belegsTyp: ZBelegsTyp.optional(),
  kundeId: ZIdFilter,
  artikelId: ZIdFilter,
  projektId: ZIdFilter,
  bezahlt: ZQueryFlag,
  storniert: ZQueryFlag,
  entwurf: ZQueryFlag,
  von: ZIsoDate.optional(),
  bis: ZIsoDate.optional(),
});
export type TBelegListQuery = z.infer<typeof ZBelegListQuery>;

/** GET belegsearch (SPEC §7): search, belegType, artikelId, kundeId, projects (comma-separated ids). */
export const ZBelegSearchQuery = z.object({
  search: ZSuchtext,
  belegType: ZBelegsTyp.optional(),
  artikelId: ZIdFilter,
  kundeId: ZIdFilter,
  projects: z
    .string()
    .trim()
    .regex(/^\d{1,15}(,\d{1,15}){0,99}$/)
    .optional()
    .transform((v) => (v ? v.split(",").map(Number) : [])),
});
export type TBelegSearchQuery = z.infer<typeof ZBelegSearchQuery>;

/** One document in lists and searches. */
export const ZBelegZeile = z.object({
  id: z.number().int(),
  belegNummer: z.string().nullable(),
  belegDatum: ZIsoDate,
  belegsTyp: ZBelegsTyp,
  kunde: z.object({ id: z.number().int(), anzeigename: z.string() }).nullable(),
  summeNetto: ZBelegBetrag,
  summeBrutto: ZBelegBetrag,
  freigabe: z.boolean(),
  bezahlt: z.boolean(),
  storniert: z.boolean(),
});
export type TBelegZeile = z.infer<typeof ZBelegZeile>;

/** POST belege/{id}/umwandeln: the type the new draft gets (SPEC §4 "create bill" and the sales chain). */
export const ZBelegUmwandeln = z.strictObject({ belegsTyp: ZBelegsTyp, belegDatum: ZIsoDate.optional() });
export type TBelegUmwandeln = z.infer<typeof ZBelegUmwandeln>;

/**
 * POST belege/rechnung: one invoice (draft) from several documents of one customer — delivery notes, order
 * confirmations, offers — with their open positions carried over (links kept both ways).
 */
export const ZRechnungAus = z.strictObject({
  quellen: z
    .array(z.object({ id: z.number().int().positive() }))
    .min(1)
    .max(100),
  belegsTyp: ZBelegsTyp.default("rechnung"),
  belegDatum: ZIsoDate.optional(),
});
export type TRechnungAus = z.infer<typeof ZRechnungAus>;

/** POST belege/{id}/storno: the cancellation's date (default today). */
export const ZStornoAnfrage = z.strictObject({ belegDatum: ZIsoDate.optional() });

/** One entry of a document's history (the audit log, DESIGN §6): who did what, when. */
export const ZBelegHistorie = z.object({
  at: z.string().describe("ISO timestamp"),
  login: z.string(),
  action: z.string().describe("create, update, finalize, storno, delete, …"),
  detail: z.record(z.string(), z.unknown()).nullable(),
});
export type TBelegHistorie = z.infer<typeof ZBelegHistorie>;
