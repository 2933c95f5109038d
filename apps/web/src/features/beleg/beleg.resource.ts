import type { TBelegZeile } from "@kontor/domain/beleg/beleg.api";
import { type BelegStatusFelder, belegStatus, type TBelegStatus } from "@kontor/domain/beleg/beleg.codes";
import { sortParam } from "@kontor/domain/http/paging";
import type { TBelegsTyp } from "@kontor/domain/typen/typen.codes";
import { api, type Page } from "../../app/api.ts";
import type { ListQuery } from "../../components/list/listTypes.ts";
import { resourceKeys } from "../../components/resource/resource.ts";

/**
 * What the document list needs: paths, query keys, filters and calls. No schema and no form (types only from the
 * domain), so the list chunk carries neither zod nor the editor.
 */

/** First element of every document query key (lists, details, history). */
export const BELEG_KEY = "beleg";
export const belegKeys = {
  ...resourceKeys(BELEG_KEY),
  historie: (id: number) => [BELEG_KEY, "historie", id] as const,
  mail: (id: number) => [BELEG_KEY, "mail", id] as const,
};

export const BELEG_LIST_PATH = "/beleg_list";

/**
 * SPEC §2 /beleg/{slug}/edit/{edit}/{duplicate}: slug "new" or the id; edit "true" (editable) or "false" (view);
 * duplicate "true" opens a copy of the document as a new unsaved draft.
 */
export function belegEditPath(id: number | "new", optionen: { duplicate?: boolean; view?: boolean } = {}) {
  return `/beleg/${id}/edit/${optionen.view ? "false" : "true"}/${optionen.duplicate ? "true" : "false"}`;
}

/** A list row as the table sees it: the server's row plus the columns that show something else. */
export type BelegListRow = TBelegZeile & { status?: never; auswahl?: never; kundeName?: never };

/** The list's filters (SPEC §2 /beleg_list/): type, customer, paid, cancelled, draft, period. */
export interface BelegFilter {
  belegsTyp: TBelegsTyp | "";
  kunde: { id: number; anzeigename: string } | null;
  /** "" = all, "true" only, "false" none of them. */
  bezahlt: "" | "true" | "false";
  storniert: "" | "true" | "false";
  entwurf: "" | "true" | "false";
  von: string;
  bis: string;
}

export const LEERER_BELEG_FILTER: BelegFilter = {
  belegsTyp: "",
  kunde: null,
  bezahlt: "",
  storniert: "",
  entwurf: "",
  von: "",
  bis: "",
};

/**
 * The filter is tenant state (a tenant switch resets filters, SPEC §2 Shell), kept for the visit. The key is
 * tenantStateKey("beleg.filter") written out, as the customer list does.
 */
export const BELEG_FILTER_KEY = "kontor.tenant.beleg.filter";

export function readBelegFilter(storage: Storage | undefined = globalThis.sessionStorage): BelegFilter {
  try {
    const stored = JSON.parse(storage?.getItem(BELEG_FILTER_KEY) ?? "null") as Partial<BelegFilter> | null;
    return { ...LEERER_BELEG_FILTER, ...(stored ?? {}) };
  } catch {
    return LEERER_BELEG_FILTER;
  }
}

export function writeBelegFilter(
  filter: BelegFilter,
  storage: Storage | undefined = globalThis.sessionStorage,
) {
  try {
    storage?.setItem(BELEG_FILTER_KEY, JSON.stringify(filter));
  } catch {
    // storage full or blocked: the filter simply is not remembered
  }
}

/** The query of GET beleg besides page and sort. */
export function belegListParams(filter: BelegFilter, search: string) {
  return {
    ...(search ? { search } : {}),
    ...(filter.belegsTyp ? { belegsTyp: filter.belegsTyp } : {}),
    ...(filter.kunde ? { kundeId: filter.kunde.id } : {}),
    ...(filter.bezahlt ? { bezahlt: filter.bezahlt } : {}),
    ...(filter.storniert ? { storniert: filter.storniert } : {}),
    ...(filter.entwurf ? { entwurf: filter.entwurf } : {}),
    ...(filter.von ? { von: filter.von } : {}),
    ...(filter.bis ? { bis: filter.bis } : {}),
  };
}

/** GET beleg (SPEC §7): one page of rows, newest first by default. */
export async function listBelege(
  query: ListQuery,
  filter: BelegFilter,
  search: string,
  signal?: AbortSignal,
): Promise<Page<BelegListRow>> {
  const page = await api.getPage("beleg", {
    signal,
    query: {
      page: query.page,
      size: query.size,
      sort: query.sort.map(sortParam),
      ...belegListParams(filter, search),
    },
  });
  return { ...page, items: page.items as BelegListRow[] };
}

/** DELETE beleg/{id}: drafts only (a finalized document is 409 error.belegFinalized). */
export const deleteBeleg = (id: number) => api.delete<unknown>(`beleg/${id}`);

/** The badge colour of each status. */
export const STATUS_FARBE: Readonly<Record<TBelegStatus, string>> = {
  entwurf: "gray",
  finalisiert: "blue",
  bezahlt: "green",
  storniert: "red",
};

export { type BelegStatusFelder, belegStatus, type TBelegStatus };
