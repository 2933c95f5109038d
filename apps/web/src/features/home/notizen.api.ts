import type { TNote, TNoteSpeichernInput } from "@kontor/domain/note/note.schema";
import { queryOptions } from "@tanstack/react-query";
import { api, type Page } from "../../app/api.ts";

/**
 * The user's own notes (issue 23: GET usernotes, PUT note, DELETE note/{id}) for the home page's notes tile. The
 * key carries the tenant: notes belong to the user in one tenant.
 */
export const NOTIZ_KEY = "note";

/** How many notes the tile shows at first, and how many more each "show more" adds. */
export const NOTIZEN_SEITE = 5;

export const notizenQuery = (mandantId: number, anzahl: number) =>
  queryOptions({
    queryKey: [NOTIZ_KEY, mandantId, "home", anzahl] as const,
    queryFn: async ({ signal }) =>
      (await api.getPage("usernotes", { signal, query: { page: 0, size: anzahl } })) as Page<TNote>,
    placeholderData: (previous) => previous,
    staleTime: 30_000,
  });

/** Creates (without id) or updates a note; answers the note as saved. */
export const notizSpeichern = (note: TNoteSpeichernInput) => api.put<TNote>("note", note);

export const notizLoeschen = (id: number) => api.delete<null>(`note/${id}`);
