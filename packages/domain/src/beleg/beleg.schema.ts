import { z } from "zod";
import { ZMenge } from "../artikel/artikel.schema.ts";
import { ZIsoDate } from "../date/date.schema.ts";
import { ZKaeuferReferenz } from "../erechnung/erechnung.schema.ts";
import { optionalText as text, reference as verweis } from "../http/fields.schema.ts";
import { speicherGruendeMelden } from "../http/speicherRegeln.ts";
import { ZDecimalNumber, ZProzent } from "../money/percent.schema.ts";
import { ZRichText } from "../richtext/richtext.schema.ts";
import { ZBelegsTyp } from "../typen/typen.ts";
import { ZAHLUNGSARTEN } from "../zahlung/zahlung.codes.ts";
import { BELEG_BETRAG_MAX, BELEG_POSITIONEN_MAX, MWST_KATEGORIEN } from "./beleg.codes.ts";
import { type BelegGrund, fehlendeFelder, ungueltigeFelder } from "./beleg.rules.ts";

/**
 * A document (SPEC §3 Beleg) and its positions. Money travels as JSON numbers (DESIGN §6) and is computed with
 * money/decimal.ts (beleg.totals.ts): amounts with two decimals, unit prices with four (numeric(14,4)),
 * quantities with three, percentages with two. Computed fields (totals, VAT lines, line sums) and the fields the
 * document's actions set (number, finalization, payment, cancellation, RKSV, PDF) are read-only: ZBeleg shows
 * them, ZBelegSpeichern — the body of PUT — refuses them.
 */

/** A date (YYYY-MM-DD) or none (null). */
const datum = () => ZIsoDate.nullish().transform((v) => v ?? null);

/**
 * An amount in euro, two decimals, numeric(14,2): positive in the document's own direction (an invoice what it
 * charges, a credit note what it credits), negative for a credit line and on a storno (its original negated).
 */
export const ZBelegBetrag = ZDecimalNumber(2, -BELEG_BETRAG_MAX, BELEG_BETRAG_MAX);
/** A unit price in euro: four decimals (numeric(14,4)); negative for a credit line. */
export const ZPositionsPreis = ZDecimalNumber(4, -9_999_999_999.9999, 9_999_999_999.9999);

/** An EN 16931 VAT category code (BT-118). */
export const ZMwstKategorie = z.enum(MWST_KATEGORIEN);

/**
 * A VAT line of a document (EN 16931 BG-23, computed by belegSummen): rate and category, the taxable amount after
 * the document discount, the VAT, and the share of the document discount this rate carries (BG-20). Read-only.
 */
export const ZBelegMwst = z.object({
  id: z.number().int().optional(),
  satz: ZProzent.describe("VAT rate in percent (BT-119); 0 for every category but S"),
  kategorie: ZMwstKategorie.describe("VAT category (BT-118): S, Z, E, AE, K, G, O"),
  basis: ZBelegBetrag.describe("Taxable amount (BT-116): line nets of this rate minus the allowance"),
  betrag: ZBelegBetrag.describe("VAT amount (BT-117): round(basis × satz / 100, 2)"),
  rabatt: ZBelegBetrag.default(0).describe("Document discount of this rate (BT-92)"),
});
export type TBelegMwst = z.infer<typeof ZBelegMwst>;

/**
 * A payment booked on the document (SPEC §3 zahlung, seen from the document): the payment's id and day, this
 * document's share of it, the skonto granted with it, means and comment. Read-only: payments have routes (issue 17).
 */
export const ZBelegZahlung = z.object({
  id: z.number().int().describe("The payment (zahlung) id"),
  zahlungsDatum: ZIsoDate,
  betrag: ZBelegBetrag.describe("This document's share of the payment"),
  kommentar: z.string().nullable().default(null),
  skonto: ZBelegBetrag.default(0).describe("Skonto granted on the document with this payment"),
  zahlungsart: z.enum(ZAHLUNGSARTEN).optional().describe("bank, bar (cash) or karte (card)"),
});
export type TBelegZahlung = z.infer<typeof ZBelegZahlung>;

