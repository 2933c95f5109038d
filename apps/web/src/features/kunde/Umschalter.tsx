import { Button, Input } from "@mantine/core";

/**
 * One of a few choices as a row of toggle buttons (customers / suppliers / all, company / private person). Lighter
 * than SegmentedControl, which the list's and the edit screen's first loads have no room for (DESIGN §9).
 */
export function Umschalter<V extends string>({
  label,
  value,
  onChange,
  data,
  hideLabel = false,
}: {
  label: string;
  value: V;
  onChange: (value: V) => void;
  data: readonly { value: V; label: string }[];
  /** The label only for assistive technology (the choices speak for themselves). */
  hideLabel?: boolean;
}) {
  return (
    <fieldset aria-label={label} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      {/* Looks like the other inputs' labels; the fieldset's aria-label names the group. */}
      {!hideLabel && (
        <Input.Label labelElement="div" aria-hidden mb={4}>
          {label}
        </Input.Label>
      )}
      <Button.Group>
        {data.map((option) => {
          const active = option.value === value;
          return (
            <Button
              key={option.value}
              variant={active ? "filled" : "default"}
              aria-pressed={active}
              onClick={() => {
                if (!active) onChange(option.value);
              }}
            >
              {option.label}
            </Button>
          );
        })}
      </Button.Group>
    </fieldset>
  );
}
