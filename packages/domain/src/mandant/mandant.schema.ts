import { z } from "zod";
import { sortModules, ZModul } from "../access/access.schema.ts";
import { ZBic, ZIban } from "../bank/bank.schema.ts";
import { ZIsoDate } from "../date/date.schema.ts";
import { ZElektronischeAdresse } from "../erechnung/erechnung.schema.ts";
import { optionalText as text } from "../http/fields.schema.ts";
import { ZLaenderKuerzel } from "../land/land.schema.ts";
import { PDF_LAYOUTS } from "../typen/typen.codes.ts";
import { ZUid } from "../uid/uid.rules.ts";
import { ZMandantSummary } from "./mandantSummary.schema.ts";

export const ZMandantId = z.coerce.number().int().positive();

/**
 * Where a window envelope's address window sits (DIN 5008): form A has the address field high (from 27 mm below
 * the top edge; fold marks at 87 and 192 mm), form B low (from 45 mm; fold marks at 105 and 210 mm).
 */
export const FENSTERKUVERT_FORMEN = ["A", "B"] as const;
export const ZFensterkuvert = z.enum(FENSTERKUVERT_FORMEN);
export type TFensterkuvert = z.infer<typeof ZFensterkuvert>;

export { type TMandantSummary, ZMandantSummary } from "./mandantSummary.schema.ts";

/** A tenant of the signed-in user (GET mandants/all), with what members' screens need of it. */
export const ZMandantOfUser = ZMandantSummary.extend({
  kleinunternehmer: z
    .boolean()
    .describe("Small business (no VAT charged): new documents of the tenant are computed in VAT category E"),
});
export type TMandantOfUser = z.infer<typeof ZMandantOfUser>;

export const ZMandantModules = z.object({
  mandantId: z.number().int(),
  modulList: z.array(ZModul).describe("The modules switched on for the tenant, sorted"),
});
export type TMandantModules = z.infer<typeof ZMandantModules>;

/** A tenant's address (SPEC §3 Tenant: adresseLists with plz, ort, strasse, hausNummer, land). */
export const ZMandantAdresse = z.object({
  id: z.number().int().optional(),
  strasse: z.string().trim().min(1).max(100),
  hausNummer: z.string().trim().min(1).max(10),
  plz: z.string().trim().min(1).max(10),
  ort: z.string().trim().min(1).max(100),
  land: ZLaenderKuerzel.describe("ISO 3166-1 alpha-2 country code"),
});
export type TMandantAdresse = z.infer<typeof ZMandantAdresse>;

/** A member of the tenant as shown and edited in the tenant's userLists. */
export const ZMandantUser = z.object({
  id: z.number().int(),
  login: z.string().optional(),
  firstName: z.string().nullable().optional(),
  lastName: z.string().nullable().optional(),
});
export type TMandantUser = z.infer<typeof ZMandantUser>;

/** Money as a JSON number with at most two decimals (DESIGN §6: numeric in the database). */
const ZAmount = z
  .number()
  .min(-9_999_999_999.99)
  .max(9_999_999_999.99)
  .refine((v) => Math.round(v * 100) === Number((v * 100).toFixed(6)), { message: "at most two decimals" });

