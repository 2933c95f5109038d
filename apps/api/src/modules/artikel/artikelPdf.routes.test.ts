import { ARTIKEL_PDFS_MAX } from "@kontor/domain/artikel/artikel.schema";
import { artikelPdf } from "../../db/schema/index.ts";
import { describePdfAnhang } from "../anhang/pdfAnhang.testing.ts";
import { PDF_MAX_BYTES } from "../anhang/pdfAnhang.ts";
import { insertArtikel } from "./artikelDatei.fixture.ts";

// An article's PDFs are the shared PDF attachment routes (anhang/pdfAnhang.ts): module assetartikel; reading
// needs reading articles (ROLE_USER), upload and delete ROLE_ARTIKEL_WRITE.
describePdfAnhang({
  noun: "article",
  pfad: "artikel",
  createBesitzer: (t, mandantId) => insertArtikel(t, mandantId),
  tabelle: artikelPdf,
  besitzerSpalte: artikelPdf.artikelId,
  maxBytes: PDF_MAX_BYTES,
  maxCount: ARTIKEL_PDFS_MAX,
  callers: {
    authorities: ["ROLE_ARTIKEL_WRITE"],
    modules: ["assetartikel"],
    noModuleAuthorities: ["ROLE_ARTIKEL_WRITE", "ROLE_USER"],
    leser: ["ROLE_USER"],
  },
  // Without any article role: reading would need the catalogue module (area "artikel"), so it is a module.
  forbiddenReadCode: "error.moduleMissing",
});
