/**
 * E-invoices (issue 19): the formats the product writes, how a customer wants to receive them, and the German
 * public buyers' routing id (Leitweg-ID). Import-free, so forms and lists can name them without loading zod.
 */

/**
 * The formats an invoice, credit note or cancellation can be issued in: XRechnung 3.0 in UBL or CII syntax
 * (German public buyers), ZUGFeRD 2 / Factur-X EN 16931 (a PDF/A-3 with factur-x.xml inside), Peppol BIS Billing
 * 3.0 (UBL; the Austrian federal government and Peppol receivers), ebInterface 6.1 (the Austrian standard).
 */
export const ERECHNUNG_FORMATE = [
  "xrechnung-ubl",
  "xrechnung-cii",
  "zugferd",
  "peppol",
  "ebinterface",
] as const;
export type TErechnungFormat = (typeof ERECHNUNG_FORMATE)[number];

/** How a customer receives documents: the PDF only, or the e-invoice by mail, or the e-invoice for download. */
export const ERECHNUNG_KANAELE = ["pdf", "mail", "download"] as const;
export type TErechnungKanal = (typeof ERECHNUNG_KANAELE)[number];

/** The file a format gives: XML, except ZUGFeRD (a PDF with the XML inside). */
export function erechnungDateiart(format: TErechnungFormat): "xml" | "pdf" {
  return format === "zugferd" ? "pdf" : "xml";
}

/** The document types an e-invoice can be issued for. */
export const ERECHNUNG_TYPEN = ["rechnung", "gutschrift", "storno", "barrechnung"] as const;

/**
 * A Leitweg-ID (KoSIT "Formatspezifikation Leitweg-ID" 2.0): coarse addressing (2–12 digits), optionally a hyphen
 * and fine addressing (up to 30 letters or digits), a hyphen and two check digits. The check digits follow
 * ISO 7064 MOD 97-10 over everything before them with letters as numbers (A = 10 … Z = 35): the whole id,
 * read as a number that way, leaves remainder 1 mod 97.
 */
const LEITWEG_ID = /^[0-9]{2,12}(-[0-9A-Za-z]{1,30})?-[0-9]{2}$/;

export function leitwegIdGueltig(wert: string): boolean {
  if (wert.length > 46 || !LEITWEG_ID.test(wert)) return false;
  let rest = 0;
  for (const zeichen of wert.replaceAll("-", "").toUpperCase()) {
    const ziffern = /[0-9]/.test(zeichen) ? zeichen : String(zeichen.charCodeAt(0) - 55);
    for (const ziffer of ziffern) rest = (rest * 10 + Number(ziffer)) % 97;
  }
  return rest === 1;
}

/**
 * An electronic address (EN 16931 BT-34 / BT-49): an e-mail address (scheme EM) or "<EAS code>:<id>", e.g.
 * "0204:04011000-12345-03" (Leitweg-ID), "9915:b" (Austrian federal government), "0088:4035811991014" (GLN).
 */
const EAS_ADRESSE = /^(\d{4}):(\S{1,100})$/;
const EMAIL = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]{2,}$/;

export function elektronischeAdresse(wert: string): { schema: string; wert: string } | null {
  const text = wert.trim();
  const eas = EAS_ADRESSE.exec(text);
  if (eas) return { schema: eas[1]!, wert: eas[2]! };
  return EMAIL.test(text) ? { schema: "EM", wert: text } : null;
}
