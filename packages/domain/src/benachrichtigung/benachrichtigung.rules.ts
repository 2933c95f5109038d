/*
 * Pure rules of the news area, without zod: the app shell imports them on every page load
 * (benachrichtigung.schema.ts would bring zod along).
 */

/** SPEC §4 News: the popup opens at most once per day, when news exist and the user has not marked them read. */
export function shouldShowNews(input: {
  lastChecked: string | null;
  today: string;
  newsread: boolean;
  newsCount: number;
}): boolean {
  if (input.lastChecked === input.today) return false;
  return !input.newsread && input.newsCount > 0;
}
