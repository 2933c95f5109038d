import {
  CONTENT_MAX_BYTES,
  CONTENT_MAX_FILES,
  CONTENT_ROOT,
  CONTENT_UPLOAD_MAX_TOTAL,
} from "@kontor/domain/content/content.codes";
import type {
  TContentFile,
  TContentFileContent,
  TContentFileUpdate,
  TContentFileZeile,
  TFolder,
  TFolderDetail,
  TFolderSave,
} from "@kontor/domain/content/content.schema";
import { queryOptions } from "@tanstack/react-query";
import { type ApiError, api, isApiError } from "../../app/api.ts";

/**
 * The content calls (issue 23), typed only (no schemas in the screen's first load; the server's response schemas
 * guarantee the shapes), the query keys, and the pure parts of the screens: folder slugs, upload batches and how a
 * refused upload maps onto its files.
 */

export const CONTENT_KEY = "content";
export const contentKeys = {
  all: [CONTENT_KEY] as const,
  subfolders: (parent: number | null) => [CONTENT_KEY, "subfolders", parent] as const,
  folder: (id: number) => [CONTENT_KEY, "folder", id] as const,
  files: (folder: number | null) => [CONTENT_KEY, "files", folder] as const,
  search: (text: string) => [CONTENT_KEY, "search", text] as const,
  file: (id: number) => [CONTENT_KEY, "file", id] as const,
  datei: (id: number) => [CONTENT_KEY, "datei", id] as const,
};

/** The folder of a path segment: "root" (or nothing) is the top level (null), a positive id a folder, else undefined. */
export function folderOfSlug(slug: string | undefined): number | null | undefined {
  if (slug === undefined || slug === "" || slug === CONTENT_ROOT) return null;
  return /^[1-9]\d{0,15}$/.test(slug) ? Number(slug) : undefined;
}
export const folderSlug = (folder: number | null) => (folder === null ? CONTENT_ROOT : String(folder));
export const listPath = (folder: number | null) => `/content_list/${folderSlug(folder)}`;
export const viewPath = (folder: number | null, id: number | "new") => `/content/${folderSlug(folder)}/${id}`;

export const subfoldersQuery = (parent: number | null) =>
  queryOptions({
    queryKey: contentKeys.subfolders(parent),
    queryFn: ({ signal }) =>
      api.get<TFolder[]>("subfolders", { signal, query: { parent: parent ?? undefined } }),
  });
export const folderQuery = (id: number) =>
  queryOptions({
    queryKey: contentKeys.folder(id),
    queryFn: ({ signal }) => api.get<TFolderDetail>(`folders/${id}`, { signal }),
  });
export const filesQuery = (folder: number | null) =>
  queryOptions({
    queryKey: contentKeys.files(folder),
    queryFn: ({ signal }) =>
      api.get<TContentFileZeile[]>("contentFileInFolder", { signal, query: { folder: folder ?? undefined } }),
  });
export const SEARCH_SIZE = 50;
export const searchQuery = (text: string) =>
  queryOptions({
    queryKey: contentKeys.search(text),
    queryFn: async ({ signal }) =>
      (await api.getPage("contentFile", { signal, query: { search: text, size: SEARCH_SIZE } }))
        .items as TContentFileZeile[],
  });
export const fileQuery = (id: number) =>
  queryOptions({
    queryKey: contentKeys.file(id),
    queryFn: ({ signal }) => api.get<TContentFile>(`contentFile/${id}`, { signal }),
  });

export const saveFolder = (body: TFolderSave) => api.put<TFolderDetail>("folders", body);
export const deleteFolder = (id: number) => api.delete<null>(`folders/${id}`);
export const updateFile = (id: number, body: TContentFileUpdate) =>
  api.put<TContentFile>(`contentFile/${id}`, body);
export const deleteFile = (id: number) => api.delete<null>(`contentFile/${id}`);
export const saveContent = (body: TContentFileContent) => api.put<TContentFile>("contentFileContent", body);
export const uploadFiles = (parent: number | null, files: { filename: string; inhalt: string }[]) =>
  api.put<TContentFileZeile[]>("contentfiles", { parent, files });
export const dateiPfad = (id: number, download = false) =>
  `contentFile/${id}/datei${download ? "?download=true" : ""}`;

/** A size for people: 512 B, 1,5 KB, 20 MB (the language's decimal mark). */
export function formatBytes(bytes: number | null, language: string): string {
  if (bytes === null) return "–";
  const format = (n: number) =>
    new Intl.NumberFormat(language === "en" ? "en-GB" : "de-AT", { maximumFractionDigits: 1 }).format(n);
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${format(bytes / 1024)} KB`;
  return `${format(bytes / 1024 / 1024)} MB`;
}

// ---------------------------------------------------------------------------------------------------------------
// Uploads

export type UploadStatus = "wartet" | "laeuft" | "fertig" | "nichtGespeichert" | "fehler";
export interface UploadItem {
  key: string;
  file: File;
  status: UploadStatus;
  /** The refusal: a field code (fileType, maxBytes, unique, …) or a problem code. */
  code?: string;
  /** The refusal's bound, when its code has one (maxPages, maxPixels). */
  max?: number;
}

/**
 * The files in batches the server takes in one request: at most CONTENT_MAX_FILES files and
 * CONTENT_UPLOAD_MAX_TOTAL bytes each (a file larger than CONTENT_MAX_BYTES never gets here: refused before).
 */
export function batches<T extends { file: { size: number } }>(items: readonly T[]): T[][] {
  const result: T[][] = [];
  let current: T[] = [];
  let total = 0;
  for (const item of items) {
    if (
      current.length > 0 &&
      (current.length >= CONTENT_MAX_FILES || total + item.file.size > CONTENT_UPLOAD_MAX_TOTAL)
    ) {
      result.push(current);
      current = [];
      total = 0;
    }
    current.push(item);
    total += item.file.size;
  }
  if (current.length > 0) result.push(current);
  return result;
}

/** Refused before sending: larger than a file may be. */
export const tooLarge = (file: { size: number }) => file.size > CONTENT_MAX_BYTES;

/**
 * How a refused batch maps onto its files: the field errors name files by index (files.2.inhalt fileType,
 * files.0.filename unique) — those files are refused with that code, the others of the batch were not stored
 * ("nichtGespeichert") and can be sent again. Any other failure refuses every file of the batch with its code.
 */
export function refusals(error: unknown, count: number): { index: number; code: string; max?: number }[] {
  const api = isApiError(error) ? (error as ApiError) : undefined;
  const perFile = (api?.fieldErrors ?? []).flatMap((f) => {
    const match = /^files\.(\d+)\./.exec(f.field);
    return match
      ? [{ index: Number(match[1]), code: f.code, ...(f.max === undefined ? {} : { max: f.max }) }]
      : [];
  });
  if (perFile.length > 0) return perFile;
  const code = api ? (api.fieldErrors?.[0]?.code ?? api.code) : "error.unknown";
  return Array.from({ length: count }, (_, index) => ({ index, code }));
}
