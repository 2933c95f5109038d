import { z } from "zod";
import { ZPageQuery } from "../http/paging.schema.ts";
import { ZRichText } from "../richtext/richtext.schema.ts";
import {
  CONTENT_FILE_TYP_DEFAULT,
  CONTENT_FILE_TYPEN,
  CONTENT_MAX_FILES,
  CONTENT_NAME_MAX,
  CONTENT_TEXT_MAX,
} from "./content.codes.ts";

/**
 * Content folders and files (issue 23; SPEC §3 "Folder: id, folderName, parent. Content file: id, filename,
 * contentFileTyp (default hoerbtext), fileContent, assetId, parent"; §7 "Folders and content"). Folders form a tree
 * per tenant (`parent` null = top level); a file lies in a folder or at the top level. A file has stored bytes
 * (`assetId`: stored once per tenant by sha256), a rich text (`fileContent`), or both. Names are unique per folder,
 * case ignored. Codes and limits: content.codes.ts; the content check: content.rules.ts.
 */

export const ZContentFileTyp = z.enum(CONTENT_FILE_TYPEN);

/** A folder or file name: trimmed, 1–200 characters, no slash or backslash (they separate paths). */
export const ZContentName = z
  .string()
  .trim()
  .min(1)
  .max(CONTENT_NAME_MAX)
  .regex(/^[^/\\]+$/);

/** A folder reference: its id, or null for the top level. */
export const ZParent = z.number().int().positive().nullable().default(null);

/** PUT folders: without id creates, with id renames and/or moves (`parent`). */
export const ZFolderSave = z.strictObject({
  id: z.number().int().positive().optional(),
  folderName: ZContentName,
  parent: ZParent.describe(
    "The folder it lies in (null: top level); into itself or a subfolder of its own is 409 error.folderLoop",
  ),
});
export type TFolderSave = z.input<typeof ZFolderSave>;

/** A folder as lists show it: with how many subfolders and files it holds. */
export const ZFolder = z.object({
  id: z.number().int(),
  folderName: z.string(),
  parent: z.number().int().nullable(),
  subfolderCount: z.number().int(),
  fileCount: z.number().int(),
  lastModifiedDate: z.string(),
});
export type TFolder = z.infer<typeof ZFolder>;

/** One step of a folder's path from the top level (breadcrumbs). */
export const ZFolderStep = z.object({ id: z.number().int(), folderName: z.string() });
export type TFolderStep = z.infer<typeof ZFolderStep>;

/** GET folders/{id}: the folder and its path from the top level down to it (itself last). */
export const ZFolderDetail = ZFolder.extend({ path: z.array(ZFolderStep) });
export type TFolderDetail = z.infer<typeof ZFolderDetail>;

/** GET subfolders?parent= (absent: the top level). */
export const ZSubfolderQuery = z.object({ parent: z.coerce.number().int().positive().optional() });
/** GET contentFileInFolder?folder= (absent: the top level). */
export const ZFolderFilesQuery = z.object({ folder: z.coerce.number().int().positive().optional() });

/** A content file without its rich text (lists). */
export const ZContentFileZeile = z.object({
  id: z.number().int(),
  filename: z.string(),
  contentFileTyp: ZContentFileTyp,
  parent: z.number().int().nullable(),
  assetId: z.number().int().nullable().describe("The stored bytes (null: a rich-text content only)"),
  contentType: z.string().nullable().describe("The checked content type of the stored bytes"),
  groesse: z.number().int().nullable().describe("Size of the stored bytes"),
  hasContent: z.boolean().describe("Whether the file has a rich text (fileContent)"),
  createdDate: z.string(),
  lastModifiedDate: z.string(),
  lastModifiedBy: z.string().nullable(),
});
export type TContentFileZeile = z.infer<typeof ZContentFileZeile>;

/** GET contentFile/{id}: metadata and the rich text. */
export const ZContentFile = ZContentFileZeile.extend({ fileContent: z.string().nullable() });
export type TContentFile = z.infer<typeof ZContentFile>;

/** Sorts of GET contentFile (default filename). */
export const CONTENT_FILE_SORT_FIELDS = [
  "filename",
  "lastModifiedDate",
  "groesse",
  "contentFileTyp",
  "id",
] as const;
/** GET contentFile: search by file name (contains, case ignored), paged. */
export const ZContentFileQuery = ZPageQuery(CONTENT_FILE_SORT_FIELDS).extend({
  search: z.string().trim().max(200).optional(),
});
export type TContentFileQuery = z.infer<typeof ZContentFileQuery>;

/** PUT contentFileContent: creates (no id) or changes a rich-text content. */
export const ZContentFileContent = z.strictObject({
  id: z.number().int().positive().optional(),
  filename: ZContentName,
  parent: ZParent,
  fileContent: ZRichText(CONTENT_TEXT_MAX).default(""),
  contentFileTyp: ZContentFileTyp.optional().describe(
    `The kind; a new content without it is ${CONTENT_FILE_TYP_DEFAULT}, a change without it keeps the kind`,
  ),
});
export type TContentFileContent = z.input<typeof ZContentFileContent>;

/** PUT contentFile/{id}: rename, move (`parent`) or change the kind of a file; its bytes and text stay. */
export const ZContentFileUpdate = z.strictObject({
  filename: ZContentName,
  parent: ZParent,
  contentFileTyp: ZContentFileTyp.optional(),
});
export type TContentFileUpdate = z.input<typeof ZContentFileUpdate>;

/** One file of an upload: its name and bytes as base64; the kind defaults from the checked content type. */
export const ZContentUploadFile = z.strictObject({
  filename: z.string().trim().min(1).max(CONTENT_NAME_MAX),
  inhalt: z.base64(),
  contentFileTyp: ZContentFileTyp.optional(),
});

/**
 * PUT contentfiles: up to CONTENT_MAX_FILES files into one folder (`parent`, null: top level). Every file is checked
 * by content and size; one refused file refuses the whole request (400 with the file's index in the field path,
 * e.g. files.2.inhalt fileType) and nothing is stored.
 */
export const ZContentUpload = z.strictObject({
  parent: ZParent,
  files: z.array(ZContentUploadFile).min(1).max(CONTENT_MAX_FILES),
});
export type TContentUpload = z.input<typeof ZContentUpload>;

/** GET contentFile/{id}/datei?download=true: always as an attachment. */
export const ZContentDateiQuery = z.object({
  download: z
    .enum(["true", "false"])
    .optional()
    .transform((v) => v === "true"),
});
