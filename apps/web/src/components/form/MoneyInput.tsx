import { NumberInput, type NumberInputProps } from "@mantine/core";
import { useState } from "react";

/** Whether an amount needs no more than two decimals (read through cents, so 0.29 is not 0.28999…). */
const zweiStellen = (value: number) => Number.isInteger(Math.round(value * 10_000) / 100);

/**
 * An amount in euro as SPEC §9 shows it: decimal comma, dot thousands separator, two decimals, "€" after it.
 * The value is a number (or "" when empty). `maxDecimals` 4 is for unit prices: up to four decimals may be typed
 * and are shown when the price has them; otherwise it shows two like any amount (12,50 €, not 12,5 €).
 */
export function MoneyInput({
  onChange,
  onFocus,
  onBlur,
  maxDecimals = 2,
  ...props
}: Omit<NumberInputProps, "decimalSeparator" | "thousandSeparator" | "decimalScale"> & {
  maxDecimals?: 2 | 4;
}) {
  const [tippt, setTippt] = useState(false);
  const fein = maxDecimals > 2 && (tippt || (typeof props.value === "number" && !zweiStellen(props.value)));
  return (
    <NumberInput
      decimalSeparator=","
      thousandSeparator="."
      decimalScale={fein ? maxDecimals : 2}
      fixedDecimalScale={!fein}
      hideControls
      rightSection="€"
      rightSectionPointerEvents="none"
      min={-9_999_999_999.99}
      max={9_999_999_999.99}
      clampBehavior="strict"
      inputMode="decimal"
      {...props}
      onFocus={(event) => {
        setTippt(true);
        onFocus?.(event);
      }}
      onBlur={(event) => {
        setTippt(false);
        onBlur?.(event);
      }}
      // With fixedDecimalScale Mantine reports "1234.50" (a string) for values ending in zero: hand on a number.
      onChange={(value) => onChange?.(typeof value === "string" && value !== "" ? Number(value) : value)}
    />
  );
}
