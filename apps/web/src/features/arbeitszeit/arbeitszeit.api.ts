import type {
  TAbwesenheitStatus,
  TFeiertagRegion,
  TMonatAktion,
} from "@kontor/domain/arbeitszeit/arbeitszeit.codes";
import type {
  TAbwesenheit,
  TAbwesenheitSpeichernInput,
  TArbeitszeit,
  TArbeitszeitBetrieb,
  TArbeitszeitHistorie,
  TArbeitszeitMonat,
  TArbeitszeitSpeichernInput,
  TFeiertag,
  TFeiertagSpeichernInput,
  TMitarbeiter,
  TTeamZeile,
  TZeiterfassungUserDataInput,
} from "@kontor/domain/arbeitszeit/arbeitszeit.schema";
import { todayIso } from "@kontor/domain/date/calendar";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "../../app/api.ts";

/**
 * Employee working time (issue 22): the calls of the four screens, typed only (no schemas in the screens' first
 * load; the server's response schemas guarantee the shapes), their query keys and the month arithmetic.
 */

export const ARBEITSZEIT_KEY = "arbeitszeit";
export const arbeitszeitKeys = {
  all: [ARBEITSZEIT_KEY] as const,
  monat: (userId: number | null, monat: string) => [ARBEITSZEIT_KEY, "monat", userId, monat] as const,
  team: (monat: string) => [ARBEITSZEIT_KEY, "team", monat] as const,
  antraege: (jahr: number) => [ARBEITSZEIT_KEY, "antraege", jahr] as const,
  mitarbeiter: [ARBEITSZEIT_KEY, "mitarbeiter"] as const,
  betrieb: [ARBEITSZEIT_KEY, "betrieb"] as const,
  feiertage: (jahr: number) => [ARBEITSZEIT_KEY, "feiertage", jahr] as const,
  historie: (id: number) => [ARBEITSZEIT_KEY, "historie", id] as const,
};

/** GET zeiterfassung/monat: everything the month screen shows (days, sums, balances, status), one call. */
export const monatQuery = (userId: number | null, monat: string) =>
  queryOptions({
    queryKey: arbeitszeitKeys.monat(userId, monat),
    queryFn: ({ signal }) =>
      api.get<TArbeitszeitMonat>("zeiterfassung/monat", {
        signal,
        query: { monat, userId: userId ?? undefined },
      }),
    placeholderData: keepPreviousData,
  });

/** GET zeiterfassung/mitarbeiter: the team's month (admins). */
export const teamQuery = (monat: string) =>
  queryOptions({
    queryKey: arbeitszeitKeys.team(monat),
    queryFn: ({ signal }) => api.get<TTeamZeile[]>("zeiterfassung/mitarbeiter", { signal, query: { monat } }),
    placeholderData: keepPreviousData,
  });

/** Requests waiting for a decision, of every employee, over a year (admins). */
export const antraegeQuery = (jahr: number) =>
  queryOptions({
    queryKey: arbeitszeitKeys.antraege(jahr),
    queryFn: ({ signal }) =>
      api.get<TAbwesenheit[]>("abwesenheit", {
        signal,
        query: {
          alle: "true",
          status: "beantragt" satisfies TAbwesenheitStatus,
          von: `${jahr}-01-01`,
          bis: `${jahr}-12-31`,
        },
      }),
  });

/** GET zem_settings: the employees with their settings (admins; also the employee picker). */
export const mitarbeiterQuery = queryOptions({
  queryKey: arbeitszeitKeys.mitarbeiter,
  queryFn: ({ signal }) => api.get<TMitarbeiter[]>("zem_settings", { signal }),
  staleTime: 30_000,
});

/** GET zeiterfassung/betrieb: the tenant's working-time rules. */
export const betriebQuery = queryOptions({
  queryKey: arbeitszeitKeys.betrieb,
  queryFn: ({ signal }) => api.get<TArbeitszeitBetrieb>("zeiterfassung/betrieb", { signal }),
  staleTime: 60_000,
});

export const feiertageQuery = (jahr: number) =>
  queryOptions({
    queryKey: arbeitszeitKeys.feiertage(jahr),
    queryFn: ({ signal }) => api.get<TFeiertag[]>("holidayentry", { signal, query: { jahr } }),
  });

export const historieQuery = (id: number) =>
  queryOptions({
    queryKey: arbeitszeitKeys.historie(id),
    queryFn: ({ signal }) => api.get<TArbeitszeitHistorie[]>(`zeiterfassung/${id}/historie`, { signal }),
  });

