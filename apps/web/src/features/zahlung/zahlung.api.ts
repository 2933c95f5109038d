import { sortParam } from "@kontor/domain/http/paging";
import type { TZahlungsart } from "@kontor/domain/zahlung/zahlung.codes";
import type {
  TOffenerPosten,
  TOffenerSaldo,
  TZahlung,
  TZahlungAnlegenInput,
  TZahlungZeile,
} from "@kontor/domain/zahlung/zahlung.schema";
import { queryOptions } from "@tanstack/react-query";
import { api, type Page } from "../../app/api.ts";
import type { ListQuery } from "../../components/list/listTypes.ts";

/**
 * The calls of payments and open items (issue 17), typed only (the server's response schemas guarantee the
 * shapes): no zod in the list's or the editor's chunks.
 */

export const ZAHLUNG_KEY = "zahlung";
export const zahlungKeys = {
  all: [ZAHLUNG_KEY] as const,
  posten: () => [ZAHLUNG_KEY, "posten"] as const,
  zahlungen: () => [ZAHLUNG_KEY, "liste"] as const,
  saldo: (kundeId: number | null) => [ZAHLUNG_KEY, "saldo", kundeId] as const,
};

export const ZAHLUNG_LIST_PATH = "/zahlung_list";

/** The open items' filters (customer, overdue only, period on the document date). */
export interface PostenFilter {
  kunde: { id: number; anzeigename: string } | null;
  ueberfaellig: boolean;
  von: string;
  bis: string;
}
export const LEERER_POSTEN_FILTER: PostenFilter = { kunde: null, ueberfaellig: false, von: "", bis: "" };

/** The payment list's filters (customer, period on the payment date, means). */
export interface ZahlungFilter {
  kunde: { id: number; anzeigename: string } | null;
  von: string;
  bis: string;
  zahlungsart: TZahlungsart | "";
}
export const LEERER_ZAHLUNG_FILTER: ZahlungFilter = { kunde: null, von: "", bis: "", zahlungsart: "" };

/** The payment report's filter: period (empty: the server's default, the last 12 months) and customer. */
export interface ReportFilter {
  von: string;
  bis: string;
  kunde: { id: number; anzeigename: string } | null;
}

/** The report's query parameters (only what is set). */
export const reportQuery = (filter: ReportFilter) => ({
  ...(filter.von ? { von: filter.von } : {}),
  ...(filter.bis ? { bis: filter.bis } : {}),
  ...(filter.kunde ? { kundeId: filter.kunde.id } : {}),
});

/** GET zahlung/report/export: the report's filter, the format, the language of the UI. */
export function reportExportPfad(format: "csv" | "xlsx", filter: ReportFilter, lang: string) {
  const query = new URLSearchParams({ format, lang: lang === "en" ? "en" : "de" });
  for (const [key, value] of Object.entries(reportQuery(filter))) query.set(key, String(value));
  return `zahlung/report/export?${query}`;
}

/** A row of the open items as the table sees it (plus the columns that show something else). */
export type PostenZeile = TOffenerPosten & { auswahl?: never; kundeName?: never; faellig?: never };
export type ZahlungListZeile = TZahlungZeile & { kundeName?: never; belegNummern?: never; aktion?: never };

/** GET unpaidbelege: one page of open items. */
export async function listPosten(
  query: ListQuery,
  filter: PostenFilter,
  signal?: AbortSignal,
): Promise<Page<PostenZeile>> {
  const page = await api.getPage("unpaidbelege", {
    signal,
    query: {
      page: query.page,
      size: query.size,
      sort: query.sort.map(sortParam),
      ...(filter.kunde ? { kundeId: filter.kunde.id } : {}),
      ...(filter.ueberfaellig ? { ueberfaellig: "true" } : {}),
      ...(filter.von ? { von: filter.von } : {}),
      ...(filter.bis ? { bis: filter.bis } : {}),
    },
  });
  return { ...page, items: page.items as PostenZeile[] };
}

/** GET zahlung: one page of payments. */
export async function listZahlungen(
  query: ListQuery,
  filter: ZahlungFilter,
  signal?: AbortSignal,
): Promise<Page<ZahlungListZeile>> {
  const page = await api.getPage("zahlung", {
    signal,
    query: {
      page: query.page,
      size: query.size,
      sort: query.sort.map(sortParam),
      ...(filter.kunde ? { kundeId: filter.kunde.id } : {}),
      ...(filter.zahlungsart ? { zahlungsart: filter.zahlungsart } : {}),
      ...(filter.von ? { von: filter.von } : {}),
      ...(filter.bis ? { bis: filter.bis } : {}),
    },
  });
  return { ...page, items: page.items as ZahlungListZeile[] };
}

/** GET unpaidbelegesum/{tenant}: the open balance of the tenant or one customer. */
export const saldoQuery = (mandantId: number, kundeId: number | null) =>
  queryOptions({
    queryKey: [...zahlungKeys.saldo(kundeId), mandantId] as const,
    queryFn: ({ signal }) =>
      api.get<TOffenerSaldo>(`unpaidbelegesum/${mandantId}`, {
        signal,
        query: kundeId === null ? {} : { kundenId: kundeId },
      }),
  });

/** GET unpaidbelege/{id}: one document as an open-document row. */
export const postenLaden = (id: number) => api.get<TOffenerPosten>(`unpaidbelege/${id}`);

/** POST zahlung: record a payment. */
export const zahlungBuchen = (body: TZahlungAnlegenInput) => api.post<TZahlung>("zahlung", body);
/** DELETE zahlung/{id}: remove a payment with all its allocations. */
export const zahlungEntfernen = (id: number) => api.delete<unknown>(`zahlung/${id}`);
/** DELETE zahlung/{id}/beleg/{belegId}: take a payment off one document. */
export const zuordnungEntfernen = (id: number, belegId: number) =>
  api.delete<unknown>(`zahlung/${id}/beleg/${belegId}`);
/** POST unpaidbelege/{id}/abschreibung: mark paid (write off the rest with a reason). */
export const abschreiben = (id: number, grund: string) =>
  api.post<TOffenerPosten>(`unpaidbelege/${id}/abschreibung`, { grund });
/** DELETE unpaidbelege/{id}/abschreibung: undo the write-off. */
export const abschreibungAufheben = (id: number) => api.delete<unknown>(`unpaidbelege/${id}/abschreibung`);
