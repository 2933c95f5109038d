import { createHash } from "node:crypto";
import {
  ARTIKEL_BILD_MAX_BYTES,
  ARTIKEL_BILD_MAX_PIXEL,
  THUMBNAIL,
  ZArtikelBildUpload,
} from "@kontor/domain/artikel/artikel.api";
import { type TArtikelBild, ZArtikelBild } from "@kontor/domain/artikel/artikel.schema";
import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { asset } from "../../db/schema/index.ts";
import type { Deps } from "../../deps.ts";
import { attachment } from "../../http/attachment.ts";
import { fileResponse, notFound, ProblemError, responses } from "../../http/problem.ts";
import { loadSharp } from "../../lazy.ts";
import { bildKopf, bildLimiter } from "../anhang/bild.ts";
import { dekodiere, pdfBodyLimit, uploadInvalid } from "../anhang/pdfAnhang.ts";
import { auchBereich } from "../anhang/zugriff.ts";

const tag = "Artikel";
/** Images are JPEG, PNG or WebP, judged by their leading bytes (DESIGN §6), never by name or a sent type. */
export type TBildContentType = "image/jpeg" | "image/png" | "image/webp";

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  signature.every((byte, i) => bytes[at + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The image type by content: JPEG (FF D8 FF), PNG (its 8-byte signature), WebP (RIFF····WEBP); else undefined. */
export function bildTyp(bytes: Uint8Array): TBildContentType | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "image/webp";
  return undefined;
}

/**
 * The SPEC §9 thumbnail: inside 1024 x 800 (aspect kept, never enlarged), EXIF orientation applied, transparency on
 * white, JPEG. Undefined when the image cannot be decoded (a broken file with a valid signature) or has more than
 * ARTIKEL_BILD_MAX_PIXEL pixels (an asset stored before uploads were bounded). Decoded under anhang/bild.ts's
 * limiter (503 error.busy when too many images wait).
 */
export async function thumbnail(bytes: Buffer): Promise<Buffer | undefined> {
  const sharp = await loadSharp();
  return bildLimiter.run(async () => {
    try {
      return await sharp(bytes, { failOn: "error", limitInputPixels: ARTIKEL_BILD_MAX_PIXEL })
        .rotate()
        .resize(THUMBNAIL.breite, THUMBNAIL.hoehe, { fit: "inside", withoutEnlargement: true })
        .flatten({ background: "#ffffff" })
        .jpeg({ quality: 82, mozjpeg: true })
        .toBuffer();
    } catch {
      return undefined;
    }
  });
}

const ZAssetParams = z.object({ assetId: z.coerce.number().int().positive() });
const ZThumbnailParams = ZAssetParams.extend({
  breite: z.coerce.number().int().positive(),
  hoehe: z.coerce.number().int().positive(),
});

const metadaten = {
  assetId: asset.id,
  dateiname: asset.dateiname,
  contentType: asset.contentType,
  groesse: asset.groesse,
};

/** The asset of the tenant's images with this content (row-level security: only the caller's tenant). */
const perHash = (sha256: string) => eq(asset.sha256, sha256);

/**
 * Article images (module artikelbilder; SPEC §9): an upload is stored once per tenant by its content (sha256) with
 * its 1024 x 800 JPEG thumbnail; an article links assets with PUT artikel artikelImages [{assetId}] (at most 5).
 * Reading needs the module and reading articles; uploading the module and ROLE_ARTIKEL_WRITE. Another tenant's
 * asset is 404. Unlinked assets are harmless (an abandoned upload).
 */
export const artikelBildRoutes: FastifyPluginAsyncZod<Deps> = async (app) => {
  app.post(
    "/artikelimage",
    {
      bodyLimit: pdfBodyLimit(ARTIKEL_BILD_MAX_BYTES),
      config: { auth: { level: "tenant", access: "artikelBilder" } },
      preHandler: auchBereich("artikelWrite"),
      schema: {
        tags: [tag],
        summary: `Article images: upload one (base64; JPEG, PNG or WebP by content, at most ${ARTIKEL_BILD_MAX_BYTES / 1024 / 1024} MB). Stored once per tenant: the same bytes again answer the existing asset`,
        description:
          `Read by its header first: more than ${ARTIKEL_BILD_MAX_PIXEL.toLocaleString("en")} pixels is 400 inhalt ` +
          "maxPixels (with max) before anything decodes it; a picture that cannot be read is inhalt fileType. 503 error.busy (Retry-After) when the server is decoding " +
          "too many images at once.",
        body: ZArtikelBildUpload,
        response: responses({ 201: ZArtikelBild }, 400, 401, 403, 413, 503),
      },
    },
    async (request, reply) => {
      const { dateiname, bytes } = dekodiere(request.body, ARTIKEL_BILD_MAX_BYTES);
      const contentType = bildTyp(bytes);
      if (!contentType) throw uploadInvalid("inhalt", "fileType");
      const sha256 = createHash("sha256").update(bytes).digest("hex");
      const mandant = request.mandant!;
      const vorhanden = (): Promise<TArtikelBild | undefined> =>
        mandant.run(async (tx) => {
          const [row] = await tx.select(metadaten).from(asset).where(perHash(sha256));
          return row;
        });
      // Known content: no decoding, no second copy.
      const bekannt = await vorhanden();
      if (bekannt) return reply.code(201).send(bekannt);
      // The header first: a picture of more pixels than allowed is refused before anything decodes it (issue 33).
      const kopf = await bildKopf(bytes, ARTIKEL_BILD_MAX_PIXEL);
      if (!kopf.ok && kopf.code === "maxPixels")
        throw new ProblemError(400, "error.validation", undefined, [
          { field: "inhalt", code: "maxPixels", max: kopf.max },
        ]);
      const klein = await thumbnail(bytes);
      if (!klein) throw uploadInvalid("inhalt", "fileType");
      const [neu] = await mandant.run((tx) =>
        tx
          .insert(asset)
          .values({
            sha256,
            dateiname,
            contentType,
            groesse: bytes.length,
            inhalt: bytes,
            thumbnail: klein,
          })
          .onConflictDoNothing({ target: [asset.mandantId, asset.sha256] })
          .returning(metadaten),
      );
      // A parallel upload of the same bytes won the insert: answer its asset.
      return reply.code(201).send(neu ?? (await vorhanden())!);
    },
  );

  app.get(
    "/artikelimage/:assetId",
    {
      config: { auth: { level: "tenant", access: "artikelBilder" } },
      preHandler: auchBereich("artikel"),
      schema: {
        tags: [tag],
        summary: "Article images: the original file with its content type",
        params: ZAssetParams,
        response: responses(
          { 200: fileResponse("The image as uploaded", "image/jpeg", "image/png", "image/webp") },
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
          .select({ bytes: asset.inhalt, dateiname: asset.dateiname })
          .from(asset)
          .where(eq(asset.id, request.params.assetId)),
      );
      if (!file) throw notFound();
      // An upload: its type by its content (as checked on upload; an imported row of another kind is a plain
      // download), as an attachment (the app fetches it and shows a blob: URL; opened directly it is never a page).
      return reply
        .header("content-type", bildTyp(file.bytes) ?? "application/octet-stream")
        .header("content-disposition", attachment(file.dateiname))
        .header("x-content-type-options", "nosniff")
        .header("cache-control", "private, max-age=31536000, immutable") // an asset's bytes never change
        .send(file.bytes as never); // raw bytes: Fastify does not serialize them (the 200 schema documents the file)
    },
  );

  app.get(
    "/artikelimage/:assetId/thumbnail/:breite/:hoehe",
    {
      config: { auth: { level: "tenant", access: "artikelBilder" } },
      preHandler: auchBereich("artikel"),
      schema: {
        tags: [tag],
        summary: `Article images: the ${THUMBNAIL.breite} x ${THUMBNAIL.hoehe} JPEG thumbnail as base64 text (text/plain); only that size exists (others 404)`,
        params: ZThumbnailParams,
        response: responses(
          {
            200: {
              description: "The JPEG thumbnail, base64 encoded",
              content: { "text/plain": { schema: z.base64() } },
            },
          },
          400,
          401,
          403,
          404,
        ),
      },
    },
    async (request, reply) => {
      const { assetId, breite, hoehe } = request.params;
      if (breite !== THUMBNAIL.breite || hoehe !== THUMBNAIL.hoehe) throw notFound();
      const mandant = request.mandant!;
      const [row] = await mandant.run((tx) =>
        tx.select({ thumbnail: asset.thumbnail }).from(asset).where(eq(asset.id, assetId)),
      );
      if (!row) throw notFound();
      let klein = row.thumbnail;
      if (!klein) {
        // An asset stored without one (imported data): made once, then kept.
        const [original] = await mandant.run((tx) =>
          tx.select({ bytes: asset.inhalt }).from(asset).where(eq(asset.id, assetId)),
        );
        klein = (original && (await thumbnail(original.bytes))) ?? null;
        if (!klein) throw notFound();
        const gemacht = klein;
        await mandant.run((tx) => tx.update(asset).set({ thumbnail: gemacht }).where(eq(asset.id, assetId)));
      }
      return reply
        .header("content-type", "text/plain; charset=utf-8")
        .header("cache-control", "private, max-age=31536000, immutable")
        .send(klein.toString("base64"));
    },
  );
};
