import { TextInput, type TextInputProps } from "@mantine/core";

export interface WholeNumberInputProps
  extends Omit<TextInputProps, "value" | "defaultValue" | "onChange" | "type" | "min" | "max"> {
  value?: number | string | null;
  defaultValue?: number | string | null;
  /** The number typed, or "" while the field is empty (as Mantine's NumberInput, so form values fit both). */
  onChange?: (value: number | "") => void;
  min?: number;
  max?: number;
}

const text = (value: number | string | null | undefined) =>
  value === null || value === undefined ? undefined : String(value);

/**
 * A whole, non-negative number (sort orders, counters): a plain text input that only takes digits and clamps to
 * `max`. Mantine's NumberInput (with its formatting library) costs ~9 KB gzip per screen for what needs none.
 */
export function WholeNumberInput({
  value,
  defaultValue,
  onChange,
  min = 0,
  max,
  ...props
}: WholeNumberInputProps) {
  return (
    <TextInput
      {...props}
      inputMode="numeric"
      autoComplete="off"
      value={text(value)}
      defaultValue={text(defaultValue)}
      onChange={(event) => {
        const digits = event.currentTarget.value.replace(/\D/g, "");
        if (digits === "") return onChange?.("");
        const number = Math.max(min, Number(digits));
        onChange?.(max === undefined ? number : Math.min(max, number));
      }}
    />
  );
}
