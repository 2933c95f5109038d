import { KUNDE_PDF_MAX_COUNT } from "@kontor/domain/kunde/kunde.api";
import { ZKundePdf } from "@kontor/domain/kunde/kunde.schema";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { kundePdf } from "../../db/schema/index.ts";
import type { Deps } from "../../deps.ts";
import { pdfAnhangRoutes } from "../anhang/pdfAnhang.ts";
import { kundeVorhanden } from "./kunde.verweis.ts";

const access = { access: "kundePdf" } as const;

/**
 * A customer's PDFs (SPEC §3 kundePdfs; module assetkunde): upload as base64 JSON (a PDF by its content, at most
 * KUNDE_PDF_MAX_BYTES, at most KUNDE_PDF_MAX_COUNT per customer), list, download and delete — the shared PDF
 * attachment routes (anhang/pdfAnhang.ts). Another tenant's customer, or a PDF of another customer, is 404.
 */
export const kundePdfRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db }) => {
  pdfAnhangRoutes(app, db, {
    pfad: "/kundes/:id",
    tag: "Kunden",
    wer: "Customer",
    tabelle: kundePdf,
    besitzer: "kundeId",
    vorhanden: kundeVorhanden,
    maxAnzahl: KUNDE_PDF_MAX_COUNT,
    lesen: access,
    schreiben: access,
    antwort: ZKundePdf,
  });
};
