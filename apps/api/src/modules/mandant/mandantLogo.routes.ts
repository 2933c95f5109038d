import {
  MANDANT_LOGO_MAX_BYTES,
  MANDANT_LOGO_MAX_PIXEL,
  ZMandantLogo,
  ZMandantLogoUpload,
} from "@kontor/domain/mandant/mandantLogo.schema";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Deps } from "../../deps.ts";
import { attachment } from "../../http/attachment.ts";
import { fileResponse, notFound, responses } from "../../http/problem.ts";
import { pdfBodyLimit } from "../anhang/pdfAnhang.ts";
import { mandantLogoService } from "./mandantLogo.service.ts";

const tag = "mandant";
/**
 * Whoever may edit the tenant (the "admin" area of PUT mandants: ROLE_ADMIN or ROLE_ADMIN_MANDANT), for the
 * tenant selected with X-Mandant-Id (so only one of their own, active tenants).
 */
const auth = { level: "tenant", access: "admin" } as const;

/**
 * The selected tenant's logo (issue 16), printed on its document PDFs: PUT stores a PNG or JPEG (by content, at
 * most 2 MB) normalised to a PNG, GET answers that PNG, DELETE removes it.
 */
export const mandantLogoRoutes: FastifyPluginAsyncZod<Deps> = async (app) => {
  app.put(
    "/mandants/logo",
    {
      bodyLimit: pdfBodyLimit(MANDANT_LOGO_MAX_BYTES),
      config: { auth },
      schema: {
        tags: [tag],
        summary: `The selected tenant's logo: upload (base64; PNG or JPEG by content, at most ${MANDANT_LOGO_MAX_BYTES / 1024 / 1024} MB), replacing the current one`,
        description:
          `Stored as a PNG of at most ${MANDANT_LOGO_MAX_PIXEL} x ${MANDANT_LOGO_MAX_PIXEL} px (aspect kept, never ` +
          "enlarged, transparency kept, EXIF orientation applied). 400 with field inhalt: maxBytes (too large), " +
          "fileType (not a PNG or JPEG), imageInvalid (broken, or too many pixels to decode).",
        body: ZMandantLogoUpload,
        response: responses({ 200: ZMandantLogo }, 400, 401, 403, 413),
      },
    },
    (request) => mandantLogoService(request.mandant!).speichern(request.body.inhalt),
  );

  app.get(
    "/mandants/logo",
    {
      config: { auth },
      schema: {
        tags: [tag],
        summary: "The selected tenant's logo as stored (image/png); 404 when it has none",
        response: responses({ 200: fileResponse("The logo", "image/png") }, 401, 403, 404),
      },
    },
    async (request, reply) => {
      const png = await mandantLogoService(request.mandant!).lesen();
      if (!png) throw notFound();
      return reply
        .header("content-type", "image/png")
        .header("content-disposition", attachment("logo.png"))
        .header("x-content-type-options", "nosniff")
        .send(Buffer.from(png.buffer, png.byteOffset, png.byteLength) as never); // raw bytes (the schema documents them)
    },
  );

  app.delete(
    "/mandants/logo",
    {
      config: { auth },
      schema: {
        tags: [tag],
        summary: "Removes the selected tenant's logo; 404 when it has none",
        response: responses({ 204: z.null() }, 401, 403, 404),
      },
    },
    async (request, reply) => {
      if (!(await mandantLogoService(request.mandant!).entfernen())) throw notFound();
      return reply.code(204).send(null);
    },
  );
};
