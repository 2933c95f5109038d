import { z } from "zod";

/** Decimals of a JSON number as written ("12.5" → 1); exponent forms count their shifted digits. */
function decimals(value: number): number {
  const [mantissa = "", exponent = "0"] = String(value).split("e");
  const fraction = mantissa.split(".")[1]?.length ?? 0;
  return Math.max(0, fraction - Number(exponent));
}

/** A decimal with at most `scale` places, within bounds (rates, percentages, amounts as JSON numbers). */
export const ZDecimalNumber = (scale: number, min: number, max: number) =>
  z
    .number()
    .min(min)
    .max(max)
    .refine((value) => decimals(value) <= scale, { params: { code: "invalid" } });

/** A percentage 0–100 with two decimals at most (VAT rates, discounts, skonto). */
export const ZProzent = ZDecimalNumber(2, 0, 100);
