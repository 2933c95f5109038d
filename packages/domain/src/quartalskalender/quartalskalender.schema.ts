import { z } from "zod";
import { ZIsoDate } from "../date/date.schema.ts";
import { ZPageQuery } from "../http/paging.schema.ts";
import { FARB_CODES, KALENDER_JAHRE, KALENDER_TEXT_MAX, ZEILEN_ARTEN } from "./quartalskalender.codes.ts";

/**
 * The quarter calendar (Quartalskalender, issue 23; SPEC §3 "simple entities: … holiday entry, calendar note,
 * construction site, … quarter calendar", §7 constructionsite, quartalskalender, quartalskalendernote, google-config):
 * a planning board of one quarter — its weeks as columns, the tenant's people or construction sites as rows —
 * with entries (von–bis, whole days), day notes, and the tenant's holiday entries (issue 22) shown.
 */

const pflicht = (max: number) => z.string().trim().min(1).max(max);
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));
const id = () => z.number().int().positive();
const idOderNull = () =>
  id()
    .nullish()
    .transform((v) => v ?? null);

export const ZZeilenArt = z.enum(ZEILEN_ARTEN);
export const ZFarbe = z.enum(FARB_CODES);
export const ZJahr = z.number().int().min(KALENDER_JAHRE.min).max(KALENDER_JAHRE.max);
export const ZQuartal = z.number().int().min(1).max(4);

// ---------------------------------------------------------------------------------------------------------------
// Construction sites (constructionsite)

/** A construction site (Baustelle): rows of a site calendar, or the site an entry of a person calendar names. */
export const ZBaustelle = z.strictObject({
  id: id().optional(),
  bezeichnung: pflicht(KALENDER_TEXT_MAX.bezeichnung),
  adresse: text(200),
  ort: text(100),
  kundeId: idOderNull().describe("The customer the site is for (optional)"),
  aktiv: z.boolean().default(true),
});
export type TBaustelle = z.infer<typeof ZBaustelle>;
export type TBaustelleInput = z.input<typeof ZBaustelle>;

// ---------------------------------------------------------------------------------------------------------------
// Quarter calendars

/** PUT quartalskalender: create (no id) or rename (with id; year, quarter and row kind stay as created). */
export const ZQuartalskalenderSpeichern = z.strictObject({
  id: id().optional(),
  jahr: ZJahr,
  quartal: ZQuartal,
  bezeichnung: pflicht(KALENDER_TEXT_MAX.bezeichnung),
  zeilenArt: ZZeilenArt.default("personen"),
});
export type TQuartalskalenderSpeichern = z.infer<typeof ZQuartalskalenderSpeichern>;
export type TQuartalskalenderSpeichernInput = z.input<typeof ZQuartalskalenderSpeichern>;

/** One calendar as lists show it. */
export const ZQuartalskalender = z.object({
  id: z.number().int(),
  jahr: z.number().int(),
  quartal: z.number().int(),
  bezeichnung: z.string(),
  zeilenArt: ZZeilenArt,
  anzahlEintraege: z.number().int(),
});
export type TQuartalskalender = z.infer<typeof ZQuartalskalender>;

export const QUARTALSKALENDER_SORT = ["jahr", "quartal", "bezeichnung", "id"] as const;
export const ZQuartalskalenderQuery = ZPageQuery(QUARTALSKALENDER_SORT).extend({
  jahr: z.coerce.number().int().min(KALENDER_JAHRE.min).max(KALENDER_JAHRE.max).optional(),
});

/** POST quartalskalender/{id}/kopie: a new quarter from this one. */
export const ZQuartalskalenderKopie = z.strictObject({
  jahr: ZJahr,
  quartal: ZQuartal,
  bezeichnung: pflicht(KALENDER_TEXT_MAX.bezeichnung)
    .optional()
    .describe("Default: the source calendar's name"),
});
export type TQuartalskalenderKopie = z.infer<typeof ZQuartalskalenderKopie>;

// ---------------------------------------------------------------------------------------------------------------
// Entries

