import type { TArtikelBulk, TArtikelZeile } from "@kontor/domain/artikel/artikel.api";
import { sortParam } from "@kontor/domain/http/paging";
import { api, type Page } from "../../app/api.ts";
import { fetchDatei } from "../../components/anhang/fetchDatei.ts";
import type { ListQuery } from "../../components/list/listTypes.ts";
import { resourceKeys } from "../../components/resource/resource.ts";

/**
 * What the article list and the catalogue need: paths, query keys and calls. No schema and no form (types only
 * from the domain), so the list chunk carries neither zod nor the edit form's inputs.
 */

/** First element of every article query key (lists, details, next number, catalogue, thumbnails). */
export const ARTIKEL_KEY = "artikel";
export const artikelKeys = {
  ...resourceKeys(ARTIKEL_KEY),
  naechsteNummer: () => [ARTIKEL_KEY, "naechsteNummer"] as const,
  katalog: () => [ARTIKEL_KEY, "katalog"] as const,
  thumbnail: (assetId: number) => [ARTIKEL_KEY, "thumbnail", assetId] as const,
};

export const ARTIKEL_LIST_PATH = "/artikel_list";
export const ARTIKEL_KATALOG_PATH = "/artikelkatalog";
export const artikelEditPath = (id: number | "new") => `/artikel/${id}`;
export const artikelDuplicatePath = (id: number) => `/artikel/${id}/duplicate`;

/**
 * A list row as the table sees it: the server's row plus the names of the columns that show something else —
 * `auswahl` (row selection) and `gruppe` (goods group / subgroup).
 */
export type ArtikelListRow = TArtikelZeile & { auswahl?: never; gruppe?: never };

/** GET artikel (SPEC §7): one page of rows; the server's response schema guarantees their shape. */
export async function listArtikel(
  query: ListQuery,
  params: { search: string; geloescht: boolean },
  signal?: AbortSignal,
): Promise<Page<ArtikelListRow>> {
  const page = await api.getPage("artikel", {
    signal,
    query: {
      page: query.page,
      size: query.size,
      sort: query.sort.map(sortParam),
      ...(params.search ? { search: params.search } : {}),
      ...(params.geloescht ? { geloescht: true } : {}),
    },
  });
  return { ...page, items: page.items as ArtikelListRow[] };
}

/** DELETE artikel/{id}: refused with 409 error.inUse while documents or other records use the article. */
export const deleteArtikel = (id: number) => api.delete<unknown>(`artikel/${id}`);

/** PUT artikellist: the same change for many articles at once (all or nothing). */
export const updateArtikel = (patches: TArtikelBulk) => api.put<unknown>("artikellist", patches);

/** The problem code of a delete that other records refuse. */
export const ARTIKEL_IN_USE = "error.inUse";
/** The problem code of a change to a locked article. */
export const ARTIKEL_LOCKED = "error.artikelLocked";

/** GET artikel/excel: every article not deleted as an .xlsx. */
export const fetchArtikelExcel = (onUnauthorized: () => void) => fetchDatei("artikel/excel", onUnauthorized);

/** GET artikelimage/{id}/thumbnail/1024/800: the thumbnail as base64 text → a data URL for <img>. */
export async function fetchThumbnail(assetId: number, signal?: AbortSignal): Promise<string> {
  const base64 = await api.get<string>(`artikelimage/${assetId}/thumbnail/1024/800`, { signal });
  const text = typeof base64 === "string" ? base64.trim() : "";
  return text.startsWith("data:") ? text : `data:image/jpeg;base64,${text}`;
}

export const thumbnailQuery = (assetId: number) => ({
  queryKey: artikelKeys.thumbnail(assetId),
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchThumbnail(assetId, signal),
  staleTime: 10 * 60_000,
});
