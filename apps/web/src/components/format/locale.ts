/**
 * Numbers and dates as the user reads and types them, per UI language (issue 21). Pure: the language is a
 * parameter (format.ts and the inputs pass the current one). Import-free, so it costs the login nothing.
 *
 * German (de — the same for Austria and Germany, SPEC §9): `1.234,56 €`, `12,5 %`, `24.12.2026`,
 * `24.12.2026 14:05`. English (en-GB conventions, our users are in AT/DE): `€1,234.56`, `12.5%`, `24/12/2026`,
 * `24/12/2026 14:05`.
 *
 * Reading a typed number (parseNumber):
 * - the decimal separator is the language's (de `,`, en `.`); groups of three digits may be separated by the
 *   language's group separator (de `.`, en `,`) or by spaces (also no-break and narrow no-break spaces) — one
 *   kind per number, every group exactly three digits;
 * - the language's group separator followed by anything but exactly three digits is refused, not guessed: in
 *   German `1.5` is refused (the dot separates thousands; the decimal comma is meant), `1.234` is 1234; in
 *   English `1,5` is refused and `1,234` is 1234;
 * - a leading `-` (or the minus sign U+2212) or `+`, a euro sign before or after the number (money), a percent
 *   sign after it (percent) are taken; `,5` is 0.5 and `5,` is 5;
 * - more decimals than the field allows are refused (never rounded), as are letters, a second decimal separator,
 *   and anything else.
 */

export type Locale = "de" | "en";

const SEPARATORS: Record<Locale, { decimal: string; group: string }> = {
  de: { decimal: ",", group: "." },
  en: { decimal: ".", group: "," },
};

/** Space characters people type or paste between digit groups: space, no-break, narrow no-break, thin. */
const SPACES = /[ \u00A0\u202F\u2009]/g;

// ---------------------------------------------------------------------------------------------------- numbers

/**
 * A number with thousands separators and between `min` and `max` decimals (zeros beyond `min` dropped):
 * formatNumber(1234.5, "de", 2, 2) = "1.234,50", formatNumber(12.5, "en", 1, 2) = "12.5". Rounded half away from
 * zero as printed (the float's decimal digits); "" for no number. `grouping` false for numbers that are names
 * (a first customer number, a category id): 10000, not 10.000.
 */
export function formatNumber(value: number, locale: Locale, min = 0, max = min, grouping = true): string {
  if (!Number.isFinite(value)) return "";
  let fixed = Math.abs(value).toFixed(max);
  if (max > min) fixed = fixed.replace(new RegExp(`(\\.\\d{${min}}\\d*?)0+$`), "$1").replace(/\.$/, "");
  const [whole = "0", decimals] = fixed.split(".");
  const { decimal, group } = SEPARATORS[locale];
  const sign = value < 0 && /[1-9]/.test(fixed) ? "-" : "";
  const grouped = grouping ? whole.replace(/\B(?=(\d{3})+$)/g, group) : whole;
  return `${sign}${grouped}${decimals ? decimal + decimals : ""}`;
}

/** Euro with two decimals (or up to `maxDecimals`, for unit prices): "1.234,56 €" (de), "€1,234.56" (en). */
export function formatMoneyIn(value: number, locale: Locale, maxDecimals = 2): string {
  const text = formatNumber(value, locale, 2, Math.max(2, maxDecimals));
  if (text === "" || locale === "de") return text && `${text} €`;
  return text.startsWith("-") ? `-€${text.slice(1)}` : `€${text}`;
}

/** A percentage with one decimal, a second when it has one: "12,5 %", "2,25 %" (de); "12.5%" (en). */
export function formatPercentIn(value: number, locale: Locale): string {
  const text = formatNumber(value, locale, 1, 2);
  if (text === "") return "";
  return locale === "de" ? `${text} %` : `${text}%`;
}

/** What a typed number may carry beside digits, and how many decimals it may have. */
export interface NumberRules {
  /** Decimals allowed (2 for money, 4 for unit prices, 2 for percent, 0 for whole numbers). */
  maxDecimals: number;
  /** The unit sign people type with it: "€" (before or after) or "%" (after). */
  unit?: "€" | "%" | undefined;
}

/** Why a text is no number: a character that does not belong, separators out of place, too many decimals. */
export type NumberProblem = "invalid" | "group" | "decimals" | "incomplete";

export type ParsedNumber =
  | { ok: true; value: number }
  | { ok: false; problem: NumberProblem; empty?: false }
  | { ok: false; problem: "empty"; empty: true };

