import { z } from "zod";
import { BELEG_BETRAG_MAX } from "../beleg/beleg.codes.ts";
import { ZBelegBetrag, ZBelegZahlung } from "../beleg/beleg.schema.ts";
import { todayIso } from "../date/calendar.ts";
import { ZIsoDate } from "../date/date.schema.ts";
import { optionalText } from "../http/fields.schema.ts";
import { ZPageQuery } from "../http/paging.schema.ts";
import { ZQueryFlag } from "../http/params.schema.ts";
import { ZDecimalNumber, ZProzent } from "../money/percent.schema.ts";
import { ZBelegsTyp } from "../typen/typen.ts";
import { ZAHLUNG_BELEGE_MAX, ZAHLUNGSARTEN } from "./zahlung.codes.ts";

/**
 * The HTTP contract of payments and open items (issue 17, SPEC §3 Payment and open-document rows, §7 POST zahlung,
 * unpaidbelege GET/PUT, unpaidbelegesum). Rules: zahlung.rules.ts.
 */

/** How the money came: bank transfer, cash, card. */
export const ZZahlungsart = z.enum(ZAHLUNGSARTEN);

/** An amount received: more than 0, two decimals at most (numeric(14,2)). */
export const ZZahlungsBetrag = ZDecimalNumber(2, 0.01, BELEG_BETRAG_MAX);

/** The day of a payment: a calendar date, not after today (Europe/Vienna) — field code "future". */
export const ZZahlungsDatum = ZIsoDate.refine((datum) => datum <= todayIso(), {
  params: { code: "future" },
  message: "The payment date lies in the future",
});

/** A document a payment settles, with the share it gets (absent: what it still needs, as far as the amount goes). */
export const ZZahlungBelegAnteil = z.strictObject({
  id: z.number().int().positive().describe("The document (a finalized, open invoice)"),
  betrag: ZZahlungsBetrag.optional().describe(
    "The share of the payment this document gets; absent: its open amount (or the amount of its skonto step still open on the payment's day), as far as the payment reaches",
  ),
});

/**
 * POST zahlung: one payment (day, amount, means, comment) settling one or more documents of one customer. A share
 * equal to the amount of a skonto step still open on the payment's day settles the document with skonto; a share
 * above the open amount is 400 `belegSet.N.betrag` "overpayment" (max = the open amount). What the payment exceeds
 * the shares by is refused (`betrag` "overpayment", max = the shares' sum) unless `ueberzahlung` keeps it as credit
 * on the customer.
 */
export const ZZahlungAnlegen = z
  .strictObject({
    zahlungsDatum: ZZahlungsDatum,
    betrag: ZZahlungsBetrag.describe("The amount received in euro"),
    zahlungsart: ZZahlungsart.default("bank"),
    kommentar: optionalText(500),
    belegSet: z.array(ZZahlungBelegAnteil).min(1).max(ZAHLUNG_BELEGE_MAX),
    ueberzahlung: z
      .boolean()
      .default(false)
      .describe("Keep what exceeds the documents' open amounts as the customer's credit (else refused)"),
  })
  .superRefine((zahlung, ctx) => {
    const gesehen = new Set<number>();
    zahlung.belegSet.forEach((anteil, index) => {
      if (gesehen.has(anteil.id))
        ctx.addIssue({
          code: "custom",
          path: ["belegSet", index, "id"],
          params: { code: "unique" },
          message: "A document appears twice",
        });
      gesehen.add(anteil.id);
    });
  });
export type TZahlungAnlegen = z.infer<typeof ZZahlungAnlegen>;
export type TZahlungAnlegenInput = z.input<typeof ZZahlungAnlegen>;

/** A customer as payments and open items name it. */
const ZKundeName = z.object({ id: z.number().int(), anzeigename: z.string() });

/** The skonto of one VAT rate of an allocation: gross share, net and the VAT it corrects. */
export const ZSkontoMwst = z.object({
  satz: ZProzent,
  kategorie: z.string(),
  brutto: ZBelegBetrag,
  netto: ZBelegBetrag,
  mwst: ZBelegBetrag,
});

/** One document a payment settles (its allocation). */
export const ZZahlungZuordnung = z.object({
  beleg: z.object({ id: z.number().int(), belegNummer: z.string().nullable(), belegsTyp: ZBelegsTyp }),
  betrag: ZBelegBetrag.describe("The share of the payment this document got"),
  skonto: ZBelegBetrag.describe("Skonto granted on the document with this payment (0 without)"),
  skontoProzent: ZProzent.nullable(),
  skontoMwst: z.array(ZSkontoMwst).describe("The skonto per VAT rate, summing exactly to skonto"),
});
export type TZahlungZuordnung = z.infer<typeof ZZahlungZuordnung>;