/** The value of a document field definition for this document (SPEC §3 belegFelder; as kundeFelder). */
export const ZBelegFeld = z.object({
  felddefinitionId: z.number().int().positive(),
  value: z
    .string()
    .trim()
    .max(500)
    .nullish()
    .transform((v) => v || null),
});
export type TBelegFeld = z.infer<typeof ZBelegFeld>;

/** What a client sends of a position (the PUT body's rows). */
const positionEingabe = {
  id: z.number().int().optional().describe("The position's id; none for a new position"),
  artikel: verweis().describe("The article; null for a free position"),
  artikelRabatt: ZProzent.default(0).describe(
    "The article's discount in percent (e.g. the customer's suggestion); counts only for a rabattierFaehig article",
  ),
  positionsBeschreibung: text(10_000).describe("Description printed (taken from the article, editable)"),
  positionsBeschreibungZusatz: text(10_000).describe("Additional description"),
  positionsMenge: ZMenge.nullable()
    .default(1)
    .describe(
      "Quantity, three decimals; negative for a line that runs against the document (a credit line on an invoice, a fee on a credit note) and on a storno (its original's negated); a credit note states what it credits with positive quantities (a negative credit-note total is refused: negativeCredit); null on a free-text line",
    ),
  positionsMwst: ZProzent.nullish()
    .transform((v) => v ?? null)
    .describe("VAT rate in percent; required with a price"),
  positionsNummer: z
    .number()
    .int()
    .min(0)
    .max(1_000_000)
    .optional()
    .describe("Position number; a new position without one gets the highest + 1 (positionsNummerNeu)"),
  positionsPreis: ZPositionsPreis.nullish()
    .transform((v) => v ?? null)
    .describe("Unit price net, four decimals; null = a free-text line without amounts"),
  positionsVersandMenge: ZMenge.nullish()
    .transform((v) => v ?? null)
    .describe("Quantity shipped with this delivery (partial delivery)"),
  teilversandFinalize: z
    .boolean()
    .default(false)
    .describe("The partial deliveries of the position are complete"),
  rabatt: ZProzent.default(0).describe(
    "The position's discount in percent; after the article discount (successively)",
  ),
  zeiteintraege: z
    .array(z.object({ id: z.number().int().positive() }))
    .max(1000)
    .default([])
    .describe("The time entries the position bills"),
  belegspositionLieferant: verweis().describe("The supplier of the position (a customer flagged lieferant)"),
};

/** A field the server computes or an action sets: a body may carry it back as read, it is ignored. */
const ignoriert = () => z.unknown().optional().describe("Read-only: ignored when sent");

/**
 * The row of PUT's body: a position as a client sends it — a position read from GET may come back as it is (its
 * computed fields are ignored); unknown fields are refused.
 */
export const ZBelegPositionSpeichern = z.strictObject({
  ...positionEingabe,
  positionsSumme: ignoriert(),
  stillOpenAmount: ignoriert(),
});
export type TBelegPositionSpeichern = z.infer<typeof ZBelegPositionSpeichern>;

/** A document position (SPEC §3 Document position) with every field. */
export const ZBelegPosition = z.object({
  ...positionEingabe,
  artikel: z
    .object({
      id: z.number().int().positive(),
      artikelNummer: z.string().nullish().describe("Read-only"),
      artikelBezeichnung: z.string().nullish().describe("Read-only"),
      rabattierFaehig: z
        .boolean()
        .optional()
        .describe("Read-only: whether discounts apply (the totals read it; the server fills it)"),
    })
    .nullish()
    .transform((v) => v ?? null),
  belegspositionLieferant: z
    .object({ id: z.number().int().positive(), anzeigename: z.string().optional().describe("Read-only") })
    .nullish()
    .transform((v) => v ?? null),
  positionsSumme: ZBelegBetrag.nullish()
    .transform((v) => v ?? null)
    .describe("Read-only: the line net (EN 16931 BT-131); null on a free-text line"),
  stillOpenAmount: ZMenge.nullish()
    .transform((v) => v ?? null)
    .describe("Read-only: the quantity still to be delivered"),
});
export type TBelegPosition = z.infer<typeof ZBelegPosition>;

