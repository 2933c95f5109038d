import { NumberInput, type NumberInputProps } from "@mantine/core";

/**
 * An amount in euro as SPEC §9 shows it: decimal comma, dot thousands separator, two decimals, "€" after it.
 * The value is a number (or "" when empty).
 */
export function MoneyInput({
  onChange,
  ...props
}: Omit<NumberInputProps, "decimalSeparator" | "thousandSeparator" | "decimalScale">) {
  return (
    <NumberInput
      decimalSeparator=","
      thousandSeparator="."
      decimalScale={2}
      fixedDecimalScale
      hideControls
      rightSection="€"
      rightSectionPointerEvents="none"
      min={-9_999_999_999.99}
      max={9_999_999_999.99}
      clampBehavior="strict"
      inputMode="decimal"
      {...props}
      // With fixedDecimalScale Mantine reports "1234.50" (a string) for values ending in zero: hand on a number.
      onChange={(value) => onChange?.(typeof value === "string" && value !== "" ? Number(value) : value)}
    />
  );
}
