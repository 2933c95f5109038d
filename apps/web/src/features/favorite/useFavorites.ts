import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import {
  favoriteKeys,
  favoritesQuery,
  pinFavorite,
  type TStoredFavorite,
  unpinFavorite,
} from "./favorite.api.ts";

const NONE: readonly TStoredFavorite[] = [];

/**
 * The pinned sidebar entries of the user in the selected tenant, and the pin toggle (SPEC §2 Shell). The list
 * changes in the cache as soon as the server confirms, so the favorites section follows without a reload.
 */
export function useFavorites(mandantId: number | null, onError: (error: unknown) => void) {
  const queryClient = useQueryClient();
  const favorites = useQuery({ ...favoritesQuery(mandantId ?? 0), enabled: mandantId !== null });
  const list = favorites.data ?? NONE;
  const key = favoriteKeys.of(mandantId ?? 0);
  // The same array while the favorites do not change: the sidebar's sections are computed from it (memoized).
  const pinned = useMemo(() => list.map((favorite) => favorite.content.name), [list]);

  const toggle = useMutation({
    mutationFn: async (menuId: string): Promise<{ pinned: TStoredFavorite } | { unpinned: string }> => {
      const existing = list.filter((favorite) => favorite.content.name === menuId);
      if (existing.length === 0) return { pinned: await pinFavorite(menuId) };
      for (const favorite of existing) await unpinFavorite(favorite.id);
      return { unpinned: menuId };
    },
    onSuccess: (result) => {
      queryClient.setQueryData<TStoredFavorite[]>(key, (current = []) =>
        "pinned" in result
          ? [...current, result.pinned]
          : current.filter((favorite) => favorite.content.name !== result.unpinned),
      );
    },
    onError: (error) => {
      onError(error);
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });

  const { mutate } = toggle;
  const pending = toggle.isPending ? toggle.variables : undefined;
  // One object while nothing changes: the sidebar's groups skip re-rendering then (memo).
  return useMemo(
    () => ({
      /** Menu entry ids, in the order they were pinned. */
      pinned,
      isPinned: (menuId: string) => list.some((favorite) => favorite.content.name === menuId),
      toggle: (menuId: string) => mutate(menuId),
      /** The entry whose pin is being saved. */
      pending,
    }),
    [pinned, list, mutate, pending],
  );
}
