import {
  CONTENT_BILD_MAX_PIXEL,
  CONTENT_MAX_BYTES,
  CONTENT_MAX_FILES,
  CONTENT_MIME_TYPES,
  CONTENT_PDF_MAX_SEITEN,
  CONTENT_UPLOAD_MAX_TOTAL,
  contentInline,
} from "@kontor/domain/content/content.codes";
import {
  ZContentDateiQuery,
  ZContentFile,
  ZContentFileContent,
  ZContentFileQuery,
  ZContentFileUpdate,
  ZContentFileZeile,
  ZContentUpload,
  ZFolder,
  ZFolderDetail,
  ZFolderFilesQuery,
  ZFolderSave,
  ZSubfolderQuery,
} from "@kontor/domain/content/content.schema";
import { ZIdParams } from "@kontor/domain/http/params.schema";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Deps } from "../../deps.ts";
import { attachment, inline } from "../../http/attachment.ts";
import { fileResponse, notFound, ProblemError, responses } from "../../http/problem.ts";
import { sendTotal } from "../../http/total.ts";
import { contentService } from "./content.service.ts";

/** Reading: module content and ROLE_CONTENT_READONLY or ROLE_CONTENT_WRITE, or admin (SPEC §6). */
const lesen = { level: "tenant", access: "content" } as const;
/** Changing: module content and ROLE_CONTENT_WRITE, or admin. */
const schreiben = { level: "tenant", access: "contentWrite" } as const;
const tags = ["Content"];
const MB = 1024 * 1024;

/** base64 is 4/3 of the bytes: every file of one request plus names and JSON; beyond it 413 before parsing. */
const UPLOAD_BODY_LIMIT = Math.ceil(CONTENT_UPLOAD_MAX_TOTAL / 3) * 4 + 256 * 1024;
/** A rich text of CONTENT_TEXT_MAX characters, each up to 3 bytes of UTF-8 (images are inside it as data URLs). */
const TEXT_BODY_LIMIT = 8 * MB;

/**
 * Content folders and files (issue 23, SPEC §7 "Folders and content"): the folder tree, uploads checked by content,
 * rich-text content, search by file name, downloads and previews. Another tenant's folder or file is 404 (in a path)
 * or 400 notFound (a `parent` in a body).
 */
