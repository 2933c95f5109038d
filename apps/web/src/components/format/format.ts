import i18next from "i18next";
import {
  formatDateIn,
  formatDateTimeIn,
  formatMoneyIn,
  formatNumber,
  formatPercentIn,
  type Locale,
} from "./locale.ts";

/**
 * Display formats in the current UI language (issue 21; the rules and both languages in locale.ts). German as
 * SPEC §9: dates DD.MM.YYYY, date-times DD.MM.YYYY HH:mm (local time), "1.234,56 €", "12,5 %"; English (en-GB
 * conventions): 24/12/2026, "€1,234.56", "12.5%". Dates without time ("2024-05-01") are calendar dates and never
 * shift with the time zone. A screen that shows these re-renders on a language switch (useTranslation).
 */
export function uiLocale(): Locale {
  return (i18next.resolvedLanguage ?? i18next.language) === "en" ? "en" : "de";
}

export function formatDate(value: string | Date | null | undefined): string {
  return formatDateIn(value, uiLocale());
}

export function formatDateTime(value: string | Date | null | undefined): string {
  return formatDateTimeIn(value, uiLocale());
}

/** "1.234,56 €" (de), "€1,234.56" (en): euro, two decimals. */
export function formatMoney(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return "";
  return formatMoneyIn(value, uiLocale());
}

/**
 * "12,5 %" (de), "12.5%" (en): one decimal. A second decimal is shown when the value has one (a 2,25 % discount
 * must not read 2,3 %).
 */
export function formatPercent(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return "";
  return formatPercentIn(value, uiLocale());
}

/** A quantity with up to `maxDecimals` decimals (none shown when it has none): "1.234,5" (de), "1,234.5" (en). */
export function formatQuantity(value: number | null | undefined, maxDecimals = 3): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return "";
  return formatNumber(value, uiLocale(), 0, maxDecimals);
}
