import type { TMandantModules } from "@kontor/domain/mandant/mandant.schema";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../app/api.ts";

/** Tenant data (dropped on a tenant switch); the id in the key keeps a late answer from landing in another tenant. */
export const mandantModulesKeys = {
  of: (mandantId: number) => ["mandantModules", mandantId] as const,
};

/**
 * GET getmandantmodule: the modules switched on for the selected tenant (menu and access, SPEC §6). Part of the
 * shell: types only from the domain (zod stays out of the first page load); the server parses the response
 * with ZMandantModules.
 */
export const mandantModulesQuery = (mandantId: number) =>
  queryOptions({
    queryKey: mandantModulesKeys.of(mandantId),
    queryFn: async ({ signal }) => (await api.get<TMandantModules>("getmandantmodule", { signal })).modulList,
    staleTime: 5 * 60_000,
  });
