import {
  add,
  compare,
  type Decimal,
  dec,
  div,
  isZero,
  mul,
  sub,
  toFixedString,
} from "@kontor/domain/money/decimal";
import {
  BEFREIUNGSCODES,
  EAS_CODES,
  EINHEITEN,
  GUTSCHRIFTS_ARTEN_UBL,
  LAENDER,
  LAENDER_CII,
  NACHLASSGRUENDE,
  PEPPOL_EAS_CODES,
  PEPPOL_GUTSCHRIFTS_ARTEN,
  PEPPOL_RECHNUNGS_ARTEN,
  RECHNUNGS_ARTEN_CII,
  RECHNUNGS_ARTEN_UBL,
  STEUERKATEGORIEN,
  UID_PRAEFIXE,
  UID_PRAEFIXE_CII,
  WAEHRUNGEN,
  WAEHRUNGEN_PEPPOL,
  ZAHLUNGSARTEN,
} from "./codelisten.ts";
import {
  type Adresse,
  KATEGORIEN,
  type Partei,
  type Rechnung,
  SPEZIFIKATION,
  type TKategorie,
} from "./modell.ts";

/**
 * The product's own rule check on the EN 16931 model (issue 19): before every export the invoice is checked
 * against the official rules that can be decided on the model; a failed rule refuses the export and is shown in
 * the user's language (i18n namespace `erechnung`, `regel.<rule id>`, placeholders = `werte`).
 *
 * Mirrored from the asserts (id, context, test) of CEN EN16931-UBL-validation 1.3.16, KoSIT XRechnung-UBL
 * 2.5.0 (with the merged Peppol rules) and Peppol BIS Billing 3.0.19 (../shared/testdata/einvoice/rules).
 * Arithmetic is exact (decimal.ts); where an official test rounds, it rounds like XPath round() (half towards
 * +∞); tolerances are the official ones. A calculation whose input is missing or not a decimal is not reported
 * (its presence rule is); the official check would report both. Profiles: "en16931" = CEN; "xrechnung" = CEN +
 * KoSIT + the Peppol rules KoSIT merges; "peppol" = CEN + Peppol (+ the DE-R-* rules when seller and buyer are
 * German); "ebinterface" = the CEN rules on what ebInterface 6.1 carries alike, without those ebInterface answers
 * its own way (NICHT_IN_EBINTERFACE). Code lists are the official ones (codelisten.ts, compared with the rule files
 * by codelisten.test.ts); where UBL and CII differ the syntax written decides (`syntax`). Flags: WARNUNGEN lists
 * what the official rules only warn about; everything else is fatal.
 *
 * | official rules | here | why not / note |
 * | --- | --- | --- |
 * | BR-01 … BR-16 | yes | BR-01 on BT-24 as it will be written: the model's value, else the profile's identifier |
 * | BR-17, BR-18 … BR-20, BR-56 | no | payee (BG-10) and tax representative (BG-11) are not in the model |
 * | BR-21 … BR-27, BR-CO-04 | yes | |
 * | BR-28 | no | item gross price (BT-148) is not in the model |
 * | BR-29 | yes | |
 * | BR-CO-19 | no | the model's period has both dates, and a period without them is not written (no empty elements) |
 * | BR-30, BR-CO-20 | no | invoice line period (BG-26) is not in the model |
 * | BR-31 … BR-33, BR-CO-21 | yes | |
 * | BR-36 … BR-38, BR-43, BR-44, BR-CO-12, BR-CO-22, BR-CO-24, BR-DEC-05/06/11/27/28, BR-x-04, BR-x-07 | no | document and line charges (BG-21, BG-28) are not in the model; BR-CO-13 and the x-08 rules count them as 0 |
 * | BR-41, BR-42, BR-CO-23 | yes | the model has no BT-140 reason code, so BT-139 is required |
 * | BR-45 … BR-50, BR-61 | yes | |
 * | BR-51, BR-52, BR-53, BR-54, BR-64, BR-65 | no | card number, supporting documents, VAT accounting currency (BT-6), item attributes, item standard/classification ids are not in the model |
 * | BR-55, BR-57, BR-62, BR-63 | yes | |
 * | BR-CO-03 | no | BT-7 / BT-8 are not in the model |
 * | BR-CO-05 … BR-CO-08 | no | the official test is true() |
 * | BR-CO-09, BR-CO-10, BR-CO-11, BR-CO-13 … BR-CO-18, BR-CO-26 | yes | BR-CO-17 with the official tolerance: \|VAT\| within ±1 (exclusive) of round(\|basis\| × rate / 100, 2) |
 * | BR-CO-25 | yes | not in the CEN 1.3.16 files here (other public EN 16931 Schematron builds carry it): `(BT-115 > 0 and (BT-9 or BT-20)) or BT-115 <= 0` |
 * | BR-DEC-01, 02, 09, 10, 12, 14, 16 … 20, 23 … 25 | yes | counts the digits after the dot as written ("1.500" fails, as officially) |
 * | BR-DEC-13, BR-DEC-15 | no | BR-DEC-13's official test can never fail (its predicate compares @currencyID with a child of TaxAmount); BT-110 is covered by BR-CO-14/15. BT-111 is not in the model |
 * | BR-S/Z/E/AE/IC/G/O/AF/AG-01, -02, -03, -05, -06, -08, -09, -10; BR-IC-11, -12; BR-O-11 … -13 | yes | model codes K = IC, L = AF (IGIC), M = AG (IPSI); S/AF/AG-08 and -09 with the official tolerance (< 1); a breakdown without a rate gets BR-48 and BR-CO-17, not S/AF/AG-09 as officially |
 * | BR-O-05 … BR-O-07 | serializer | the model carries a rate on every line and allowance; the serializer must omit it for category O |
 * | BR-B-01, BR-B-02 | no | category B (Italian split payment) is not one of KATEGORIEN |
 * | BR-CL-01, 03, 04, 14, 16 … 19, 22, 23, 25 | yes | type code by the UBL root (CreditNote for 381) or CII's one list; currency; countries of BT-40/55/80 (UBL and CII lists differ, see codelisten.ts); payment means; VAT categories (UBL: BR-CL-17 breakdown and allowances, BR-CL-18 lines; CII: BR-CL-17 allowances, BR-CL-18 breakdown and lines); BT-98; VATEX; units; the EAS scheme of BT-34/BT-49 (EM is valid: XRechnung accepts e-mail addresses) |
 * | BR-CL-05 … 08, 10, 11, 13, 15, 20, 21, 24, 26 | no | terms not in the model or written without a code: BT-6, BT-8, BT-18 scheme, BT-21, the schemes (ICD) of BT-29/BT-30/BT-46/BT-47 (written without one), BT-158, BT-159, charges, BT-157, attachments, BT-71 |
 * | UBL-CR-*, UBL-SR-*, UBL-DT-* (and CII-*) | serializer / schema | the syntax binding of the XML written: the serializers' tests run the official files on it (offiziell.testing.ts) |
 * | BR-DE-1 … BR-DE-11, BR-DE-14 … BR-DE-21, BR-DE-23-a, BR-DE-24-a/b, BR-DE-25-a/b, BR-DE-26 … BR-DE-28 | yes (xrechnung) | BR-DE-20 / BR-DE-24-a / BR-DE-25-a fire for every direct debit (59) / card (48, 54, 55) code: the model has no BG-18 / BG-19 |
 * | BR-DE-22, BR-DE-23-b, BR-DE-30, BR-DE-31, BR-DEX-*, BR-DE-CVD-*, BR-TMP-*, BR-DE-TMP-32 | no | attachments, card, mandate, extension, CVD: not in the model (23-b can never fail on it); TMP-32 is information only |
 * | PEPPOL-EN16931-R001, R010, R020, R040 … R042, R061, R120, R121 | yes (xrechnung, peppol) | KoSIT merges them; R120 is a warning there, R040/R120 slack 0.02 (XRechnung: 0.5 for HUF); R061 fires for 49/59: the model has no mandate (BT-89) |
 * | PEPPOL-EN16931-R002, R003, R004, R007, P0104 … P0112, PEPPOL-COMMON-R040 | yes (peppol) | P0104 … P0111: an exemption code (VATEX-EU-G, -O, -IC, -AE, -D, -F, -I, -J) demands its category; P0112: 326/384 only between German parties; COMMON-R040: GLN check digit of an electronic address with scheme 0088 |
 * | DE-R-001 … DE-R-028 (as BR-DE above) | yes (peppol, seller and buyer in DE) | Peppol's copy of the KoSIT rules for domestic German invoices |
 * | PEPPOL-EN16931-CL002, CL007, CL008, P0100, P0101 | yes (peppol) | Peppol's own lists: allowance reasons, currencies (an older ISO 4217 edition), EAS without "EM" (a party known only by e-mail is addressed by its VAT id, ausgabe.ts; without one the export is refused), the type codes of process 01 |
 * | PEPPOL-EN16931-R005, R008, R043, R044, R046, R051, R053 … R055, R080, R100, R101, R110, R111, R130, CL001, CL003, CL006, F001 | serializer / no | one currency, no empty elements, ChargeIndicator, currencyID, one TaxTotal, the UBL root per type code are the serializer's; attachments, charges, price allowances, line periods, document references are not in the model |
 * | PEPPOL-COMMON-R041 … R050, national rules (NL-R, DK-R, SE-R, NO-R, IT-R, GR-R, IS-R) | no | identifiers of other countries and rules for sellers there; the product's sellers are in AT and DE |
 */

