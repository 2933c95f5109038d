import type { TFavorite } from "@kontor/domain/favorite/favorite.schema";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../app/api.ts";

/*
 * Part of the shell (the sidebar's favorites): types only from the domain, so zod stays out of the first page
 * load. The server parses every response with ZFavorite, and the body is built here, not typed by a user.
 */

/** A favorite as stored: always with its id. */
export type TStoredFavorite = TFavorite & { id: number };

/** Favorites belong to the user and the tenant: tenant data (dropped on a switch), keyed by the tenant. */
export const favoriteKeys = {
  of: (mandantId: number) => ["favorite", mandantId] as const,
};

/** GET userfavorites: the signed-in user's pinned sidebar entries in the selected tenant. */
export const favoritesQuery = (mandantId: number) =>
  queryOptions({
    queryKey: favoriteKeys.of(mandantId),
    queryFn: ({ signal }) => api.get<TStoredFavorite[]>("userfavorites", { signal }),
  });

/** PUT favorites without id: pins a menu entry (content.name = the MENU entry id). */
export async function pinFavorite(menuId: string): Promise<TStoredFavorite> {
  const body: TFavorite = {
    typ: "fastaccess",
    content: { name: menuId, params: {}, translation: `menu:${menuId}` },
  };
  return api.put<TStoredFavorite>("favorites", body);
}

/** DELETE favorites/{id}. */
export async function unpinFavorite(id: number): Promise<void> {
  await api.delete<void>(`favorites/${id}`);
}
