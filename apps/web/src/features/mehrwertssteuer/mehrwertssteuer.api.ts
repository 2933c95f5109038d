import { ZMehrwertssteuer } from "@kontor/domain/mehrwertssteuer/mehrwertssteuer.schema";
import { queryOptions } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "../../app/api.ts";

/** GET mehrwertssteuers/all: the tenant's VAT rates for selections (under the resource's query keys). */
export const mehrwertssteuerAllQuery = queryOptions({
  queryKey: ["mehrwertssteuer", "all"] as const,
  queryFn: async ({ signal }) =>
    z.array(ZMehrwertssteuer).parse(await api.get<unknown>("mehrwertssteuers/all", { signal })),
  staleTime: 60_000,
});