export type TPruefProfil = "en16931" | "xrechnung" | "peppol" | "ebinterface";

/** The syntax an export is written in, where the official rules differ by syntax (code lists, rule ids). */
export type TPruefSyntax = "ubl" | "cii";

export interface Verstoss {
  /** The official rule id, e.g. "BR-CO-10". */
  regel: string;
  /** The business term or group the rule is about, e.g. "BT-106". */
  bt?: string;
  /** The values the rule's text shows (expected and found amount, line id, …). */
  werte?: Record<string, string>;
}

/** The rule prefix per VAT category: K is intra-community supply (IC), L is IGIC (AF), M is IPSI (AG). */
const KATEGORIE_PRAEFIX: Record<TKategorie, string> = {
  S: "S",
  Z: "Z",
  E: "E",
  AE: "AE",
  K: "IC",
  G: "G",
  O: "O",
  L: "AF",
  M: "AG",
};

const KATEGORIE_NUMMERN = ["01", "02", "03", "05", "06", "08", "09", "10"] as const;

/** The per-category rules checked (…-04 / …-07 concern charges; BR-O-05 … 07 are the serializer's). */
const KATEGORIE_REGELN: Record<TKategorie, readonly string[]> = {
  S: KATEGORIE_NUMMERN,
  Z: KATEGORIE_NUMMERN,
  E: KATEGORIE_NUMMERN,
  AE: KATEGORIE_NUMMERN,
  K: [...KATEGORIE_NUMMERN, "11", "12"],
  G: KATEGORIE_NUMMERN,
  O: ["01", "02", "03", "08", "09", "10", "11", "12", "13"],
  L: KATEGORIE_NUMMERN,
  M: KATEGORIE_NUMMERN,
};

function kategorieRegel(kategorie: TKategorie, nummer: string): string {
  return `BR-${KATEGORIE_PRAEFIX[kategorie]}-${nummer}`;
}

const CEN_REGELN: readonly string[] = [
  ...["01", "02", "03", "04", "05", "06", "07", "08", "09", "10", "11", "12", "13", "14", "15", "16"].map(
    (n) => `BR-${n}`,
  ),
  ...["21", "22", "23", "24", "25", "26", "27", "29", "31", "32", "33", "41", "42"].map((n) => `BR-${n}`),
  ...["45", "46", "47", "48", "49", "50", "55", "57", "61", "62", "63"].map((n) => `BR-${n}`),
  ...["04", "09", "10", "11", "13", "14", "15", "16", "17", "18", "21", "23", "25", "26"].map(
    (n) => `BR-CO-${n}`,
  ),
  ...["01", "02", "09", "10", "12", "14", "16", "17", "18", "19", "20", "23", "24", "25"].map(
    (n) => `BR-DEC-${n}`,
  ),
  ...KATEGORIEN.flatMap((k) => KATEGORIE_REGELN[k].map((n) => kategorieRegel(k, n))),
  ...["01", "03", "04", "14", "16", "17", "18", "19", "22", "23", "25"].map((n) => `BR-CL-${n}`),
];

/** Peppol's own code lists (PEPPOL-EN16931-CL*) and the type codes of its process 01 (P0100, P0101). */
const PEPPOL_CODELISTEN = ["CL002", "CL007", "CL008", "P0100", "P0101"].map((n) => `PEPPOL-EN16931-${n}`);

/**
 * What the EN 16931 rules demand and ebInterface 6.1 answers its own way, so its check leaves them out: BR-01 (no
 * specification identifier); BR-CO-26, BR-E-02, BR-E-03 (a biller without VAT id — a small business — is written
 * with VATIdentificationNumber "00000000", the ebInterface convention, and its tax number as FurtherIdentification;
 * the exemption is stated in its tax items); the lists of elements ebInterface has its own way for: document type
 * (BR-CL-01), payment method (BR-CL-16), exemption codes (BR-CL-22: it carries the reason text), address
 * identifier types (BR-CL-25) and the currencyID of every amount (BR-CL-03: one InvoiceCurrency).
 */
const NICHT_IN_EBINTERFACE: ReadonlySet<string> = new Set([
  "BR-01",
  "BR-CO-26",
  "BR-E-02",
  "BR-E-03",
  "BR-CL-01",
  "BR-CL-03",
  "BR-CL-16",
  "BR-CL-22",
  "BR-CL-25",
]);

/** The KoSIT rules checked and their Peppol copies for invoices from Germany to Germany (DE-R-*). */
const DE_R = {
  "BR-DE-1": "DE-R-001",
  "BR-DE-2": "DE-R-002",
  "BR-DE-3": "DE-R-003",
  "BR-DE-4": "DE-R-004",
  "BR-DE-5": "DE-R-005",
  "BR-DE-6": "DE-R-006",
  "BR-DE-7": "DE-R-007",
  "BR-DE-8": "DE-R-008",
  "BR-DE-9": "DE-R-009",
  "BR-DE-10": "DE-R-010",
  "BR-DE-11": "DE-R-011",
  "BR-DE-14": "DE-R-014",
  "BR-DE-15": "DE-R-015",
  "BR-DE-16": "DE-R-016",
  "BR-DE-17": "DE-R-017",
  "BR-DE-18": "DE-R-018",
  "BR-DE-19": "DE-R-019",
  "BR-DE-20": "DE-R-020",
  "BR-DE-23-a": "DE-R-023-1",
  "BR-DE-24-a": "DE-R-024-1",
  "BR-DE-24-b": "DE-R-024-2",
  "BR-DE-25-a": "DE-R-025-1",
  "BR-DE-25-b": "DE-R-025-2",
  "BR-DE-26": "DE-R-026",
  "BR-DE-27": "DE-R-027",
  "BR-DE-28": "DE-R-028",
} as const;
type TDeutscheRegel = keyof typeof DE_R;

/** The Peppol rules KoSIT merges into XRechnung that apply to the model. */
const PEPPOL_IN_XRECHNUNG = ["R001", "R010", "R020", "R040", "R041", "R042", "R061", "R120", "R121"].map(
  (n) => `PEPPOL-EN16931-${n}`,
);