/** The tenant with every field of SPEC §3 Tenant. anzahlBeleg and letztesBelegsDatum are read-only (billing). */
export const ZMandant = z.object({
  id: z.number().int().optional(),
  bezeichnung: z.string().trim().min(1).max(200),
  aktiv: z.boolean().default(true),
  uid: text(20),
  email: z
    .email()
    .max(100)
    .nullish()
    .or(z.literal(""))
    .transform((v) => (v ? v : null)),
  fn: text(30).describe("Firmenbuchnummer (company register number)"),
  iban: ZIban,
  bic: ZBic,
  bankName: text(100).describe("Name of the bank, printed with IBAN and BIC"),
  anzahlBeleg: z.number().int().optional().describe("Read-only: number of documents"),
  letztesBelegsDatum: z.string().nullable().optional().describe("Read-only: date of the last document"),
  adresseLists: z.array(ZMandantAdresse).max(5).default([]),
  modulList: z
    .array(ZModul)
    .default([])
    .transform((modules) => sortModules(modules)),
  hinweisKleinunternehmerDe: text(2000),
  hinweisKleinunternehmerEn: text(2000),
  hinweisExportDe: text(2000),
  hinweisExportEn: text(2000),
  hinweisInnergemeinschaftlichDe: text(2000),
  hinweisInnergemeinschaftlichEn: text(2000),
  patternArtikelnummer: text(50),
  patternKundennummer: text(50),
  firstArtikelNummer: z
    .number()
    .int()
    .min(0)
    .max(999_999_999)
    .nullish()
    .transform((v) => v ?? null),
  firstKundenNummer: z
    .number()
    .int()
    .min(0)
    .max(999_999_999)
    .nullish()
    .transform((v) => v ?? null),
  rechnungsNummerProJahr: z.boolean().default(true),
  bankomat: z.boolean().default(false),
  kleinunternehmer: z
    .boolean()
    .default(false)
    .describe(
      "Small business (Kleinunternehmer, §6 (1) Z 27 UStG AT, §19 UStG DE): documents carry no VAT (category E) and print the small-business notice",
    ),
  lieferKontaktAusklappen: z.boolean().default(false),
  belegeFinalisieren: z.boolean().default(false),
  crmAusklappen: z.boolean().default(false),
  kassaBetrag: ZAmount.nullish()
    .transform((v) => v ?? null)
    .describe("Opening cash balance in euro"),
  kassaStartdatum: ZIsoDate.nullish().transform((v) => v ?? null),
  kassaStartZeroYear: z.boolean().default(false),
  vacationMode: z.boolean().default(false),
  zeitausgleich: z.boolean().default(false),
  zeiterfassungRestrictions: text(2000),
  uidData: text(4000).describe("Result of the last VAT-id check"),
  hasNewBelege: z.boolean().default(false),
  confirmTimes: z.boolean().default(false),
  industrySector: text(100),
  aiActivated: z.boolean().default(false),
  mwstEditierbar: z.boolean().default(false),
  pdfLayout: z.enum(PDF_LAYOUTS).default("standard").describe("Layout of the document PDFs (pdflayout)"),
  fensterkuvert: ZFensterkuvert.default("B").describe("DIN 5008 form A or B of the document PDFs"),
  pdfFusszeile: text(1000).describe("Footer on every page of the document PDFs"),
  telefon: text(50).describe("Phone (e-invoice contact)"),
  kontaktName: text(100).describe("Contact person (e-invoices)"),
  steuernummer: text(30).describe("Tax number (BT-32)"),
  eRechnungAdresse: ZElektronischeAdresse.describe("Electronic address (BT-34); default: the e-mail"),
  userLists: z.array(ZMandantUser).default([]),
});
export type TMandant = z.infer<typeof ZMandant>;

/**
 * A tenant as PUT sends it: ZMandant, with the VAT id checked as the customer's is (ZUid: format and check digit,
 * stored normalized). Only on input: a tenant stored before this check still loads.
 */
export const ZMandantSpeichern = ZMandant.extend({ uid: ZUid });
export type TMandantInput = z.input<typeof ZMandant>;

/** Billing stats (abrechnung): documents per tenant. */
export const ZAbrechnung = z.object({
  mandantId: z.number().int(),
  bezeichnung: z.string(),
  anzahlBeleg: z.number().int(),
  letztesBelegsDatum: z.string().nullable(),
});
export type TAbrechnung = z.infer<typeof ZAbrechnung>;

export const ZSelectedMandant = z.object({ mandantId: z.number().int().positive() });

/** A row of the tenant administration list (GET mandants/list). */
export const ZMandantListItem = ZMandantSummary.extend({
  uid: z.string().nullable(),
  email: z.string().nullable(),
});
export type TMandantListItem = z.infer<typeof ZMandantListItem>;
