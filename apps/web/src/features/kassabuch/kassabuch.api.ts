import { todayIso } from "@kontor/domain/date/calendar";
import { type SortOrder, sortParam } from "@kontor/domain/http/paging";
import type { TKassabuchTyp } from "@kontor/domain/kassabuch/kassabuch.codes";
import type {
  TKassabuch,
  TKassabuchAbschluss,
  TKassabuchAbschlussNeu,
  TKassabuchEintrag,
  TKassabuchEintragNeuInput,
  TKassabuchKorrektur,
} from "@kontor/domain/kassabuch/kassabuch.schema";
import type { TMehrwertssteuer } from "@kontor/domain/mehrwertssteuer/mehrwertssteuer.schema";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api, isApiError } from "../../app/api.ts";

/**
 * The cash book's calls (issue 17), typed only (no schemas: the screen's first load stays small; the server's
 * response schemas guarantee the shapes).
 */

export const KASSABUCH_KEY = "kassabuch";
export const kassabuchKeys = {
  all: [KASSABUCH_KEY] as const,
  buch: (filter: KassabuchFilter, page: number, sort: SortOrder) =>
    [KASSABUCH_KEY, "buch", filter, page, sort] as const,
  mwst: [KASSABUCH_KEY, "mwst"] as const,
};

/** The screen's filters: a period (ISO days, "" = open), the type and the search text. */
export interface KassabuchFilter {
  von: string;
  bis: string;
  typ: TKassabuchTyp | "";
  search: string;
}

export const KASSABUCH_SIZE = 20;

export const kassabuchQuery = (filter: KassabuchFilter, page: number, sort: SortOrder) =>
  queryOptions({
    queryKey: kassabuchKeys.buch(filter, page, sort),
    queryFn: async ({ signal }) => {
      // The total also comes as x-total-count, with x-total-count-capped when there are more than the cap.
      const { body, totalCapped } = await api.getCounted<TKassabuch>("kassabuch", {
        signal,
        query: {
          page,
          size: KASSABUCH_SIZE,
          sort: [sortParam(sort)],
          von: filter.von || undefined,
          bis: filter.bis || undefined,
          typ: filter.typ || undefined,
          search: filter.search.trim() || undefined,
        },
      });
      return { ...body, totalCapped };
    },
    placeholderData: keepPreviousData,
  });

/** The tenant's VAT rates for the entry dialog. */
export const mwstQuery = queryOptions({
  queryKey: kassabuchKeys.mwst,
  queryFn: ({ signal }) => api.get<TMehrwertssteuer[]>("mehrwertssteuers/all", { signal }),
  staleTime: 60_000,
});

export const buchen = (body: TKassabuchEintragNeuInput) => api.put<TKassabuchEintrag>("kassabuch", body);
export const korrigieren = (id: number, body: TKassabuchKorrektur) =>
  api.post<TKassabuchEintrag>(`kassabuch/${id}/korrektur`, body);
export const abschliessen = (body: TKassabuchAbschlussNeu) =>
  api.post<TKassabuchAbschluss>("kassabuch/abschluss", body);

/** The export's path: the period of the screen, the format, the language of the UI. */
export function exportPfad(
  format: "csv" | "pdf",
  filter: Pick<KassabuchFilter, "von" | "bis">,
  lang: string,
) {
  const query = new URLSearchParams({ format, lang: lang === "en" ? "en" : "de" });
  if (filter.von) query.set("von", filter.von);
  if (filter.bis) query.set("bis", filter.bis);
  return `kassabuch/export?${query}`;
}

/**
 * The export's cap when the server refused the period as too long for the format (400 at `von`, code max, `max` =
 * the most entries it allows: KASSABUCH_EXPORT_MAX), else null.
 */
export function exportGrenze(error: unknown): number | null {
  if (!isApiError(error) || error.status !== 400) return null;
  return error.fieldErrors.find((f) => f.field === "von" && f.code === "max")?.max ?? null;
}

export type Zeitraum = "dieserMonat" | "letzterMonat" | "diesesJahr" | "alles";
export const ZEITRAEUME: readonly Zeitraum[] = ["dieserMonat", "letzterMonat", "diesesJahr", "alles"];

const letzterTagDesMonats = (jahr: number, monat: number) => new Date(Date.UTC(jahr, monat, 0)).getUTCDate();
const iso = (jahr: number, monat: number, tag: number) =>
  `${jahr}-${String(monat).padStart(2, "0")}-${String(tag).padStart(2, "0")}`;

/** The days of a preset period, seen from `heute` (Europe/Vienna). */
export function zeitraumTage(zeitraum: Zeitraum, heute = todayIso()): { von: string; bis: string } {
  const jahr = Number(heute.slice(0, 4));
  const monat = Number(heute.slice(5, 7));
  switch (zeitraum) {
    case "dieserMonat":
      return { von: iso(jahr, monat, 1), bis: iso(jahr, monat, letzterTagDesMonats(jahr, monat)) };
    case "letzterMonat": {
      const [j, m] = monat === 1 ? [jahr - 1, 12] : [jahr, monat - 1];
      return { von: iso(j, m, 1), bis: iso(j, m, letzterTagDesMonats(j, m)) };
    }
    case "diesesJahr":
      return { von: iso(jahr, 1, 1), bis: iso(jahr, 12, 31) };
    case "alles":
      return { von: "", bis: "" };
  }
}

/** Which preset a period is (null: chosen by hand). */
export function zeitraumVon(
  filter: Pick<KassabuchFilter, "von" | "bis">,
  heute = todayIso(),
): Zeitraum | null {
  return (
    ZEITRAEUME.find((z) => {
      const tage = zeitraumTage(z, heute);
      return tage.von === filter.von && tage.bis === filter.bis;
    }) ?? null
  );
}

/** Whether an entry can still be corrected by hand: not from an invoice, not a correction, not corrected. */
export const korrigierbar = (e: TKassabuchEintrag) =>
  e.beleg === null && e.korrekturVon === null && e.korrigiertDurch === null;