/** Peppol P0104 … P0111: an exemption reason code (BT-121) demands its VAT category. */
const BEFREIUNGSCODE_KATEGORIE: Record<string, { code: string; kategorie: TKategorie }> = {
  "PEPPOL-EN16931-P0104": { code: "VATEX-EU-G", kategorie: "G" },
  "PEPPOL-EN16931-P0105": { code: "VATEX-EU-O", kategorie: "O" },
  "PEPPOL-EN16931-P0106": { code: "VATEX-EU-IC", kategorie: "K" },
  "PEPPOL-EN16931-P0107": { code: "VATEX-EU-AE", kategorie: "AE" },
  "PEPPOL-EN16931-P0108": { code: "VATEX-EU-D", kategorie: "E" },
  "PEPPOL-EN16931-P0109": { code: "VATEX-EU-F", kategorie: "E" },
  "PEPPOL-EN16931-P0110": { code: "VATEX-EU-I", kategorie: "E" },
  "PEPPOL-EN16931-P0111": { code: "VATEX-EU-J", kategorie: "E" },
};

/** Every rule id the check reports per profile. */
export const REGELN_JE_PROFIL: Readonly<Record<TPruefProfil, readonly string[]>> = {
  en16931: CEN_REGELN,
  xrechnung: [...CEN_REGELN, ...Object.keys(DE_R), "BR-DE-21", ...PEPPOL_IN_XRECHNUNG],
  peppol: [
    ...CEN_REGELN,
    ...PEPPOL_IN_XRECHNUNG,
    ...["R002", "R003", "R004", "R007"].map((n) => `PEPPOL-EN16931-${n}`),
    ...Object.keys(BEFREIUNGSCODE_KATEGORIE),
    "PEPPOL-EN16931-P0112",
    "PEPPOL-COMMON-R040",
    ...Object.values(DE_R),
    ...PEPPOL_CODELISTEN,
  ],
  ebinterface: CEN_REGELN.filter((regel) => !NICHT_IN_EBINTERFACE.has(regel)),
};

/** Every rule id the check can report (each has a text in both languages). */
export const PRUEF_REGELN: readonly string[] = [...new Set(Object.values(REGELN_JE_PROFIL).flat())];

/** The rules the official files flag as a warning (not fatal) in a profile; all others refuse the invoice. */
export const WARNUNGEN: Readonly<Record<TPruefProfil, ReadonlySet<string>>> = {
  en16931: new Set(),
  xrechnung: new Set([
    "BR-DE-17",
    "BR-DE-19",
    "BR-DE-20",
    "BR-DE-21",
    "BR-DE-26",
    "BR-DE-27",
    "BR-DE-28",
    "PEPPOL-EN16931-R120",
  ]),
  peppol: new Set(["DE-R-017", "DE-R-019", "DE-R-020", "DE-R-026", "DE-R-027", "DE-R-028"]),
  ebinterface: new Set(),
};

export function istWarnung(regel: string, profil: TPruefProfil): boolean {
  return WARNUNGEN[profil].has(regel);
}

// ---------------------------------------------------------------------------------------------------------------
// Helpers: XPath-like text and exact numbers.

/** XPath normalize-space: runs of space, tab, CR, LF become one space; trimmed. */
function raum(text: string | undefined): string {
  return (text ?? "").replace(/[ \t\n\r]+/g, " ").trim();
}

/** The term is present: not absent and not blank (the serializer writes no empty element). */
function da(text: string | undefined): boolean {
  return raum(text) !== "";
}

/** The lexical form of xs:decimal. */
const XS_DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** The exact number of an amount, rate or quantity; undefined when absent or not an xs:decimal. */
function zahl(text: string | undefined): Decimal | undefined {
  const wert = (text ?? "").trim();
  return XS_DECIMAL.test(wert) ? dec(wert) : undefined;
}

/** All numbers, or undefined when one is missing. */
function alleZahlen(texte: readonly (string | undefined)[]): Decimal[] | undefined {
  const zahlen: Decimal[] = [];
  for (const text of texte) {
    const wert = zahl(text);
    if (wert === undefined) return undefined;
    zahlen.push(wert);
  }
  return zahlen;
}

/** BR-DEC: string-length(substring-after(x, '.')). */
function nachkommastellen(text: string | undefined): number {
  const wert = (text ?? "").trim();
  const punkt = wert.indexOf(".");
  return punkt < 0 ? 0 : wert.length - punkt - 1;
}

const NULLWERT = dec(0);
const EINS = dec(1);
const HUNDERTSTEL = dec("0.01");

function summe(werte: readonly Decimal[]): Decimal {
  return werte.reduce(add, NULLWERT);
}

function betrag(wert: Decimal): Decimal {
  return compare(wert, NULLWERT) < 0 ? sub(NULLWERT, wert) : wert;
}

/** floor(a / b) for b > 0. */
function abgerundet(a: bigint, b: bigint): bigint {
  return a >= 0n ? a / b : -((-a + b - 1n) / b);
}

/** XPath round(x · 10^n) div 10^n: half towards +∞ (−2.345 → −2.34, where commercial rounding gives −2.35). */
function rundeXPath(wert: Decimal, stellen: number): Decimal {
  if (wert.scale <= stellen) return wert;
  const teiler = 10n ** BigInt(wert.scale - stellen);
  return dec(`${abgerundet(2n * wert.units + teiler, 2n * teiler)}e-${stellen}`);
}

/** An amount for a message: at least two decimals, all digits it has. */
function text(wert: Decimal): string {
  return toFixedString(wert, Math.max(2, wert.scale));
}

function gleich(a: Decimal | undefined, b: Decimal): boolean {
  return a !== undefined && compare(a, b) === 0;
}

/** The serializer writes an address only when one of its terms is given. */
function adresseDa(adresse: Adresse | undefined): adresse is Adresse {
  return (
    adresse !== undefined &&
    [adresse.zeile1, adresse.zeile2, adresse.ort, adresse.plz, adresse.land].some((teil) => da(teil))
  );
}

function kontoDa(konto: { iban: string; bic?: string; inhaber?: string } | undefined): boolean {
  return konto !== undefined && (da(konto.iban) || da(konto.bic) || da(konto.inhaber));
}

/** BG-16 is written: a payment means code, an account or remittance information. */
function zahlungsanweisung(rechnung: Rechnung): boolean {
  const zahlung = rechnung.zahlung;
  return (
    zahlung !== undefined && (da(zahlung.artCode) || kontoDa(zahlung.konto) || da(zahlung.verwendungszweck))
  );
}

function elektronischeAdresseDa(partei: Partei): boolean {
  return da(partei.elektronischeAdresse?.wert);
}

function inDeutschland(partei: Partei): boolean {
  return raum(partei.adresse?.land).toUpperCase() === "DE";
}

function positionsKennung(id: string, index: number): string {
  return da(id) ? id : `#${index + 1}`;
}

type Melden = (regel: string, bt?: string, werte?: Record<string, string>) => void;

// ---------------------------------------------------------------------------------------------------------------

/**
 * The rules the invoice breaks in the profile, in a stable order (document, lines, allowances, totals, VAT
 * breakdown, categories, payment, code lists, the profile's own rules). Empty: the invoice passes every rule checked
 * here. `syntax`: what the export is written in, where the official rules differ by syntax (UBL unless CII).
 */
export function regelnPruefen(
  rechnung: Rechnung,
  profil: TPruefProfil,
  syntax: TPruefSyntax = "ubl",
): Verstoss[] {
  const verstoesse: Verstoss[] = [];
  const melden: Melden = (regel, bt, werte) => {
    const verstoss: Verstoss = { regel };
    if (bt) verstoss.bt = bt;
    if (werte) verstoss.werte = werte;
    verstoesse.push(verstoss);
  };
  pflichtangaben(rechnung, profil, syntax, melden);
  positionen(rechnung, melden);
  abschlaege(rechnung, melden);
  summen(rechnung, melden);
  steuerzeilen(rechnung, melden);
  for (const kategorie of KATEGORIEN) kategorieRegeln(rechnung, kategorie, melden);
  zahlungRegeln(rechnung, melden);
  codelistenRegeln(rechnung, profil, syntax, melden);
  if (profil === "xrechnung") {
    deutscheRegeln(rechnung, profil, melden);
    peppolRegeln(rechnung, profil, melden);
  }
  if (profil === "peppol") {
    peppolRegeln(rechnung, profil, melden);
    if (inDeutschland(rechnung.verkaeufer) && inDeutschland(rechnung.kaeufer))
      deutscheRegeln(rechnung, profil, melden);
  }
  return profil === "ebinterface" ? verstoesse.filter((v) => !NICHT_IN_EBINTERFACE.has(v.regel)) : verstoesse;
}

