import type { TKundeZeile } from "@kontor/domain/kunde/kunde.api";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "../../../app/api.ts";

/*
 * Types only from the domain: the search dropdown sits in list and document screens, and the domain's runtime
 * schemas would bring zod along. The answer is checked by hand instead (SPEC §7: what is not a list is empty).
 */

/** First element of every customer query key, so a save anywhere in the area refreshes searches too. */
export const KUNDE_KEY = "kunde";

/** SPEC §2 leaves the customer search delay open; a little above the article search's 200 ms. */
export const KUNDE_SUCHE_DEBOUNCE_MS = 250;

export interface KundeSucheOptionen {
  /** Suppliers (GET lieferantsearch) rather than customers (GET kundessearch). */
  lieferant?: boolean;
  /** Deactivated ones too (marked in the options). */
  includeDeactivated?: boolean;
}

const text = (value: unknown): string | null => (typeof value === "string" ? value : null);

/**
 * One row of a search answer, or null when it is not one: an integer id and a display name are needed to show
 * and select it; other fields missing or of the wrong type read as empty.
 */
export function kundeZeileAus(value: unknown): TKundeZeile | null {
  if (value === null || typeof value !== "object") return null;
  const row = value as Record<string, unknown>;
  if (!Number.isInteger(row.id) || typeof row.anzeigename !== "string") return null;
  return {
    id: row.id as number,
    kundenNummer: text(row.kundenNummer) ?? "",
    anzeigename: row.anzeigename,
    firma: row.firma === "privatperson" ? "privatperson" : "firma",
    bezeichnung: text(row.bezeichnung),
    vorname: text(row.vorname),
    nachname: text(row.nachname),
    strasse: text(row.strasse),
    hausNummer: text(row.hausNummer),
    plz: text(row.plz),
    ort: text(row.ort),
    land: text(row.land),
    email: text(row.email),
    telnr: text(row.telnr),
    uid: text(row.uid),
    lieferant: row.lieferant === true,
    aktiv: row.aktiv !== false,
  };
}

/** The customers of a kundessearch / lieferantsearch answer ({kundeList}); anything else is an empty list. */
export function kundeListeAus(body: unknown): TKundeZeile[] {
  const list = body !== null && typeof body === "object" ? (body as { kundeList?: unknown }).kundeList : null;
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry) => {
    const row = kundeZeileAus(entry);
    return row ? [row] : [];
  });
}

/** GET kundessearch / lieferantsearch?search=: at most KUNDE_SEARCH_LIMIT rows, folded word search on the server. */
export const kundeSucheQuery = (search: string, optionen: KundeSucheOptionen = {}) => {
  const lieferant = optionen.lieferant === true;
  const includeDeactivated = optionen.includeDeactivated === true;
  return queryOptions({
    queryKey: [KUNDE_KEY, "search", { lieferant, includeDeactivated, search }] as const,
    queryFn: async ({ signal }) =>
      kundeListeAus(
        await api.get<unknown>(lieferant ? "lieferantsearch" : "kundessearch", {
          signal,
          query: { search, ...(includeDeactivated ? { includeDeactivated: "true" } : {}) },
        }),
      ),
    // Keep the last hits while the next ones load: the list does not flicker with every keystroke.
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
};

/** "1010 Wien" of a row, "" without either. */
export function plzOrt(row: Pick<TKundeZeile, "plz" | "ort">): string {
  return [row.plz, row.ort]
    .map((part) => part?.trim() ?? "")
    .filter((part) => part !== "")
    .join(" ");
}
