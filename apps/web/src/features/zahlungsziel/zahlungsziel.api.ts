import type { BelegSprache } from "@kontor/domain/zahlungsziel/zahlungsziel.rules";
import type { TBelegtext2 } from "@kontor/domain/zahlungsziel/zahlungsziel.schema";
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
 * the terms' key, so saving a term refreshes it. Shown as sent (the server's response schema guarantees the
 * shape), so the term's screen does not load zod for it (DESIGN §9).
 */
export const belegtextQuery = (id: number, params: BelegtextParams) =>
  queryOptions({
    queryKey: [ZAHLUNGSZIEL_KEY, "belegtext", id, params] as const,
    queryFn: ({ signal }) =>
      api.get<TBelegtext2>(`belegtext2/${id}`, {
        signal,
        query: { belegDatum: params.belegDatum, lang: params.lang, betrag: params.betrag },
      }),
  });
