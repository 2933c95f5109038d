import { sortParam } from "@kontor/domain/http/paging";
import { type TModultyp, ZModultyp } from "@kontor/domain/modul/modul.schema";
import { queryOptions } from "@tanstack/react-query";
import { z } from "zod";
import { api, type Page } from "../../app/api.ts";
import type { ListQuery } from "../../components/list/listTypes.ts";

/** Module types (modultypen): installation-wide, admin only. */
export const modulKeys = {
  all: ["modultyp"] as const,
  lists: () => [...modulKeys.all, "list"] as const,
  detail: (id: number) => [...modulKeys.all, "detail", id] as const,
  /** All 24 at once, for the module names of the tenant form. */
  names: () => [...modulKeys.all, "names"] as const,
};

/** GET modultypen, paged (default sort name). */
export async function listModultypen(query: ListQuery, signal?: AbortSignal): Promise<Page<TModultyp>> {
  const page = await api.getPage("modultypen", {
    signal,
    mandant: false,
    query: { page: query.page, size: query.size, sort: query.sort.map(sortParam) },
  });
  return { items: z.array(ZModultyp).parse(page.items), totalCount: page.totalCount };
}

export const modultypQuery = (id: number) =>
  queryOptions({
    queryKey: modulKeys.detail(id),
    queryFn: async ({ signal }) =>
      ZModultyp.parse(await api.get<unknown>(`modultypen/${id}`, { signal, mandant: false })),
  });

/** GET modultypen?size=100: every module type (there are 24), for labels. */
export const modultypNamesQuery = queryOptions({
  queryKey: modulKeys.names(),
  queryFn: async ({ signal }) =>
    (
      await listModultypen(
        { page: 0, size: 100, sort: [{ field: "name", direction: "asc" }] },
        signal ?? new AbortController().signal,
      )
    ).items,
  staleTime: 5 * 60_000,
  retry: false,
});

/** PUT modultypen: bezeichnung and beschreibung of an existing module type (name is fixed). */
export async function saveModultyp(modultyp: TModultyp): Promise<TModultyp> {
  return ZModultyp.parse(await api.put<unknown>("modultypen", modultyp, { mandant: false }));
}
