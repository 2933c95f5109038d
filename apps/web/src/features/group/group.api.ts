import { MAX_PAGE_SIZE } from "@kontor/domain/http/paging";
import { ZGroup } from "@kontor/domain/user/user.schema";
import { queryOptions } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "../../app/api.ts";
import { groupKeys, listGroups, type TGroupRecord } from "./group.list.api.ts";

const ZGroupRecord = ZGroup.extend({ id: z.number().int() });

/** Every group by name, for the user form's selection (one page of the largest size). */
export const groupOptionsQuery = queryOptions({
  queryKey: groupKeys.options(),
  queryFn: async ({ signal }) =>
    z
      .array(ZGroupRecord)
      .parse(
        (
          await listGroups(
            { page: 0, size: MAX_PAGE_SIZE, sort: [{ field: "name", direction: "asc" }] },
            signal,
          )
        ).items,
      ),
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
