import { createHash } from "node:crypto";
import {
  CONTENT_BILD_MAX_PIXEL,
  CONTENT_FILE_TYP_DEFAULT,
  CONTENT_MAX_BYTES,
  CONTENT_PDF_MAX_SEITEN,
  CONTENT_UPLOAD_MAX_TOTAL,
  contentFileTypVon,
  type TContentMimeType,
} from "@kontor/domain/content/content.codes";
import { checkedContentType } from "@kontor/domain/content/content.rules";
import type {
  TContentFile,
  TContentFileQuery,
  TContentFileZeile,
  TFolder,
  TFolderDetail,
  ZContentFileContent,
  ZContentFileUpdate,
  ZContentUpload,
  ZFolderSave,
} from "@kontor/domain/content/content.schema";
import type { TFieldError } from "@kontor/domain/http/problem.schema";
import { base64DecodedLength, cleanFileName } from "@kontor/domain/rechnungsvorlage/rechnungsvorlage.rules";
import type { z } from "zod";
import type { Tx } from "../../db/client.ts";
import { mapUniqueViolation, pgError } from "../../db/errors.ts";
import type { Page } from "../../db/paging.ts";
import type { TenantScope } from "../../db/tenant.ts";
import { notFound, ProblemError } from "../../http/problem.ts";
import { bildKopf } from "../anhang/bild.ts";
import { hochgeladenesPdfPruefen, PDF_MAX_ENTPACKT } from "../belegausgabe/pdfPool.ts";
import * as repo from "./content.repository.ts";

/**
 * Content folders and files (issue 23): the use cases behind content.routes.ts. Every change runs in one tenant
 * transaction through TenantScope.change (audited: entity contentFolder / contentFile); tree changes, uploads and
 * deletes first take the tenant's content lock (repository `sperren`).
 */

const invalid = (fieldErrors: TFieldError[]) =>
  new ProblemError(400, "error.validation", undefined, fieldErrors);
const FOLDER_UNIQUE = { content_folder_name_uq: "folderName" };
const FILE_UNIQUE = { content_file_name_uq: "filename" };

/** A folder named in a body must exist in the tenant: 400 at `field` notFound otherwise. */
async function parentMustExist(tx: Tx, parent: number | null, field = "parent") {
  if (parent !== null && !(await repo.folderExists(tx, parent))) throw invalid([{ field, code: "notFound" }]);
}

async function withUnique<T>(work: Promise<T>, unique: Record<string, string>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    return mapUniqueViolation(error, unique);
  }
}

/**
 * Every uploaded PDF and image opened before anything is stored (issue 33), one after the other: a PDF in the PDF
 * worker (readable, not encrypted, at most CONTENT_PDF_MAX_SEITEN pages, within the decompression budget), an image
 * by its header (at most CONTENT_BILD_MAX_PIXEL pixels in all frames; the browser decodes it, the server never
 * does). Problems at files.<i>.inhalt: pdfInvalid, pdfEncrypted, maxPages, pdfTooComplex, maxPixels, imageInvalid.
 */
async function inhalteOeffnen(
  dateien: { bytes: Buffer; contentType: TContentMimeType }[],
): Promise<TFieldError[]> {
  const errors: TFieldError[] = [];
  for (const [i, datei] of dateien.entries()) {
    const field = `files.${i}.inhalt`;
    if (datei.contentType === "application/pdf") {
      const befund = await hochgeladenesPdfPruefen(datei.bytes, {
        maxSeiten: CONTENT_PDF_MAX_SEITEN,
        maxEntpackt: PDF_MAX_ENTPACKT,
      });
      if (!befund.ok)
        errors.push({
          field,
          code: befund.code,
          ...(befund.code === "maxPages" ? { max: CONTENT_PDF_MAX_SEITEN } : {}),
        });
    } else if (datei.contentType.startsWith("image/")) {
      const kopf = await bildKopf(datei.bytes, CONTENT_BILD_MAX_PIXEL);
      if (!kopf.ok)
        errors.push(
          kopf.code === "maxPixels" ? { field, code: kopf.code, max: kopf.max } : { field, code: kopf.code },
        );
    }
  }
  return errors;
}

