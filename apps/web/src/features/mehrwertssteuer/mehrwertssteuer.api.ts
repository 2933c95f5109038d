import type { TMehrwertssteuer } from "@kontor/domain/mehrwertssteuer/mehrwertssteuer.schema";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../app/api.ts";

/**
 * GET mehrwertssteuers/all: the tenant's VAT rates for selections (under the resource's query keys). Not parsed
 * again: the server's response schema guarantees the shape (as for lists), and the price calculator need not
 * load zod for it (DESIGN §9).
 */
export const mehrwertssteuerAllQuery = queryOptions({
  queryKey: ["mehrwertssteuer", "all"] as const,
  queryFn: ({ signal }) => api.get<TMehrwertssteuer[]>("mehrwertssteuers/all", { signal }),
  staleTime: 60_000,
});
