import { sortParam } from "@kontor/domain/http/paging";
import type { TKundeBulk, TKundeZeile } from "@kontor/domain/kunde/kunde.api";
import { listenname } from "@kontor/domain/kunde/kunde.listenname";
import { api, type Page } from "../../app/api.ts";
import type { ListQuery } from "../../components/list/listTypes.ts";
import { type ListResource, resourceKeys } from "../../components/resource/resource.ts";

/**
 * What the customer list needs: paths, query keys, columns and calls. No schema and no form (types only from the
 * domain), so the list chunk carries neither zod nor the edit form's inputs.
 */

/** First element of every customer query key (lists, details, next number, PDFs). */
export const KUNDE_KEY = "kunde";
export const kundeKeys = {
  ...resourceKeys(KUNDE_KEY),
  naechsteNummer: () => [KUNDE_KEY, "naechsteNummer"] as const,
};

export const KUNDE_LIST_PATH = "/kunde_list";
export const kundeEditPath = (id: number | "new", lieferant = false) =>
  id === "new" && lieferant ? "/kunde/new?lieferant=true" : `/kunde/${id}`;

/**
 * A list row as the table sees it: the server's row plus the names of the columns that show something else —
 * `sortname` (the name column: shows the display name, sorts by the server's sort name), `auswahl` (row selection)
 * and `status` (deactivated marker).
 */
export type KundeListRow = TKundeZeile & { sortname?: never; auswahl?: never };

/** Whom the list shows: customers, suppliers or both (GET kundes `lieferant` false / true / absent). */
export type KundeArt = "kunden" | "lieferanten" | "alle";

export interface KundeFilter {
  art: KundeArt;
  includeDeactivated: boolean;
}

export const DEFAULT_KUNDE_FILTER: KundeFilter = { art: "alle", includeDeactivated: false };

/**
 * The list's filter is tenant state (SPEC §2 Shell: a tenant switch resets filters); kept for the visit. The key is
 * tenantStateKey("kunde.filter") written out (a test checks it): importing app/tenantState.ts here would split it
 * out of the shell's chunk and cost every screen's first load a file.
 */
export const KUNDE_FILTER_KEY = "kontor.tenant.kunde.filter";

export function readKundeFilter(storage: Storage | undefined = globalThis.sessionStorage): KundeFilter {
  try {
    const stored = JSON.parse(storage?.getItem(KUNDE_FILTER_KEY) ?? "null") as Partial<KundeFilter> | null;
    const art = stored?.art;
    return {
      art: art === "kunden" || art === "lieferanten" || art === "alle" ? art : DEFAULT_KUNDE_FILTER.art,
      includeDeactivated: stored?.includeDeactivated === true,
    };
  } catch {
    return DEFAULT_KUNDE_FILTER;
  }
}

export function writeKundeFilter(
  filter: KundeFilter,
  storage: Storage | undefined = globalThis.sessionStorage,
) {
  try {
    storage?.setItem(KUNDE_FILTER_KEY, JSON.stringify(filter));
  } catch {
    // storage full or blocked: the filter simply is not remembered
  }
}

/** The query of GET kundes besides page and sort: search text, supplier flag, deactivated ones. */
export function kundeListParams(filter: KundeFilter, search: string) {
  return {
    ...(search ? { search } : {}),
    ...(filter.art === "alle" ? {} : { lieferant: filter.art === "lieferanten" }),
    ...(filter.includeDeactivated ? { includeDeactivated: true } : {}),
  };
}

/** GET kundes (SPEC §7): one page of rows; the server's response schema guarantees their shape. */
export async function listKunden(
  query: ListQuery,
  filter: KundeFilter,
  search: string,
  signal?: AbortSignal,
): Promise<Page<KundeListRow>> {
  const page = await api.getPage("kundes", {
    signal,
    query: {
      page: query.page,
      size: query.size,
      sort: query.sort.map(sortParam),
      ...kundeListParams(filter, search),
    },
  });
  return { ...page, items: page.items as KundeListRow[] };
}

/** DELETE kundes/{id}: refused with 409 error.kundeInUse while documents or other records use the customer. */
export const deleteKunde = (id: number) => api.delete<unknown>(`kundes/${id}`);

/** PUT kundeslist: the same change for many customers at once (all or nothing). */
export const updateKunden = (patches: TKundeBulk) => api.put<unknown>("kundeslist", patches);

/** The problem code of a customer delete that other records refuse (documents, projects, …). */
export const KUNDE_IN_USE = "error.kundeInUse";

/**
 * Customers and suppliers (SPEC §2 /kunde_list/, /kunde/{slug}; §3 kunde): the list's definition. The list screen
 * adds the filters, the quick search and the bulk actions; the edit screen is its own (tabs, save rules).
 */
export const kundeList: ListResource<KundeListRow, "kunde"> = {
  key: KUNDE_KEY,
  api: "kundes",
  ns: "kunde",
  prefix: "kunde",
  listPath: KUNDE_LIST_PATH,
  editPath: (id) => kundeEditPath(id),
  columns: (t) => [
    { field: "kundenNummer", title: t("list.nr") },
    // The name as the list sorts it (sortname): "Muster, Max", not "Herr Max Muster" (issue 21).
    { field: "sortname", title: t("field.name"), width: 200, render: (r) => listenname(r) || r.anzeigename },
    { field: "plz", title: t("adresse.field.plz") },
    { field: "ort", title: t("adresse.field.ort") },
    { field: "email", title: t("field.email") },
    { field: "telnr", title: t("field.telnr") },
    { field: "lieferant", title: t("field.lieferant"), textAlign: "center" },
  ],
  defaultSort: { field: "sortname", direction: "asc" },
  label: (r) => r.anzeigename || r.kundenNummer,
  search: true,
};
