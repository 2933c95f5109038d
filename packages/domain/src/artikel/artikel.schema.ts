import { z } from "zod";
import { ZIsoDate } from "../date/date.schema.ts";
import { optionalText as text, reference as verweis } from "../http/fields.schema.ts";
import { ZDecimalNumber } from "../money/percent.schema.ts";

/**
 * An article (SPEC §3 Article) with every field. Prices are euro amounts with at most two decimals (JSON numbers;
 * sums are computed with money/decimal.ts). Images and PDFs are uploaded on their own routes; here they are
 * read-only metadata.
 */

/** A euro amount: 0 to 99 999 999,99, at most two decimals (field code "invalid" for more). */
export const ZBetrag = ZDecimalNumber(2, 0, 99_999_999.99);
/** A quantity (stock, packaging unit): at most three decimals. */
export const ZMenge = ZDecimalNumber(3, -99_999_999.999, 99_999_999.999);

/** A sales price from a day on, for one price tier or (none) as the base price (SPEC §3 artikelPreisSet). */
export const ZArtikelPreis = z.object({
  id: z.number().int().optional(),
  preis: ZBetrag,
  vonDatum: ZIsoDate.describe("First day the price applies (YYYY-MM-DD)"),
  preisschiene: verweis().describe("The price tier; null = base price for customers without a tier"),
});
export type TArtikelPreis = z.infer<typeof ZArtikelPreis>;

/** A supplier of the article with its own article number and purchase price (SPEC §3 artikelLieferantSet). */
export const ZArtikelLieferant = z.object({
  id: z.number().int().optional(),
  lieferant: z
    .object({ id: z.number().int().positive(), anzeigename: z.string().optional().describe("Read-only") })
    .describe("A customer record flagged lieferant"),
  lieferantenArtikelNummer: text(50),
  einkaufsPreis: ZBetrag.nullish().transform((v) => v ?? null),
});
export type TArtikelLieferant = z.infer<typeof ZArtikelLieferant>;

/** The value of an article field definition for this article (SPEC §3 artikelFelder). */
export const ZArtikelFeld = z.object({
  felddefinitionId: z.number().int().positive(),
  value: z
    .string()
    .trim()
    .max(500)
    .nullish()
    .transform((v) => v || null),
});
export type TArtikelFeld = z.infer<typeof ZArtikelFeld>;

/** An image of the article (read-only here): the asset id serves the file and its 1024 x 800 thumbnail. */
export const ZArtikelBild = z.object({
  assetId: z.number().int(),
  dateiname: z.string(),
  contentType: z.string(),
  groesse: z.number().int(),
});
export type TArtikelBild = z.infer<typeof ZArtikelBild>;

/** A PDF attached to the article (read-only metadata). */
export const ZArtikelPdf = z.object({
  id: z.number().int(),
  dateiname: z.string(),
  contentType: z.string(),
  groesse: z.number().int().min(0),
  hochgeladenAm: z.string(),
});
export type TArtikelPdf = z.infer<typeof ZArtikelPdf>;

/** SPEC §9: at most 5 images and 5 PDFs per article. */
export const ARTIKEL_BILDER_MAX = 5;
export const ARTIKEL_PDFS_MAX = 5;

export const ZArtikel = z.object({
  id: z.number().int().optional(),
  artikelNummer: text(50).describe("Article number; assigned by the server (nextartikelnumber) when empty"),
  artikelBezeichnung: z.string().trim().min(1).max(200),
  artikelBeschreibung: text(10_000).describe("Description (printed on documents)"),
  artikelKommentar: text(10_000).describe("Internal comment"),
  artikelPreisSet: z.array(ZArtikelPreis).max(500).default([]),
  einkaufsPreis: ZBetrag.nullish()
    .transform((v) => v ?? null)
    .describe("Purchase price"),
  lagerstand: ZMenge.default(0).describe("Stock on hand"),
  geloescht: z.boolean().default(false).describe("Deleted (deactivated): left out of lists and searches"),
  rabattierFaehig: z.boolean().default(true).describe("Discounts apply to the article"),
  mehrwertssteuer: z
    .object({ id: z.number().int().positive(), mwst: z.number().optional().describe("Read-only") })
    .describe("VAT rate"),
  untergruppe: z
    .object({
      id: z.number().int().positive(),
      bezeichnung: z.string().optional().describe("Read-only"),
      warengruppe: z
        .object({ id: z.number().int(), bezeichnung: z.string() })
        .optional()
        .describe("Read-only: the subgroup's goods group"),
    })
    .nullish()
    .transform((v) => v ?? null),
  einheit: z
    .object({
      id: z.number().int().positive(),
      code: z.string().optional().describe("Read-only: UN/ECE code"),
    })
    .nullish()
    .transform((v) => v ?? null)
    .describe(
      "The base unit the article is sold in (e-invoice lines name its UN/ECE code); null: the default unit",
    ),
  hersteller: text(200).describe("Manufacturer"),
  gewichtDurchmesser: text(50).describe("Weight or diameter as written"),
  laenge: text(50).describe("Length as written"),
  verpackung: text(100).describe("Packaging"),
  vpe: ZMenge.nullish()
    .transform((v) => v ?? null)
    .describe("Packaging unit (Verpackungseinheit)"),
  verleihbar: z.boolean().default(false).describe("Can be lent (module verleih)"),
  halter: text(200).describe("Holder of a lendable article"),
  artikelLieferantSet: z.array(ZArtikelLieferant).max(100).default([]),
  artikelFelder: z.array(ZArtikelFeld).max(500).default([]),
  artikelImages: z.array(ZArtikelBild).default([]).describe("Read-only: uploaded on their own route"),
  artikelPdfs: z.array(ZArtikelPdf).default([]).describe("Read-only: uploaded on their own route"),
  locked: z.boolean().default(false).describe("A locked article cannot be changed until unlocked"),
  webshopId: z.number().int().nullish().describe("Read-only: the article's id in the webshop"),
  webshopArtikel: z.boolean().default(false).describe("Offered in the webshop"),
  webshopCategory: z
    .number()
    .int()
    .nullish()
    .transform((v) => v ?? null)
    .describe("Webshop category id"),
});
export type TArtikel = z.infer<typeof ZArtikel>;
export type TArtikelInput = z.input<typeof ZArtikel>;
