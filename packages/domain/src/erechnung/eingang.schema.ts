import { z } from "zod";
import { ZPageQuery } from "../http/paging.schema.ts";
import { EINGANG_CONTENT_TYPES, EINGANG_STATUS, EINGANG_SYNTAXEN } from "./eingang.codes.ts";
import { ZRechnung } from "./rechnung.schema.ts";

/**
 * The HTTP contract of incoming e-invoices (issue 19, "Eingangsrechnungen"): a supplier's XRechnung, Peppol BIS,
 * EN 16931 UBL/CII or ZUGFeRD / Factur-X PDF, imported as it is — the original file unchanged, the business terms
 * the reader gives, the supplier it came from. A supplier's amounts are the supplier's: nothing is recomputed.
 */

export const ZEingangStatus = z.enum(EINGANG_STATUS);
export const ZEingangSyntax = z.enum(EINGANG_SYNTAXEN);

/**
 * POST eingangsrechnung/import: one file as base64 in JSON (as the other uploads). Its content decides what it is
 * ("%PDF-": a ZUGFeRD / Factur-X PDF, else XML), never its name.
 */
export const ZEingangImport = z.strictObject({
  dateiname: z.string().trim().min(1).max(200).describe("The file's name as uploaded"),
  inhalt: z.base64().min(1).describe("The file (XML or PDF), base64; at most 10 MB decoded"),
});
export type TEingangImport = z.infer<typeof ZEingangImport>;

/** PUT eingangsrechnung/{id}/status: a clerk marks the invoice checked, or back to draft. */
export const ZEingangStatusSetzen = z.strictObject({ status: ZEingangStatus });
export type TEingangStatusSetzen = z.infer<typeof ZEingangStatusSetzen>;

/** A calendar date as the supplier wrote it (the reader checked it; no range of our own applies). */
const ZTag = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** The supplier as lists name it. */
const ZLieferantName = z.object({ id: z.number().int(), anzeigename: z.string() });

/** Fields the list can sort by; default datum desc (the newest first), then id desc. */
export const EINGANG_SORT_FIELDS = [
  "datum",
  "faelligAm",
  "nummer",
  "brutto",
  "zahlbar",
  "status",
  "format",
  "id",
] as const;

/** GET eingangsrechnung: page, size, sort; filters supplier and status. */
export const ZEingangListQuery = ZPageQuery(EINGANG_SORT_FIELDS).extend({
  lieferantId: z.coerce.number().int().positive().optional(),
  status: ZEingangStatus.optional(),
});
export type TEingangListQuery = z.infer<typeof ZEingangListQuery>;

const eingangFelder = {
  id: z.number().int(),
  lieferant: ZLieferantName,
  nummer: z.string().describe("BT-1"),
  art: z.enum(["380", "381", "384"]).describe("BT-3: invoice, credit note, corrected invoice"),
  datum: ZTag.describe("BT-2"),
  faelligAm: ZTag.nullable().describe("BT-9"),
  brutto: z.number().describe("BT-112, in the invoice's currency"),
  zahlbar: z.number().describe("BT-115, in the invoice's currency"),
  waehrung: z.string().describe("BT-5"),
  format: z.string().describe('What it came as, e.g. "XRechnung 3.0 (UBL)", "Factur-X / ZUGFeRD (PDF)"'),
  status: ZEingangStatus,
  dateiname: z.string(),
};

/** A row of the list. */
export const ZEingangsrechnungZeile = z.object(eingangFelder);
export type TEingangsrechnungZeile = z.infer<typeof ZEingangsrechnungZeile>;

/** One incoming invoice with its business terms (without the file's bytes: GET …/datei downloads them). */
export const ZEingangsrechnung = z.object({
  ...eingangFelder,
  syntax: ZEingangSyntax,
  contentType: z.enum(EINGANG_CONTENT_TYPES).describe("The original file's type, by its content"),
  groesse: z.number().int().min(0).describe("The original file's size in bytes"),
  sha256: z.string().describe("SHA-256 of the original file (hex)"),
  erstelltVon: z.string().nullable().describe("Login of who imported it"),
  erstelltAm: z.string().describe("ISO timestamp of the import"),
  geprueftVon: z.string().nullable().describe("Login of who marked it checked (null while a draft)"),
  geprueftAm: z.string().nullable().describe("ISO timestamp of that"),
  rechnung: ZRechnung.describe("The EN 16931 business terms as the reader gave them"),
});
export type TEingangsrechnung = z.infer<typeof ZEingangsrechnung>;

/** The answer of an import: the record, and whether the supplier was created by it. */
export const ZEingangImportErgebnis = ZEingangsrechnung.extend({
  lieferantAngelegt: z
    .boolean()
    .describe("The supplier was created by this import (no VAT id or name matched)"),
});
export type TEingangImportErgebnis = z.infer<typeof ZEingangImportErgebnis>;
