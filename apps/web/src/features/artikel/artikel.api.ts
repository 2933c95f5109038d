import type { TArtikel, TArtikelBild } from "@kontor/domain/artikel/artikel.schema";
import type { TArtikelFelddefinition } from "@kontor/domain/felddefinition/felddefinition.schema";
import type { TMehrwertssteuer } from "@kontor/domain/mehrwertssteuer/mehrwertssteuer.schema";
import type { TPreisschiene } from "@kontor/domain/preisschiene/preisschiene.schema";
import type { TUntergruppe, TWarengruppe } from "@kontor/domain/warengruppe/warengruppe.schema";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../app/api.ts";
import { artikelKeys } from "./artikel.resource.ts";

/**
 * The edit screen's and the catalogue's calls, typed only: the server's response schemas guarantee the shapes,
 * and the screens' first load has no room for parsing them again (DESIGN §9).
 */

export const artikelDetailQuery = (id: number) =>
  queryOptions({
    queryKey: artikelKeys.detail(id),
    queryFn: ({ signal }) => api.get<TArtikel>(`artikel/${id}`, { signal }),
  });

/** PUT artikel: without id creates (the server assigns the number when it is empty), with id updates. */
export const saveArtikel = (body: unknown): Promise<TArtikel> => api.put<TArtikel>("artikel", body);

/** GET nextartikelnumber: the number a new article would get now (nothing is consumed). */
export const naechsteArtikelnummerQuery = queryOptions({
  queryKey: artikelKeys.naechsteNummer(),
  queryFn: ({ signal }) => api.get<{ artikelNummer: string }>("nextartikelnumber", { signal }),
});

/** PUT artikel/checkartikelnr: whether the number is free (the article's own number counts as free). */
export const pruefeArtikelnummer = (artikelNummer: string, id?: number) =>
  api.put<{ frei: boolean }>("artikel/checkartikelnr", {
    artikelNummer,
    ...(id !== undefined ? { id } : {}),
  });

/*
 * Choice lists under their own areas' keys, so a change there refreshes them here too.
 */
const CHOICES = "artikelAuswahl";

export const mehrwertssteuernQuery = queryOptions({
  queryKey: ["mehrwertssteuer", CHOICES] as const,
  queryFn: ({ signal }) => api.get<TMehrwertssteuer[]>("mehrwertssteuers/all", { signal }),
  staleTime: 60_000,
});

export const warengruppenQuery = queryOptions({
  queryKey: ["warengruppe", CHOICES] as const,
  queryFn: ({ signal }) => api.get<TWarengruppe[]>("warengruppesall", { signal }),
  staleTime: 60_000,
});

/** The subgroups of one goods group (a group has a handful). */
export const untergruppenQuery = (warengruppeId: number) =>
  queryOptions({
    queryKey: ["untergruppe", CHOICES, warengruppeId] as const,
    queryFn: async ({ signal }) =>
      (
        await api.getPage("untergruppes", {
          signal,
          query: { warengruppeId, size: 500, sort: ["unterGruppe,asc"] },
        })
      ).items as TUntergruppe[],
    staleTime: 60_000,
  });

export const preisschienenQuery = queryOptions({
  queryKey: ["preisschiene", CHOICES] as const,
  queryFn: ({ signal }) => api.get<TPreisschiene[]>("allpreisschienes", { signal }),
  staleTime: 60_000,
});

/** The article field definitions, by sortOrder (SPEC §9). */
export const artikelFelddefinitionenQuery = queryOptions({
  queryKey: ["artikelfelddefinition", CHOICES] as const,
  queryFn: async ({ signal }) =>
    (
      await api.getPage("artikelfelddefinitions", {
        signal,
        query: { page: 0, size: 500, sort: ["sortOrder,asc"] },
      })
    ).items as TArtikelFelddefinition[],
  staleTime: 60_000,
});

/** POST artikelimage: one image (JPEG, PNG, WebP by content) as base64; the same bytes answer the same asset. */
export const uploadArtikelBild = (upload: { dateiname: string; inhalt: string }) =>
  api.post<TArtikelBild>("artikelimage", upload);
