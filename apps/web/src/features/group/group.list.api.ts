import { sortParam } from "@kontor/domain/http/paging";
import type { TGroup } from "@kontor/domain/user/user.schema";
import { api, type Page } from "../../app/api.ts";
import type { ListQuery } from "../../components/list/listTypes.ts";

/** A group as the API answers it: with its id. */
export type TGroupRecord = TGroup & { id: number };

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
  // Lists trust the server's answer shape (no zod in list chunks, DESIGN §9); the edit screen parses.
  return { ...page, items: page.items as TGroupRecord[] };
}

/** DELETE group/{id}. */
export async function deleteGroup(id: number): Promise<void> {
  await api.delete<void>(`group/${id}`, { mandant: false });
}
