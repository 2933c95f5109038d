import type { TArtikel } from "@kontor/domain/artikel/artikel.schema";
import type { TBelegHistorie } from "@kontor/domain/beleg/beleg.api";
import type { TBeleg } from "@kontor/domain/beleg/beleg.schema";
import type { TBelegMailEntwurf, TBelegMailSenden } from "@kontor/domain/beleg/belegMail.schema";
import type { TBelegtext, THotHintText } from "@kontor/domain/belegtext/belegtext.schema";
import type { TBelegFelddefinition } from "@kontor/domain/felddefinition/felddefinition.schema";
import { MAX_PAGE_SIZE } from "@kontor/domain/http/paging";
import type { TKunde } from "@kontor/domain/kunde/kunde.schema";
import type { TBelegsTyp } from "@kontor/domain/typen/typen.codes";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../app/api.ts";
import { belegKeys } from "./beleg.resource.ts";

/**
 * The editor's calls, typed only: the server's response schemas guarantee the shapes (ZBeleg with its defaults),
 * and the editor's first load has no room for parsing them again (DESIGN §9).
 */

export const belegDetailQuery = (id: number) =>
  queryOptions({
    queryKey: belegKeys.detail(id),
    queryFn: ({ signal }) => api.get<TBeleg>(`beleg/${id}`, { signal }),
  });

/** PUT beleg: without id creates a draft, with id updates it (totals are the server's). */
export const saveBeleg = (body: unknown): Promise<TBeleg> => api.put<TBeleg>("beleg", body);

/** POST beleg/{id}/freigabe: finalize (409 error.pflichtangaben names each missing legal content). */
export const freigeben = (id: number) => api.post<TBeleg>(`beleg/${id}/freigabe`, {});
/** POST beleg/{id}/storno: answers the finalized storno. */
export const stornieren = (id: number) => api.post<TBeleg>(`beleg/${id}/storno`, {});
/** POST beleg/{id}/umwandeln: a new draft of the type. */
export const umwandeln = (id: number, belegsTyp: TBelegsTyp) =>
  api.post<TBeleg>(`beleg/${id}/umwandeln`, { belegsTyp });
/** POST beleg/rechnung: one invoice draft from several documents of one customer. */
export const rechnungAus = (ids: readonly number[]) =>
  api.post<TBeleg>("beleg/rechnung", { quellen: ids.map((id) => ({ id })) });
/** POST beleg/{id}/lieferung: a delivery note draft with these quantities (partial delivery). */
export const liefern = (id: number, positionen: { id: number; menge: number; abschliessen: boolean }[]) =>
  api.post<TBeleg>(`beleg/${id}/lieferung`, { positionen });
/** DELETE beleg/{id}: drafts only. */
export const loeschen = (id: number) => api.delete<unknown>(`beleg/${id}`);

export const historieQuery = (id: number) =>
  queryOptions({
    queryKey: belegKeys.historie(id),
    queryFn: ({ signal }) => api.get<TBelegHistorie[]>(`beleg/${id}/historie`, { signal }),
  });

/** GET beleg/{id}/mail: the prefilled mail (read afresh on every opening of the dialog). */
export const mailEntwurfQuery = (id: number) =>
  queryOptions({
    queryKey: belegKeys.mail(id),
    queryFn: ({ signal }) => api.get<TBelegMailEntwurf>(`beleg/${id}/mail`, { signal }),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
/** POST beleg/{id}/mail: sends it with the PDF attached (204; failures are problems with their reason). */
export const mailSenden = (id: number, body: TBelegMailSenden) => api.post<unknown>(`beleg/${id}/mail`, body);

/** The customer with its defaults (payment term, delivery terms, condition, language, addresses, vehicles). */
export const kundeQuery = (id: number) =>
  queryOptions({
    queryKey: ["kunde", "detail", id] as const,
    queryFn: ({ signal }) => api.get<TKunde>(`kundes/${id}`, { signal }),
    staleTime: 30_000,
  });

/** An article with its prices (the price valid on the document date comes from them). */
export const artikelLaden = (id: number) => api.get<TArtikel>(`artikel/${id}`);

/** GET belegtext3/{id}: the line about the document this one refers to. */
export const belegtext3Laden = (originalId: number, lang: "de" | "en", fuer?: TBelegsTyp) =>
  api.get<{ text: string }>(`belegtext3/${originalId}`, { query: { lang, ...(fuer ? { fuer } : {}) } });

const AUSWAHL = "belegAuswahl";

/** Every row of a paged list of the generic pattern (choice lists are short). */
const alle =
  <T>(path: string, sort: string) =>
  async ({ signal }: { signal: AbortSignal }) =>
    (await api.getPage(path, { signal, query: { page: 0, size: MAX_PAGE_SIZE, sort } })).items as T[];

/** The document field definitions (all types; the editor shows those of the document's type). */
export const belegFelddefinitionenQuery = queryOptions({
  queryKey: ["belegfelddefinition", AUSWAHL] as const,
  queryFn: ({ signal }) => api.get<TBelegFelddefinition[]>("belegfelddefinitionsall", { signal }),
  staleTime: 60_000,
});

export const belegtexteQuery = queryOptions({
  queryKey: ["belegtext", AUSWAHL] as const,
  queryFn: alle<TBelegtext>("belegtexts", "title,asc"),
  staleTime: 60_000,
});

export const hotHintsQuery = queryOptions({
  queryKey: ["hothint", AUSWAHL] as const,
  queryFn: alle<THotHintText>("hotHintDefinitionTexts", "hotHintTitle,asc"),
  staleTime: 60_000,
});
