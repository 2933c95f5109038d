import { ARTIKEL_PDFS_MAX, ZArtikelPdf } from "@kontor/domain/artikel/artikel.schema";
import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Tx } from "../../db/client.ts";
import { artikel, artikelPdf } from "../../db/schema/index.ts";
import type { Deps } from "../../deps.ts";
import { pdfAnhangRoutes } from "../anhang/pdfAnhang.ts";

/**
 * Whether the article exists in the tenant (row-level security hides other tenants' articles). With `sperren` its
 * row stays locked until the transaction ends, so the PDF count and the insert are one step per article.
 */
async function artikelVorhanden(tx: Tx, artikelId: number, sperren = false): Promise<boolean> {
  const query = tx.select({ id: artikel.id }).from(artikel).where(eq(artikel.id, artikelId));
  const rows = sperren ? await query.for("update") : await query;
  return rows.length > 0;
}

/**
 * An article's PDFs (SPEC §3 artikelPdfs; module assetartikel): as the customers' PDFs (anhang/pdfAnhang.ts) — a
 * PDF by its content, at most 10 MB, at most ARTIKEL_PDFS_MAX per article (409 error.tooManyFiles). Reading needs
 * the module and reading articles; upload and delete the module and ROLE_ARTIKEL_WRITE.
 */
export const artikelPdfRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db }) => {
  pdfAnhangRoutes(app, db, {
    pfad: "/artikel/:id",
    tag: "Artikel",
    wer: "Article",
    tabelle: artikelPdf,
    besitzer: "artikelId",
    vorhanden: artikelVorhanden,
    maxAnzahl: ARTIKEL_PDFS_MAX,
    lesen: { access: "artikelPdf", auch: "artikel" },
    schreiben: { access: "artikelPdf", auch: "artikelWrite" },
    antwort: ZArtikelPdf,
  });
};
