/**
 * The EN 16931 business terms of one electronic invoice — the single model every format is written from and read
 * into (UBL for XRechnung and Peppol BIS, CII for XRechnung and Factur-X/ZUGFeRD, ebInterface 6.1). The API maps
 * a finalized document to it (modules/erechnung), the serializers write it, the reader fills it from an incoming
 * file, and pruefung.ts checks the rules on it.
 *
 * Conventions: amounts are exact decimal strings with a dot ("1234.50", "-3.10"); money has exactly two decimals,
 * prices up to four, quantities up to three. Dates are ISO "YYYY-MM-DD". Optional terms are absent (undefined),
 * never empty strings. A credit note (381) carries positive amounts for what is credited, an invoice (380) for
 * what is charged (the product's sign convention: abbilden.ts).
 */

/** BT-3: commercial invoice, credit note, corrected invoice (UNTDID 1001 subset the product writes and reads). */
export const RECHNUNGS_ARTEN = ["380", "381", "384"] as const;
export type TRechnungsArt = (typeof RECHNUNGS_ARTEN)[number];

/** BT-118 / BT-151 / BT-95: VAT category (UNTDID 5305 subset of EN 16931). */
export const KATEGORIEN = ["S", "Z", "E", "AE", "K", "G", "O", "L", "M"] as const;
export type TKategorie = (typeof KATEGORIEN)[number];

export {
  ERECHNUNG_FORMATE as FORMATE,
  type TErechnungFormat as TFormat,
} from "@kontor/domain/erechnung/erechnung.codes";

/** BT-24 specification identifiers (CustomizationID / GuidelineSpecifiedDocumentContextParameter). */
export const SPEZIFIKATION = {
  en16931: "urn:cen.eu:en16931:2017",
  xrechnung: "urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0",
  peppol: "urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0",
} as const;

/** BT-23 business process of Peppol BIS Billing 3.0 (ProfileID); XRechnung uses it too. */
export const PEPPOL_PROZESS = "urn:fdc:peppol.eu:2017:poacc:billing:01:1.0";

/** A postal address (BG-5 / BG-8 / BG-15). */
export interface Adresse {
  /** BT-35 / BT-50 / BT-75: street and number. */
  zeile1?: string;
  /** BT-36 / BT-51 / BT-76: additional line. */
  zeile2?: string;
  /** BT-37 / BT-52 / BT-77: town. */
  ort?: string;
  /** BT-38 / BT-53 / BT-78: postcode. */
  plz?: string;
  /** BT-39 / BT-54 / BT-79 / BT-80: ISO 3166-1 alpha-2 country code. */
  land: string;
}

/** An electronic address (BT-34 / BT-49) with its scheme (EAS code list, e.g. "EM" e-mail, "9930" DE VAT). */
export interface ElektronischeAdresse {
  schema: string;
  wert: string;
}

/** Seller (BG-4) or buyer (BG-7). */
export interface Partei {
  /** BT-27 / BT-44: registered or trading name. */
  name: string;
  /** BT-28 / BT-45: trading name, when it differs. */
  handelsname?: string;
  /**
   * BT-29 / BT-46: an identifier of the party — for the seller its number at the buyer (Kreditorennummer), for the
   * buyer its customer number at the seller.
   */
  kennung?: string;
  /** BT-30 / BT-47: legal registration identifier (Firmenbuch-/Handelsregisternummer). */
  registernummer?: string;
  /** BT-31 / BT-48: VAT identifier with the country prefix (ATU12345678, DE123456789). */
  uid?: string;
  /** BT-32: the seller's tax registration identifier (Steuernummer), e.g. for a small business without a VAT id. */
  steuernummer?: string;
  /** BT-34 / BT-49. */
  elektronischeAdresse?: ElektronischeAdresse;
  adresse: Adresse;
  /** BG-6 / BG-9: contact point. */
  kontakt?: { name?: string; telefon?: string; email?: string };
}

/** Payment instructions (BG-16) and terms (BT-9, BT-20). */
export interface Zahlung {
  /** BT-81: UNTDID 4461 — 58 SEPA credit transfer, 30 credit transfer, 10 cash, 48 bank card, 1 not defined. */
  artCode: string;
  /** BT-83: remittance information (usually the invoice number). */
  verwendungszweck?: string;
  /** BG-17: the seller's account for a credit transfer. */
  konto?: { iban: string; bic?: string; inhaber?: string };
  /**
   * BT-20: payment terms as text. Skonto steps are written in the XRechnung form, one line each:
   * "#SKONTO#TAGE=14#PROZENT=2.00#" (optionally "BASISBETRAG=…#"), each line ended by "\n".
   */
  bedingungen?: string;
  /** BT-9: due date. */
  faelligAm?: string;
}

