import { shouldShowNews } from "@kontor/domain/benachrichtigung/benachrichtigung.rules";
import type { TMyNews } from "@kontor/domain/benachrichtigung/benachrichtigung.schema";
import { todayIso } from "@kontor/domain/date/calendar";

/** The day the news popup was last shown, per user on this device (SPEC §4 News, §9 "at most once per day"). */
export const NEWS_CHECKED_PREFIX = "kontor.newsChecked.";

export function newsCheckedKey(userId: number): string {
  return `${NEWS_CHECKED_PREFIX}${userId}`;
}

/** Today's date (YYYY-MM-DD) in Vienna, where Kontor's day starts, whatever the device's time zone. */
export const today = todayIso;

export interface NewsCheckDeps {
  storage: Pick<Storage, "getItem" | "setItem">;
  today: string;
  loadAccount: () => Promise<{ id: number; newsread: boolean }>;
  loadNews: () => Promise<TMyNews>;
}

/**
 * The automatic news check (SPEC §4 News), run on sign-in and on reaching home: unless the popup was already
 * shown today, load the account and the news; when the account has not marked news as read and news exist,
 * remember today and answer true (open the popup). The bell opens the dialog any time, without this check.
 */
export async function checkNews(deps: NewsCheckDeps): Promise<boolean> {
  const account = await deps.loadAccount();
  const key = newsCheckedKey(account.id);
  const lastChecked = deps.storage.getItem(key);
  if (lastChecked === deps.today) return false;
  const news = await deps.loadNews();
  const show = shouldShowNews({
    lastChecked,
    today: deps.today,
    newsread: account.newsread,
    newsCount: news.news.length,
  });
  if (show) deps.storage.setItem(key, deps.today);
  return show;
}
