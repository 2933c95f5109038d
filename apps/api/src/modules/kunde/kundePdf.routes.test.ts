import { KUNDE_PDF_MAX_BYTES, KUNDE_PDF_MAX_COUNT } from "@kontor/domain/kunde/kunde.api";
import { kundePdf } from "../../db/schema/index.ts";
import { describePdfAnhang } from "../anhang/pdfAnhang.testing.ts";
import { insertKunde } from "./kunde.fixture.ts";

// A customer's PDFs are the shared PDF attachment routes (anhang/pdfAnhang.ts): module assetkunde, ROLE_USER.
describePdfAnhang({
  noun: "customer",
  pfad: "kundes",
  createBesitzer: (t, mandantId) => insertKunde(t, mandantId),
  tabelle: kundePdf,
  besitzerSpalte: kundePdf.kundeId,
  maxBytes: KUNDE_PDF_MAX_BYTES,
  maxCount: KUNDE_PDF_MAX_COUNT,
  callers: { authorities: ["ROLE_USER"], modules: ["assetkunde"] },
  forbiddenReadCode: "error.forbidden",
});
