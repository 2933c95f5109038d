import { NumberField, type NumberFieldProps } from "./NumberField.tsx";

/**
 * A percentage in the UI language (de `12,5`, en `12.5`, "%" after it): the one number input (NumberField), up
 * to two decimals, 0 to 100 unless `min`/`max` say otherwise. Value: number, "", or the refused text.
 */
export function PercentInput(props: Omit<NumberFieldProps, "kind">) {
  return <NumberField kind="percent" {...props} />;
}
