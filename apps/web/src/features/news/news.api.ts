import type { TMyNews } from "@kontor/domain/benachrichtigung/benachrichtigung.schema";
import { queryOptions } from "@tanstack/react-query";
import { api, isApiError } from "../../app/api.ts";

export const newsKeys = {
  mine: (mandantId: number) => ["news", mandantId, "mine"] as const,
};

/**
 * GET benachrichtigung/mynews: the active news the user may see in the selected tenant. A tenant without the
 * module benachrichtigungen answers 403 error.moduleMissing: that reads as "no news" (no bell, no popup). Part of
 * the shell: types only from the domain (zod stays out of the first page load); the server parses the response
 * with ZMyNews.
 */
export const myNewsQuery = (mandantId: number) =>
  queryOptions({
    queryKey: newsKeys.mine(mandantId),
    queryFn: async ({ signal }): Promise<TMyNews> => {
      try {
        return await api.get<TMyNews>("benachrichtigung/mynews", { signal });
      } catch (error) {
        if (isApiError(error) && error.code === "error.moduleMissing") return { newsread: true, news: [] };
        throw error;
      }
    },
    staleTime: 5 * 60_000,
  });

/** POST account/newsread: "do not show anymore" (until an administrator resets the news status). */
export async function markNewsRead(): Promise<void> {
  await api.post<void>("account/newsread", { newsread: true });
}
