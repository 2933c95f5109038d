import type { TZahlungsziel } from "@kontor/domain/zahlungsziel/zahlungsziel.schema";
import { uiLocale } from "../../components/format/format.ts";
import { formatNumber } from "../../components/format/locale.ts";

/** One skonto step in the form: inputs hold "" while empty; `key` keeps a row's inputs when others are removed. */
export interface SkontoRow {
  key: string;
  tage: number | "";
  prozent: number | "";
}

/** The form of a payment term (SPEC §3 zahlungsziel). */
export interface ZahlungszielValues {
  id?: number | undefined;
  name: string;
  nettoTage: number | "";
  skontoList: SkontoRow[];
  defaultZahlungsziel: boolean;
}

let lastRowKey = 0;
const rowKey = () => `skonto-${++lastRowKey}`;

/** An empty step, as "add step" inserts it. */
export const emptySkontoRow = (): SkontoRow => ({ key: rowKey(), tage: "", prozent: "" });

export const emptyZahlungsziel = (): ZahlungszielValues => ({
  name: "",
  nettoTage: "",
  skontoList: [],
  defaultZahlungsziel: false,
});

export const zahlungszielToForm = (term: TZahlungsziel): ZahlungszielValues => ({
  id: term.id,
  name: term.name,
  nettoTage: term.nettoTage,
  skontoList: term.skontoList.map((step) => ({ key: rowKey(), tage: step.tage, prozent: step.prozent })),
  defaultZahlungsziel: term.defaultZahlungsziel,
});

/**
 * The body PUT zahlungsziels gets. An empty input is sent as null, so the schema (and the server) report it as
 * "required" — the net days' default of 0 applies to API clients that leave it out, not to a cleared field. The
 * read-only step ids and customers are left out: the server numbers the steps and keeps the customers.
 */
export function zahlungszielFromForm(values: ZahlungszielValues) {
  const given = (value: number | "") => (value === "" ? null : value);
  return {
    ...(values.id === undefined ? {} : { id: values.id }),
    name: values.name,
    nettoTage: given(values.nettoTage),
    skontoList: values.skontoList.map((row) => ({ tage: given(row.tage), prozent: given(row.prozent) })),
    defaultZahlungsziel: values.defaultZahlungsziel,
  };
}

/** A skonto percentage in the list's short form: "3 %", "2,5 %" (de), "3%", "2.5%" (en): no trailing zeros. */
export function formatSkontoProzent(prozent: number): string {
  const locale = uiLocale();
  const text = formatNumber(prozent, locale, 0, 2);
  return locale === "de" ? `${text} %` : `${text}%`;
}

/**
 * The number a NumberInput holds: its onChange gives a number, or the unformatted text ("1234.50", "1234.", "-",
 * "") when the text carries more than the number. Undefined when there is no number.
 */
export function amountOf(value: number | string): number | undefined {
  const amount = typeof value === "number" ? value : value.trim() === "" ? Number.NaN : Number(value);
  return Number.isFinite(amount) ? amount : undefined;
}

/** A text shortened for titles and dialogs: at most `max` characters, "…" when cut, line breaks as spaces. */
export function shortLabel(text: string, max = 60): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}
