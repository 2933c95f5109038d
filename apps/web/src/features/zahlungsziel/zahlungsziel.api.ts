import type { BelegSprache } from "@kontor/domain/zahlungsziel/zahlungsziel.rules";
import { ZBelegtext2 } from "@kontor/domain/zahlungsziel/zahlungsziel.schema";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../app/api.ts";
import { ZAHLUNGSZIEL_KEY } from "./zahlungsziel.resource.ts";

export interface BelegtextParams {
  belegDatum: string;
  lang: BelegSprache;
  betrag?: number | undefined;
}

/**
 * GET belegtext2/{id}: the sentence a document dated `belegDatum` prints for the term (SPEC §7). Its key lies under
 * the terms' key, so saving a term refreshes it.
 */
export const belegtextQuery = (id: number, params: BelegtextParams) =>
  queryOptions({
    queryKey: [ZAHLUNGSZIEL_KEY, "belegtext", id, params] as const,
    queryFn: async ({ signal }) =>
      ZBelegtext2.parse(
        await api.get<unknown>(`belegtext2/${id}`, {
          signal,
          query: { belegDatum: params.belegDatum, lang: params.lang, betrag: params.betrag },
        }),
      ),
  });
