import type { TNoteSortField } from "@kontor/domain/note/note.codes";
import type { TNote } from "@kontor/domain/note/note.schema";
import { and, eq } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { countRowsUpTo, orderBy, type PageRequest, pageOf } from "../../db/paging.ts";
import { appUser, userNote } from "../../db/schema/index.ts";

// Every function runs inside the tenant transaction (TenantScope) and names the user: row-level security keeps the
// tenant, the user condition keeps the note private — another user's id reads as missing.

const columns = {
  id: userNote.id,
  datum: userNote.datum,
  text: userNote.text,
  userId: userNote.userId,
  login: appUser.login,
};
type Row = { id: number; datum: string; text: string; userId: number; login: string };
const present = ({ userId, login, ...row }: Row): TNote => ({ ...row, user: { id: userId, login } });

const mine = (userId: number, id?: number) =>
  id === undefined ? eq(userNote.userId, userId) : and(eq(userNote.userId, userId), eq(userNote.id, id));

const select = (tx: Tx) =>
  tx.select(columns).from(userNote).innerJoin(appUser, eq(appUser.id, userNote.userId));

/** The user's notes, one page: newest day first, on a day the newest note first (or as sorted). */
export async function listNotes(tx: Tx, userId: number, request: PageRequest<TNoteSortField>) {
  const page = await pageOf(
    select(tx)
      .where(mine(userId))
      .orderBy(
        ...orderBy(
          request.sort,
          { datum: userNote.datum, id: userNote.id },
          [
            { field: "datum", direction: "desc" },
            { field: "id", direction: "desc" },
          ],
          userNote.id,
        ),
      )
      .limit(request.size)
      .offset(request.page * request.size),
    request,
    (limit) => countRowsUpTo(tx, userNote, mine(userId), limit),
  );
  return { ...page, items: page.items.map(present) };
}

/** All of the user's notes, newest day first (GET note/asstring). */
export async function allNotes(tx: Tx, userId: number) {
  const rows = await select(tx)
    .where(mine(userId))
    .orderBy(
      ...orderBy(
        [],
        { datum: userNote.datum, id: userNote.id },
        [
          { field: "datum", direction: "desc" },
          { field: "id", direction: "desc" },
        ],
        userNote.id,
      ),
    );
  return rows.map(present);
}

export async function findNote(tx: Tx, userId: number, id: number) {
  const [row] = await select(tx).where(mine(userId, id));
  return row && present(row);
}

/** Inserts a note of the user; answers its id. */
export async function insertNote(tx: Tx, userId: number, values: { datum: string; text: string }) {
  const [row] = await tx
    .insert(userNote)
    .values({ ...values, userId })
    .returning({ id: userNote.id });
  return row!.id;
}

/** Updates one of the user's notes; false when the user has no note of that id. */
export async function updateNote(
  tx: Tx,
  userId: number,
  id: number,
  values: { datum: string; text: string },
) {
  const rows = await tx.update(userNote).set(values).where(mine(userId, id)).returning({ id: userNote.id });
  return rows.length > 0;
}

/** Deletes one of the user's notes; false when the user has no note of that id. */
export async function deleteNote(tx: Tx, userId: number, id: number) {
  const rows = await tx.delete(userNote).where(mine(userId, id)).returning({ id: userNote.id });
  return rows.length > 0;
}
