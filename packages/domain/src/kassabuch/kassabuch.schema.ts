import { z } from "zod";
import { ZIsoDate } from "../date/date.schema.ts";
import { ZPageQuery } from "../http/paging.schema.ts";
import { ZDecimalNumber } from "../money/percent.schema.ts";
import { KASSABUCH_ABSCHLUSS_ARTEN, KASSABUCH_BETRAG_MAX, KASSABUCH_TYPEN } from "./kassabuch.codes.ts";

/**
 * The cash book (kassabuch, SPEC §3 "Cash book: entries (id, date, belegnummer, kontonummer, text, lieferant, typ,
 * mehrwertssteuer, betrag) plus completeBalance and actualBalance"; issue 17). Entries are append-only: a mistake is
 * corrected by a counter-entry that names the entry it corrects. Balance semantics: kassabuch.rules.ts.
 */

export const ZKassabuchTyp = z.enum(KASSABUCH_TYPEN);

/** An amount of an entry: > 0, at most two decimals (numeric(14,2)); the type says the sign. */
export const ZKassabuchBetrag = ZDecimalNumber(2, 0.01, KASSABUCH_BETRAG_MAX);

/** A balance or a sum of amounts, exact in the database (numeric), two decimals. */
export const ZKassabuchSaldo = z.number();

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

/** PUT kassabuch: a new entry. `id` is accepted only to be refused (409 error.kassabuchAppendOnly). */
export const ZKassabuchEintragNeu = z.strictObject({
  id: z.number().int().optional().describe("Must be absent: entries are never changed (409 otherwise)"),
  date: ZIsoDate.describe(
    "The day the cash moved (not before the cash book's start, not in a closed period)",
  ),
  belegnummer: text(50).describe("Number of the receipt"),
  kontonummer: text(50).describe("Ledger account"),
  text: z.string().trim().min(1).max(500).describe("What the money was for"),
  lieferant: z
    .object({ id: z.number().int().positive() })
    .nullish()
    .transform((v) => v ?? null)
    .describe("A customer record flagged lieferant (optional)"),
  typ: ZKassabuchTyp.describe("einnahme (income) or ausgabe (expense)"),
  mehrwertssteuer: z
    .object({ id: z.number().int().positive() })
    .nullish()
    .transform((v) => v ?? null)
    .describe("One of the tenant's VAT rates (optional); the rate is copied onto the entry"),
  betrag: ZKassabuchBetrag.describe(
    "Amount in euro, > 0, two decimals at most; an expense beyond the cash balance is 409 error.cashBalanceExceeded",
  ),
});
export type TKassabuchEintragNeu = z.infer<typeof ZKassabuchEintragNeu>;
export type TKassabuchEintragNeuInput = z.input<typeof ZKassabuchEintragNeu>;

/** One entry as the book shows it, with the running balance after it. */
export const ZKassabuchEintrag = z.object({
  id: z.number().int(),
  date: ZIsoDate,
  belegnummer: z.string().nullable(),
  kontonummer: z.string().nullable(),
  text: z.string(),
  lieferant: z.object({ id: z.number().int(), anzeigename: z.string() }).nullable(),
  typ: ZKassabuchTyp,
  mehrwertssteuer: z
    .object({ id: z.number().int().nullable(), mwst: z.number() })
    .nullable()
    .describe("The VAT rate as it was when the entry was made (id null once the rate is gone)"),
  betrag: ZKassabuchBetrag,
  saldo: ZKassabuchSaldo.describe("Running balance after this entry (date, then id order)"),
  beleg: z
    .object({ id: z.number().int(), belegNummer: z.string().nullable() })
    .nullable()
    .describe("The cash invoice (or its storno) that posted this entry"),
  korrekturVon: z.number().int().nullable().describe("The entry this one corrects (a counter-entry)"),
  korrigiertDurch: z.number().int().nullable().describe("The counter-entry that corrected this one"),
  erfasstAm: z.string().describe("ISO timestamp of the posting"),
  erfasstVon: z.string().describe("Login of who posted it"),
});
export type TKassabuchEintrag = z.infer<typeof ZKassabuchEintrag>;