/** PUT quartalskalender/{id}/eintrag: create (no id) or change (id) an entry — a drag and drop changes row and days. */
export const ZKalenderEintragSpeichern = z
  .strictObject({
    id: id().optional(),
    userId: idOderNull().describe("The row in a person calendar: a member of the tenant"),
    baustelleId: idOderNull().describe(
      "The row in a site calendar; in a person calendar the site the entry is about (optional)",
    ),
    von: ZIsoDate.describe("First day, in the calendar's quarter"),
    bis: ZIsoDate.describe("Last day (inclusive), not before von, in the quarter"),
    text: pflicht(KALENDER_TEXT_MAX.text),
    kundeId: idOderNull(),
    farbe: ZFarbe.default("blau"),
    notiz: text(KALENDER_TEXT_MAX.notiz),
    wiederkehrend: z
      .boolean()
      .default(false)
      .describe("Taken over when the quarter is copied (shifted by whole weeks)"),
  })
  .refine((e) => e.bis >= e.von, { path: ["bis"], params: { code: "bisVorVon" } });
export type TKalenderEintragSpeichern = z.infer<typeof ZKalenderEintragSpeichern>;
export type TKalenderEintragSpeichernInput = z.input<typeof ZKalenderEintragSpeichern>;

export const ZKalenderEintrag = z.object({
  id: z.number().int(),
  kalenderId: z.number().int(),
  userId: z.number().int().nullable(),
  baustelleId: z.number().int().nullable(),
  baustelle: z.string().nullable().describe("The site's name"),
  von: z.string(),
  bis: z.string(),
  text: z.string(),
  kundeId: z.number().int().nullable(),
  kunde: z.string().nullable().describe("The customer's display name"),
  farbe: ZFarbe,
  notiz: z.string().nullable(),
  wiederkehrend: z.boolean(),
});
export type TKalenderEintrag = z.infer<typeof ZKalenderEintrag>;

export const ZEintragParams = z.object({
  id: z.coerce.number().int().positive(),
  eintragId: z.coerce.number().int().positive(),
});

// ---------------------------------------------------------------------------------------------------------------
// Day notes (quartalskalendernote)

/** A note of one day, for everybody who sees the calendar. */
export const ZKalenderNote = z.strictObject({
  id: id().optional(),
  kalenderId: id(),
  datum: ZIsoDate.describe("A day of the calendar's quarter"),
  text: pflicht(KALENDER_TEXT_MAX.note),
});
export type TKalenderNote = z.infer<typeof ZKalenderNote>;
export type TKalenderNoteInput = z.input<typeof ZKalenderNote>;

// ---------------------------------------------------------------------------------------------------------------
// The board

export const ZKalenderZeile = z.object({
  /** The user id (person calendar) or the construction site id (site calendar). */
  id: z.number().int(),
  name: z.string(),
  aktiv: z.boolean(),
});
export type TKalenderZeile = z.infer<typeof ZKalenderZeile>;

export const ZKalenderFeiertag = z.object({
  datum: z.string(),
  bezeichnung: z.string(),
  halbtag: z.boolean(),
});

/** GET quartalskalender/{id}: everything the board shows. */
export const ZQuartalskalenderBoard = z.object({
  kalender: ZQuartalskalender,
  von: z.string().describe("First day of the quarter"),
  bis: z.string().describe("Last day of the quarter"),
  zeilen: z.array(ZKalenderZeile),
  eintraege: z.array(ZKalenderEintrag),
  notes: z.array(ZKalenderNote.extend({ id: z.number().int() })),
  feiertage: z
    .array(ZKalenderFeiertag)
    .describe("The tenant's holiday entries (working time) in the quarter"),
});
export type TQuartalskalenderBoard = z.infer<typeof ZQuartalskalenderBoard>;

/** GET quartalskalender/heute: the caller's entries of today across person calendars. */
export const ZKalenderHeute = z.array(
  ZKalenderEintrag.extend({
    kalenderBezeichnung: z.string(),
    jahr: z.number().int(),
    quartal: z.number().int(),
  }),
);
export type TKalenderHeute = z.infer<typeof ZKalenderHeute>;

export const ZKalenderExportQuery = z.object({
  lang: z.enum(["de", "en"]).default("de"),
  userId: z.coerce.number().int().positive().optional().describe(".ics only: only this person's entries"),
});

/** GET google-config: the calendar integration settings, or {} when none are configured. */
export const ZGoogleConfig = z.object({
  apiKey: z.string().optional(),
  clientId: z.string().optional(),
  scope: z.string().optional(),
  discoveryDocs: z.array(z.string()).optional(),
});
export type TGoogleConfig = z.infer<typeof ZGoogleConfig>;
