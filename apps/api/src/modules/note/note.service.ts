import type { TNote, TNoteQuery, TNoteSpeichern } from "@kontor/domain/note/note.schema";
import type { Page } from "../../db/paging.ts";
import type { TenantScope } from "../../db/tenant.ts";
import { ProblemError } from "../../http/problem.ts";
import { allNotes, deleteNote, findNote, insertNote, listNotes, updateNote } from "./note.repository.ts";

const notFound = () => new ProblemError(404, "error.notFound");

/**
 * User notes (issue 23): the caller's own notes in the selected tenant. Changes go through TenantScope.change (audit
 * log: entity "note", without the text — it is private). Another user's or another tenant's id is 404.
 */
export const noteService = {
  list: (scope: TenantScope, query: TNoteQuery): Promise<Page<TNote>> =>
    scope.run((tx) => listNotes(tx, scope.userId, query)),

  all: (scope: TenantScope): Promise<TNote[]> => scope.run((tx) => allNotes(tx, scope.userId)),

  async get(scope: TenantScope, id: number): Promise<TNote> {
    const note = await scope.run((tx) => findNote(tx, scope.userId, id));
    if (!note) throw notFound();
    return note;
  },

  save: (scope: TenantScope, { id, ...values }: TNoteSpeichern): Promise<TNote> =>
    scope.change(async (tx, audit) => {
      let noteId: number;
      if (id === undefined) noteId = await insertNote(tx, scope.userId, values);
      else if (await updateNote(tx, scope.userId, id, values)) noteId = id;
      else throw notFound();
      audit({
        entity: "note",
        entityId: noteId,
        action: id === undefined ? "create" : "update",
        detail: { datum: values.datum },
      });
      return (await findNote(tx, scope.userId, noteId))!;
    }),

  remove: (scope: TenantScope, id: number): Promise<void> =>
    scope.change(async (tx, audit) => {
      if (!(await deleteNote(tx, scope.userId, id))) throw notFound();
      audit({ entity: "note", entityId: id, action: "delete" });
    }),
};
