import { TextInput, type TextInputProps } from "@mantine/core";
import { useState } from "react";

/** "24.12.2024" (also "1.2.2024") -> "2024-12-24"; null when it is not a calendar date. */
export function parseGermanDate(text: string): string | null {
  const match = /^\s*(\d{1,2})\.(\d{1,2})\.(\d{4})\s*$/.exec(text);
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** "2024-12-24" -> "24.12.2024"; anything else stays as it is. */
export function formatIsoDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? `${match[3]}.${match[2]}.${match[1]}` : value;
}

export interface DateInputProps extends Omit<TextInputProps, "value" | "onChange" | "defaultValue"> {
  /** An ISO date ("2024-12-24"), "" when empty, or the text typed so far when it is no date yet. */
  value?: string;
  onChange?: (value: string) => void;
}

/**
 * A date typed as DD.MM.YYYY whatever the browser's language (SPEC §9); the form holds the ISO date of the
 * contract. Text that is no date reaches the form as it is, so the shared schema reports it at the field.
 */
export function DateInput({ value = "", onChange, onBlur, ...props }: DateInputProps) {
  const [typing, setTyping] = useState<string | null>(null);
  return (
    <TextInput
      placeholder="TT.MM.JJJJ"
      inputMode="numeric"
      autoComplete="off"
      maxLength={10}
      {...props}
      value={typing ?? formatIsoDate(value)}
      onChange={(event) => {
        const text = event.currentTarget.value;
        setTyping(text);
        onChange?.(text.trim() === "" ? "" : (parseGermanDate(text) ?? text));
      }}
      onBlur={(event) => {
        setTyping(null);
        onBlur?.(event);
      }}
    />
  );
}
