import { ZIdParams } from "@kontor/domain/http/params.schema";
import {
  sniffContentType,
  type TVorlageContentType,
  VORLAGE_BILD_MASSE,
  VORLAGE_CONTENT_TYPES,
  VORLAGE_MAX_BYTES,
  VORLAGE_MAX_PIXEL,
  VORLAGE_MAX_SEITEN,
} from "@kontor/domain/rechnungsvorlage/rechnungsvorlage.rules";
import {
  type TRechnungsvorlage,
  type TRechnungsvorlageInput,
  ZRechnungsvorlage,
  ZRechnungsvorlageInput,
} from "@kontor/domain/rechnungsvorlage/rechnungsvorlage.schema";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { rechnungsvorlage as table } from "../../db/schema/index.ts";
import type { Deps } from "../../deps.ts";
import { attachment } from "../../http/attachment.ts";
import { fileResponse, notFound, ProblemError, responses } from "../../http/problem.ts";
import { rememberSentFields, sentFields } from "../../http/sentFields.ts";
import { registerCrud } from "../crud/crud.ts";
import { vorlageDateiPruefen } from "./vorlageDatei.ts";

/** The metadata of a template; the file's bytes are read only by the download. */
const columns = {
  id: table.id,
  vorlagename: table.vorlagename,
  active: table.active,
  vorlageContentType: table.vorlageContentType,
  vorlageDateiname: table.vorlageDateiname,
  vorlageGroesse: sql<number | null>`octet_length(${table.vorlage})`,
  lastModifiedDate: table.lastModifiedDate,
};

/** A base64 file as JSON is 4/3 of its size: 5 MB decoded plus the other fields fit into 7 MB. */
const BODY_LIMIT = 7 * 1024 * 1024;
const access = { level: "tenant", access: "stammdaten" } as const;
const tag = "rechnungsvorlage";
const EXTENSIONS: Record<TVorlageContentType, string> = {
  "application/pdf": ".pdf",
  "image/png": ".png",
  "image/jpeg": ".jpg",
};

const invalidFile = (code: "required" | "invalid") =>
  new ProblemError(400, "error.validation", undefined, [{ field: "vorlage", code }]);

/**
 * The stored values of a saved template: with a new file its bytes, the type its content shows (never the name's
 * or the client's) and its name; without one the stored file stays as it is.
 */
function toRow(entity: TRechnungsvorlage) {
  const { vorlagename, active, vorlage, vorlageDateiname } = entity as TRechnungsvorlageInput;
  const row = { vorlagename, active, lastModifiedDate: new Date() };
  if (vorlage === undefined) return row;
  const bytes = Buffer.from(vorlage, "base64");
  const contentType = sniffContentType(bytes);
  if (!contentType) throw invalidFile("invalid"); // the body schema checked it already; bytes decide
  return {
    ...row,
    vorlage: bytes,
    vorlageContentType: contentType,
    vorlageDateiname: vorlageDateiname || null,
  };
}

/**
 * A body with a new file: the file checked and in the form it is stored (vorlageDatei.ts; 400 at vorlage otherwise),
 * outside any transaction — decoding takes time and runs in the PDF worker or on sharp's threads.
 */
async function mitGepruefterDatei(body: TRechnungsvorlageInput): Promise<TRechnungsvorlageInput> {
  if (body.vorlage === undefined) return body;
  const datei = await vorlageDateiPruefen(Buffer.from(body.vorlage, "base64"), body.vorlageDateiname);
  return {
    ...body,
    vorlage: Buffer.from(datei.bytes.buffer, datei.bytes.byteOffset, datei.bytes.byteLength).toString(
      "base64",
    ),
    vorlageDateiname: datei.dateiname,
  };
}

const present = (row: Record<string, unknown>) =>
  ({ ...row, lastModifiedDate: (row.lastModifiedDate as Date).toISOString() }) as TRechnungsvorlage;

/**
 * Document templates (rechnungsvorlages): the generic pattern, with the file uploaded as base64 inside the JSON of
 * PUT (at most 5 MB; PDF, PNG or JPEG by content; checked and normalised, vorlageDatei.ts) and downloaded by GET
 * rechnungsvorlages/{id}/vorlage.
 */
