import type { TUntergruppe, TWarengruppe } from "@kontor/domain/warengruppe/warengruppe.schema";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../app/api.ts";

/*
 * Selections only: the server's response schema guarantees the shape (as for lists), so these screens do not
 * load zod for them (DESIGN §9).
 */

/** GET warengruppesall: the goods groups not deleted, for selections (under the goods groups' query keys). */
export const warengruppeAllQuery = queryOptions({
  queryKey: ["warengruppe", "all"] as const,
  queryFn: ({ signal }) => api.get<TWarengruppe[]>("warengruppesall", { signal }),
  staleTime: 60_000,
});

/**
 * GET untergruppes?warengruppeId=: the subgroups of one goods group by code (all of them: a group has a handful).
 * Under the subgroups' list key, so saving or deleting a subgroup anywhere refreshes it.
 */
export const untergruppenOfQuery = (warengruppeId: number) =>
  queryOptions({
    queryKey: ["untergruppe", "list", { warengruppeId }] as const,
    queryFn: async ({ signal }) => {
      const page = await api.getPage("untergruppes", {
        signal,
        query: { warengruppeId, size: 500, sort: ["unterGruppe,asc"] },
      });
      return page.items as TUntergruppe[];
    },
  });