/** A document-level allowance (BG-20): the document discount, one per VAT category and rate. */
export interface Abschlag {
  /** BT-92. */
  betrag: string;
  /** BT-93: the amount the percentage applies to. */
  basis?: string;
  /** BT-94: percentage, e.g. "10.00". */
  prozent?: string;
  /** BT-95 / BT-96. */
  kategorie: TKategorie;
  satz: string;
  /** BT-97: reason text. */
  grund?: string;
  /** BT-98: UNTDID 5189 reason code (95 = discount). */
  grundCode?: string;
}

/** An invoice line (BG-25). */
export interface Position {
  /** BT-126: line identifier, unique in the invoice ("1", "2", …). */
  id: string;
  /** BT-127: line note. */
  notiz?: string;
  /** BT-129: invoiced quantity (may be negative). */
  menge: string;
  /** BT-130: UN/ECE Recommendation 20/21 unit code (C62, HUR, KGM, …). */
  einheit: string;
  /** BT-131: line net amount = quantity × price − line allowance, rounded to cents. */
  netto: string;
  /** BT-146: net item price (after any price discount; never negative). */
  preis: string;
  /** BT-149: price base quantity (absent: 1). */
  preisBasisMenge?: string;
  /** BG-27: line allowance (the position's discounts), BT-136 amount and BT-139/BT-140 reason. */
  abschlag?: { betrag: string; grund?: string; prozent?: string; basis?: string };
  /** BT-151 / BT-152. */
  kategorie: TKategorie;
  satz: string;
  /** BT-153: item name. */
  name: string;
  /** BT-154: item description. */
  beschreibung?: string;
  /** BT-155: the seller's item identifier (article number). */
  artikelNummer?: string;
}

/** A VAT breakdown line (BG-23). */
export interface Steuerzeile {
  /** BT-116. */
  basis: string;
  /** BT-117. */
  betrag: string;
  /** BT-118 / BT-119. */
  kategorie: TKategorie;
  satz: string;
  /** BT-120: exemption reason text (the tenant's notice). */
  befreiungsGrund?: string;
  /** BT-121: exemption reason code (VATEX-EU-AE, VATEX-EU-IC, VATEX-EU-G, VATEX-EU-O, …). */
  befreiungsCode?: string;
}

/** Document totals (BG-22). */
export interface Summen {
  /** BT-106: sum of line net amounts. */
  positionen: string;
  /** BT-107: sum of allowances on document level (absent: none). */
  abschlaege?: string;
  /** BT-109: total without VAT. */
  netto: string;
  /** BT-110: total VAT (in the invoice currency). */
  steuer: string;
  /** BT-112: total with VAT. */
  brutto: string;
  /** BT-113: paid amount (absent: none). */
  vorausbezahlt?: string;
  /** BT-114: rounding amount (absent: none). */
  rundung?: string;
  /** BT-115: amount due for payment. */
  zahlbar: string;
}

/** One electronic invoice (BT-1 … BT-165 as far as the product knows them). */
export interface Rechnung {
  /** BT-1. */
  nummer: string;
  /** BT-2. */
  datum: string;
  /** BT-3. */
  art: TRechnungsArt;
  /** BT-5 (and BT-6: the VAT currency is always the same). */
  waehrung: string;
  /** BT-24 (the serializer sets it per format; the reader fills what it found). */
  spezifikation?: string;
  /** BT-23 (Peppol, XRechnung). */
  prozess?: string;
  /** BT-22: invoice notes. */
  notizen: string[];
  /** BT-10: buyer reference (Leitweg-ID for German public buyers). */
  kaeuferReferenz?: string;
  /** BT-13: purchase order reference. */
  bestellReferenz?: string;
  /** BG-3: preceding invoice (BT-25 number, BT-26 date), for credit notes and cancellations. */
  vorgaenger?: { nummer: string; datum?: string };
  verkaeufer: Partei;
  kaeufer: Partei;
  /** BG-13: delivery — BT-70 party name, BT-72 actual delivery date, BG-15 delivery address. */
  lieferung?: { name?: string; datum?: string; adresse?: Adresse };
  /** BG-14: invoicing period (BT-73 start, BT-74 end). */
  zeitraum?: { von: string; bis: string };
  zahlung?: Zahlung;
  abschlaege: Abschlag[];
  positionen: Position[];
  steuern: Steuerzeile[];
  summen: Summen;
}
