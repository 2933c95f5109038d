import { z } from "zod";
import { ZIsoDate } from "../date/date.schema.ts";
import { ZDecimalNumber, ZProzent } from "../money/percent.schema.ts";
import { MAX_SKONTO_STUFEN } from "./zahlungsziel.rules.ts";

/** A customer that uses a term or condition (read-only reference). */
export const ZKundeVerweis = z.object({ id: z.number().int(), bezeichnung: z.string() });

const kundeList = z
  .array(ZKundeVerweis)
  .default([])
  .describe(
    "Read-only: the customers that use it (id and display name, by name; at most 100); set on the customer. One in use cannot be deleted (409 error.inUse).",
  );

export { MAX_SKONTO_STUFEN };

/** One skonto step: paid within `tage` days, `prozent` may be deducted. */
export const ZSkontoStufe = z.object({
  id: z.number().int().optional().describe("Read-only: the step's position, 1..n"),
  tage: z.number().int().min(1).max(365).describe("Days after the document date; fewer than nettoTage"),
  prozent: ZProzent.min(0.01).describe("Skonto in percent, more than 0"),
});
export type TSkontoStufe = z.infer<typeof ZSkontoStufe>;

/** The field of a skonto step that breaks a rule of its term. */
export type SkontoFehler = { index: number; field: "tage" | "prozent" };

/**
 * The rules skonto steps follow among themselves (the single values are checked by ZSkontoStufe): each step ends
 * before the net due date, and a later step gives more days and less skonto than the one before — otherwise the
 * printed text would contradict itself. Returns the offending fields, at most one per step and field.
 */
export function skontoFehler(term: {
  nettoTage: number;
  skontoList: readonly { tage: number; prozent: number }[];
}): SkontoFehler[] {
  const fehler: SkontoFehler[] = [];
  term.skontoList.forEach((stufe, index) => {
    const vorige = term.skontoList[index - 1];
    if (stufe.tage >= term.nettoTage || (vorige && stufe.tage <= vorige.tage))
      fehler.push({ index, field: "tage" });
    if (vorige && stufe.prozent >= vorige.prozent) fehler.push({ index, field: "prozent" });
  });
  return fehler;
}

/**
 * A payment term (SPEC §3 zahlungsziel): net days and up to three skonto steps, days strictly increasing and
 * percentages strictly decreasing (400 field code "invalid" on the offending step, e.g. skontoList.1.tage).
 * One term is the default for new customers and documents. Its printed text: GET belegtext2/{id}.
 */
export const ZZahlungsziel = z
  .object({
    id: z.number().int().optional(),
    name: z.string().trim().min(1).max(100),
    nettoTage: z
      .number()
      .int()
      .min(0)
      .max(365)
      .default(0)
      .describe("Days until the net amount is due; 0 = at once"),
    skontoList: z.array(ZSkontoStufe).max(MAX_SKONTO_STUFEN).default([]),
    kundeList,
    defaultZahlungsziel: z.boolean().default(false).describe("Preselected for new customers; one per tenant"),
  })
  .superRefine((term, ctx) => {
    for (const { index, field } of skontoFehler(term)) {
      ctx.addIssue({
        code: "custom",
        path: ["skontoList", index, field],
        params: { code: "invalid" },
        message:
          field === "tage"
            ? "Skonto days must be fewer than nettoTage and more than the previous step's"
            : "Skonto percent must be less than the previous step's",
      });
    }
  });
export type TZahlungsziel = z.infer<typeof ZZahlungsziel>;
export type TZahlungszielInput = z.input<typeof ZZahlungsziel>;

/** Delivery terms and payment conditions (SPEC §3): a text a document can print, e.g. "frei Haus". */
const ZBedingung = z.object({
  id: z.number().int().optional(),
  name: z.string().trim().min(1).max(200),
  kundeList,
});
export const ZLieferbedingung = ZBedingung.describe("Delivery terms (lieferbedingung)");
export type TLieferbedingung = z.infer<typeof ZLieferbedingung>;
export const ZZahlungsbedingung = ZBedingung.describe("Payment condition (zahlungsbedingung)");
export type TZahlungsbedingung = z.infer<typeof ZZahlungsbedingung>;

/** Largest gross amount a document can carry (numeric(14,2)). */
const MAX_BETRAG = 999_999_999_999.99;

/** Query of GET belegtext2/{zahlungszielId}: for which document the payment-term text is written. */
export const ZBelegtext2Query = z.object({
  belegDatum: ZIsoDate.optional().describe("Document date (YYYY-MM-DD); default: today (Europe/Vienna)"),
  lang: z.enum(["de", "en"]).optional().describe("Language of the text; default: the signed-in user's"),
  betrag: z.coerce
    .number()
    .pipe(ZDecimalNumber(2, -MAX_BETRAG, MAX_BETRAG))
    .optional()
    .describe("Gross amount in euro; with it the text names the amount to pay after each skonto"),
});
export type TBelegtext2Query = z.infer<typeof ZBelegtext2Query>;

/** The payment-term sentence a document prints. */
export const ZBelegtext2 = z.object({ text: z.string() });
export type TBelegtext2 = z.infer<typeof ZBelegtext2>;
