import { NumberInput, type NumberInputProps } from "@mantine/core";

/** A percentage as SPEC §9 shows it: decimal comma, up to two decimals, "%" after it. Value: number or "". */
export function PercentInput(props: Omit<NumberInputProps, "decimalSeparator" | "decimalScale">) {
  return (
    <NumberInput
      decimalSeparator=","
      thousandSeparator="."
      decimalScale={2}
      hideControls
      rightSection="%"
      rightSectionPointerEvents="none"
      min={0}
      max={100}
      clampBehavior="none"
      inputMode="decimal"
      {...props}
    />
  );
}
