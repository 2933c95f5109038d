import { z } from "zod";
import { BIC_PATTERN, checkIban, normalizeIban } from "./iban.rules.ts";

/**
 * An IBAN as a form sends it: none (absent, null, blank → null) or one that passes checkIban, stored normalized.
 * Wrong characters, country or length read "pattern" at the field, wrong check digits "checksum".
 */
export const ZIban = z
  .string()
  .overwrite(normalizeIban)
  .superRefine((value, ctx) => {
    if (value === "") return;
    const result = checkIban(value);
    if (result.ok) return;
    ctx.addIssue({
      code: "custom",
      message: `invalid IBAN (${result.code})`,
      params: { code: result.code === "checksum" ? "checksum" : "pattern" },
    });
  })
  .nullish()
  .transform((value) => (value ? value : null))
  .describe(
    "IBAN of the bank account printed on documents and paid into by EPC QR code, e.g. AT611904300234573201",
  );

/** A BIC as a form sends it: none or 8 or 11 characters (upper-cased, spaces dropped). */
export const ZBic = z
  .string()
  .overwrite((value) => value.toUpperCase().replace(/\s/g, ""))
  .refine((value) => value === "" || BIC_PATTERN.test(value), {
    message: "invalid BIC",
    params: { code: "pattern" },
  })
  .nullish()
  .transform((value) => (value ? value : null))
  .describe("BIC of the bank (8 or 11 characters); optional in SEPA");