/** A payment (SPEC §3 zahlung: id, zahlungsDatum, kommentar, betrag, belegSet) with its allocations. */
export const ZZahlung = z.object({
  id: z.number().int(),
  zahlungsDatum: ZIsoDate,
  betrag: ZBelegBetrag.describe("The amount received"),
  zahlungsart: ZZahlungsart,
  kommentar: z.string().nullable(),
  kunde: ZKundeName.nullable(),
  skonto: ZBelegBetrag.describe("Σ skonto of the allocations"),
  ueberzahlung: ZBelegBetrag.describe("The part not allocated to any document: credit on the customer"),
  belegSet: z.array(ZZahlungZuordnung),
  erstelltVon: z.string().nullable().describe("Login of who recorded it"),
  erstelltAm: z.string().describe("ISO timestamp of the recording"),
});
export type TZahlung = z.infer<typeof ZZahlung>;

/** Fields the payment list can sort by; default zahlungsDatum desc, then id desc. */
export const ZAHLUNG_SORT_FIELDS = ["zahlungsDatum", "betrag", "id"] as const;

/** GET zahlung: page, size, sort; filters customer, period (zahlungsDatum), means, document. */
export const ZZahlungListQuery = ZPageQuery(ZAHLUNG_SORT_FIELDS).extend({
  kundeId: z.coerce.number().int().positive().optional(),
  belegId: z.coerce.number().int().positive().optional(),
  zahlungsart: ZZahlungsart.optional(),
  von: ZIsoDate.optional(),
  bis: ZIsoDate.optional(),
});
export type TZahlungListQuery = z.infer<typeof ZZahlungListQuery>;

/** A payment in the list: the document numbers it settles instead of the full allocations. */
export const ZZahlungZeile = z.object({
  id: z.number().int(),
  zahlungsDatum: ZIsoDate,
  betrag: ZBelegBetrag,
  zahlungsart: ZZahlungsart,
  kommentar: z.string().nullable(),
  kunde: ZKundeName.nullable(),
  skonto: ZBelegBetrag,
  ueberzahlung: ZBelegBetrag,
  belege: z.array(z.object({ id: z.number().int(), belegNummer: z.string().nullable() })),
});
export type TZahlungZeile = z.infer<typeof ZZahlungZeile>;

/** Fields the open items can sort by; default faelligAm asc (the longest overdue first), then belegNummer. */
export const OFFENE_POSTEN_SORT_FIELDS = [
  "faelligAm",
  "belegDatum",
  "belegNummer",
  "summeBrutto",
  "restbetrag",
] as const;

/**
 * GET unpaidbelege: the open items — finalized invoices whose open amount is not 0 (a negative one is the
 * customer's credit) — page, size, sort; filters customer, overdue only (net due date before today, Europe/Vienna),
 * period (von/bis on belegDatum).
 */
export const ZOffenePostenQuery = ZPageQuery(OFFENE_POSTEN_SORT_FIELDS).extend({
  kundeId: z.coerce.number().int().positive().optional(),
  ueberfaellig: ZQueryFlag.describe("true: only documents past their net due date"),
  von: ZIsoDate.optional(),
  bis: ZIsoDate.optional(),
});
export type TOffenePostenQuery = z.infer<typeof ZOffenePostenQuery>;

/** A skonto step an open document still offers (the amount that settles it until the day). */
export const ZSkontoAngebot = z.object({
  datum: ZIsoDate,
  prozent: ZProzent,
  zahlbetrag: ZBelegBetrag,
  skonto: ZBelegBetrag,
});

/** A payment as an open-document row shows it: the document's share, skonto and the means. */
export const ZPostenZahlung = ZBelegZahlung;

/**
 * An open-document row (SPEC §3: id, belegNummer, belegDatum, summeBrutto, summeNetto, kunde, bezahlt, zahlungList,
 * restbetrag, projektBezeichnungen) with what the open amount is made of, the due date and the skonto steps.
 */
export const ZOffenerPosten = z.object({
  id: z.number().int(),
  belegNummer: z.string().nullable(),
  belegDatum: ZIsoDate,
  belegsTyp: ZBelegsTyp,
  kunde: ZKundeName.nullable(),
  summeNetto: ZBelegBetrag,
  summeBrutto: ZBelegBetrag,
  bezahlt: z.boolean().describe("Paid in full (derived from the payments, credit notes and a write-off)"),
  storniert: z.boolean(),
  zahlungList: z.array(ZPostenZahlung),
  bezahltBetrag: ZBelegBetrag.describe("Σ payments allocated to the document"),
  skonto: ZBelegBetrag.describe("Σ skonto granted"),
  gutschriften: ZBelegBetrag.describe("Σ credit notes referring to the document (positive)"),
  abgeschrieben: ZBelegBetrag.describe("Written off (marked paid with a reason)"),
  restbetrag: ZBelegBetrag.describe(
    "Open amount: gross − payments − skonto − credit notes − write-off (a cancelled invoice: − payments)",
  ),
  faelligAm: ZIsoDate.describe("Net due date (document date + the payment term's net days)"),
  ueberfaelligTage: z.number().int().min(0).describe("Days past the net due date today (Europe/Vienna)"),
  skontoStufen: z.array(ZSkontoAngebot).describe("Skonto steps still open today, largest first"),
  projektBezeichnungen: z.array(z.string()),
});
export type TOffenerPosten = z.infer<typeof ZOffenerPosten>;