export const rechnungsvorlageRoutes: FastifyPluginAsyncZod<Deps> = async (app) => {
  const repository = registerCrud(app, {
    path: "rechnungsvorlages",
    tag,
    noun: "Document template",
    table,
    schema: ZRechnungsvorlage,
    columns,
    sortFields: ["vorlagename", "active", "vorlageContentType", "lastModifiedDate", "id"],
    defaultSort: { field: "vorlagename", direction: "asc" },
    access: { read: "stammdaten" },
    toRow,
    present,
    methods: { put: false },
  });

  // PUT of the generic pattern, with a body limit that fits a file.
  app.put(
    "/rechnungsvorlages",
    {
      bodyLimit: BODY_LIMIT,
      config: { auth: access },
      preValidation: rememberSentFields,
      schema: {
        tags: [tag],
        summary: `Document template: create (without id, with a file) or update (with id; without a file the stored one stays, as does any field left out); the file is a PDF, PNG or JPEG of at most ${VORLAGE_MAX_BYTES / 1024 / 1024} MB, base64`,
        description:
          `The file is checked and stored in the form a document prints (issue 33). An image (PNG or JPEG by content) ` +
          `of at most ${VORLAGE_MAX_PIXEL.toLocaleString("en")} pixels is stored with its EXIF orientation applied, ` +
          `inside ${VORLAGE_BILD_MASSE.breite} x ${VORLAGE_BILD_MASSE.hoehe} px (A4 at 300 dpi; never enlarged), on ` +
          "white, 8-bit sRGB — a PNG as PNG unless that exceeds the byte limit, else as JPEG. A PDF of at most " +
          `${VORLAGE_MAX_SEITEN} pages is stored as its first page only (the one printed), written anew. 400 with ` +
          "field vorlage: max (bytes), invalid (no PDF, PNG or JPEG), maxPixels (with max), imageInvalid (broken " +
          "image), maxPages (with max), pdfEncrypted, pdfInvalid (damaged), pdfTooComplex (too much to decompress " +
          "or too much work). 503 error.busy (Retry-After) when the server is checking too many files at once.",
        body: ZRechnungsvorlageInput,
        response: responses({ 200: ZRechnungsvorlage }, 400, 401, 403, 404, 413, 503),
      },
    },
    async (request) => {
      if (request.body.id === undefined && request.body.vorlage === undefined) throw invalidFile("required");
      const body = await mitGepruefterDatei(request.body);
      const saved = await request.mandant!.run((tx) => repository.save(tx, body, sentFields(request)));
      if (!saved) throw notFound();
      return saved;
    },
  );

  app.get(
    "/rechnungsvorlages/:id/vorlage",
    {
      config: { auth: access },
      schema: {
        tags: [tag],
        summary:
          "Document template: download its file as stored (checked and normalised on upload; as its content type, as an attachment with its name)",
        params: ZIdParams,
        response: responses(
          { 200: fileResponse("The template file as stored", ...VORLAGE_CONTENT_TYPES) },
          400,
          401,
          403,
          404,
        ),
      },
    },
    async (request, reply) => {
      const [file] = await request.mandant!.run((tx) =>
        tx
          .select({
            bytes: table.vorlage,
            contentType: table.vorlageContentType,
            name: table.vorlageDateiname,
            vorlagename: table.vorlagename,
          })
          .from(table)
          .where(and(eq(table.id, request.params.id), isNotNull(table.vorlage))),
      );
      if (!file?.bytes || !file.contentType) throw notFound();
      // The type by the file's content, as checked on upload (an imported row of another kind: a plain download).
      const contentType: TVorlageContentType | undefined = sniffContentType(file.bytes);
      return reply
        .header("content-type", contentType ?? "application/octet-stream")
        .header(
          "content-disposition",
          attachment(file.name || `${file.vorlagename}${contentType ? EXTENSIONS[contentType] : ""}`),
        )
        .header("x-content-type-options", "nosniff")
        .send(file.bytes as never); // raw bytes: Fastify does not serialize them (the 200 schema documents the file)
    },
  );
};