/** What a client sends of a document (PUT's body). */
const belegEingabe = {
  id: z.number().int().optional(),
  belegDatum: ZIsoDate.describe("Issue date (YYYY-MM-DD)"),
  belegsTyp: ZBelegsTyp,
  kunde: verweis().describe("The customer (buyer); may be missing on a cash invoice"),
  adresse: verweis().describe("The customer's address printed; null = the billing address"),
  zuHanden: text(200).describe('Printed as "to the attention of"'),
  leistungsDatum: datum().describe("Date of supply (§11 UStG AT, §14 UStG DE); or the service period"),
  leistungsZeitraumVon: datum().describe("First day of the service period"),
  leistungsZeitraumBis: datum().describe("Last day of the service period (not before its first day)"),
  belegspositionSet: z.array(ZBelegPositionSpeichern).max(BELEG_POSITIONEN_MAX).default([]),
  rabatt: verweis().describe("The named discount (Rabatt) chosen; its percentage is copied into belegRabatt"),
  belegRabatt: ZProzent.default(0).describe(
    "Document discount in percent: an EN 16931 document-level allowance per VAT rate",
  ),
  reverseCharge: z
    .boolean()
    .default(false)
    .describe("The recipient owes the VAT (reverse charge, VAT category AE)"),
  bankomat: z.boolean().default(false).describe("Paid by card (cash invoices)"),
  rechnungsText: ZRichText(200_000)
    .nullish()
    .transform((v) => v || null)
    .describe("The document's text (rich text)"),
  belegstext2: text(2000).describe(
    "The document's own payment text; empty (null): the payment term's sentence with the document's date and final amounts is printed (PDF, e-invoice BT-20). A text that is the term's sentence (as GET belegtext2/{zahlungszielId} makes it) is stored as null, so its skonto amounts never go stale",
  ),
  belegstext3: text(2000).describe(
    "Text referring to the original document (GET belegtext3/{originalBelegId})",
  ),
  belegFelder: z.array(ZBelegFeld).max(500).default([]),
  projektList: z
    .array(z.object({ id: z.number().int().positive() }))
    .max(100)
    .default([])
    .describe("The projects the document belongs to"),
  zahlungsziel: verweis().describe("Payment term"),
  lieferbedingung: verweis().describe("Delivery terms"),
  zahlungsbedingung: verweis().describe("Payment condition"),
  fahrzeug: verweis().describe("The customer's vehicle the document is about"),
  bestellBelegnummer: text(50).describe("The order number the document refers to (EN 16931 BT-13)"),
  kaeuferReferenz: ZKaeuferReferenz.describe(
    "Buyer reference (EN 16931 BT-10, e.g. Leitweg-ID); a new document takes the customer's",
  ),
};

/** A reference to another document as answers show it. */
const ZBelegVerweis = z.object({
  id: z.number().int().nullable(),
  belegNummer: z.string().nullable(),
  belegsTyp: ZBelegsTyp,
});

/**
 * A document with every field of SPEC §3 (and the date of supply / service period, the reverse-charge flag and the
 * document it was made from). Read-only fields are set by the server: totals and VAT lines by belegSummen,
 * belegNummer and freigabe by finalization, bezahlt and zahlungList by payments, storniert and
 * stornoRechnungsnummer (the number of the cancelling storno) by cancellation, rksvBarcode and docPath by RKSV
 * and the PDF.
 */
