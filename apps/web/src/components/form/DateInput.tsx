import { TextInput, type TextInputProps } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { dateComplete, datePlaceholder, isoDateText, type Locale, parseDate } from "../format/locale.ts";

export interface DateInputProps extends Omit<TextInputProps, "value" | "onChange" | "defaultValue"> {
  /** An ISO date ("2024-12-24"), "" when empty, or the text typed so far when it is no date yet. */
  value?: string;
  onChange?: (value: string) => void;
}

/** Text shaped like a date (day, month, four-digit year) — a wrong one is a date that does not exist. */
const DATE_SHAPED = /^\s*\d{1,2}([./])\d{1,2}\1\d{4}\s*$/;

/**
 * The one date input (issue 21): typed as the UI language writes dates (de `24.12.2026`, `1.2.2026`; en
 * `24/12/2026`; both are read in both languages), the form holds the ISO date of the contract. A text that is no
 * date is refused at the field with the text kept — as soon as it has a full year (`31.02.2026`), otherwise when
 * the user leaves the field — and reaches the form as it is, so the shared schema refuses it too.
 */
export function DateInput({ value = "", onChange, onFocus, onBlur, error, ...props }: DateInputProps) {
  const { t, i18n } = useTranslation("common");
  const locale: Locale = (i18n.resolvedLanguage ?? i18n.language) === "en" ? "en" : "de";
  /** The text typed: kept while the field is focused, and afterwards while it is no date. */
  const [draft, setDraft] = useState<string | null>(null);
  const [focused, setFocused] = useState(false);
  const emitted = useRef(value);

  // A value set from outside (a reset, a default) replaces what was typed — unless the user is typing.
  useEffect(() => {
    if (value === emitted.current) return;
    emitted.current = value;
    if (!focused) setDraft(null);
  }, [value, focused]);

  const wrong = draft !== null && draft.trim() !== "" && parseDate(draft) === null;
  const showError = wrong && (!focused || dateComplete(draft));
  const message = () =>
    draft !== null && DATE_SHAPED.test(draft)
      ? t("eingabe.datumGibtEsNicht", { text: draft.trim() })
      : t("eingabe.datumUngueltig");

  return (
    <TextInput
      placeholder={datePlaceholder(locale)}
      inputMode="numeric"
      autoComplete="off"
      maxLength={10}
      {...props}
      value={draft ?? isoDateText(value, locale)}
      error={showError ? message() : error}
      onChange={(event) => {
        const text = event.currentTarget.value;
        setDraft(text);
        const next = text.trim() === "" ? "" : (parseDate(text) ?? text);
        emitted.current = next;
        onChange?.(next);
      }}
      onFocus={(event) => {
        setFocused(true);
        onFocus?.(event);
      }}
      onBlur={(event) => {
        setFocused(false);
        if (!wrong) setDraft(null);
        onBlur?.(event);
      }}
    />
  );
}
