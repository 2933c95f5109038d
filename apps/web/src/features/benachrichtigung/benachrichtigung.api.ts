import {
  type TBenachrichtigung,
  ZBenachrichtigung,
} from "@kontor/domain/benachrichtigung/benachrichtigung.schema";
import { sortParam } from "@kontor/domain/http/paging";
import { queryOptions } from "@tanstack/react-query";
import { z } from "zod";
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

export type TBenachrichtigungInput = z.input<typeof ZBenachrichtigung>;

/** GET benachrichtigung, paged (default sort id ascending, SPEC §9). */
export async function listBenachrichtigungen(
  query: ListQuery,
  signal?: AbortSignal,
): Promise<Page<TBenachrichtigung>> {
  const page = await api.getPage("benachrichtigung", {
    signal,
    query: { page: query.page, size: query.size, sort: query.sort.map(sortParam) },
  });
  return { items: z.array(ZBenachrichtigung).parse(page.items), totalCount: page.totalCount };
}

export const benachrichtigungQuery = (id: number) =>
  queryOptions({
    queryKey: benachrichtigungKeys.detail(id),
    queryFn: async ({ signal }) =>
      ZBenachrichtigung.parse(await api.get<unknown>(`benachrichtigung/${id}`, { signal })),
  });

/** PUT benachrichtigung: without id creates, with id updates. */
export async function saveBenachrichtigung(item: TBenachrichtigungInput): Promise<TBenachrichtigung> {
  return ZBenachrichtigung.parse(await api.put<unknown>("benachrichtigung", item));
}

export async function deleteBenachrichtigung(id: number): Promise<void> {
  await api.delete<void>(`benachrichtigung/${id}`);
}

/** DELETE benachrichtigung/activate/{id} and benachrichtigung/deactivate/{id}. */
export async function setBenachrichtigungAktiv(id: number, aktiv: boolean): Promise<void> {
  await api.delete<void>(`benachrichtigung/${aktiv ? "activate" : "deactivate"}/${id}`);
}

/** PUT benachrichtigung/resetstatus: every member sees the news again. */
export async function resetNewsStatus(): Promise<void> {
  await api.put<void>("benachrichtigung/resetstatus", undefined);
}