/** Fields GET kassabuch sorts by: the book's order is date, then id (default date asc). */
export const KASSABUCH_SORT_FIELDS = ["date", "id"] as const;

const ZSuchtext = z.string().trim().max(200).optional();

/** GET kassabuch: page, size, sort (date or id) and the filters period (von/bis), typ and search. */
export const ZKassabuchQuery = ZPageQuery(KASSABUCH_SORT_FIELDS).extend({
  von: ZIsoDate.optional().describe("First day of the period"),
  bis: ZIsoDate.optional().describe("Last day of the period"),
  typ: ZKassabuchTyp.optional(),
  search: ZSuchtext.describe("Text, receipt number, account or supplier contains every word"),
});
export type TKassabuchQuery = z.infer<typeof ZKassabuchQuery>;

/** The period's summary: opening balance (end of the day before von), income, expense, closing balance (bis). */
export const ZKassabuchZeitraum = z.object({
  von: ZIsoDate.nullable(),
  bis: ZIsoDate.nullable(),
  anfangsbestand: ZKassabuchSaldo,
  einnahmen: ZKassabuchSaldo,
  ausgaben: ZKassabuchSaldo,
  endbestand: ZKassabuchSaldo,
  jahreswechsel: z
    .boolean()
    .describe(
      "The period crosses a new year that starts at zero (kassaStartZeroYear): closing ≠ opening + in − out",
    ),
});
export type TKassabuchZeitraum = z.infer<typeof ZKassabuchZeitraum>;

/** GET kassabuch (SPEC §3): one page of entries plus the balances and the period's summary. */
export const ZKassabuch = z.object({
  entries: z.array(ZKassabuchEintrag),
  totalCount: z.number().int().describe("Entries matching the filters (also in x-total-count)"),
  completeBalance: ZKassabuchSaldo.describe("Balance after every entry, future-dated ones included"),
  actualBalance: ZKassabuchSaldo.describe("Balance at the end of today (Europe/Vienna)"),
  zeitraum: ZKassabuchZeitraum,
  kassaStartdatum: ZIsoDate.nullable().describe("No entry before this day (the opening balance covers it)"),
  abgeschlossenBis: ZIsoDate.nullable().describe("Closed through this day: no entry on or before it"),
});
export type TKassabuch = z.infer<typeof ZKassabuch>;

/** POST kassabuch/{id}/korrektur: the counter-entry's day (default today) and text (default the entry's). */
export const ZKassabuchKorrektur = z.strictObject({
  date: ZIsoDate.optional(),
  text: z.string().trim().min(1).max(500).optional(),
});
export type TKassabuchKorrektur = z.infer<typeof ZKassabuchKorrektur>;

/** POST kassabuch/abschluss: close a day, or the month of the day given. */
export const ZKassabuchAbschlussNeu = z.strictObject({
  art: z
    .enum(KASSABUCH_ABSCHLUSS_ARTEN)
    .describe("tag: this day; monat: the month of the day, to its last day"),
  datum: ZIsoDate,
});
export type TKassabuchAbschlussNeu = z.infer<typeof ZKassabuchAbschlussNeu>;

/** A close: every entry on or before `bis` is frozen; the balance at that day as it was closed. */
export const ZKassabuchAbschluss = z.object({
  id: z.number().int(),
  art: z.enum(KASSABUCH_ABSCHLUSS_ARTEN),
  bis: ZIsoDate,
  saldo: ZKassabuchSaldo,
  erstelltAm: z.string(),
  erstelltVon: z.string(),
});
export type TKassabuchAbschluss = z.infer<typeof ZKassabuchAbschluss>;

/** GET kassabuch/export: the period's book as CSV or PDF, in a language. */
export const ZKassabuchExportQuery = z.object({
  format: z.enum(["csv", "pdf"]),
  von: ZIsoDate.optional(),
  bis: ZIsoDate.optional(),
  lang: z.enum(["de", "en"]).default("de").describe("Language of headings, numbers and dates"),
});
export type TKassabuchExportQuery = z.infer<typeof ZKassabuchExportQuery>;
