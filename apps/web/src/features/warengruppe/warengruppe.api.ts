import { ZUntergruppe, ZWarengruppe } from "@kontor/domain/warengruppe/warengruppe.schema";
import { queryOptions } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "../../app/api.ts";

/** GET warengruppesall: the goods groups not deleted, for selections (under the goods groups' query keys). */
export const warengruppeAllQuery = queryOptions({
  queryKey: ["warengruppe", "all"] as const,
  queryFn: async ({ signal }) =>
    z.array(ZWarengruppe).parse(await api.get<unknown>("warengruppesall", { signal })),
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
      return z.array(ZUntergruppe).parse(page.items);
    },
  });