/** BR-CO-09: the prefixes of the official assert as its text (" 1A AD … ZW "): contains() as there. */
const UID_LAENDER: Readonly<Record<TPruefSyntax, string>> = {
  ubl: ` ${[...UID_PRAEFIXE].join(" ")} `,
  cii: ` ${[...UID_PRAEFIXE_CII].join(" ")} `,
};

/** BR-01 … BR-16, the parties' identifiers (BR-CO-09, BR-CO-26), references and addresses. */
function pflichtangaben(
  rechnung: Rechnung,
  profil: TPruefProfil,
  syntax: TPruefSyntax,
  melden: Melden,
): void {
  const { verkaeufer, kaeufer, summen } = rechnung;
  const spezifikation =
    rechnung.spezifikation ?? SPEZIFIKATION[profil === "ebinterface" ? "en16931" : profil];
  if (!da(spezifikation)) melden("BR-01", "BT-24");
  if (!da(rechnung.nummer)) melden("BR-02", "BT-1");
  if (!da(rechnung.datum)) melden("BR-03", "BT-2");
  if (!da(rechnung.art)) melden("BR-04", "BT-3");
  if (!da(rechnung.waehrung)) melden("BR-05", "BT-5");
  if (!da(verkaeufer.name)) melden("BR-06", "BT-27");
  if (!da(kaeufer.name)) melden("BR-07", "BT-44");
  if (!adresseDa(verkaeufer.adresse)) melden("BR-08", "BG-5");
  else if (!da(verkaeufer.adresse.land)) melden("BR-09", "BT-40");
  if (!adresseDa(kaeufer.adresse)) melden("BR-10", "BG-8");
  else if (!da(kaeufer.adresse.land)) melden("BR-11", "BT-55");
  if (zahl(summen.positionen) === undefined) melden("BR-12", "BT-106");
  if (zahl(summen.netto) === undefined) melden("BR-13", "BT-109");
  if (zahl(summen.brutto) === undefined) melden("BR-14", "BT-112");
  if (zahl(summen.zahlbar) === undefined) melden("BR-15", "BT-115");
  if (rechnung.positionen.length === 0) melden("BR-16", "BG-25");

  for (const [partei, bt] of [
    [verkaeufer, "BT-31"],
    [kaeufer, "BT-48"],
  ] as const) {
    const uid = partei.uid;
    if (uid !== undefined && da(uid) && !UID_LAENDER[syntax].includes(uid.slice(0, 2)))
      melden("BR-CO-09", bt, { uid });
  }
  if (!da(verkaeufer.uid) && !da(verkaeufer.kennung) && !da(verkaeufer.registernummer))
    melden("BR-CO-26", "BT-31");

  if (rechnung.zeitraum) {
    const { von, bis } = rechnung.zeitraum;
    const iso = /^\d{4}-\d{2}-\d{2}$/;
    if (iso.test(von.trim()) && iso.test(bis.trim()) && bis.trim() < von.trim())
      melden("BR-29", "BT-74", { von: von.trim(), bis: bis.trim() });
  }
  if (rechnung.vorgaenger && !da(rechnung.vorgaenger.nummer)) melden("BR-55", "BT-25");
  const lieferadresse = rechnung.lieferung?.adresse;
  if (adresseDa(lieferadresse) && !da(lieferadresse.land)) melden("BR-57", "BT-80");
  for (const [partei, regel, bt] of [
    [verkaeufer, "BR-62", "BT-34"],
    [kaeufer, "BR-63", "BT-49"],
  ] as const) {
    const adresse = partei.elektronischeAdresse;
    if (adresse && da(adresse.wert) && !da(adresse.schema)) melden(regel, bt);
  }
}

/** BR-21 … BR-27, BR-CO-04, the line allowance (BR-41, BR-42, BR-CO-23) and the lines' decimals. */
function positionen(rechnung: Rechnung, melden: Melden): void {
  for (const [index, p] of rechnung.positionen.entries()) {
    const position = positionsKennung(p.id, index);
    if (!da(p.id)) melden("BR-21", "BT-126", { position });
    if (zahl(p.menge) === undefined) melden("BR-22", "BT-129", { position });
    if (!da(p.einheit)) melden("BR-23", "BT-130", { position });
    if (zahl(p.netto) === undefined) melden("BR-24", "BT-131", { position });
    if (!da(p.name)) melden("BR-25", "BT-153", { position });
    const preis = zahl(p.preis);
    if (preis === undefined) melden("BR-26", "BT-146", { position });
    else if (compare(preis, NULLWERT) < 0) melden("BR-27", "BT-146", { position, preis: p.preis.trim() });
    if (!da(p.kategorie)) melden("BR-CO-04", "BT-151", { position });
    if (nachkommastellen(p.netto) > 2) melden("BR-DEC-23", "BT-131", { position, wert: p.netto.trim() });
    const abschlag = p.abschlag;
    if (abschlag) {
      if (zahl(abschlag.betrag) === undefined) melden("BR-41", "BT-136", { position });
      if (!da(abschlag.grund)) {
        melden("BR-42", "BT-139", { position });
        melden("BR-CO-23", "BT-139", { position });
      }
      if (nachkommastellen(abschlag.betrag) > 2)
        melden("BR-DEC-24", "BT-136", { position, wert: abschlag.betrag.trim() });
      if (nachkommastellen(abschlag.basis) > 2)
        melden("BR-DEC-25", "BT-137", { position, wert: (abschlag.basis ?? "").trim() });
    }
  }
}

/** BR-31 … BR-33, BR-CO-21 and the decimals of the document-level allowances. */
function abschlaege(rechnung: Rechnung, melden: Melden): void {
  for (const [index, a] of rechnung.abschlaege.entries()) {
    const abschlag = String(index + 1);
    if (zahl(a.betrag) === undefined) melden("BR-31", "BT-92", { abschlag });
    if (!da(a.kategorie)) melden("BR-32", "BT-95", { abschlag });
    if (!da(a.grund) && !da(a.grundCode)) {
      melden("BR-33", "BT-97", { abschlag });
      melden("BR-CO-21", "BT-97", { abschlag });
    }
    if (nachkommastellen(a.betrag) > 2) melden("BR-DEC-01", "BT-92", { abschlag, wert: a.betrag.trim() });
    if (nachkommastellen(a.basis) > 2)
      melden("BR-DEC-02", "BT-93", { abschlag, wert: (a.basis ?? "").trim() });
  }
}

