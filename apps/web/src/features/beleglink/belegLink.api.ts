import type { TBelegLink, TBelegLinkAnlegen, TBelegLinkNeu } from "@kontor/domain/beleg/belegLink.schema";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../app/api.ts";
import { BELEG_KEY } from "../beleg/beleg.resource.ts";

/*
 * The editor's calls of a document's share links (issue 16). Types only: the server's response schemas guarantee
 * the shapes. The public page's calls are in belegLink.public.ts.
 */

/** The links of a document, under the document's key (a document change refreshes them too). */
export const belegLinkKeys = { links: (belegId: number) => [BELEG_KEY, "links", belegId] as const };

/** GET beleg/{id}/links: the document's links with their views (never a token). */
export const belegLinksQuery = (belegId: number) =>
  queryOptions({
    queryKey: belegLinkKeys.links(belegId),
    queryFn: ({ signal }) => api.get<TBelegLink[]>(`beleg/${belegId}/links`, { signal }),
  });

/** POST beleg/{id}/link: a new link; its address (with the token) is in this answer only. */
export const linkErstellen = (belegId: number, body: TBelegLinkAnlegen) =>
  api.post<TBelegLinkNeu>(`beleg/${belegId}/link`, body);

/** DELETE beleg/{id}/links/{linkId}: the link stops working. */
export const linkWiderrufen = (belegId: number, linkId: number) =>
  api.delete<unknown>(`beleg/${belegId}/links/${linkId}`);
