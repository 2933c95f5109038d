import type { TArtikelZeile } from "@kontor/domain/artikel/artikel.api";
import type { TBelegZeile } from "@kontor/domain/beleg/beleg.api";
import type { TKundeZeile } from "@kontor/domain/kunde/kunde.api";
import { queryOptions } from "@tanstack/react-query";
import { api, type Page } from "../../app/api.ts";

/**
 * The home page's reads (issue 21): small pages of the existing list endpoints. Each key starts with its area's
 * key ("kunde", "artikel", "beleg"), so saving a customer, article or document refreshes the tiles as well; a
 * tenant switch drops them with the rest of the tenant's data.
 */

/** How many rows a tile shows. */
export const KACHEL_ZEILEN = 5;

const seite = <T>(path: string, query: Record<string, string | number | boolean>) =>
  queryOptions({
    queryKey: [path === "kundes" ? "kunde" : path, "home", query] as const,
    queryFn: async ({ signal }) => (await api.getPage(path, { signal, query })) as Page<T>,
    staleTime: 30_000,
  });

/** GET kundes: the customers and suppliers changed last. */
export const zuletztKundenQuery = seite<TKundeZeile>("kundes", {
  page: 0,
  size: KACHEL_ZEILEN,
  sort: "lastModifiedDate,desc",
});

/** GET artikel: the articles changed last (deleted ones left out). */
export const zuletztArtikelQuery = seite<TArtikelZeile>("artikel", {
  page: 0,
  size: KACHEL_ZEILEN,
  sort: "lastModifiedDate,desc",
});

/** GET beleg: the drafts (not finalized), newest first. */
export const entwuerfeQuery = seite<TBelegZeile>("beleg", {
  page: 0,
  size: KACHEL_ZEILEN,
  sort: "belegDatum,desc",
  entwurf: true,
});

/** GET beleg: finalized invoices neither paid nor cancelled, oldest first (they are due first). */
export const offeneRechnungenQuery = seite<TBelegZeile>("beleg", {
  page: 0,
  size: KACHEL_ZEILEN,
  sort: "belegDatum,asc",
  belegsTyp: "rechnung",
  entwurf: false,
  bezahlt: false,
  storniert: false,
});
