import type { TContentFileTyp, TContentMimeType } from "@kontor/domain/content/content.codes";
import type {
  TContentFile,
  TContentFileQuery,
  TContentFileZeile,
  TFolder,
  TFolderStep,
} from "@kontor/domain/content/content.schema";
import { and, eq, isNull, ne, type SQL, sql } from "drizzle-orm";
import { queryRows, type Tx } from "../../db/client.ts";
import { capFor, countRowsUpTo, orderBy, type Page, pageOf } from "../../db/paging.ts";
import { contentBlob, contentFile, contentFolder, currentMandant } from "../../db/schema/index.ts";
import { anyColumnContains } from "../../db/search.ts";

/** Content folders and files in the tenant transaction (Drizzle only; row-level security limits every statement). */

/**
 * Serializes the content writes of the tenant that depend on the tree or on shared blobs (moves, uploads, deletes):
 * a transaction-scoped advisory lock per tenant ('content:<id>'), so two moves cannot build a loop together and a
 * blob is never removed while an upload links it.
 */
export async function sperren(tx: Tx): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended('content:' || ${currentMandant}, 0))`);
}

const inFolder = (column: typeof contentFolder.parentId, parent: number | null) =>
  parent === null ? isNull(column) : eq(column, parent);
/**
 * Files of a folder (null: the top level), written as the unique name index reads it — (mandant_id,
 * coalesce(parent_id, 0), lower(filename)) — so that index serves a folder's files, in name order.
 */
const fileInFolder = (parent: number | null) => sql`coalesce(${contentFile.parentId}, 0) = ${parent ?? 0}`;

const folderColumns = {
  id: contentFolder.id,
  folderName: contentFolder.folderName,
  parent: contentFolder.parentId,
  // Written out: Drizzle leaves the outer columns unqualified in a single-table select, and inside the subquery
  // they would name the subquery's own columns.
  subfolderCount: sql<number>`(SELECT count(*)::int FROM content_folder AS sub WHERE sub.mandant_id = "content_folder"."mandant_id" AND sub.parent_id = "content_folder"."id")`,
  fileCount: sql<number>`(SELECT count(*)::int FROM content_file AS f WHERE f.mandant_id = "content_folder"."mandant_id" AND coalesce(f.parent_id, 0) = "content_folder"."id")`,
  lastModifiedDate: contentFolder.lastModifiedDate,
};
type FolderRow = Omit<TFolder, "lastModifiedDate"> & { lastModifiedDate: Date };
const presentFolder = (row: FolderRow): TFolder => ({
  ...row,
  subfolderCount: Number(row.subfolderCount),
  fileCount: Number(row.fileCount),
  lastModifiedDate: row.lastModifiedDate.toISOString(),
});

/** The subfolders of a folder (null: the top level) by name. */
export async function subfolders(tx: Tx, parent: number | null): Promise<TFolder[]> {
  const rows = await tx
    .select(folderColumns)
    .from(contentFolder)
    .where(inFolder(contentFolder.parentId, parent))
    .orderBy(sql`lower(${contentFolder.folderName})`, contentFolder.id);
  return rows.map(presentFolder);
}

export async function folder(tx: Tx, id: number): Promise<TFolder | undefined> {
  const [row] = await tx.select(folderColumns).from(contentFolder).where(eq(contentFolder.id, id));
  return row && presentFolder(row);
}

/** Whether the folder exists in the tenant (with `sperren`: locked until the transaction ends). */
export async function folderExists(tx: Tx, id: number, lock = false): Promise<boolean> {
  const query = tx.select({ id: contentFolder.id }).from(contentFolder).where(eq(contentFolder.id, id));
  const rows = lock ? await query.for("update") : await query;
  return rows.length > 0;
}

/** The path from the top level down to the folder (itself last); empty for a folder that does not exist. */
export async function folderPath(tx: Tx, id: number): Promise<TFolderStep[]> {
  const rows = await queryRows<{ id: number | string; folderName: string; tiefe: number }>(
    tx,
    sql`WITH RECURSIVE weg(id, folder_name, parent_id, tiefe) AS (
          SELECT id, folder_name, parent_id, 0 FROM content_folder WHERE id = ${id}
          UNION ALL
          SELECT f.id, f.folder_name, f.parent_id, weg.tiefe + 1
            FROM content_folder f JOIN weg ON f.id = weg.parent_id
           WHERE weg.tiefe < 1000
        )
        SELECT id, folder_name AS "folderName", tiefe FROM weg ORDER BY tiefe DESC`,
  );
  return rows.map((row) => ({ id: Number(row.id), folderName: row.folderName }));
}

/** Whether `folderId` is `candidate` or one of its ancestors — then moving folderId into candidate makes a loop. */
export async function isAncestorOrSelf(tx: Tx, folderId: number, candidate: number): Promise<boolean> {
  return (await folderPath(tx, candidate)).some((step) => step.id === folderId);
}

export async function insertFolder(tx: Tx, folderName: string, parent: number | null): Promise<number> {
  const [row] = await tx
    .insert(contentFolder)
    .values({ folderName, parentId: parent })
    .returning({ id: contentFolder.id });
  return row!.id;
}

export async function updateFolder(
  tx: Tx,
  id: number,
  folderName: string,
  parent: number | null,
): Promise<{ folderName: string; parent: number | null } | undefined> {
  const [before] = await tx
    .select({ folderName: contentFolder.folderName, parent: contentFolder.parentId })
    .from(contentFolder)
    .where(eq(contentFolder.id, id))
    .for("update");
  if (!before) return undefined;
  await tx
    .update(contentFolder)
    .set({ folderName, parentId: parent, lastModifiedDate: sql`now()` })
    .where(eq(contentFolder.id, id));
  return before;
}

/** Whether the folder holds a subfolder or a file. */
export async function folderHasChildren(tx: Tx, id: number): Promise<boolean> {
  const [sub] = await tx
    .select({ id: contentFolder.id })
    .from(contentFolder)
    .where(eq(contentFolder.parentId, id))
    .limit(1);
  if (sub) return true;
  const [file] = await tx.select({ id: contentFile.id }).from(contentFile).where(fileInFolder(id)).limit(1);
  return file !== undefined;
}

export async function deleteFolder(tx: Tx, id: number): Promise<string | undefined> {
  const [row] = await tx
    .delete(contentFolder)
    .where(eq(contentFolder.id, id))
    .returning({ folderName: contentFolder.folderName });
  return row?.folderName;
}

// ---------------------------------------------------------------------------------------------------------------
// Files

const fileColumns = {
  id: contentFile.id,
  filename: contentFile.filename,
  contentFileTyp: contentFile.contentFileTyp,
  parent: contentFile.parentId,
  assetId: contentFile.blobId,
  contentType: contentBlob.contentType,
  groesse: contentBlob.groesse,
  hasContent: sql<boolean>`(${contentFile.fileContent} IS NOT NULL AND ${contentFile.fileContent} <> '')`,
  createdDate: contentFile.createdDate,
  lastModifiedDate: contentFile.lastModifiedDate,
  lastModifiedBy: contentFile.lastModifiedBy,
};
type FileRow = Omit<TContentFileZeile, "createdDate" | "lastModifiedDate" | "contentFileTyp"> & {
  contentFileTyp: string;
  createdDate: Date;
  lastModifiedDate: Date;
};
const presentFile = (row: FileRow): TContentFileZeile => ({
  ...row,
  contentFileTyp: row.contentFileTyp as TContentFileTyp,
  hasContent: Boolean(row.hasContent),
  createdDate: row.createdDate.toISOString(),
  lastModifiedDate: row.lastModifiedDate.toISOString(),
});
const blobJoin = and(
  eq(contentBlob.mandantId, contentFile.mandantId),
  eq(contentBlob.id, contentFile.blobId),
);

/** The files of a folder (null: the top level) by name. */
export async function filesIn(tx: Tx, parent: number | null): Promise<TContentFileZeile[]> {
  const rows = await tx
    .select(fileColumns)
    .from(contentFile)
    .leftJoin(contentBlob, blobJoin)
    .where(fileInFolder(parent))
    .orderBy(sql`lower(${contentFile.filename})`, contentFile.id);
  return rows.map(presentFile);
}

const FILE_SORT = {
  filename: sql`lower(${contentFile.filename})`,
  lastModifiedDate: contentFile.lastModifiedDate,
  groesse: contentBlob.groesse,
  contentFileTyp: contentFile.contentFileTyp,
  id: contentFile.id,
};

/** GET contentFile: files of every folder whose name contains the search text, one page. */
export async function searchFiles(tx: Tx, query: TContentFileQuery): Promise<Page<TContentFileZeile>> {
  const search = query.search ?? "";
  const where: SQL | undefined = search === "" ? undefined : anyColumnContains(search, contentFile.filename);
  const rows = tx
    .select(fileColumns)
    .from(contentFile)
    .leftJoin(contentBlob, blobJoin)
    .where(where)
    .orderBy(...orderBy(query.sort, FILE_SORT, [{ field: "filename", direction: "asc" }], contentFile.id))
    .limit(query.size)
    .offset(query.page * query.size)
    .then((list) => list.map(presentFile));
  return pageOf(rows, query, (limit) => countRowsUpTo(tx, contentFile, where, limit), capFor(search));
}

export async function file(tx: Tx, id: number): Promise<TContentFile | undefined> {
  const [row] = await tx
    .select({ ...fileColumns, fileContent: contentFile.fileContent })
    .from(contentFile)
    .leftJoin(contentBlob, blobJoin)
    .where(eq(contentFile.id, id));
  return row && { ...presentFile(row), fileContent: row.fileContent };
}

/** The stored bytes of a file with its name and checked type; undefined: no such file or no bytes. */
export async function fileBytes(
  tx: Tx,
  id: number,
): Promise<{ filename: string; contentType: string; bytes: Buffer } | undefined | null> {
  const [row] = await tx
    .select({
      filename: contentFile.filename,
      contentType: contentBlob.contentType,
      bytes: contentBlob.inhalt,
    })
    .from(contentFile)
    .leftJoin(contentBlob, blobJoin)
    .where(eq(contentFile.id, id));
  if (!row) return undefined;
  if (row.bytes === null || row.contentType === null) return null;
  return { filename: row.filename, contentType: row.contentType, bytes: row.bytes };
}

/** The lower-cased names among `names` already taken by files of the folder (except the file `except`). */
export async function takenFileNames(
  tx: Tx,
  parent: number | null,
  names: string[],
  except?: number,
): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const lower = names.map((n) => n.toLowerCase());
  const rows = await tx
    .select({ name: sql<string>`lower(${contentFile.filename})` })
    .from(contentFile)
    .where(
      and(
        fileInFolder(parent),
        sql`lower(${contentFile.filename}) IN (${sql.join(
          lower.map((n) => sql`${n}`),
          sql`, `,
        )})`,
        except === undefined ? undefined : ne(contentFile.id, except),
      ),
    );
  return new Set(rows.map((r) => r.name));
}

/** The blob of this content, stored once per tenant: the existing one, or a new one. */
export async function blobFor(
  tx: Tx,
  blob: { sha256: string; contentType: TContentMimeType; bytes: Buffer },
): Promise<{ id: number; neu: boolean }> {
  const [existing] = await tx
    .select({ id: contentBlob.id })
    .from(contentBlob)
    .where(eq(contentBlob.sha256, blob.sha256));
  if (existing) return { id: existing.id, neu: false };
  const [row] = await tx
    .insert(contentBlob)
    .values({
      sha256: blob.sha256,
      contentType: blob.contentType,
      groesse: blob.bytes.length,
      inhalt: blob.bytes,
    })
    .returning({ id: contentBlob.id });
  return { id: row!.id, neu: true };
}

export interface NewFile {
  filename: string;
  contentFileTyp: TContentFileTyp;
  parent: number | null;
  blobId: number | null;
  fileContent: string | null;
  login: string;
}

export async function insertFile(tx: Tx, f: NewFile): Promise<number> {
  const [row] = await tx
    .insert(contentFile)
    .values({
      filename: f.filename,
      contentFileTyp: f.contentFileTyp,
      parentId: f.parent,
      blobId: f.blobId,
      fileContent: f.fileContent,
      createdBy: f.login,
      lastModifiedBy: f.login,
    })
    .returning({ id: contentFile.id });
  return row!.id;
}

/** Changes a file's name, folder, kind and (when given) rich text; the row before, undefined: no such file. */
export async function updateFile(
  tx: Tx,
  id: number,
  change: {
    filename: string;
    parent: number | null;
    contentFileTyp?: TContentFileTyp;
    fileContent?: string;
    login: string;
  },
): Promise<{ filename: string; parent: number | null; contentFileTyp: string } | undefined> {
  const [before] = await tx
    .select({
      filename: contentFile.filename,
      parent: contentFile.parentId,
      contentFileTyp: contentFile.contentFileTyp,
    })
    .from(contentFile)
    .where(eq(contentFile.id, id))
    .for("update");
  if (!before) return undefined;
  await tx
    .update(contentFile)
    .set({
      filename: change.filename,
      parentId: change.parent,
      ...(change.contentFileTyp ? { contentFileTyp: change.contentFileTyp } : {}),
      ...(change.fileContent !== undefined ? { fileContent: change.fileContent } : {}),
      lastModifiedBy: change.login,
      lastModifiedDate: sql`now()`,
    })
    .where(eq(contentFile.id, id));
  return before;
}

/** Deletes a file and, when no other file uses them, its stored bytes; the deleted file's name. */
export async function deleteFile(tx: Tx, id: number): Promise<string | undefined> {
  const [row] = await tx
    .delete(contentFile)
    .where(eq(contentFile.id, id))
    .returning({ filename: contentFile.filename, blobId: contentFile.blobId });
  if (!row) return undefined;
  if (row.blobId !== null)
    await tx
      .delete(contentBlob)
      .where(
        and(
          eq(contentBlob.id, row.blobId),
          sql`NOT EXISTS (SELECT 1 FROM content_file f WHERE f.mandant_id = "content_blob"."mandant_id" AND f.blob_id = "content_blob"."id")`,
        ),
      );
  return row.filename;
}