/** The document totals: BR-CO-10 … BR-CO-18, BR-CO-25 and their decimals. */
function summen(rechnung: Rechnung, melden: Melden): void {
  const s = rechnung.summen;
  for (const [wert, regel, bt] of [
    [s.positionen, "BR-DEC-09", "BT-106"],
    [s.abschlaege, "BR-DEC-10", "BT-107"],
    [s.netto, "BR-DEC-12", "BT-109"],
    [s.brutto, "BR-DEC-14", "BT-112"],
    [s.vorausbezahlt, "BR-DEC-16", "BT-113"],
    [s.rundung, "BR-DEC-17", "BT-114"],
    [s.zahlbar, "BR-DEC-18", "BT-115"],
  ] as const) {
    if (nachkommastellen(wert) > 2) melden(regel, bt, { wert: (wert ?? "").trim() });
  }
  const abweichung = (regel: string, bt: string, erwartet: Decimal, gefunden: Decimal) => {
    if (compare(erwartet, gefunden) !== 0)
      melden(regel, bt, { erwartet: text(erwartet), gefunden: text(gefunden) });
  };

  const bt106 = zahl(s.positionen);
  const bt109 = zahl(s.netto);
  const bt110 = zahl(s.steuer);
  const bt112 = zahl(s.brutto);
  const bt115 = zahl(s.zahlbar);
  // BT-107, BT-113, BT-114 are optional: absent is null, present but not a decimal is undefined.
  const optional = (wert: string | undefined) => (da(wert) ? zahl(wert) : null);
  const bt107 = optional(s.abschlaege);
  const bt113 = optional(s.vorausbezahlt);
  const bt114 = optional(s.rundung);

  const zeilenNetto = alleZahlen(rechnung.positionen.map((p) => p.netto));
  if (bt106 && zeilenNetto) abweichung("BR-CO-10", "BT-106", rundeXPath(summe(zeilenNetto), 2), bt106);

  const abschlagBetraege = alleZahlen(rechnung.abschlaege.map((a) => a.betrag));
  if (abschlagBetraege && bt107 !== undefined) {
    const erwartet = rundeXPath(summe(abschlagBetraege), 2);
    if (bt107 !== null) abweichung("BR-CO-11", "BT-107", erwartet, bt107);
    else if (rechnung.abschlaege.length > 0)
      melden("BR-CO-11", "BT-107", { erwartet: text(erwartet), gefunden: text(NULLWERT) });
  }

  if (bt106 && bt109 && bt107 !== undefined)
    abweichung("BR-CO-13", "BT-109", bt107 === null ? bt106 : rundeXPath(sub(bt106, bt107), 2), bt109);

  const steuerBetraege = alleZahlen(rechnung.steuern.map((z) => z.betrag));
  if (rechnung.steuern.length > 0 && bt110 && steuerBetraege)
    abweichung("BR-CO-14", "BT-110", rundeXPath(summe(steuerBetraege), 2), bt110);

  if (bt109 && bt110 && bt112) abweichung("BR-CO-15", "BT-112", rundeXPath(add(bt109, bt110), 2), bt112);

  if (bt112 && bt115 && bt113 !== undefined && bt114 !== undefined) {
    const links = bt114 === null ? bt115 : rundeXPath(sub(bt115, bt114), 2);
    const rechts = bt113 === null ? bt112 : rundeXPath(sub(bt112, bt113), 2);
    if (compare(links, rechts) !== 0)
      melden("BR-CO-16", "BT-115", {
        erwartet: text(add(sub(bt112, bt113 ?? NULLWERT), bt114 ?? NULLWERT)),
        gefunden: text(bt115),
      });
  }

  if (rechnung.steuern.length === 0) melden("BR-CO-18", "BG-23");

  if (
    bt115 &&
    compare(bt115, NULLWERT) > 0 &&
    !da(rechnung.zahlung?.faelligAm) &&
    !da(rechnung.zahlung?.bedingungen)
  )
    melden("BR-CO-25", "BT-9", { betrag: text(bt115) });
}

/** The VAT breakdown lines: BR-45 … BR-48, BR-CO-17, BR-DEC-19/20. */
function steuerzeilen(rechnung: Rechnung, melden: Melden): void {
  for (const z of rechnung.steuern) {
    const zeile = { kategorie: z.kategorie, satz: z.satz.trim() };
    const basis = zahl(z.basis);
    const steuer = zahl(z.betrag);
    const satz = zahl(z.satz);
    if (basis === undefined) melden("BR-45", "BT-116", zeile);
    if (steuer === undefined) melden("BR-46", "BT-117", zeile);
    if (!da(z.kategorie)) melden("BR-47", "BT-118", zeile);
    if (satz === undefined && z.kategorie !== "O") melden("BR-48", "BT-119", zeile);
    if (nachkommastellen(z.basis) > 2) melden("BR-DEC-19", "BT-116", { ...zeile, wert: z.basis.trim() });
    if (nachkommastellen(z.betrag) > 2) melden("BR-DEC-20", "BT-117", { ...zeile, wert: z.betrag.trim() });
    if (basis === undefined || steuer === undefined) continue;
    // BR-CO-17: a rate that rounds to 0 (or none) needs a VAT amount that rounds to 0; otherwise the amount lies
    // within ±1 (exclusive) of round(|basis| × rate / 100, 2).
    if (satz === undefined || isZero(rundeXPath(satz, 0))) {
      if (!isZero(rundeXPath(steuer, 0)))
        melden("BR-CO-17", "BT-117", { ...zeile, erwartet: text(NULLWERT), gefunden: text(steuer) });
    } else {
      const erwartet = steuerAusBasis(basis, satz);
      if (!innerhalbEins(betrag(steuer), erwartet))
        melden("BR-CO-17", "BT-117", { ...zeile, erwartet: text(erwartet), gefunden: text(steuer) });
    }
  }
}

/** round(|basis| × rate / 100, 2) as the official rules compute it. */
function steuerAusBasis(basis: Decimal, satz: Decimal): Decimal {
  return rundeXPath(mul(mul(betrag(basis), satz), HUNDERTSTEL), 2);
}

/** a − 1 < b < a + 1. */
function innerhalbEins(a: Decimal, b: Decimal): boolean {
  return compare(betrag(sub(a, b)), EINS) < 0;
}

/** Seller and buyer identifiers a category needs (…-02 / …-03). */
function kennungenPassen(rechnung: Rechnung, kategorie: TKategorie): boolean {
  const { verkaeufer, kaeufer } = rechnung;
  const verkaeuferUid = da(verkaeufer.uid);
  const verkaeuferSteuer = verkaeuferUid || da(verkaeufer.steuernummer);
  const kaeuferUid = da(kaeufer.uid);
  switch (kategorie) {
    case "AE":
      return verkaeuferSteuer && (kaeuferUid || da(kaeufer.registernummer));
    case "K":
      return verkaeuferUid && kaeuferUid;
    case "G":
      return verkaeuferUid;
    case "O":
      return !verkaeuferUid && !kaeuferUid;
    default:
      return verkaeuferSteuer;
  }
}

/** The rate a category allows on a line or allowance (…-05 / …-06); O is not checked (the serializer's). */
function satzPasst(kategorie: TKategorie, satz: Decimal | undefined): boolean {
  if (satz === undefined) return false;
  if (kategorie === "S") return compare(satz, NULLWERT) > 0;
  if (kategorie === "L" || kategorie === "M") return compare(satz, NULLWERT) >= 0;
  return isZero(satz);
}

