import type {
  TBaustelle,
  TBaustelleInput,
  TKalenderEintrag,
  TKalenderEintragSpeichernInput,
  TKalenderHeute,
  TKalenderNote,
  TKalenderNoteInput,
  TQuartalskalender,
  TQuartalskalenderBoard,
  TQuartalskalenderKopie,
  TQuartalskalenderSpeichernInput,
} from "@kontor/domain/quartalskalender/quartalskalender.schema";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../app/api.ts";

/**
 * The quarter calendar's calls (issue 23), typed only (no schemas in the screen's bundle: the server's response
 * schemas guarantee the shapes).
 */

export const KALENDER_KEY = "quartalskalender";
export const kalenderKeys = {
  all: [KALENDER_KEY] as const,
  liste: (page: number) => [KALENDER_KEY, "liste", page] as const,
  board: (id: number) => [KALENDER_KEY, "board", id] as const,
  baustellen: [KALENDER_KEY, "baustellen"] as const,
  heute: [KALENDER_KEY, "heute"] as const,
};

export const LISTE_SIZE = 20;
export const LIST_PATH = "/quartalskalender_list";
export const CREATE_PATH = "/quartalskalender_create";
export const boardPath = (id: number) => `/quartalskalender/${id}`;

export const listeQuery = (page: number) =>
  queryOptions({
    queryKey: kalenderKeys.liste(page),
    queryFn: async ({ signal }) => {
      const seite = await api.getPage("quartalskalender", {
        signal,
        query: { page, size: LISTE_SIZE, sort: ["jahr,desc", "quartal,desc", "bezeichnung,asc"] },
      });
      return { ...seite, items: seite.items as TQuartalskalender[] };
    },
  });

/** Every calendar (templates of a new quarter): at most 100, newest first. */
export const alleQuery = queryOptions({
  queryKey: [KALENDER_KEY, "alle"] as const,
  queryFn: async ({ signal }) =>
    (
      await api.getPage("quartalskalender", {
        signal,
        query: { page: 0, size: 100, sort: ["jahr,desc", "quartal,desc"] },
      })
    ).items as TQuartalskalender[],
});

export const boardQuery = (id: number) =>
  queryOptions({
    queryKey: kalenderKeys.board(id),
    queryFn: ({ signal }) => api.get<TQuartalskalenderBoard>(`quartalskalender/${id}`, { signal }),
  });

export const baustellenQuery = queryOptions({
  queryKey: kalenderKeys.baustellen,
  queryFn: async ({ signal }) =>
    (
      await api.getPage("constructionsite", {
        signal,
        query: { page: 0, size: 100, sort: ["bezeichnung,asc"] },
      })
    ).items as (TBaustelle & { id: number })[],
});

export const heuteQuery = queryOptions({
  queryKey: kalenderKeys.heute,
  queryFn: ({ signal }) => api.get<TKalenderHeute>("quartalskalender/heute", { signal }),
});

export const kalenderSpeichern = (body: TQuartalskalenderSpeichernInput) =>
  api.put<TQuartalskalender>("quartalskalender", body);
export const kalenderKopieren = (id: number, body: TQuartalskalenderKopie) =>
  api.post<TQuartalskalender>(`quartalskalender/${id}/kopie`, body);
export const kalenderLoeschen = (id: number) => api.delete<null>(`quartalskalender/${id}`);
export const eintragSpeichern = (kalenderId: number, body: TKalenderEintragSpeichernInput) =>
  api.put<TKalenderEintrag>(`quartalskalender/${kalenderId}/eintrag`, body);
export const eintragLoeschen = (kalenderId: number, id: number) =>
  api.delete<null>(`quartalskalender/${kalenderId}/eintrag/${id}`);
export const noteSpeichern = (body: TKalenderNoteInput) =>
  api.put<TKalenderNote & { id: number }>("quartalskalendernote", body);
export const noteLoeschen = (id: number) => api.delete<null>(`quartalskalendernote/${id}`);
export const baustelleSpeichern = (body: TBaustelleInput) =>
  api.put<TBaustelle & { id: number }>("constructionsite", body);

/** The download paths of the board: PDF in the UI's language, the .ics. */
export const pdfPfad = (id: number, lang: string) =>
  `quartalskalender/${id}/pdf?lang=${lang === "en" ? "en" : "de"}`;
export const icsPfad = (id: number) => `quartalskalender/${id}/ics`;

/** The quarter after this one. */
export const naechstesQuartal = (k: { jahr: number; quartal: number }) =>
  k.quartal === 4 ? { jahr: k.jahr + 1, quartal: 1 } : { jahr: k.jahr, quartal: k.quartal + 1 };

/**
 * An entry as PUT …/eintrag takes it: the stored entry without what the server adds (names, calendar id), with
 * changes — a drop sends the new row and days.
 */
export function alsSpeichern(
  e: TKalenderEintrag,
  aenderung: Partial<TKalenderEintragSpeichernInput> = {},
): TKalenderEintragSpeichernInput {
  return {
    id: e.id,
    userId: e.userId,
    baustelleId: e.baustelleId,
    von: e.von,
    bis: e.bis,
    text: e.text,
    kundeId: e.kundeId,
    farbe: e.farbe,
    notiz: e.notiz,
    wiederkehrend: e.wiederkehrend,
    ...aenderung,
  };
}
