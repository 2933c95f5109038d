import type { TArtikelZeile } from "@kontor/domain/artikel/artikel.api";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { API_BASE, api, toApiError } from "../../../app/api.ts";
import { session } from "../../../app/session.ts";

/*
 * Types only from the domain: the search dropdown sits in list and document screens, and the domain's runtime
 * schemas would bring zod along. Answers are checked by hand instead (SPEC §7: what is not a list is empty).
 */

/** First element of every article query key, so a save anywhere in the area refreshes searches too. */
export const ARTIKEL_KEY = "artikel";

/** SPEC §2: the article quick search runs 200 ms after the last keystroke. */
export const ARTIKEL_SUCHE_DEBOUNCE_MS = 200;

export interface ArtikelSucheOptionen {
  /** Lendable articles only (verleihbar=true). */
  verleihbar?: boolean;
}

const text = (value: unknown): string | null => (typeof value === "string" ? value : null);
const zahl = (value: unknown): number | null =>
  typeof value === "number" && Number.isFinite(value) ? value : null;

/**
 * One article row of an answer, or null when it is not one: an integer id and a name are needed to show and
 * select it; other fields missing or of the wrong type read as empty.
 */
export function artikelZeileAus(value: unknown): TArtikelZeile | null {
  if (value === null || typeof value !== "object") return null;
  const row = value as Record<string, unknown>;
  if (!Number.isInteger(row.id) || typeof row.artikelBezeichnung !== "string") return null;
  return {
    id: row.id as number,
    artikelNummer: text(row.artikelNummer) ?? "",
    artikelBezeichnung: row.artikelBezeichnung,
    artikelBeschreibung: text(row.artikelBeschreibung),
    preis: zahl(row.preis),
    einkaufsPreis: zahl(row.einkaufsPreis),
    mwst: zahl(row.mwst) ?? 0,
    untergruppe: text(row.untergruppe),
    warengruppe: text(row.warengruppe),
    hersteller: text(row.hersteller),
    lagerstand: zahl(row.lagerstand) ?? 0,
    verleihbar: row.verleihbar === true,
    geloescht: row.geloescht === true,
    locked: row.locked === true,
    bildAssetId: Number.isInteger(row.bildAssetId) ? (row.bildAssetId as number) : null,
  };
}

/** The rows of an array answer (GET artikelsearch); anything else is an empty list. */
export function artikelZeilenAus(body: unknown): TArtikelZeile[] {
  if (!Array.isArray(body)) return [];
  return body.flatMap((entry) => {
    const row = artikelZeileAus(entry);
    return row ? [row] : [];
  });
}

/** The rows of an {artikelList} answer (GET artikelsearch/{untergruppeId}); anything else is an empty list. */
export function artikelListeAus(body: unknown): TArtikelZeile[] {
  const list =
    body !== null && typeof body === "object" ? (body as { artikelList?: unknown }).artikelList : null;
  return artikelZeilenAus(list);
}

/**
 * GET artikelsearch?search=: at most ARTIKEL_SEARCH_LIMIT rows, folded word search on the server. The query's
 * signal goes to fetch, so a search that a newer one replaces is cancelled (SPEC §7).
 */
export const artikelSucheQuery = (search: string, optionen: ArtikelSucheOptionen = {}) => {
  const verleihbar = optionen.verleihbar === true;
  return queryOptions({
    queryKey: [ARTIKEL_KEY, "search", { verleihbar, search }] as const,
    queryFn: async ({ signal }) =>
      artikelZeilenAus(
        await api.get<unknown>("artikelsearch", {
          signal,
          query: { search, ...(verleihbar ? { verleihbar: "true" } : {}) },
        }),
      ),
    // Keep the last hits while the next ones load: the list does not flicker with every keystroke.
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
};

/**
 * Whether a typed text looks like an article number rather than a name: one word (no spaces) of letters,
 * digits and - . / _ with at least one digit ("A-0012", "10023", "M8"). The quick-create dialog then takes it as
 * the number instead of the name.
 */
export function siehtAusWieNummer(text: string): boolean {
  const wert = text.trim();
  return wert.length <= 50 && /^[\p{L}\d\-./_]+$/u.test(wert) && /\d/.test(wert);
}

/**
 * GET artikelimage/{assetId}/thumbnail/1024/800: the thumbnail as base64 JPEG text, as a data URL for <img>
 * (null when the answer is not text).
 */
export async function artikelThumbnail(assetId: number, signal?: AbortSignal): Promise<string | null> {
  const body = await api.get<unknown>(`artikelimage/${assetId}/thumbnail/1024/800`, { signal });
  if (typeof body !== "string" || body.trim() === "") return null;
  const inhalt = body.trim();
  return inhalt.startsWith("data:") ? inhalt : `data:image/jpeg;base64,${inhalt}`;
}

/**
 * GET artikelimage/{assetId}: the original image as a blob. Sent like every API call (bearer token, tenant): an
 * <img src> would carry neither, so the page shows an object URL of this blob.
 */
export async function artikelBildBlob(assetId: number, signal?: AbortSignal): Promise<Blob> {
  const { token, mandantId } = session.get();
  const headers = new Headers({ "Cache-Control": "no-cache" });
  if (token) headers.set("Authorization", `Bearer ${token}`);
  if (mandantId !== null) headers.set("X-Mandant-Id", String(mandantId));
  const response = await fetch(`${API_BASE}/artikelimage/${assetId}`, { headers, signal, cache: "no-store" });
  if (!response.ok) throw await toApiError(response);
  return response.blob();
}