/** Reads a typed or pasted number in `locale` (rules in the module comment); never rounds. */
export function parseNumber(text: string, locale: Locale, rules: NumberRules): ParsedNumber {
  let rest = text.replace(SPACES, " ").trim();
  if (rest === "") return { ok: false, problem: "empty", empty: true };
  let negative = false;
  const takeSign = () => {
    const sign = /^[-+\u2212]\s*/.exec(rest);
    if (!sign) return false;
    negative = sign[0][0] !== "+";
    rest = rest.slice(sign[0].length);
    return true;
  };
  const signed = takeSign();
  if (rules.unit === "€") {
    const before = /^€\s*/.exec(rest);
    if (before) {
      rest = rest.slice(before[0].length);
      if (!signed) takeSign();
    } else {
      rest = rest.replace(/\s*€$/, "");
    }
  } else if (rules.unit === "%") {
    rest = rest.replace(/\s*%$/, "");
  }
  const { decimal, group } = SEPARATORS[locale];
  // A sign, a unit or a decimal separator alone: the number is still to come.
  if (rest === "" || rest === decimal) return { ok: false, problem: "incomplete" };
  if (!/^[\d., ]+$/.test(rest)) return { ok: false, problem: "invalid" };
  const parts = rest.split(decimal);
  if (parts.length > 2) return { ok: false, problem: "invalid" };
  const [whole = "", decimals = ""] = parts;
  if (!/^\d*$/.test(decimals)) {
    // en "1.234,56" / de "1,234.56": the other language's way — separators out of place.
    return { ok: false, problem: /^[\d., ]*$/.test(decimals) ? "group" : "invalid" };
  }
  let digits = whole;
  if (!/^\d*$/.test(whole)) {
    const separators = new Set(whole.replace(/\d/g, ""));
    const separator = [...separators][0];
    if (separators.size !== 1 || (separator !== group && separator !== " "))
      return { ok: false, problem: "group" };
    const groups = whole.split(separator);
    if (!/^\d{1,3}$/.test(groups[0] ?? "") || groups.slice(1).some((g) => !/^\d{3}$/.test(g)))
      return { ok: false, problem: "group" };
    digits = groups.join("");
  }
  if (decimals.length > rules.maxDecimals) return { ok: false, problem: "decimals" };
  const value = Number(`${digits === "" ? "0" : digits}.${decimals || "0"}`);
  return { ok: true, value: negative && value !== 0 ? -value : 0 + value };
}

/**
 * Whether a problem is final while typing: letters, a second decimal separator, too many decimals cannot become
 * right by typing on. `1.` or `1.23` (de) can (`1.234`), so they are reported only when the user leaves the field.
 */
export function problemWhileTyping(text: string, locale: Locale, problem: NumberProblem): boolean {
  if (problem === "incomplete") return false;
  if (problem !== "group") return true;
  // Separators out of place are final once a group has more than three digits or the decimal part began.
  const { decimal, group } = SEPARATORS[locale];
  const whole = text.split(decimal)[0] ?? "";
  const groups = whole
    .replace(/[^\d., ]/g, "")
    .trim()
    .split(new RegExp(`[${group} ]`));
  return (
    text.includes(decimal) ||
    groups.some((g, i) => g.length > 3 || (i > 0 && i < groups.length - 1 && g === ""))
  );
}

// ------------------------------------------------------------------------------------------------------ dates

const two = (value: number) => String(value).padStart(2, "0");
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

const dateSeparator = (locale: Locale) => (locale === "de" ? "." : "/");

/** The placeholder of a date field: TT.MM.JJJJ (de), DD/MM/YYYY (en). */
export const datePlaceholder = (locale: Locale) => (locale === "de" ? "TT.MM.JJJJ" : "DD/MM/YYYY");

/** "2026-12-24" → "24.12.2026" (de), "24/12/2026" (en); anything else stays as it is. */
export function isoDateText(value: string, locale: Locale): string {
  const match = DATE_ONLY.exec(value);
  const sep = dateSeparator(locale);
  return match ? `${match[3]}${sep}${match[2]}${sep}${match[1]}` : value;
}

/**
 * A date (calendar dates "2026-12-24" never shift with the time zone; other values in local time):
 * "24.12.2026" (de), "24/12/2026" (en); "" for no date.
 */
export function formatDateIn(value: string | Date | null | undefined, locale: Locale): string {
  if (value === null || value === undefined || value === "") return "";
  if (typeof value === "string" && DATE_ONLY.test(value)) return isoDateText(value, locale);
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return "";
  const sep = dateSeparator(locale);
  return `${two(date.getDate())}${sep}${two(date.getMonth() + 1)}${sep}${date.getFullYear()}`;
}

/** A date and local time: "24.12.2026 14:05" (de), "24/12/2026 14:05" (en); a calendar date alone as a date. */
export function formatDateTimeIn(value: string | Date | null | undefined, locale: Locale): string {
  if (value === null || value === undefined || value === "") return "";
  if (typeof value === "string" && DATE_ONLY.test(value)) return formatDateIn(value, locale);
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return "";
  return `${formatDateIn(date, locale)} ${two(date.getHours())}:${two(date.getMinutes())}`;
}

/**
 * A typed date → ISO ("2026-12-24"), null when it is no calendar date. Both ways are read in both languages
 * (day first always: `24.12.2026`, `1.2.2026`, `24/12/2026`); a four-digit year is required.
 */
export function parseDate(text: string): string | null {
  const match = /^\s*(\d{1,2})([./])(\d{1,2})\2(\d{4})\s*$/.exec(text);
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[3]), Number(match[4])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return `${String(year).padStart(4, "0")}-${two(month)}-${two(day)}`;
}

/**
 * Whether a typed date is complete enough to judge while typing: a four-digit year after two separators
 * (`31.02.2026`). Shorter text is judged when the user leaves the field.
 */
export const dateComplete = (text: string) =>
  /^\s*\d{1,2}[./]\d{1,2}[./]\d{4}/.test(text) || text.length >= 10;