export const ZBeleg = z.object({
  ...belegEingabe,
  kunde: z
    .object({ id: z.number().int().positive(), anzeigename: z.string().optional().describe("Read-only") })
    .nullish()
    .transform((v) => v ?? null),
  belegspositionSet: z.array(ZBelegPosition).max(BELEG_POSITIONEN_MAX).default([]),
  mandant: z
    .object({ id: z.number().int() })
    .optional()
    .describe("Read-only: the tenant (from X-Mandant-Id)"),
  belegNummer: z.string().nullish().describe("Read-only: assigned at finalization"),
  summeNetto: ZBelegBetrag.default(0).describe("Read-only: total without VAT after the discount (BT-109)"),
  summeBrutto: ZBelegBetrag.default(0).describe(
    "Read-only: total with VAT (BT-112); positive on invoices and credit notes, negative on a storno (its original negated)",
  ),
  belegMwstSet: z.array(ZBelegMwst).default([]).describe("Read-only: the VAT breakdown"),
  freigabe: z.boolean().default(false).describe("Read-only: finalized (then immutable)"),
  bezahlt: z.boolean().default(false).describe("Read-only: marked paid"),
  storniert: z.boolean().default(false).describe("Read-only: cancelled by a storno"),
  stornoRechnungsnummer: z
    .string()
    .nullish()
    .describe("Read-only: the number of the storno that cancelled it"),
  ursprungsBeleg: ZBelegVerweis.nullish().describe(
    "Read-only: the document this one was converted from or cancels",
  ),
  rksvBarcode: z.string().nullish().describe("Read-only: RKSV signature (QR code content)"),
  docPath: z.string().nullish().describe("Read-only: the stored PDF"),
  zahlungList: z.array(ZBelegZahlung).default([]).describe("Read-only: payments"),
  restbetrag: ZBelegBetrag.optional().describe(
    "Read-only: the open amount of an invoice (gross − payments − skonto − credit notes − write-off; a draft invoice: its gross); 0 for other types",
  ),
  abschreibung: z
    .object({ betrag: ZBelegBetrag, grund: z.string(), datum: ZIsoDate })
    .nullish()
    .describe("Read-only: the write-off (marked paid with a reason), if any"),
});
export type TBeleg = z.infer<typeof ZBeleg>;
export type TBelegInput = z.input<typeof ZBeleg>;

/** Reports reasons other than "required" as issues at their paths (a path already reported is skipped). */
function gruendeMelden(gruende: readonly BelegGrund[], ctx: z.RefinementCtx): void {
  const gemeldet = new Set(ctx.issues.map((issue) => (issue.path ?? []).map(String).join(".")));
  for (const { field, code } of gruende) {
    if (gemeldet.has(field)) continue;
    ctx.addIssue({
      code: "custom",
      path: field.split(".").map((teil) => (/^\d+$/.test(teil) ? Number(teil) : teil)),
      params: { code },
      message: `${field} is ${code}`,
    });
  }
}

/**
 * PUT's body: what a client may send — the document as GET answered it may come back whole (the generic pattern,
 * SPEC §7), but what the server computes or an action sets (totals, VAT lines, line sums, number, flags) is ignored,
 * never trusted; fields the document does not have are refused with field code "unknownField" — with the save rules (fehlendeFelder: field paths "required";
 * ungueltigeFelder: a period ending before it starts, amounts beyond numeric(14,2)). The rules run even when
 * other fields are invalid, so one 400 names every field once.
 */
export const ZBelegSpeichern = z
  .strictObject({
    ...belegEingabe,
    mandant: ignoriert(),
    belegNummer: ignoriert(),
    summeNetto: ignoriert(),
    summeBrutto: ignoriert(),
    belegMwstSet: ignoriert(),
    freigabe: ignoriert(),
    bezahlt: ignoriert(),
    storniert: ignoriert(),
    stornoRechnungsnummer: ignoriert(),
    ursprungsBeleg: ignoriert(),
    rksvBarcode: ignoriert(),
    docPath: ignoriert(),
    zahlungList: ignoriert(),
    restbetrag: ignoriert(),
    abschreibung: ignoriert(),
  })
  .superRefine(
    (beleg, ctx) => {
      speicherGruendeMelden(fehlendeFelder(beleg), ctx);
      gruendeMelden(ungueltigeFelder(beleg), ctx);
    },
    { when: (payload) => typeof payload.value === "object" && payload.value !== null },
  );
export type TBelegSpeichern = z.infer<typeof ZBelegSpeichern>;
export type TBelegSpeichernInput = z.input<typeof ZBelegSpeichern>;
