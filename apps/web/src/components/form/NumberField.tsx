import { TextInput, type TextInputProps } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  formatNumber,
  type Locale,
  type NumberProblem,
  parseNumber,
  problemWhileTyping,
} from "../format/locale.ts";

/** What a number field holds: an amount in euro, a percentage, or a plain number (quantities, days). */
export type NumberKind = "money" | "percent" | "number";

export interface NumberFieldProps
  extends Omit<TextInputProps, "value" | "defaultValue" | "onChange" | "type" | "min" | "max"> {
  /** The number; "" when empty; the typed text while it is no (allowed) number. */
  value?: number | string | null | undefined;
  defaultValue?: number | string | null | undefined;
  /**
   * The number typed, "" when the field is empty, or the typed text as it is when the field refuses it (letters,
   * separators out of place, too many decimals, out of range): the form never gets a silently altered value, and
   * its schema refuses the text too (Save stays disabled / the server answers at the field).
   */
  onChange?: (value: number | string) => void;
  kind?: NumberKind;
  /** Decimals that may be typed (money 2, unit prices 4, percent 2, quantities 3, whole numbers 0). */
  maxDecimals?: number;
  /** Decimals always shown when the field is not focused (money 2). */
  minDecimals?: number;
  min?: number;
  max?: number;
  /** Thousands separators in the shown value (default); off for numbers that name something (10000). */
  grouping?: boolean;
}

const DEFAULTS: Record<NumberKind, { min: number; max: number; minDecimals: number; maxDecimals: number }> = {
  money: { min: -9_999_999_999.99, max: 9_999_999_999.99, minDecimals: 2, maxDecimals: 2 },
  percent: { min: 0, max: 100, minDecimals: 0, maxDecimals: 2 },
  number: { min: -9_999_999_999.99, max: 9_999_999_999.99, minDecimals: 0, maxDecimals: 2 },
};

const JS_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * The one number input of the app (issue 21): reads what people type and paste in the UI language (locale.ts:
 * de `1.234,56`, `1234,56`, `1 234,56`, `€ 1.234,56`; en `1,234.56`), shows the formatted value when not focused
 * and the typed text while focused, and refuses anything else visibly at the field with the text kept — never
 * rounds (more decimals than allowed is an error). Final problems (letters, too many decimals) show while
 * typing; a number that may still become right (`1.23` on the way to `1.234`) is judged on leaving the field.
 */
export function NumberField({
  value: controlled,
  defaultValue,
  onChange,
  onFocus,
  onBlur,
  kind = "number",
  maxDecimals,
  minDecimals,
  min,
  max,
  error,
  grouping = true,
  ...props
}: NumberFieldProps) {
  const { t, i18n } = useTranslation("common");
  const locale: Locale = (i18n.resolvedLanguage ?? i18n.language) === "en" ? "en" : "de";
  const defaults = DEFAULTS[kind];
  const decimals = maxDecimals ?? defaults.maxDecimals;
  const shown = Math.min(minDecimals ?? defaults.minDecimals, decimals);
  const lower = min ?? defaults.min;
  const upper = max ?? defaults.max;
  const unit = kind === "money" ? "€" : kind === "percent" ? "%" : undefined;

  const [own, setOwn] = useState<number | string>(defaultValue ?? "");
  const value = controlled === undefined ? own : (controlled ?? "");
  /** The text typed: kept while the field is focused, and afterwards while it is no (allowed) number. */
  const [draft, setDraft] = useState<string | null>(null);
  const [focused, setFocused] = useState(false);
  const emitted = useRef<number | string>(value);

  // A value set from outside (a reset, a computed price) replaces what was typed — unless the user is typing.
  useEffect(() => {
    if (value === emitted.current) return;
    emitted.current = value;
    if (!focused) setDraft(null);
  }, [value, focused]);

  const display = (): string => {
    if (draft !== null) return draft;
    if (typeof value === "number")
      return formatNumber(value, locale, shown, Math.max(shown, decimals), grouping);
    if (JS_NUMBER.test(value))
      return formatNumber(Number(value), locale, shown, Math.max(shown, decimals), grouping);
    return value;
  };

  const check = (text: string) => {
    const parsed = parseNumber(text, locale, { maxDecimals: decimals, unit });
    if (parsed.ok) {
      if (parsed.value < lower) return { value: text, problem: "min" as const };
      if (parsed.value > upper) return { value: text, problem: "max" as const };
      return { value: parsed.value, problem: null };
    }
    if (parsed.problem === "empty") return { value: "", problem: null };
    return { value: text, problem: parsed.problem };
  };

  const problem = draft === null ? null : check(draft).problem;
  const message = (p: NumberProblem | "min" | "max"): string => {
    switch (p) {
      case "min":
        return t("eingabe.zahlMin", { min: formatNumber(lower, locale, shown, decimals) });
      case "max":
        return t("eingabe.zahlMax", { max: formatNumber(upper, locale, shown, decimals) });
      case "decimals":
        return decimals === 0 ? t("eingabe.zahlGanz") : t("eingabe.zahlDezimalen", { max: decimals });
      case "group":
        return t("eingabe.zahlGruppe");
      case "incomplete":
        return t("eingabe.zahlUnvollstaendig");
      default:
        return t("eingabe.zahlUngueltig", {
          beispiel: formatNumber(kind === "percent" ? 12.5 : 1234.56, locale, Math.min(2, decimals)),
        });
    }
  };
  const showProblem =
    problem !== null &&
    draft !== null &&
    (!focused || problem === "min" || problem === "max" || problemWhileTyping(draft, locale, problem));

  const euroBefore = kind === "money" && locale === "en";
  return (
    <TextInput
      inputMode={decimals === 0 && lower >= 0 ? "numeric" : "decimal"}
      autoComplete="off"
      {...(unit !== undefined && !euroBefore
        ? { rightSection: unit, rightSectionPointerEvents: "none" as const }
        : {})}
      {...(euroBefore ? { leftSection: "€", leftSectionPointerEvents: "none" as const } : {})}
      {...props}
      value={display()}
      error={showProblem ? message(problem) : error}
      onFocus={(event) => {
        setFocused(true);
        onFocus?.(event);
      }}
      onBlur={(event) => {
        setFocused(false);
        if (draft !== null && check(draft).problem === null) setDraft(null);
        onBlur?.(event);
      }}
      onChange={(event) => {
        const text = event.currentTarget.value;
        setDraft(text);
        const next = check(text).value;
        emitted.current = next;
        if (controlled === undefined) setOwn(next);
        onChange?.(next);
      }}
    />
  );
}
