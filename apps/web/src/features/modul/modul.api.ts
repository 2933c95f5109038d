import { type TModultyp, ZModultyp } from "@kontor/domain/modul/modul.schema";
import { queryOptions } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "../../app/api.ts";
import { listModultypen, modulKeys } from "./modul.list.api.ts";

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
    z
      .array(ZModultyp)
      .parse(
        (
          await listModultypen(
            { page: 0, size: 100, sort: [{ field: "name", direction: "asc" }] },
            signal ?? new AbortController().signal,
          )
        ).items,
      ),
  staleTime: 5 * 60_000,
  retry: false,
});

/** PUT modultypen: bezeichnung and beschreibung of an existing module type (name is fixed). */
export async function saveModultyp(modultyp: TModultyp): Promise<TModultyp> {
  return ZModultyp.parse(await api.put<unknown>("modultypen", modultyp, { mandant: false }));
}