export const kommen = (body: { beschreibung?: string | null; homeoffice?: boolean } = {}) =>
  api.post<TArbeitszeit>("zeiterfassung/kommen", body);
export const gehen = () => api.post<TArbeitszeit>("zeiterfassung/gehen", {});
export const eintragSpeichern = (body: TArbeitszeitSpeichernInput) =>
  api.put<TArbeitszeit>("zeiterfassung", body);
export const eintragLoeschen = (id: number) => api.delete<void>(`zeiterfassung/${id}`);
export const monatAktion = (
  aktion: TMonatAktion,
  body: { userId?: number; monat: string; kommentar?: string | null },
) => api.post<TArbeitszeitMonat>(`zeiterfassung/monat/${aktion}`, body);

export interface AbwesenheitAntwort {
  abwesenheit: TAbwesenheit;
  warnung: "urlaubUeberschritten" | null;
  urlaubRest: number;
}
export const abwesenheitSpeichern = (body: TAbwesenheitSpeichernInput) =>
  api.put<AbwesenheitAntwort>("abwesenheit", body);
export const abwesenheitLoeschen = (id: number) => api.delete<void>(`abwesenheit/${id}`);
export const abwesenheitEntscheiden = (id: number, genehmigen: boolean, kommentar?: string | null) =>
  api.post<TAbwesenheit>(`abwesenheit/${id}/${genehmigen ? "genehmigen" : "ablehnen"}`, {
    kommentar: kommentar ?? null,
  });

export const betriebSpeichern = (body: TArbeitszeitBetrieb) =>
  api.put<TArbeitszeitBetrieb>("zeiterfassung/betrieb", body);
export const einstellungSpeichern = (userId: number, body: TZeiterfassungUserDataInput) =>
  api.put<TMitarbeiter>(`zem_settings/${userId}`, body);
export const feiertagSpeichern = (body: TFeiertagSpeichernInput) => api.put<TFeiertag>("holidayentry", body);
export const feiertagLoeschen = (id: number) => api.delete<void>(`holidayentry/${id}`);
export const feiertageImportieren = (jahr: number, region: TFeiertagRegion) =>
  api.post<TFeiertag[]>("holidayentry/import", { jahr, region });

export type ReportFormat = "pdf" | "csv" | "xlsx";

/** GET zeiterfassungreport: one employee's month sheet, or (team) the payroll file of every employee. */
export function reportPfad(
  format: ReportFormat,
  monat: string,
  lang: string,
  wer: { userId?: number | null; team?: boolean } = {},
): string {
  const query = new URLSearchParams({ monat, format, lang: lang === "en" ? "en" : "de" });
  if (wer.team) query.set("team", "true");
  else if (wer.userId) query.set("userId", String(wer.userId));
  return `zeiterfassungreport?${query}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Months "YYYY-MM"

const MONAT = /^(19|20|21)\d{2}-(0[1-9]|1[0-2])$/;

export const istMonat = (value: unknown): value is string => typeof value === "string" && MONAT.test(value);

/** The month of a day (today in Europe/Vienna by default). */
export const monatVon = (datum: string = todayIso()) => datum.slice(0, 7);

/** The month `n` months after (before, when negative) `monat`. */
export function monatPlus(monat: string, n: number): string {
  const index = Number(monat.slice(0, 4)) * 12 + Number(monat.slice(5, 7)) - 1 + n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** "November 2026" in the UI language. */
export function monatName(monat: string, sprache: string): string {
  const [jahr, mm] = monat.split("-").map(Number);
  return new Intl.DateTimeFormat(sprache === "en" ? "en-GB" : "de-AT", {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(Date.UTC(jahr ?? 2000, (mm ?? 1) - 1, 1)));
}

/** The short weekday of a day ("Mo", "Mon"), Monday = 1 … Sunday = 7 as the second value. */
export function wochentag(datum: string, sprache: string): { kurz: string; nummer: number } {
  const tag = new Date(`${datum}T12:00:00Z`);
  const kurz = new Intl.DateTimeFormat(sprache === "en" ? "en-GB" : "de-AT", {
    weekday: "short",
    timeZone: "UTC",
  })
    .format(tag)
    .replace(/\.$/, "");
  return { kurz, nummer: ((tag.getUTCDay() + 6) % 7) + 1 };
}

/** The URL's userId and monat (the team view links here with both), checked. */
export function monatSuche(search: Record<string, unknown>): { userId: number | null; monat: string | null } {
  const id = Number(search.userId);
  return {
    userId: Number.isSafeInteger(id) && id > 0 ? id : null,
    monat: istMonat(search.monat) ? search.monat : null,
  };
}