/** The per-category rules BR-{S,Z,E,AE,IC,G,O,AF,AG}-nn for one category. */
function kategorieRegeln(rechnung: Rechnung, kategorie: TKategorie, melden: Melden): void {
  const regel = (nummer: string) => kategorieRegel(kategorie, nummer);
  const positionen = rechnung.positionen.filter((p) => p.kategorie === kategorie);
  const abschlaege = rechnung.abschlaege.filter((a) => a.kategorie === kategorie);
  const zeilen = rechnung.steuern.filter((z) => z.kategorie === kategorie);
  const mitSatz = kategorie === "S" || kategorie === "L" || kategorie === "M";
  const verwendet = positionen.length + abschlaege.length > 0;

  // -01: S, AF, AG at least one breakdown when used and none otherwise; the others exactly one when used.
  if (mitSatz ? verwendet !== zeilen.length > 0 : (verwendet || zeilen.length > 0) && zeilen.length !== 1)
    melden(regel("01"), "BG-23");

  if (positionen.length > 0 && !kennungenPassen(rechnung, kategorie)) melden(regel("02"), "BT-31");
  if (abschlaege.length > 0 && !kennungenPassen(rechnung, kategorie)) melden(regel("03"), "BT-31");

  if (kategorie !== "O") {
    for (const [index, p] of rechnung.positionen.entries())
      if (p.kategorie === kategorie && !satzPasst(kategorie, zahl(p.satz)))
        melden(regel("05"), "BT-152", { position: positionsKennung(p.id, index), satz: p.satz.trim() });
    for (const [index, a] of rechnung.abschlaege.entries())
      if (a.kategorie === kategorie && !satzPasst(kategorie, zahl(a.satz)))
        melden(regel("06"), "BT-96", { abschlag: String(index + 1), satz: a.satz.trim() });
  }

  const positionsNetto = alleZahlen(positionen.map((p) => p.netto));
  const abschlagBetraege = alleZahlen(abschlaege.map((a) => a.betrag));
  for (const z of zeilen) {
    const basis = zahl(z.basis);
    const steuer = zahl(z.betrag);
    const satz = zahl(z.satz);
    const satzText = z.satz.trim();
    // -08: the breakdown's basis against its lines and allowances.
    if (basis && positionsNetto && abschlagBetraege) {
      if (mitSatz) {
        if (satz) {
          const positionenZumSatz = positionen.filter((p) => gleich(zahl(p.satz), satz));
          const abschlaegeZumSatz = abschlaege.filter((a) => gleich(zahl(a.satz), satz));
          const erwartet = sub(
            summe(positionenZumSatz.map((p) => zahl(p.netto)!)),
            summe(abschlaegeZumSatz.map((a) => zahl(a.betrag)!)),
          );
          const vorhanden =
            kategorie === "S"
              ? positionenZumSatz.length + abschlaegeZumSatz.length > 0
              : rechnung.positionen.length > 0;
          if (!vorhanden || !innerhalbEins(basis, erwartet))
            melden(regel("08"), "BT-116", {
              satz: satzText,
              erwartet: text(erwartet),
              gefunden: text(basis),
            });
        }
      } else {
        const erwartet = sub(summe(positionsNetto), summe(abschlagBetraege));
        if (rechnung.positionen.length === 0 || compare(basis, erwartet) !== 0)
          melden(regel("08"), "BT-116", { erwartet: text(erwartet), gefunden: text(basis) });
      }
    }
    // -09: the VAT amount.
    if (steuer) {
      if (!mitSatz) {
        if (!isZero(steuer)) melden(regel("09"), "BT-117", { gefunden: text(steuer) });
      } else if (basis && satz) {
        const erwartet = steuerAusBasis(basis, satz);
        if (!innerhalbEins(betrag(steuer), erwartet))
          melden(regel("09"), "BT-117", { satz: satzText, erwartet: text(erwartet), gefunden: text(steuer) });
      }
    }
    // -10: the exemption reason, required for exempt categories and forbidden for taxed ones.
    const grund = da(z.befreiungsGrund) || da(z.befreiungsCode);
    if (mitSatz || kategorie === "Z") {
      if (grund) melden(regel("10"), "BT-120", { satz: satzText });
    } else if (!grund) melden(regel("10"), "BT-120");
  }

  if (zeilen.length === 0) return;
  if (kategorie === "K") {
    const zeitraum = rechnung.zeitraum;
    const lieferdatum = raum(rechnung.lieferung?.datum).length > 1;
    if (!lieferdatum && !(zeitraum && (da(zeitraum.von) || da(zeitraum.bis)))) melden(regel("11"), "BT-72");
    if (raum(rechnung.lieferung?.adresse?.land).length <= 1) melden(regel("12"), "BT-80");
  }
  if (kategorie === "O") {
    const andere = (k: string) => da(k) && k !== "O";
    if (rechnung.steuern.some((z) => andere(z.kategorie))) melden(regel("11"), "BG-23");
    for (const [index, p] of rechnung.positionen.entries())
      if (andere(p.kategorie)) melden(regel("12"), "BT-151", { position: positionsKennung(p.id, index) });
    for (const [index, a] of rechnung.abschlaege.entries())
      if (andere(a.kategorie)) melden(regel("13"), "BT-95", { abschlag: String(index + 1) });
  }
}

/** BG-16: BR-49, BR-50, BR-61. */
function zahlungRegeln(rechnung: Rechnung, melden: Melden): void {
  const zahlung = rechnung.zahlung;
  if (!zahlung || !zahlungsanweisung(rechnung)) return;
  const code = raum(zahlung.artCode);
  if (!da(code)) melden("BR-49", "BT-81");
  if (code === "30" || code === "58") {
    if (kontoDa(zahlung.konto) && !da(zahlung.konto?.iban)) melden("BR-50", "BT-84");
    if (!da(zahlung.konto?.iban)) melden("BR-61", "BT-84", { code });
  }
}

/** A code of a list as the official tests compare it: normalize-space(), no blank inside, a member. */
function inListe(liste: ReadonlySet<string>, wert: string | undefined): boolean {
  return liste.has(raum(wert));
}

/**
 * The code lists on the terms the serializers write as codes: BR-CL-* (every profile; see NICHT_IN_EBINTERFACE) and
 * Peppol's own lists (peppol). A term that is absent is its presence rule's (BR-05, BR-11, BR-49, …), not a code's.
 * Each wrong code is named once per rule.
 */
function codelistenRegeln(
  rechnung: Rechnung,
  profil: TPruefProfil,
  syntax: TPruefSyntax,
  melden: Melden,
): void {
  const peppol = profil === "peppol";
  const cii = syntax === "cii";
  const gemeldet = new Set<string>();
  const einmal = (regel: string, bt: string, werte: Record<string, string>) => {
    const schluessel = `${regel} ${bt} ${JSON.stringify(werte)}`;
    if (gemeldet.has(schluessel)) return;
    gemeldet.add(schluessel);
    melden(regel, bt, werte);
  };

  // BR-CL-01: the type code in the list of the UBL root the writer chooses (CreditNote for 381), CII's one list.
  const art = raum(rechnung.art);
  const gutschrift = art === "381";
  if (da(art)) {
    const liste = cii ? RECHNUNGS_ARTEN_CII : gutschrift ? GUTSCHRIFTS_ARTEN_UBL : RECHNUNGS_ARTEN_UBL;
    if (!liste.has(art)) einmal("BR-CL-01", "BT-3", { art });
  }
  // P0100 / P0101: Peppol's type codes of billing process 01 (its profile: the 7th part of BT-23).
  const prozess = raum(rechnung.prozess);
  const peppolProfil = /urn:fdc:peppol\.eu:2017:poacc:billing:([0-9]{2}):1.0/.test(prozess)
    ? prozess.split(":")[6]
    : undefined;
  if (peppol && peppolProfil === "01" && da(art)) {
    if (!gutschrift && !PEPPOL_RECHNUNGS_ARTEN.has(art)) einmal("PEPPOL-EN16931-P0100", "BT-3", { art });
    if (gutschrift && !PEPPOL_GUTSCHRIFTS_ARTEN.has(art)) einmal("PEPPOL-EN16931-P0101", "BT-3", { art });
  }

  // BR-CL-04 (BT-5) and BR-CL-03 (the currencyID every amount carries); Peppol's older list (CL007).
  if (da(rechnung.waehrung)) {
    const waehrung = raum(rechnung.waehrung);
    if (!WAEHRUNGEN.has(waehrung)) {
      einmal("BR-CL-04", "BT-5", { waehrung });
      einmal("BR-CL-03", "BT-5", { waehrung });
    }
    if (peppol && !WAEHRUNGEN_PEPPOL.has(rechnung.waehrung))
      einmal("PEPPOL-EN16931-CL007", "BT-5", { waehrung: rechnung.waehrung });
  }

  // BR-CL-14: the countries of the addresses written.
  const laender = cii ? LAENDER_CII : LAENDER;
  for (const [adresse, bt] of [
    [rechnung.verkaeufer.adresse, "BT-40"],
    [rechnung.kaeufer.adresse, "BT-55"],
    [rechnung.lieferung?.adresse, "BT-80"],
  ] as const) {
    if (adresseDa(adresse) && da(adresse.land) && !inListe(laender, adresse.land))
      einmal("BR-CL-14", bt, { land: raum(adresse.land) });
  }

  // BR-CL-16: the payment means code.
  const code = raum(rechnung.zahlung?.artCode);
  if (zahlungsanweisung(rechnung) && da(code) && !ZAHLUNGSARTEN.has(code))
    einmal("BR-CL-16", "BT-81", { code });

  // BR-CL-17 / BR-CL-18: VAT categories. UBL: TaxCategory (breakdown, allowances) / ClassifiedTaxCategory (lines);
  // CII: CategoryTradeTax (allowances) / ApplicableTradeTax (breakdown, lines).
  const kategorie = (wert: string, regel: string, bt: string) => {
    if (da(wert) && !inListe(STEUERKATEGORIEN, wert)) einmal(regel, bt, { kategorie: raum(wert) });
  };
  for (const z of rechnung.steuern) kategorie(z.kategorie, cii ? "BR-CL-18" : "BR-CL-17", "BT-118");
  for (const a of rechnung.abschlaege) kategorie(a.kategorie, "BR-CL-17", "BT-95");
  for (const p of rechnung.positionen) kategorie(p.kategorie, "BR-CL-18", "BT-151");

  // BR-CL-19 and Peppol's CL002: the reason code of a document-level allowance (a line allowance's is always 95).
  for (const a of rechnung.abschlaege) {
    if (!da(a.grundCode)) continue;
    const grund = raum(a.grundCode);
    if (!NACHLASSGRUENDE.has(grund)) {
      einmal("BR-CL-19", "BT-98", { code: grund });
      if (peppol) einmal("PEPPOL-EN16931-CL002", "BT-98", { code: grund });
    }
  }

  // BR-CL-22: the exemption reason code, compared upper-cased.
  for (const z of rechnung.steuern) {
    const befreiung = raum(z.befreiungsCode);
    if (da(befreiung) && !BEFREIUNGSCODES.has(befreiung.toUpperCase()))
      einmal("BR-CL-22", "BT-121", { code: befreiung });
  }

  // BR-CL-23: the unit of every line (its price base quantity carries the same unit).
  for (const p of rechnung.positionen)
    if (da(p.einheit) && !inListe(EINHEITEN, p.einheit))
      einmal("BR-CL-23", "BT-130", { einheit: raum(p.einheit) });

  // BR-CL-25 and Peppol's CL008: the scheme of an electronic address, as written (schemeID with a value).
  for (const [partei, bt] of [
    [rechnung.verkaeufer, "BT-34"],
    [rechnung.kaeufer, "BT-49"],
  ] as const) {
    const adresse = partei.elektronischeAdresse;
    if (!adresse || !da(adresse.wert) || adresse.schema === "") continue;
    const werte = { schema: raum(adresse.schema), wert: raum(adresse.wert) };
    if (!inListe(EAS_CODES, adresse.schema)) einmal("BR-CL-25", bt, werte);
    if (peppol && !PEPPOL_EAS_CODES.has(adresse.schema)) einmal("PEPPOL-EN16931-CL008", bt, werte);
  }
}

