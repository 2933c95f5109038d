/**
 * Display formats of SPEC §9, the same in both languages: dates DD.MM.YYYY, date-times DD.MM.YYYY HH:mm (local
 * time). Dates without time ("2024-05-01") are calendar dates and never shift with the time zone.
 */
const two = (value: number) => String(value).padStart(2, "0");

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

function toDate(value: string | Date): Date | null {
  const date = typeof value === "string" ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? null : date;
}

export function formatDate(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === "") return "";
  if (typeof value === "string") {
    const match = DATE_ONLY.exec(value);
    if (match) return `${match[3]}.${match[2]}.${match[1]}`;
  }
  const date = toDate(value);
  return date ? `${two(date.getDate())}.${two(date.getMonth() + 1)}.${date.getFullYear()}` : "";
}

export function formatDateTime(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === "") return "";
  if (typeof value === "string" && DATE_ONLY.test(value)) return formatDate(value);
  const date = toDate(value);
  return date ? `${formatDate(date)} ${two(date.getHours())}:${two(date.getMinutes())}` : "";
}

const euro = new Intl.NumberFormat("de-AT", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "1.234,56 €" (SPEC §9: euro, two decimals, decimal comma, dot thousands separator). */
export function formatMoney(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return "";
  return `${euro.format(value).replace(/\s/g, ".")} €`;
}

const percent = new Intl.NumberFormat("de-DE", { minimumFractionDigits: 1, maximumFractionDigits: 2 });

/**
 * "12,5 %" (SPEC §9: decimal comma, one decimal). A second decimal is shown when the value has one (a 2,25 %
 * discount must not read 2,3 %).
 */
export function formatPercent(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return "";
  return `${percent.format(value)} %`;
}
