import type { TKundeFelddefinition } from "@kontor/domain/felddefinition/felddefinition.schema";
import type { TFirmengruppe } from "@kontor/domain/firmengruppe/firmengruppe.schema";
import { MAX_PAGE_SIZE } from "@kontor/domain/http/paging";
import type { TKunde } from "@kontor/domain/kunde/kunde.schema";
import type { TMandant } from "@kontor/domain/mandant/mandant.schema";
import type { TPreisschiene } from "@kontor/domain/preisschiene/preisschiene.schema";
import type {
  TLieferbedingung,
  TZahlungsbedingung,
  TZahlungsziel,
} from "@kontor/domain/zahlungsziel/zahlungsziel.schema";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../app/api.ts";
import { kundeKeys } from "./kunde.resource.ts";

/**
 * The edit screen's calls, typed only: the server's response schemas guarantee the shapes (ZKunde with its
 * defaults), and the screen's first load has no room for parsing them again (DESIGN §9). The form is checked with
 * the shared schema before saving (see kunde.edit.tsx).
 */

export const kundeDetailQuery = (id: number) =>
  queryOptions({
    queryKey: kundeKeys.detail(id),
    queryFn: ({ signal }) => api.get<TKunde>(`kundes/${id}`, { signal }),
  });

/** PUT kundes: without id creates (the server assigns the number when it is empty), with id updates. */
export const saveKunde = (body: unknown): Promise<TKunde> => api.put<TKunde>("kundes", body);

/** GET nextkundennumber: the number a new customer would get now (nothing is consumed). */
export const naechsteNummerQuery = queryOptions({
  queryKey: kundeKeys.naechsteNummer(),
  queryFn: ({ signal }) => api.get<{ kundenNummer: string }>("nextkundennumber", { signal }),
});

/** Every row of a paged list of the generic pattern (choice lists are short; one page of the largest size). */
const alle =
  <T>(path: string, sort: string) =>
  async ({ signal }: { signal: AbortSignal }) =>
    (await api.getPage(path, { signal, query: { page: 0, size: MAX_PAGE_SIZE, sort } })).items as T[];

/*
 * Choice lists under their own areas' keys, so a change there (a new payment term, …) refreshes them here too.
 */
const CHOICES = "kundeAuswahl";

export const preisschienenQuery = queryOptions({
  queryKey: ["preisschiene", CHOICES] as const,
  queryFn: ({ signal }) => api.get<TPreisschiene[]>("allpreisschienes", { signal }),
  staleTime: 60_000,
});

export const zahlungszieleQuery = queryOptions({
  queryKey: ["zahlungsziel", CHOICES] as const,
  queryFn: alle<TZahlungsziel>("zahlungsziels", "name,asc"),
  staleTime: 60_000,
});

export const lieferbedingungenQuery = queryOptions({
  queryKey: ["lieferbedingung", CHOICES] as const,
  queryFn: alle<TLieferbedingung>("lieferbedingung", "name,asc"),
  staleTime: 60_000,
});

export const zahlungsbedingungenQuery = queryOptions({
  queryKey: ["zahlungsbedingung", CHOICES] as const,
  queryFn: alle<TZahlungsbedingung>("zahlungsbedingung", "name,asc"),
  staleTime: 60_000,
});

export const firmengruppenQuery = queryOptions({
  queryKey: ["firmengruppe", CHOICES] as const,
  queryFn: alle<TFirmengruppe>("firmengruppe", "bezeichnung,asc"),
  staleTime: 60_000,
});

/** The customer field definitions, by sortOrder (SPEC §9). */
export const felddefinitionenQuery = queryOptions({
  queryKey: ["kundefelddefinition", CHOICES] as const,
  queryFn: alle<TKundeFelddefinition>("kundefelddefinitions", "sortOrder,asc"),
  staleTime: 60_000,
});

/**
 * The members of the selected tenant (GET mandants/{id}: userLists), to choose the user in charge. The call is
 * for (tenant) administrators; others see the chosen user without choosing.
 */
export const mandantBenutzerQuery = (mandantId: number) =>
  queryOptions({
    queryKey: ["mandant", "detail", mandantId, CHOICES] as const,
    queryFn: async ({ signal }) =>
      (await api.get<TMandant>(`mandants/${mandantId}`, { signal, mandant: false })).userLists,
    staleTime: 60_000,
  });