export const contentRoutes: FastifyPluginAsyncZod<Deps> = async (app) => {
  app.get(
    "/subfolders",
    {
      config: { auth: lesen },
      schema: {
        tags,
        summary:
          "Content: the subfolders of a folder (`parent`; absent: the top level) by name, each with its counts of subfolders and files",
        querystring: ZSubfolderQuery,
        response: responses({ 200: z.array(ZFolder) }, 400, 401, 403, 404),
      },
    },
    async (request) => {
      const folders = await contentService.subfolders(request.mandant!, request.query.parent);
      if (!folders) throw notFound();
      return folders;
    },
  );

  app.get(
    "/folders/:id",
    {
      config: { auth: lesen },
      schema: {
        tags,
        summary: "Content: a folder with its path from the top level (breadcrumbs; the folder itself last)",
        params: ZIdParams,
        response: responses({ 200: ZFolderDetail }, 400, 401, 403, 404),
      },
    },
    async (request) => {
      const found = await contentService.folder(request.mandant!, request.params.id);
      if (!found) throw notFound();
      return found;
    },
  );

  app.put(
    "/folders",
    {
      config: { auth: schreiben },
      schema: {
        tags,
        summary: "Content: create (no id), rename or move (`parent`, null: top level) a folder",
        description:
          "A name is unique among the folder's siblings, case ignored (400 at folderName, code unique). Moving a folder into itself or one of its subfolders is 409 error.folderLoop (field parent, code folderLoop). An unknown parent is 400 at parent (notFound), an unknown id 404.",
        body: ZFolderSave,
        response: responses({ 200: ZFolderDetail }, 400, 401, 403, 404, 409),
      },
    },
    async (request) => contentService.saveFolder(request.mandant!, request.body),
  );

  app.delete(
    "/folders/:id",
    {
      config: { auth: schreiben },
      schema: {
        tags,
        summary: "Content: delete an empty folder (with subfolders or files: 409 error.folderNotEmpty)",
        params: ZIdParams,
        response: responses({ 204: z.null() }, 400, 401, 403, 404, 409),
      },
    },
    async (request, reply) => {
      await contentService.deleteFolder(request.mandant!, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    "/contentFileInFolder",
    {
      config: { auth: lesen },
      schema: {
        tags,
        summary:
          "Content: the files of a folder (`folder`; absent: the top level) by name, without their rich text",
        querystring: ZFolderFilesQuery,
        response: responses({ 200: z.array(ZContentFileZeile) }, 400, 401, 403, 404),
      },
    },
    async (request) => {
      const files = await contentService.filesIn(request.mandant!, request.query.folder);
      if (!files) throw notFound();
      return files;
    },
  );

  app.get(
    "/contentFile",
    {
      config: { auth: lesen },
      schema: {
        tags,
        summary:
          "Content: files of every folder, paged (sort filename (default), lastModifiedDate, groesse, contentFileTyp, id), `search` = part of the file name (case ignored), x-total-count",
        querystring: ZContentFileQuery,
        response: responses({ 200: z.array(ZContentFileZeile) }, 400, 401, 403),
      },
    },
    async (request, reply) => {
      const page = await contentService.search(request.mandant!, request.query);
      sendTotal(reply, page);
      return page.items;
    },
  );

  app.get(
    "/contentFile/:id",
    {
      config: { auth: lesen },
      schema: {
        tags,
        summary: "Content: a file's metadata and its rich text (fileContent)",
        params: ZIdParams,
        response: responses({ 200: ZContentFile }, 400, 401, 403, 404),
      },
    },
    async (request) => {
      const found = await contentService.file(request.mandant!, request.params.id);
      if (!found) throw notFound();
      return found;
    },
  );

  app.put(
    "/contentFile/:id",
    {
      config: { auth: schreiben },
      schema: {
        tags,
        summary:
          "Content: rename or move a file (`parent`, null: top level) or change its kind; bytes and text stay",
        description: "A name is unique in its folder, case ignored (400 at filename, code unique).",
        params: ZIdParams,
        body: ZContentFileUpdate,
        response: responses({ 200: ZContentFile }, 400, 401, 403, 404),
      },
    },
    async (request) => contentService.updateFile(request.mandant!, request.params.id, request.body),
  );

  app.delete(
    "/contentFile/:id",
    {
      config: { auth: schreiben },
      schema: {
        tags,
        summary:
          "Content: delete a file (its stored bytes go with it unless another file has the same content)",
        params: ZIdParams,
        response: responses({ 204: z.null() }, 400, 401, 403, 404),
      },
    },
    async (request, reply) => {
      await contentService.deleteFile(request.mandant!, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.put(
    "/contentFileContent",
    {
      bodyLimit: TEXT_BODY_LIMIT,
      config: { auth: schreiben },
      schema: {
        tags,
        summary:
          "Content: create (no id) or change a rich-text content (fileContent, cleaned like every rich text; contentFileTyp default hoerbtext)",
        body: ZContentFileContent,
        response: responses({ 200: ZContentFile }, 400, 401, 403, 404, 413),
      },
    },
    async (request) => contentService.saveContent(request.mandant!, request.body),
  );

  app.put(
    "/contentfiles",
    {
      bodyLimit: UPLOAD_BODY_LIMIT,
      config: { auth: schreiben },
      schema: {
        tags,
        summary: `Content: upload 1–${CONTENT_MAX_FILES} files (base64) into a folder (\`parent\`, null: top level)`,
        description: `Each file is checked by its content (PDF, PNG, JPEG, GIF, WebP, MP3, OGG, WAV, M4A/MP4, UTF-8 text without NUL) and its name's extension must agree (an .exe named .pdf is refused): 400 at files.<i>.inhalt, code fileType. At most ${CONTENT_MAX_BYTES / MB} MB per file (files.<i>.inhalt maxBytes) and ${CONTENT_UPLOAD_MAX_TOTAL / MB} MB per request (files maxBytes; a larger body is 413). A name already in the folder or twice in the request: files.<i>.filename unique. One refused file refuses the request: nothing is stored. The same bytes are stored once per tenant. Each PDF and image is opened before anything is stored (issue 33): a PDF must be readable (files.<i>.inhalt pdfInvalid), not encrypted (pdfEncrypted), have at most ${CONTENT_PDF_MAX_SEITEN.toLocaleString("en")} pages (maxPages, with max) and not decompress to too much (pdfTooComplex); an image at most ${CONTENT_BILD_MAX_PIXEL.toLocaleString("en")} pixels, all frames counted (maxPixels, with max), with a readable header (imageInvalid). 503 error.busy (Retry-After) when the server is busy with PDFs or images.`,
        body: ZContentUpload,
        response: responses({ 200: z.array(ZContentFileZeile) }, 400, 401, 403, 413, 503),
      },
    },
    async (request) => contentService.upload(request.mandant!, request.body),
  );

  app.get(
    "/contentFile/:id/datei",
    {
      config: { auth: lesen },
      schema: {
        tags,
        summary:
          "Content: a file's stored bytes with their checked content type — inline for images, PDF, audio and text, else (and with download=true) as an attachment; a rich-text content without bytes is 404",
        params: ZIdParams,
        querystring: ZContentDateiQuery,
        response: responses(
          { 200: fileResponse("The file as uploaded", ...CONTENT_MIME_TYPES) },
          400,
          401,
          403,
          404,
        ),
      },
    },
    async (request, reply) => {
      const found = await contentService.bytes(request.mandant!, request.params.id);
      if (found === undefined) throw notFound();
      if (found === null) throw new ProblemError(404, "error.notFound", "The file has no stored bytes.");
      const zeigen = contentInline(found.contentType) && !request.query.download;
      return reply
        .header(
          "content-type",
          found.contentType === "text/plain" ? "text/plain; charset=utf-8" : found.contentType,
        )
        .header("content-disposition", zeigen ? inline(found.filename) : attachment(found.filename))
        .header("x-content-type-options", "nosniff")
        .send(found.bytes as never); // raw bytes: Fastify does not serialize them (the 200 schema documents the file)
    },
  );
};
