import { NumberField, type NumberFieldProps } from "./NumberField.tsx";

/**
 * An amount in euro in the UI language (de `1.234,56` with "€" after it, en `1,234.56` with "€" before it): the
 * one number input (NumberField) with two decimals. `maxDecimals` 4 is for unit prices: up to four decimals may
 * be typed and are shown when the price has them; otherwise it shows two like any amount (12,50, not 12,5).
 * The value is a number, "" when empty, or the typed text while the field refuses it (shown at the field).
 */
export function MoneyInput({
  maxDecimals = 2,
  ...props
}: Omit<NumberFieldProps, "kind" | "minDecimals"> & {
  maxDecimals?: 2 | 4;
}) {
  return <NumberField kind="money" maxDecimals={maxDecimals} minDecimals={2} {...props} />;
}