/**
 * PUT unpaidbelege (SPEC §4 "save a partial payment" on an open-document row): a payment on one document — the
 * same as POST zahlung with one document. Answers the row as it is then.
 */
export const ZTeilzahlung = z.strictObject({
  id: z.number().int().positive().describe("The document"),
  zahlungsDatum: ZZahlungsDatum,
  betrag: ZZahlungsBetrag,
  zahlungsart: ZZahlungsart.default("bank"),
  kommentar: optionalText(500),
});
export type TTeilzahlung = z.infer<typeof ZTeilzahlung>;

/** GET unpaidbelegesum/{slug}?kundenId=: the open balance (Σ restbetrag of the open items) and the credit. */
export const ZOffenerSaldo = z.object({
  openBalance: ZBelegBetrag.describe("Σ restbetrag of the open items (credits from invoices included)"),
  anzahl: z.number().int().describe("How many open items"),
  guthaben: ZBelegBetrag.describe("Overpayments kept as credit on the customer (not in openBalance)"),
});
export type TOffenerSaldo = z.infer<typeof ZOffenerSaldo>;

/** The query of GET unpaidbelegesum/{slug}. */
export const ZOffenerSaldoQuery = z.object({ kundenId: z.coerce.number().int().positive().optional() });

/**
 * POST unpaidbelege/{id}/abschreibung: "marked paid" (SPEC §4) as an explicit write-off of the open amount with a
 * reason — audited, undone by DELETE.
 */
export const ZAbschreibung = z.strictObject({
  grund: z.string().trim().min(1).max(500).describe("Why the rest is written off"),
});
export type TAbschreibung = z.infer<typeof ZAbschreibung>;

/** At most this many months in one payment report. */
export const REPORT_MONATE_MAX = 36;

/**
 * GET zahlung/report (/zahlung_report/): period (default: the last 12 months up to today, Europe/Vienna) and
 * optionally one customer. `von` after `bis` is 400 at `bis` ("min"); more than 36 months at `von` ("max", 36).
 */
const ZReportFilter = z.object({
  von: ZIsoDate.optional(),
  bis: ZIsoDate.optional(),
  kundeId: z.coerce.number().int().positive().optional(),
});

function zeitraumPruefen(query: z.infer<typeof ZReportFilter>, ctx: z.RefinementCtx) {
  if (query.von && query.bis && query.von > query.bis)
    ctx.addIssue({ code: "custom", path: ["bis"], params: { code: "min" }, message: "bis before von" });
  if (query.von && query.bis) {
    const monate =
      (Number(query.bis.slice(0, 4)) - Number(query.von.slice(0, 4))) * 12 +
      Number(query.bis.slice(5, 7)) -
      Number(query.von.slice(5, 7)) +
      1;
    if (monate > REPORT_MONATE_MAX)
      ctx.addIssue({
        code: "custom",
        path: ["von"],
        params: { code: "max", max: REPORT_MONATE_MAX },
        message: `at most ${REPORT_MONATE_MAX} months`,
      });
  }
}

export const ZZahlungReportQuery = ZReportFilter.superRefine(zeitraumPruefen);
export type TZahlungReportQuery = z.infer<typeof ZZahlungReportQuery>;

/** GET zahlung/report/export: the report's filter, the file format and the language of headings and numbers. */
export const ZZahlungReportExportQuery = ZReportFilter.extend({
  format: z.enum(["csv", "xlsx"]),
  lang: z.enum(["de", "en"]).default("de").describe("Language of headings, numbers and dates"),
}).superRefine(zeitraumPruefen);
export type TZahlungReportExportQuery = z.infer<typeof ZZahlungReportExportQuery>;

/** One month of the report: received, skonto granted, and what was open at its end (or at `bis`). */
export const ZZahlungReportMonat = z.object({
  monat: z.string().regex(/^\d{4}-\d{2}$/),
  erhalten: ZBelegBetrag,
  skonto: ZBelegBetrag,
  offen: ZBelegBetrag.describe("Open at the month's last day (the report's last day for its last month)"),
});

/** The payment report (/zahlung_report/). */
export const ZZahlungReport = z.object({
  von: ZIsoDate,
  bis: ZIsoDate,
  kunde: ZKundeName.nullable(),
  erhalten: ZBelegBetrag.describe("Σ payments received in the period (with overpayments)"),
  skonto: ZBelegBetrag.describe("Σ skonto granted with them"),
  ueberzahlung: ZBelegBetrag.describe("Σ of their overpayments (credit)"),
  abgeschrieben: ZBelegBetrag.describe("Σ written off in the period"),
  offenAmStichtag: ZBelegBetrag.describe(
    "Open on `bis`: invoices issued by then minus what was paid, credited, written off by then",
  ),
  monate: z.array(ZZahlungReportMonat),
});
export type TZahlungReport = z.infer<typeof ZZahlungReport>;