/** BR-DE-18: the XRechnung Skonto regex, verbatim. */
const SKONTO =
  /(^|\r?\n)#(SKONTO)#TAGE=([0-9]+#PROZENT=[0-9]+\.[0-9]{2})(#BASISBETRAG=-?[0-9]+\.[0-9]{2})?#$/;

/**
 * BR-DE-18: every line of BT-20 that starts with "#" matches SKONTO (after normalize-space), and the text after
 * the last "#…#" starts with a line break (so the last Skonto line is ended by "\n").
 */
export function skontoGueltig(bedingungen: string): boolean {
  const zeilen = bedingungen.split(/\r?\n/).filter((zeile) => raum(zeile).startsWith("#"));
  if (zeilen.length === 0) return true;
  const teile = bedingungen.split(/#[^\n\r]+#/);
  return zeilen.every((zeile) => SKONTO.test(raum(zeile))) && /^[ \t\n\r]*\n/.test(teile.at(-1) ?? "");
}

/**
 * BR-DE-19: the IBAN after removing blanks matches ^[A-Z]{2}[0-9]{2}[a-zA-Z0-9]{0,30}$ and its ISO 7064 check
 * (letters as code point − 55, as the official test computes it) leaves 1.
 */
function ibanGueltig(iban: string | undefined): boolean {
  const wert = (iban ?? "").replace(/[ \t\n\r]/g, "");
  if (!/^[A-Z]{2}[0-9]{2}[a-zA-Z0-9]{0,30}$/.test(wert)) return false;
  let rest = 0;
  for (const zeichen of wert.slice(4) + wert.slice(0, 4)) {
    const code = zeichen.codePointAt(0)!;
    for (const ziffer of String(code > 64 ? code - 55 : code - 48)) rest = (rest * 10 + Number(ziffer)) % 97;
  }
  return rest === 1;
}

const XR_TELEFON = /([0-9].*){3,}/;
const XR_EMAIL = /^[^@ \t\n\r]+@([^@. \t\n\r]+\.)+[^@. \t\n\r]+$/;
const XR_ARTEN = ["326", "380", "384", "389", "381", "875", "876", "877"];
const XR_SPEZIFIKATIONEN = [
  SPEZIFIKATION.xrechnung,
  `${SPEZIFIKATION.xrechnung}#conformant#urn:xeinkauf.de:kosit:extension:xrechnung_3.0`,
  `${SPEZIFIKATION.xrechnung}#compliant#urn:xeinkauf.de:kosit:xrechnung:cvd_0.9`,
];
const STEUERPFLICHTIGE_KATEGORIEN: readonly string[] = ["S", "Z", "E", "AE", "K", "G", "L", "M"];

/** The KoSIT rules (xrechnung) or Peppol's DE-R copies of them (peppol, seller and buyer in Germany). */
function deutscheRegeln(rechnung: Rechnung, profil: TPruefProfil, melden: Melden): void {
  const m = (regel: TDeutscheRegel, bt: string, werte?: Record<string, string>) =>
    melden(profil === "peppol" ? DE_R[regel] : regel, bt, werte);
  const { verkaeufer, kaeufer, zahlung } = rechnung;

  if (!zahlungsanweisung(rechnung)) m("BR-DE-1", "BG-16");
  const kontakt = verkaeufer.kontakt;
  if (!kontakt || ![kontakt.name, kontakt.telefon, kontakt.email].some((teil) => da(teil)))
    m("BR-DE-2", "BG-6");
  else {
    if (!da(kontakt.name)) m("BR-DE-5", "BT-41");
    if (!da(kontakt.telefon)) m("BR-DE-6", "BT-42");
    if (!da(kontakt.email)) m("BR-DE-7", "BT-43");
    if (!XR_TELEFON.test(raum(kontakt.telefon))) m("BR-DE-27", "BT-42", { telefon: raum(kontakt.telefon) });
    if (!XR_EMAIL.test(raum(kontakt.email))) m("BR-DE-28", "BT-43", { email: raum(kontakt.email) });
  }
  if (adresseDa(verkaeufer.adresse)) {
    if (!da(verkaeufer.adresse.ort)) m("BR-DE-3", "BT-37");
    if (!da(verkaeufer.adresse.plz)) m("BR-DE-4", "BT-38");
  }
  if (adresseDa(kaeufer.adresse)) {
    if (!da(kaeufer.adresse.ort)) m("BR-DE-8", "BT-52");
    if (!da(kaeufer.adresse.plz)) m("BR-DE-9", "BT-53");
  }
  const lieferadresse = rechnung.lieferung?.adresse;
  if (adresseDa(lieferadresse)) {
    if (!da(lieferadresse.ort)) m("BR-DE-10", "BT-77");
    if (!da(lieferadresse.plz)) m("BR-DE-11", "BT-78");
  }
  for (const z of rechnung.steuern) if (!da(z.satz)) m("BR-DE-14", "BT-119", { kategorie: z.kategorie });
  if (!da(rechnung.kaeuferReferenz)) m("BR-DE-15", "BT-10");
  const kategorien = [...rechnung.positionen, ...rechnung.abschlaege].map((x) => x.kategorie);
  if (
    kategorien.some((k) => STEUERPFLICHTIGE_KATEGORIEN.includes(k)) &&
    !da(verkaeufer.uid) &&
    !da(verkaeufer.steuernummer)
  )
    m("BR-DE-16", "BT-31");
  if (!XR_ARTEN.includes(raum(rechnung.art))) m("BR-DE-17", "BT-3", { art: raum(rechnung.art) });
  if (zahlung?.bedingungen !== undefined && !skontoGueltig(zahlung.bedingungen)) m("BR-DE-18", "BT-20");

  if (zahlung && zahlungsanweisung(rechnung)) {
    const code = raum(zahlung.artCode);
    const konto = kontoDa(zahlung.konto);
    if (code === "58" && !ibanGueltig(zahlung.konto?.iban))
      m("BR-DE-19", "BT-84", { iban: (zahlung.konto?.iban ?? "").trim() });
    if ((code === "30" || code === "58") && !konto) m("BR-DE-23-a", "BG-17", { code });
    if (code === "48" || code === "54" || code === "55") {
      m("BR-DE-24-a", "BG-18", { code });
      if (konto) m("BR-DE-24-b", "BG-17", { code });
    }
    if (code === "59") {
      m("BR-DE-20", "BT-91", { code });
      m("BR-DE-25-a", "BG-19", { code });
      if (konto) m("BR-DE-25-b", "BG-17", { code });
    }
  }
  const vorgaenger = rechnung.vorgaenger;
  if (raum(rechnung.art) === "384" && !(vorgaenger && (da(vorgaenger.nummer) || da(vorgaenger.datum))))
    m("BR-DE-26", "BG-3");

  if (profil === "xrechnung") {
    const spezifikation = rechnung.spezifikation ?? SPEZIFIKATION.xrechnung;
    if (!XR_SPEZIFIKATIONEN.includes(spezifikation)) melden("BR-DE-21", "BT-24", { spezifikation });
  }
}

/** GS1 check digit (PEPPOL-COMMON-R040, u:gln). */
function glnGueltig(wert: string): boolean {
  if (!/^[0-9]+$/.test(wert)) return false;
  const ziffern = [...wert.slice(0, -1)].reverse().map(Number);
  const gewichtet = ziffern.reduce((s, ziffer, i) => s + ziffer * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (gewichtet % 10)) % 10 === Number(wert.at(-1));
}

/** |a − b| ≤ schlupf (u:slack). */
function imSchlupf(a: Decimal, b: Decimal, schlupf: Decimal): boolean {
  return compare(betrag(sub(a, b)), schlupf) <= 0;
}

/** The Peppol rules: those KoSIT merges (xrechnung, peppol) and Peppol's own (peppol). */
function peppolRegeln(rechnung: Rechnung, profil: TPruefProfil, melden: Melden): void {
  const schlupf = dec(profil === "xrechnung" && raum(rechnung.waehrung) === "HUF" ? "0.5" : "0.02");
  if (!da(rechnung.prozess)) melden("PEPPOL-EN16931-R001", "BT-23");
  if (!elektronischeAdresseDa(rechnung.kaeufer)) melden("PEPPOL-EN16931-R010", "BT-49");
  if (!elektronischeAdresseDa(rechnung.verkaeufer)) melden("PEPPOL-EN16931-R020", "BT-34");

  // R040 … R042 on document-level and line allowances: percentage and base together, and consistent.
  const nachlaesse = [
    ...rechnung.abschlaege.map((a, index) => ({ ...a, stelle: { abschlag: String(index + 1) } })),
    ...rechnung.positionen.flatMap((p, index) =>
      p.abschlag ? [{ ...p.abschlag, stelle: { position: positionsKennung(p.id, index) } }] : [],
    ),
  ];
  for (const nachlass of nachlaesse) {
    const prozent = da(nachlass.prozent);
    const basis = da(nachlass.basis);
    if (prozent && !basis)
      melden("PEPPOL-EN16931-R041", "BT-93", { ...nachlass.stelle, prozent: raum(nachlass.prozent) });
    if (basis && !prozent)
      melden("PEPPOL-EN16931-R042", "BT-94", { ...nachlass.stelle, basis: raum(nachlass.basis) });
    const p = zahl(nachlass.prozent);
    const b = zahl(nachlass.basis);
    if (p && b) {
      const gefunden = zahl(nachlass.betrag) ?? NULLWERT;
      const erwartet = mul(mul(b, p), HUNDERTSTEL);
      if (!imSchlupf(gefunden, erwartet, schlupf))
        melden("PEPPOL-EN16931-R040", "BT-92", {
          ...nachlass.stelle,
          erwartet: text(erwartet),
          gefunden: text(gefunden),
        });
    }
  }

  const zahlung = rechnung.zahlung;
  const code = raum(zahlung?.artCode);
  if (zahlungsanweisung(rechnung) && (code === "49" || code === "59"))
    melden("PEPPOL-EN16931-R061", "BT-89", { code });

  // R120: line net = quantity × price / base quantity − line allowance (within the slack); R121: base quantity > 0.
  for (const [index, p] of rechnung.positionen.entries()) {
    const position = positionsKennung(p.id, index);
    const basisMenge = zahl(p.preisBasisMenge);
    if (basisMenge && compare(basisMenge, NULLWERT) <= 0)
      melden("PEPPOL-EN16931-R121", "BT-149", { position, wert: raum(p.preisBasisMenge) });
    const menge = zahl(p.menge);
    const preis = zahl(p.preis);
    const netto = zahl(p.netto);
    const abschlag = p.abschlag ? zahl(p.abschlag.betrag) : NULLWERT;
    if (!menge || !preis || !netto || !abschlag) continue;
    const teiler = basisMenge && !isZero(basisMenge) ? basisMenge : EINS;
    const abschlagGerundet = rundeXPath(abschlag, 2);
    // Exact: |netto − (menge × preis / teiler − abschlag)| ≤ schlupf, multiplied through by |teiler|.
    const links = betrag(sub(mul(add(netto, abschlagGerundet), teiler), mul(menge, preis)));
    if (compare(links, mul(schlupf, betrag(teiler))) > 0) {
      // Shown rounded to cents; the comparison above is exact.
      const erwartet = sub(div(mul(menge, preis), teiler, 6), abschlagGerundet);
      melden("PEPPOL-EN16931-R120", "BT-131", {
        position,
        erwartet: toFixedString(erwartet, 2),
        gefunden: text(netto),
      });
    }
  }

  if (profil !== "peppol") return;
  const beideDeutsch = inDeutschland(rechnung.verkaeufer) && inDeutschland(rechnung.kaeufer);
  if (rechnung.notizen.filter((notiz) => da(notiz)).length > 1 && !beideDeutsch)
    melden("PEPPOL-EN16931-R002", "BT-22");
  if (!da(rechnung.kaeuferReferenz) && !da(rechnung.bestellReferenz)) melden("PEPPOL-EN16931-R003", "BT-10");
  const spezifikation = rechnung.spezifikation ?? SPEZIFIKATION.peppol;
  if (!raum(spezifikation).startsWith(SPEZIFIKATION.peppol))
    melden("PEPPOL-EN16931-R004", "BT-24", { spezifikation: raum(spezifikation) });
  const prozess = raum(rechnung.prozess);
  if (!/urn:fdc:peppol\.eu:2017:poacc:billing:([0-9]{2}):1.0/.test(prozess) || prozess.split(":").length < 7)
    melden("PEPPOL-EN16931-R007", "BT-23", { prozess });
  for (const z of rechnung.steuern)
    for (const [regel, { code, kategorie }] of Object.entries(BEFREIUNGSCODE_KATEGORIE))
      if (raum(z.befreiungsCode).toUpperCase() === code && raum(z.kategorie) !== kategorie)
        melden(regel, "BT-121", { code, kategorie: z.kategorie });
  const art = raum(rechnung.art);
  if ((art === "326" || art === "384") && !beideDeutsch) melden("PEPPOL-EN16931-P0112", "BT-3", { art });
  for (const [partei, bt] of [
    [rechnung.verkaeufer, "BT-34"],
    [rechnung.kaeufer, "BT-49"],
  ] as const) {
    const adresse = partei.elektronischeAdresse;
    if (adresse && adresse.schema === "0088" && da(adresse.wert) && !glnGueltig(raum(adresse.wert)))
      melden("PEPPOL-COMMON-R040", bt, { wert: raum(adresse.wert) });
  }
}
