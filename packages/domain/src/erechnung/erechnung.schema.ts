import { z } from "zod";
import {
  ERECHNUNG_FORMATE,
  ERECHNUNG_KANAELE,
  elektronischeAdresseGueltig,
  leitwegIdGueltig,
} from "./erechnung.codes.ts";

/** Looks like a Leitweg-ID (digits, hyphen, …, hyphen, two digits): then its check digits must be right. */
const LEITWEG_FORM = /^[0-9]{2,12}-(?:[0-9A-Za-z]{1,30}-)?[0-9]{2}$/;

/**
 * The buyer reference (EN 16931 BT-10): any reference the buyer gave, or — for German public buyers — the
 * Leitweg-ID. A value shaped like a Leitweg-ID must carry valid check digits (field code "checksum").
 */
export const ZKaeuferReferenz = z
  .string()
  .trim()
  .max(100)
  .superRefine((value, ctx) => {
    if (LEITWEG_FORM.test(value) && !leitwegIdGueltig(value))
      ctx.addIssue({
        code: "custom",
        message: "Leitweg-ID check digits wrong",
        params: { code: "checksum" },
      });
  })
  .nullish()
  .transform((value) => value || null)
  .describe(
    "Buyer reference (EN 16931 BT-10), e.g. the Leitweg-ID of a German public buyer (check digits verified)",
  );

/**
 * An electronic address (BT-34 / BT-49): an e-mail address or "<EAS code>:<id>" with a code of the EAS code list
 * (field code "pattern").
 */
export const ZElektronischeAdresse = z
  .string()
  .trim()
  .max(200)
  .superRefine((value, ctx) => {
    if (value !== "" && !elektronischeAdresseGueltig(value))
      ctx.addIssue({
        code: "custom",
        message: "not an e-mail address or EAS:id (a scheme of the EAS code list)",
        params: { code: "pattern" },
      });
  })
  .nullish()
  .transform((value) => value || null)
  .describe(
    'Electronic address for e-invoices: an e-mail address or "<EAS scheme>:<id>", e.g. 9915:b, 0088:…',
  );

export const ZErechnungFormat = z.enum(ERECHNUNG_FORMATE);
export const ZErechnungKanal = z.enum(ERECHNUNG_KANAELE);
