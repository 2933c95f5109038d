import { MAX_PAGE_SIZE, sortParam } from "@kontor/domain/http/paging";
import { type TGroup, ZGroup } from "@kontor/domain/user/user.schema";
import { queryOptions } from "@tanstack/react-query";
import { z } from "zod";
import { api, type Page } from "../../app/api.ts";
import type { ListQuery } from "../../components/list/listTypes.ts";

export type TGroupRecord = TGroup & { id: number };
const ZGroupRecord = ZGroup.extend({ id: z.number().int() });

export const groupKeys = {
  all: ["group"] as const,
  lists: () => [...groupKeys.all, "list"] as const,
  detail: (id: number) => [...groupKeys.all, "detail", id] as const,
  options: () => [...groupKeys.all, "options"] as const,
};

/** GET group?page&size&sort (default name), total in x-total-count. */
export async function listGroups(query: ListQuery, signal?: AbortSignal): Promise<Page<TGroupRecord>> {
  const page = await api.getPage("group", {
    signal,
    mandant: false,
    query: { page: query.page, size: query.size, sort: query.sort.map(sortParam) },
  });
  return { items: z.array(ZGroupRecord).parse(page.items), totalCount: page.totalCount };
}

/** Every group by name, for the user form's selection (one page of the largest size). */
export const groupOptionsQuery = queryOptions({
  queryKey: groupKeys.options(),
  queryFn: async ({ signal }) =>
    (await listGroups({ page: 0, size: MAX_PAGE_SIZE, sort: [{ field: "name", direction: "asc" }] }, signal))
      .items,
  staleTime: 60_000,
});

export const groupQuery = (id: number) =>
  queryOptions({
    queryKey: groupKeys.detail(id),
    queryFn: async ({ signal }) =>
      ZGroupRecord.parse(await api.get<unknown>(`group/${id}`, { signal, mandant: false })),
  });

/** PUT group: without id creates, with id updates; answers the saved group. */
export async function saveGroup(group: z.input<typeof ZGroup>): Promise<TGroupRecord> {
  return ZGroupRecord.parse(await api.put<unknown>("group", ZGroup.parse(group), { mandant: false }));
}

/** DELETE group/{id}. */
export async function deleteGroup(id: number): Promise<void> {
  await api.delete<void>(`group/${id}`, { mandant: false });
}