export const contentService = {
  subfolders: (scope: TenantScope, parent: number | undefined): Promise<TFolder[] | undefined> =>
    scope.run(async (tx) => {
      if (parent !== undefined && !(await repo.folderExists(tx, parent))) return undefined;
      return repo.subfolders(tx, parent ?? null);
    }),

  folder: (scope: TenantScope, id: number): Promise<TFolderDetail | undefined> =>
    scope.run(async (tx) => {
      const found = await repo.folder(tx, id);
      return found && { ...found, path: await repo.folderPath(tx, id) };
    }),

  /** Create (no id), rename and/or move; a move into itself or below itself is 409 error.folderLoop. */
  saveFolder: async (scope: TenantScope, body: z.output<typeof ZFolderSave>): Promise<TFolderDetail> => {
    const id = await withUnique(
      scope.change(async (tx, audit) => {
        await repo.sperren(tx);
        await parentMustExist(tx, body.parent);
        if (body.id === undefined) {
          const created = await repo.insertFolder(tx, body.folderName, body.parent);
          audit({
            entity: "contentFolder",
            entityId: created,
            action: "create",
            detail: { folderName: body.folderName, parent: body.parent },
          });
          return created;
        }
        if (body.parent !== null && (await repo.isAncestorOrSelf(tx, body.id, body.parent)))
          throw new ProblemError(
            409,
            "error.folderLoop",
            "A folder cannot be moved into itself or below itself.",
            [{ field: "parent", code: "folderLoop" }],
          );
        const before = await repo.updateFolder(tx, body.id, body.folderName, body.parent);
        if (!before) throw notFound();
        audit({
          entity: "contentFolder",
          entityId: body.id,
          action: before.parent === body.parent ? "update" : "move",
          detail: { from: before, to: { folderName: body.folderName, parent: body.parent } },
        });
        return body.id;
      }),
      FOLDER_UNIQUE,
    );
    return (await contentService.folder(scope, id))!;
  },

  /** Deletes an empty folder; one with subfolders or files is 409 error.folderNotEmpty. */
  deleteFolder: (scope: TenantScope, id: number): Promise<void> =>
    scope
      .change(async (tx, audit) => {
        await repo.sperren(tx);
        if (!(await repo.folderExists(tx, id, true))) throw notFound();
        if (await repo.folderHasChildren(tx, id)) throw new ProblemError(409, "error.folderNotEmpty");
        const folderName = await repo.deleteFolder(tx, id);
        audit({ entity: "contentFolder", entityId: id, action: "delete", detail: { folderName } });
      })
      .catch((error: unknown) => {
        // A file or folder added by a parallel request after the check: the reference refuses the delete.
        if (pgError(error)?.code === "23503") throw new ProblemError(409, "error.folderNotEmpty");
        throw error;
      }),

  filesIn: (scope: TenantScope, folder: number | undefined): Promise<TContentFileZeile[] | undefined> =>
    scope.run(async (tx) => {
      if (folder !== undefined && !(await repo.folderExists(tx, folder))) return undefined;
      return repo.filesIn(tx, folder ?? null);
    }),

  search: (scope: TenantScope, query: TContentFileQuery): Promise<Page<TContentFileZeile>> =>
    scope.run((tx) => repo.searchFiles(tx, query)),

  file: (scope: TenantScope, id: number): Promise<TContentFile | undefined> =>
    scope.run((tx) => repo.file(tx, id)),

  bytes: (scope: TenantScope, id: number) => scope.run((tx) => repo.fileBytes(tx, id)),

  /** Rename, move or change the kind of a file. */
  updateFile: async (
    scope: TenantScope,
    id: number,
    body: z.output<typeof ZContentFileUpdate>,
  ): Promise<TContentFile> => {
    await withUnique(
      scope.change(async (tx, audit) => {
        await parentMustExist(tx, body.parent);
        const before = await repo.updateFile(tx, id, { ...body, login: scope.login });
        if (!before) throw notFound();
        audit({
          entity: "contentFile",
          entityId: id,
          action: before.parent === body.parent ? "update" : "move",
          detail: { from: before, to: body },
        });
      }),
      FILE_UNIQUE,
    );
    return (await contentService.file(scope, id))!;
  },

  /** PUT contentFileContent: a rich-text content, created (no id) or changed. */
  saveContent: async (
    scope: TenantScope,
    body: z.output<typeof ZContentFileContent>,
  ): Promise<TContentFile> => {
    const id = await withUnique(
      scope.change(async (tx, audit) => {
        await parentMustExist(tx, body.parent);
        const fileContent = body.fileContent;
        if (body.id === undefined) {
          const contentFileTyp = body.contentFileTyp ?? CONTENT_FILE_TYP_DEFAULT;
          const created = await repo.insertFile(tx, {
            filename: body.filename,
            contentFileTyp,
            parent: body.parent,
            blobId: null,
            fileContent,
            login: scope.login,
          });
          audit({
            entity: "contentFile",
            entityId: created,
            action: "create",
            detail: { filename: body.filename, parent: body.parent, contentFileTyp },
          });
          return created;
        }
        const before = await repo.updateFile(tx, body.id, {
          filename: body.filename,
          parent: body.parent,
          contentFileTyp: body.contentFileTyp,
          fileContent,
          login: scope.login,
        });
        if (!before) throw notFound();
        audit({
          entity: "contentFile",
          entityId: body.id,
          action: "update",
          detail: { from: before, to: { filename: body.filename, parent: body.parent }, fileContent: true },
        });
        return body.id;
      }),
      FILE_UNIQUE,
    );
    return (await contentService.file(scope, id))!;
  },

  deleteFile: (scope: TenantScope, id: number): Promise<void> =>
    scope.change(async (tx, audit) => {
      await repo.sperren(tx);
      const filename = await repo.deleteFile(tx, id);
      if (filename === undefined) throw notFound();
      audit({ entity: "contentFile", entityId: id, action: "delete", detail: { filename } });
    }),

  /**
   * PUT contentfiles: every file checked first (name, size, type by content and name), every problem reported at
   * its index; then, in one transaction, the folder, the names, the blobs (once per content) and the files. One
   * refused file refuses the request: nothing is stored.
   */
  upload: async (scope: TenantScope, body: z.output<typeof ZContentUpload>): Promise<TContentFileZeile[]> => {
    const errors: TFieldError[] = [];
    const geprueft: {
      filename: string;
      bytes: Buffer;
      contentType: TContentMimeType;
      sha256: string;
      typ: TContentFileZeile["contentFileTyp"];
    }[] = [];
    const namen = new Set<string>();
    let total = 0;
    body.files.forEach((f, i) => {
      const filename = cleanFileName(f.filename);
      if (filename === "" || filename.length > 200) {
        errors.push({ field: `files.${i}.filename`, code: filename === "" ? "required" : "maxLength" });
        return;
      }
      if (namen.has(filename.toLowerCase())) errors.push({ field: `files.${i}.filename`, code: "unique" });
      namen.add(filename.toLowerCase());
      if (base64DecodedLength(f.inhalt) > CONTENT_MAX_BYTES) {
        errors.push({ field: `files.${i}.inhalt`, code: "maxBytes", max: CONTENT_MAX_BYTES });
        return;
      }
      const bytes = Buffer.from(f.inhalt, "base64");
      if (bytes.length > CONTENT_MAX_BYTES) {
        errors.push({ field: `files.${i}.inhalt`, code: "maxBytes", max: CONTENT_MAX_BYTES });
        return;
      }
      total += bytes.length;
      const contentType = checkedContentType(filename, bytes);
      if (!contentType) {
        errors.push({ field: `files.${i}.inhalt`, code: "fileType" });
        return;
      }
      geprueft.push({
        filename,
        bytes,
        contentType,
        sha256: createHash("sha256").update(bytes).digest("hex"),
        typ: f.contentFileTyp ?? contentFileTypVon(contentType),
      });
    });
    if (errors.length === 0 && total > CONTENT_UPLOAD_MAX_TOTAL)
      errors.push({ field: "files", code: "maxBytes", max: CONTENT_UPLOAD_MAX_TOTAL });
    if (errors.length > 0) throw invalid(errors);
    const unlesbar = await inhalteOeffnen(geprueft);
    if (unlesbar.length > 0) throw invalid(unlesbar);

    const ids = await withUnique(
      scope.change(async (tx, audit) => {
        await repo.sperren(tx);
        await parentMustExist(tx, body.parent);
        const taken = await repo.takenFileNames(
          tx,
          body.parent,
          geprueft.map((f) => f.filename),
        );
        const clashes = geprueft.flatMap((f, i) =>
          taken.has(f.filename.toLowerCase())
            ? [{ field: `files.${i}.filename`, code: "unique" as const }]
            : [],
        );
        if (clashes.length > 0) throw invalid(clashes);
        const created: number[] = [];
        for (const f of geprueft) {
          const blob = await repo.blobFor(tx, f);
          const id = await repo.insertFile(tx, {
            filename: f.filename,
            contentFileTyp: f.typ,
            parent: body.parent,
            blobId: blob.id,
            fileContent: null,
            login: scope.login,
          });
          created.push(id);
          audit({
            entity: "contentFile",
            entityId: id,
            action: "create",
            detail: {
              filename: f.filename,
              parent: body.parent,
              contentType: f.contentType,
              groesse: f.bytes.length,
              sha256: f.sha256,
              blobNeu: blob.neu,
            },
          });
        }
        return created;
      }),
      FILE_UNIQUE,
    );
    return scope.run(async (tx) => {
      const rows: TContentFileZeile[] = [];
      for (const id of ids) {
        const row = await repo.file(tx, id);
        if (row) {
          const { fileContent: _, ...zeile } = row;
          rows.push(zeile);
        }
      }
      return rows;
    });
  },
};
