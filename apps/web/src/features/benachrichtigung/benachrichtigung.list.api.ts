import type { TBenachrichtigung } from "@kontor/domain/benachrichtigung/benachrichtigung.schema";
import { sortParam } from "@kontor/domain/http/paging";
import { api, type Page } from "../../app/api.ts";
import type { ListQuery } from "../../components/list/listTypes.ts";

/** Notifications of the selected tenant (tenant data: dropped on a tenant switch). */
export const benachrichtigungKeys = {
  all: ["benachrichtigung"] as const,
  lists: () => [...benachrichtigungKeys.all, "list"] as const,
  detail: (id: number) => [...benachrichtigungKeys.all, "detail", id] as const,
  /** The news dialog's data (features/news): refreshed after changes here. */
  news: ["news"] as const,
};

/** GET benachrichtigung, paged (default sort id ascending, SPEC §9). */
export async function listBenachrichtigungen(
  query: ListQuery,
  signal?: AbortSignal,
): Promise<Page<TBenachrichtigung>> {
  const page = await api.getPage("benachrichtigung", {
    signal,
    query: { page: query.page, size: query.size, sort: query.sort.map(sortParam) },
  });
  // Lists trust the server's answer shape (no zod in list chunks, DESIGN §9); the edit screen parses.
  return { ...page, items: page.items as TBenachrichtigung[] };
}

export async function deleteBenachrichtigung(id: number): Promise<void> {
  await api.delete<void>(`benachrichtigung/${id}`);
}

/** PUT benachrichtigung/resetstatus: every member sees the news again. */
export async function resetNewsStatus(): Promise<void> {
  await api.put<void>("benachrichtigung/resetstatus", undefined);
}
