import { z } from "zod";

/**
 * The EN 16931 business terms of one e-invoice as the HTTP contract carries them: the shape of `Rechnung` in
 * packages/erechnung/src/modell.ts (the model the reader fills), written as zod so the API can declare and parse the
 * answer and the web can type it (neither domain nor web may import packages/erechnung). The API checks at compile
 * time that both are the same type (eingang.service.ts), and its tests that every official example passes through
 * unchanged.
 *
 * Amounts are exact decimal strings with a dot ("1234.50", "-3.10"), dates ISO "YYYY-MM-DD"; optional terms are
 * absent, never empty strings.
 */

const betrag = (bt: string) => z.string().describe(`${bt}: exact decimal, two places`);

export const ZRechnungAdresse = z.object({
  zeile1: z.string().optional().describe("BT-35 / BT-50 / BT-75: street and number"),
  zeile2: z.string().optional().describe("BT-36 / BT-51 / BT-76: additional line"),
  ort: z.string().optional().describe("BT-37 / BT-52 / BT-77: town"),
  plz: z.string().optional().describe("BT-38 / BT-53 / BT-78: postcode"),
  land: z.string().describe("BT-40 / BT-55 / BT-80: ISO 3166-1 alpha-2"),
});

export const ZRechnungPartei = z.object({
  name: z.string().describe("BT-27 / BT-44"),
  handelsname: z.string().optional().describe("BT-28 / BT-45: trading name, when it differs"),
  kennung: z.string().optional().describe("BT-29 / BT-46"),
  registernummer: z.string().optional().describe("BT-30 / BT-47"),
  uid: z.string().optional().describe("BT-31 / BT-48: VAT identifier"),
  steuernummer: z.string().optional().describe("BT-32: tax registration identifier"),
  elektronischeAdresse: z
    .object({ schema: z.string(), wert: z.string() })
    .optional()
    .describe("BT-34 / BT-49 with its EAS scheme (EM = e-mail)"),
  adresse: ZRechnungAdresse,
  kontakt: z
    .object({ name: z.string().optional(), telefon: z.string().optional(), email: z.string().optional() })
    .optional()
    .describe("BG-6 / BG-9"),
});

export const ZRechnungZahlung = z.object({
  artCode: z
    .string()
    .describe("BT-81: UNTDID 4461 (58 SEPA credit transfer, 30 credit transfer, 10 cash, …)"),
  verwendungszweck: z.string().optional().describe("BT-83"),
  konto: z
    .object({ iban: z.string(), bic: z.string().optional(), inhaber: z.string().optional() })
    .optional()
    .describe("BG-17"),
  bedingungen: z
    .string()
    .optional()
    .describe('BT-20; skonto lines in the XRechnung form "#SKONTO#TAGE=14#PROZENT=2.00#"'),
  faelligAm: z.string().optional().describe("BT-9"),
});

const KATEGORIEN = ["S", "Z", "E", "AE", "K", "G", "O", "L", "M"] as const;
const ZKategorie = z.enum(KATEGORIEN).describe("VAT category (UNTDID 5305)");

export const ZRechnungAbschlag = z.object({
  betrag: betrag("BT-92"),
  basis: z.string().optional().describe("BT-93"),
  prozent: z.string().optional().describe("BT-94"),
  kategorie: ZKategorie,
  satz: z.string().describe("BT-96"),
  grund: z.string().optional().describe("BT-97"),
  grundCode: z.string().optional().describe("BT-98"),
});

export const ZRechnungPosition = z.object({
  id: z.string().describe("BT-126"),
  notiz: z.string().optional().describe("BT-127"),
  menge: z.string().describe("BT-129"),
  einheit: z.string().describe("BT-130: UN/ECE Recommendation 20/21"),
  netto: betrag("BT-131"),
  preis: z.string().describe("BT-146"),
  preisBasisMenge: z.string().optional().describe("BT-149"),
  abschlag: z
    .object({
      betrag: z.string(),
      grund: z.string().optional(),
      prozent: z.string().optional(),
      basis: z.string().optional(),
    })
    .optional()
    .describe("BG-27"),
  kategorie: ZKategorie,
  satz: z.string().describe("BT-152"),
  name: z.string().describe("BT-153"),
  beschreibung: z.string().optional().describe("BT-154"),
  artikelNummer: z.string().optional().describe("BT-155"),
});

export const ZRechnungSteuer = z.object({
  basis: betrag("BT-116"),
  betrag: betrag("BT-117"),
  kategorie: ZKategorie,
  satz: z.string().describe("BT-119"),
  befreiungsGrund: z.string().optional().describe("BT-120"),
  befreiungsCode: z.string().optional().describe("BT-121"),
});

export const ZRechnungSummen = z.object({
  positionen: betrag("BT-106"),
  abschlaege: z.string().optional().describe("BT-107"),
  netto: betrag("BT-109"),
  steuer: betrag("BT-110"),
  brutto: betrag("BT-112"),
  vorausbezahlt: z.string().optional().describe("BT-113"),
  rundung: z.string().optional().describe("BT-114"),
  zahlbar: betrag("BT-115"),
});

/** One e-invoice's business terms (BT-1 … BT-165 as far as the product's model knows them). */
export const ZRechnung = z.object({
  nummer: z.string().describe("BT-1"),
  datum: z.string().describe("BT-2"),
  art: z.enum(["380", "381", "384"]).describe("BT-3: invoice, credit note, corrected invoice"),
  waehrung: z.string().describe("BT-5"),
  spezifikation: z.string().optional().describe("BT-24"),
  prozess: z.string().optional().describe("BT-23"),
  notizen: z.array(z.string()).describe("BT-22"),
  kaeuferReferenz: z.string().optional().describe("BT-10"),
  bestellReferenz: z.string().optional().describe("BT-13"),
  vorgaenger: z
    .object({ nummer: z.string(), datum: z.string().optional() })
    .optional()
    .describe("BG-3: preceding invoice"),
  verkaeufer: ZRechnungPartei,
  kaeufer: ZRechnungPartei,
  lieferung: z
    .object({
      name: z.string().optional(),
      datum: z.string().optional(),
      adresse: ZRechnungAdresse.optional(),
    })
    .optional()
    .describe("BG-13"),
  zeitraum: z.object({ von: z.string(), bis: z.string() }).optional().describe("BG-14"),
  zahlung: ZRechnungZahlung.optional(),
  abschlaege: z.array(ZRechnungAbschlag).describe("BG-20 (charges BG-21 as negative allowances)"),
  positionen: z.array(ZRechnungPosition).describe("BG-25"),
  steuern: z.array(ZRechnungSteuer).describe("BG-23"),
  summen: ZRechnungSummen,
});
export type TRechnung = z.infer<typeof ZRechnung>;
