import { type TFavorite, ZFavorite } from "@kontor/domain/favorite/favorite.schema";
import { queryOptions } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "../../app/api.ts";

/** A favorite as stored: always with its id. */
export type TStoredFavorite = TFavorite & { id: number };

const ZStoredFavorites = z.array(ZFavorite.extend({ id: z.number().int() }));

/** Favorites belong to the user and the tenant: tenant data (dropped on a switch), keyed by the tenant. */
export const favoriteKeys = {
  of: (mandantId: number) => ["favorite", mandantId] as const,
};

/** GET userfavorites: the signed-in user's pinned sidebar entries in the selected tenant. */
export const favoritesQuery = (mandantId: number) =>
  queryOptions({
    queryKey: favoriteKeys.of(mandantId),
    queryFn: async ({ signal }): Promise<TStoredFavorite[]> =>
      ZStoredFavorites.parse(await api.get<unknown>("userfavorites", { signal })),
  });

/** PUT favorites without id: pins a menu entry (content.name = the MENU entry id). */
export async function pinFavorite(menuId: string): Promise<TStoredFavorite> {
  const body: TFavorite = {
    typ: "fastaccess",
    content: { name: menuId, params: {}, translation: `menu:${menuId}` },
  };
  return ZFavorite.extend({ id: z.number().int() }).parse(await api.put<unknown>("favorites", body));
}

/** DELETE favorites/{id}. */
export async function unpinFavorite(id: number): Promise<void> {
  await api.delete<void>(`favorites/${id}`);
}
