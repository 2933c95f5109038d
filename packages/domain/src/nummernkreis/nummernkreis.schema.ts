import { z } from "zod";
import { BELEGS_TYPEN, ZBelegsTyp } from "../typen/typen.ts";
import { MAX_LAST_NUMMER } from "./nummernkreis.rules.ts";
import { DEFAULT_NUMBER_PATTERN, MAX_PATTERN_LENGTH, parsePattern } from "./nummernmuster.rules.ts";

/** A circle's pattern as entered in its form; an invalid pattern reads "pattern" at the field. */
export const ZNumberPattern = z
  .string()
  .trim()
  .min(1)
  .max(MAX_PATTERN_LENGTH)
  .refine((pattern) => parsePattern(pattern).ok, { params: { code: "pattern" } });

const ZLastNummer = z.number().int().min(0).max(MAX_LAST_NUMMER);

/**
 * A document number circle (SPEC §3 belegnummerkreis): the document types that draw their numbers from it (each
 * type in one circle of the tenant only), the pattern and the counter. An admin may set lastNummer by hand (e.g.
 * when moving from another program); the next number then follows it.
 */
export const ZBelegnummerkreis = z.object({
  id: z.number().int().optional(),
  belegsTyps: z.array(ZBelegsTyp).min(1).max(BELEGS_TYPEN.length),
  belegsTypsString: z
    .string()
    .optional()
    .describe('Read-only: the types capitalised, e.g. "Angebot, Rechnung"'),
  nummernkreisPattern: ZNumberPattern.default(DEFAULT_NUMBER_PATTERN),
  lastNummer: ZLastNummer.default(0).describe("The last sequence number given (0: none yet)"),
  nummerProJahr: z.boolean().default(true).describe("The sequence restarts at 1 every year"),
  nextNummer: z
    .string()
    .optional()
    .describe("Read-only: the next number as it will be printed today (a preview; nothing is taken)"),
});
export type TBelegnummerkreis = z.infer<typeof ZBelegnummerkreis>;
export type TBelegnummerkreisInput = z.input<typeof ZBelegnummerkreis>;

/**
 * An invoice circle (SPEC §3 rechnungskreis): named, with a pattern, the first number a new circle gives and the
 * counter, and the RKSV flags (invoices of this circle are signed; cash invoices without RKSV allowed).
 */
export const ZRechnungskreis = z.object({
  id: z.number().int().optional(),
  rechnungskreisName: z.string().trim().min(1).max(100),
  rechnungsnummernPattern: ZNumberPattern.default(DEFAULT_NUMBER_PATTERN),
  firstRechnungsnummer: z
    .number()
    .int()
    .min(1)
    .max(MAX_LAST_NUMMER)
    .default(1)
    .describe("The number the circle starts with (only its very first number; a new year restarts at 1)"),
  lastRechnungsnummer: ZLastNummer.default(0).describe("The last sequence number given (0: none yet)"),
  nextRechnungsnummer: z
    .string()
    .optional()
    .describe("Read-only: the next number as it will be printed today (a preview; nothing is taken)"),
  nummerProJahr: z.boolean().default(true).describe("The sequence restarts at 1 every year"),
  rksv: z.boolean().default(false).describe("Invoices of this circle are signed (RKSV)"),
  barRechnungOhneRksv: z
    .boolean()
    .default(false)
    .describe("Cash invoices of this circle without RKSV signing"),
});
export type TRechnungskreis = z.infer<typeof ZRechnungskreis>;
export type TRechnungskreisInput = z.input<typeof ZRechnungskreis>;
