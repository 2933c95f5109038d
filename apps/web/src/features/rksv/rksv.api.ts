import { todayIso } from "@kontor/domain/date/calendar";
import type {
  TRksvBelegZeile,
  TRksvKasse,
  TRksvRegistrierung,
  TRksvStartAntwort,
  TRksvStartInput,
} from "@kontor/domain/rksv/rksv.schema";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../app/api.ts";

/**
 * The RKSV calls (issue 18), typed only (no schemas in the screen's chunk: the server's response schemas
 * guarantee the shapes).
 */

export const RKSV_KEY = "rksv";
export const rksvKeys = {
  all: [RKSV_KEY] as const,
  kassen: [RKSV_KEY, "kassen"] as const,
  journal: (von: string, kasseId: number | null) => [RKSV_KEY, "journal", von, kasseId] as const,
  registrierung: (kasseId: number) => [RKSV_KEY, "registrierung", kasseId] as const,
};

export const kassenQuery = queryOptions({
  queryKey: rksvKeys.kassen,
  queryFn: ({ signal }) => api.get<TRksvKasse[]>("rksv/kasse", { signal }),
});

/** The receipts from the day `von` on ("" = from the start receipt), of one register or of all. */
export const journalQuery = (von: string, kasseId: number | null) =>
  queryOptions({
    queryKey: rksvKeys.journal(von, kasseId),
    queryFn: ({ signal }) =>
      api.get<TRksvBelegZeile[]>("rksv/sjournal", {
        signal,
        query: { from: von || undefined, kasseId: kasseId ?? undefined, format: "json" },
      }),
  });

export const registrierungQuery = (kasseId: number) =>
  queryOptions({
    queryKey: rksvKeys.registrierung(kasseId),
    queryFn: ({ signal }) => api.get<TRksvRegistrierung>(`rksv/kasse/${kasseId}/registrierung`, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const starten = (body: TRksvStartInput) => api.post<TRksvStartAntwort>("rksv/startbeleg", body);

export const NULLBELEG_ZWECKE = ["KONTROLLBELEG", "MONATSBELEG", "JAHRESBELEG", "SCHLUSSBELEG"] as const;
export type NullbelegZweck = (typeof NULLBELEG_ZWECKE)[number];

export const nullbeleg = (kasseId: number, zweck: NullbelegZweck) =>
  api.post<TRksvKasse>(`rksv/kasse/${kasseId}/nullbeleg`, { zweck });

/** The owner has checked the yearly receipt: the register's reminder goes. */
export const jahresbelegGeprueft = (kasseId: number) =>
  api.post<TRksvKasse>(`rksv/kasse/${kasseId}/jahresbeleg-geprueft`, {});

export type ExportArt = "dep" | "csv" | "pdf" | "container";

/**
 * The paths of the downloads: DEP7 (JSON), the journal as CSV or PDF (headings, numbers and dates in the UI's
 * language) and the register's crypto material container.
 */
export function exportPfad(art: ExportArt, von: string, kasseId: number | null, lang = "de"): string {
  if (art === "container") return `rksv/kasse/${kasseId}/container`;
  const query = new URLSearchParams();
  if (von) query.set("from", von);
  if (kasseId !== null) query.set("kasseId", String(kasseId));
  if (art !== "dep") {
    query.set("format", art);
    query.set("lang", lang === "en" ? "en" : "de");
  }
  const text = query.toString();
  return `${art === "dep" ? "rksv/dep" : "rksv/sjournal"}${text ? `?${text}` : ""}`;
}

/** The file name of a download the server does not name (the container). */
export function exportName(art: ExportArt, von: string, kassenId: string): string {
  const ab = von || "alle";
  if (art === "container") return `Kryptomaterial-${kassenId}.json`;
  return art === "dep" ? `DEP-${ab}.json` : `Journal-${ab}.${art}`;
}

/** The first day of the current month (Vienna): the journal's default start. */
export function monatsanfang(heute = todayIso()): string {
  return `${heute.slice(0, 8)}01`;
}

/**
 * A receipt's time as the receipt carries it — Austrian wall-clock text `yyyy-MM-ddTHH:mm:ss` without zone — in the
 * display format DD.MM.YYYY HH:mm (SPEC §9), never shifted by the browser's time zone.
 */
export function wandzeit(zeitpunkt: string): string {
  const teile = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(zeitpunkt);
  return teile ? `${teile[3]}.${teile[2]}.${teile[1]} ${teile[4]}:${teile[5]}` : zeitpunkt;
}

/** The editor of a receipt's document (SPEC §2 /beleg/{slug}/edit/{edit}/{duplicate}). */
export const belegPfad = (id: number) => `/beleg/${id}/edit/true/false`;
