import { z } from "zod";
import { ZIsoDate } from "../date/date.schema.ts";
import { ZPageQuery } from "../http/paging.schema.ts";
import { NOTE_SORT_FIELDS, NOTE_TEXT_MAX } from "./note.codes.ts";

/**
 * A user's own note (issue 23, SPEC §3 "Note: id, text, datum, user"): private to the user who wrote it, in the
 * tenant it was written in — no one else reads it, not even an administrator (404).
 */

/** PUT note: create (without id) or update (with the id of one of the caller's notes). */
export const ZNoteSpeichern = z.strictObject({
  id: z.number().int().positive().optional().describe("Absent: a new note; else one of the caller's notes"),
  datum: ZIsoDate.describe("The note's day (YYYY-MM-DD)"),
  text: z
    .string()
    .trim()
    .min(1)
    .max(NOTE_TEXT_MAX)
    .describe(`The note, 1 to ${NOTE_TEXT_MAX} characters (line breaks kept)`),
});
export type TNoteSpeichern = z.infer<typeof ZNoteSpeichern>;
export type TNoteSpeichernInput = z.input<typeof ZNoteSpeichern>;

/** A note as the API answers it; `user` is always the caller. */
export const ZNote = z.object({
  id: z.number().int(),
  datum: ZIsoDate,
  text: z.string(),
  user: z.object({ id: z.number().int(), login: z.string() }).describe("Who wrote it (read-only)"),
});
export type TNote = z.infer<typeof ZNote>;

/** GET usernotes: page, size, sort (datum or id; default datum desc, newest note first on a day). */
export const ZNoteQuery = ZPageQuery(NOTE_SORT_FIELDS);
export type TNoteQuery = z.infer<typeof ZNoteQuery>;
