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

/** A space-separated code list as a set. */
const codes = (liste: string): ReadonlySet<string> => new Set(liste.split(" "));

/**
 * The EAS codes (CEF Electronic Address Scheme) EN 16931 accepts as scheme of an electronic address (BT-34 / BT-49):
 * CEN validation 1.3.16, BR-CL-25. XRechnung checks the same list, so an e-mail address (EM) is a valid address there.
 * The e-invoice tests compare this list with the official rules (packages/erechnung codelisten.test.ts).
 */
export const EAS_CODES: ReadonlySet<string> = codes(
  "0002 0007 0009 0037 0060 0088 0096 0097 0106 0130 0135 0142 0147 0151 0154 0158 0170 0177 0183 0184 0188 " +
    "0190 0191 0192 0193 0194 0195 0196 0198 0199 0200 0201 0202 0203 0204 0205 0208 0209 0210 0211 0212 0213 " +
    "0215 0216 0217 0218 0219 0220 0221 0225 0230 0235 0240 0244 0242 0245 0246 0248 9910 9913 9914 9915 9918 " +
    "9919 9920 9922 9923 9924 9925 9926 9927 9928 9929 9930 9931 9932 9933 9934 9935 9936 9937 9938 9939 9940 " +
    "9941 9942 9943 9944 9945 9946 9947 9948 9949 9950 9951 9952 9953 9957 9959 AN AQ AS AU EM",
);

/**
 * The EAS codes Peppol BIS Billing 3.0 accepts (3.0.19, PEPPOL-EN16931-CL008): no e-mail (EM) and none of AN, AQ,
 * AS, AU and the newest CEN entries. Peppol is a network: an address is a participant id in it.
 */
export const PEPPOL_EAS_CODES: ReadonlySet<string> = codes(
  "0002 0007 0009 0037 0060 0088 0096 0097 0106 0130 0135 0142 0151 0177 0183 0184 0188 0190 0191 0192 0193 " +
    "0195 0196 0198 0199 0200 0201 0202 0204 0208 0209 0210 0211 0212 0213 0215 0216 0218 0221 0230 0235 9910 " +
    "9913 9914 9915 9918 9919 9920 9922 9923 9924 9925 9926 9927 9928 9929 9930 9931 9932 9933 9934 9935 9936 " +
    "9937 9938 9939 9940 9941 9942 9943 9944 9945 9946 9947 9948 9949 9950 9951 9952 9953 9957 9959 0147 0154 " +
    "0158 0170 0194 0203 0205 0217 0225 0240",
);

/**
 * The EAS scheme of a VAT id by its country prefix (9914 Austria, 9930 Germany, …): Peppol addresses a party known
 * only by e-mail by its VAT id under this scheme.
 */
const EAS_UID: Readonly<Record<string, string>> = {
  AT: "9914",
  BE: "9925",
  BG: "9926",
  CH: "9927",
  CY: "9928",
  CZ: "9929",
  DE: "9930",
  EE: "9931",
  GB: "9932",
  EL: "9933",
  HR: "9934",
  IE: "9935",
  LI: "9936",
  LT: "9937",
  LU: "9938",
  LV: "9939",
  MT: "9943",
  NL: "9944",
  PL: "9945",
  PT: "9946",
  RO: "9947",
  SI: "9949",
  SK: "9950",
  HU: "9910",
  ES: "9920",
  FR: "9957",
};

/**
 * The address a party has in Peppol BIS: its own electronic address, or — when that is an e-mail address or
 * missing — its VAT id under the EAS scheme of the id's country; null when it has neither (Peppol accepts no
 * e-mail address, PEPPOL-EN16931-CL008). An address with another scheme is kept: the export's check names it if
 * Peppol does not know the scheme.
 */
export function peppolAdresse(
  adresse: { schema: string; wert: string } | null | undefined,
  uid: string | null | undefined,
): { schema: string; wert: string } | null {
  if (adresse && adresse.schema !== "EM") return adresse;
  const wert = uid?.replace(/\s+/g, "").toUpperCase();
  const schema = wert ? EAS_UID[wert.slice(0, 2)] : undefined;
  return schema && wert ? { schema, wert } : null;
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

/** The address is one EN 16931 accepts: an e-mail address or an id under a scheme of the EAS code list. */
export function elektronischeAdresseGueltig(wert: string): boolean {
  const adresse = elektronischeAdresse(wert);
  return adresse !== null && EAS_CODES.has(adresse.schema);
}
