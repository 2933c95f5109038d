/**
 * User notes (issue 23, SPEC §3 "Note: id, text, datum, user"; §7 "note (list via usernotes)") — the limits, without
 * zod: the home page's notes tile checks its input with these before the server does (the home stays zod-free).
 */

/** The most characters a note's text may have. */
export const NOTE_TEXT_MAX = 2000;

/** The fields GET usernotes may be sorted by; default: datum descending, then the newest note first. */
export const NOTE_SORT_FIELDS = ["datum", "id"] as const;
export type TNoteSortField = (typeof NOTE_SORT_FIELDS)[number];

/** One line of GET note/asstring: "DD.MM.YYYY text", line breaks of the text joined with a space. */
export function noteZeile(note: { datum: string; text: string }): string {
  const [jahr, monat, tag] = note.datum.split("-");
  return `${tag}.${monat}.${jahr} ${note.text.replace(/\s*\r?\n\s*/g, " ")}`;
}
