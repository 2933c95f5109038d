import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { bytea, tenantConstraints, tenantKey, tenantRef } from "./stammdaten.ts";

/**
 * Content folders and files (issue 23). Every table is tenant-owned (mandant_id first, RLS, references with
 * mandant_id). Folders form a tree (`parent_id` null = top level; a folder with subfolders or files cannot be
 * deleted: the references restrict). Names are unique per folder, case ignored (the top level counts as folder 0).
 * The bytes of files live in `content_blob`, once per tenant and content (sha256) — apart from the article images'
 * `asset` table, whose routes answer any asset to whoever reads articles: content would leak past its roles there.
 */

export const contentFolder = pgTable(
  "content_folder",
  {
    ...tenantKey(),
    folderName: text("folder_name").notNull(),
    parentId: bigint("parent_id", { mode: "number" }),
    createdDate: timestamp("created_date", { withTimezone: true }).notNull().defaultNow(),
    lastModifiedDate: timestamp("last_modified_date", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    ...tenantConstraints("content_folder", t),
    tenantRef(
      "content_folder_parent_fk",
      { mandantId: t.mandantId, column: t.parentId },
      { mandantId: t.mandantId, id: t.id as AnyPgColumn },
    ),
    uniqueIndex("content_folder_name_uq").on(
      t.mandantId,
      sql`coalesce(${t.parentId}, 0)`,
      sql`lower(${t.folderName})`,
    ),
    index("content_folder_parent_idx").on(t.mandantId, t.parentId),
  ],
).enableRLS();

/** The stored bytes of content files: once per tenant and content (sha256), removed with their last file. */
export const contentBlob = pgTable(
  "content_blob",
  {
    ...tenantKey(),
    sha256: text("sha256").notNull(),
    contentType: text("content_type").notNull(),
    groesse: integer("groesse").notNull(),
    inhalt: bytea("inhalt").notNull(),
    hochgeladenAm: timestamp("hochgeladen_am", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    ...tenantConstraints("content_blob", t),
    uniqueIndex("content_blob_sha256_uq").on(t.mandantId, t.sha256),
  ],
).enableRLS();

/** A content file (SPEC §3): stored bytes (blob), a rich text (file_content), or both; in a folder or at the top. */
export const contentFile = pgTable(
  "content_file",
  {
    ...tenantKey(),
    filename: text("filename").notNull(),
    contentFileTyp: text("content_file_typ").notNull().default("hoerbtext"),
    fileContent: text("file_content"),
    blobId: bigint("blob_id", { mode: "number" }),
    parentId: bigint("parent_id", { mode: "number" }),
    createdDate: timestamp("created_date", { withTimezone: true }).notNull().defaultNow(),
    createdBy: text("created_by"),
    lastModifiedDate: timestamp("last_modified_date", { withTimezone: true }).notNull().defaultNow(),
    lastModifiedBy: text("last_modified_by"),
  },
  (t) => [
    ...tenantConstraints("content_file", t),
    tenantRef("content_file_parent_fk", { mandantId: t.mandantId, column: t.parentId }, contentFolder),
    tenantRef("content_file_blob_fk", { mandantId: t.mandantId, column: t.blobId }, contentBlob),
    uniqueIndex("content_file_name_uq").on(
      t.mandantId,
      sql`coalesce(${t.parentId}, 0)`,
      sql`lower(${t.filename})`,
    ),
    index("content_file_parent_idx").on(t.mandantId, t.parentId),
    index("content_file_blob_idx").on(t.mandantId, t.blobId),
    index("content_file_filename_idx").on(t.mandantId, t.filename, t.id),
  ],
).enableRLS();
