import { z } from "zod";

/**
 * Units a tenant may use, by their UN/ECE Recommendation 20 code (Recommendation 21 package codes carry the
 * prefix X), with a German and an English name. E-invoices (EN 16931) name the unit of every line by this code, so
 * only codes from this list are accepted. The first 25 are those every tenant starts with.
 */
export const EINHEIT_CODES = {
  C62: { de: "Stück", en: "Unit" },
  HUR: { de: "Stunde", en: "Hour" },
  MIN: { de: "Minute", en: "Minute" },
  DAY: { de: "Tag", en: "Day" },
  WEE: { de: "Woche", en: "Week" },
  MON: { de: "Monat", en: "Month" },
  ANN: { de: "Jahr", en: "Year" },
  KGM: { de: "Kilogramm", en: "Kilogram" },
  GRM: { de: "Gramm", en: "Gram" },
  TNE: { de: "Tonne", en: "Tonne" },
  MTR: { de: "Meter", en: "Metre" },
  CMT: { de: "Zentimeter", en: "Centimetre" },
  MMT: { de: "Millimeter", en: "Millimetre" },
  KMT: { de: "Kilometer", en: "Kilometre" },
  MTK: { de: "Quadratmeter", en: "Square metre" },
  MTQ: { de: "Kubikmeter", en: "Cubic metre" },
  LTR: { de: "Liter", en: "Litre" },
  MLT: { de: "Milliliter", en: "Millilitre" },
  KWH: { de: "Kilowattstunde", en: "Kilowatt hour" },
  PR: { de: "Paar", en: "Pair" },
  SET: { de: "Set", en: "Set" },
  XPK: { de: "Packung", en: "Package" },
  XCT: { de: "Karton", en: "Carton" },
  XPX: { de: "Palette", en: "Pallet" },
  LS: { de: "Pauschale", en: "Lump sum" },
  H87: { de: "Teil", en: "Piece" },
  DZN: { de: "Dutzend", en: "Dozen" },
  SEC: { de: "Sekunde", en: "Second" },
  QAN: { de: "Quartal", en: "Quarter (of a year)" },
  MGM: { de: "Milligramm", en: "Milligram" },
  CLT: { de: "Zentiliter", en: "Centilitre" },
  HLT: { de: "Hektoliter", en: "Hectolitre" },
  CMK: { de: "Quadratzentimeter", en: "Square centimetre" },
  HAR: { de: "Hektar", en: "Hectare" },
  LM: { de: "Laufmeter", en: "Linear metre" },
  KWT: { de: "Kilowatt", en: "Kilowatt" },
  MWH: { de: "Megawattstunde", en: "Megawatt hour" },
  E48: { de: "Leistungseinheit", en: "Service unit" },
  P1: { de: "Prozent", en: "Percent" },
  NAR: { de: "Anzahl Artikel", en: "Number of articles" },
  XBX: { de: "Schachtel", en: "Box" },
  XBG: { de: "Beutel", en: "Bag" },
  XSA: { de: "Sack", en: "Sack" },
  XBO: { de: "Flasche", en: "Bottle" },
  XCX: { de: "Dose", en: "Can" },
  XRO: { de: "Rolle", en: "Roll" },
  XBE: { de: "Bündel", en: "Bundle" },
  XCR: { de: "Kiste", en: "Crate" },
  XTU: { de: "Tube", en: "Tube" },
  XBA: { de: "Fass", en: "Barrel" },
} as const satisfies Record<string, { de: string; en: string }>;
export type TEinheitCode = keyof typeof EINHEIT_CODES;

/** A unit code of the list above (field code "enum" for any other). */
export const ZEinheitCode = z.enum(Object.keys(EINHEIT_CODES) as [TEinheitCode, ...TEinheitCode[]]);

/**
 * A base unit of the tenant (SPEC §3 einheit): the standard code e-invoices carry, the tenant's own name and the
 * symbol printed on documents; one unit is the default for new articles.
 */
export const ZEinheit = z.object({
  id: z.number().int().optional(),
  code: ZEinheitCode.describe("UN/ECE Recommendation 20 code, unique in the tenant, e.g. C62, HUR, KGM"),
  bezeichnung: z.string().trim().min(1).max(100).describe("The tenant's name for it, e.g. Stück"),
  kuerzel: z.string().trim().min(1).max(10).describe("Symbol printed on documents, e.g. Stk, h, kg"),
  defaultEinheit: z.boolean().default(false).describe("Preselected for new articles; one per tenant"),
});
export type TEinheit = z.infer<typeof ZEinheit>;
export type TEinheitInput = z.input<typeof ZEinheit>;
