/**
 * The reader of incoming e-invoices (issue 19): UBL 2.1 Invoice and CreditNote (XRechnung UBL, Peppol BIS Billing 3,
 * plain EN 16931) and UN/CEFACT CII D16B CrossIndustryInvoice (XRechnung CII, the XML of ZUGFeRD 2 / Factur-X) into
 * the EN 16931 model of modell.ts. The files come from strangers, so the reader is a guarded door first and a
 * mapping second.
 *
 * Safety, in this order, each before any work the next one costs:
 * 1. Size: more than ERECHNUNG_MAX_BYTES is refused from the length alone (a string longer than the cap in UTF-16
 *    units has at least as many UTF-8 bytes), nothing is decoded or scanned — "zuGross".
 * 2. Bytes are decoded strictly (a BOM, else the declared encoding, else UTF-8; malformed bytes are refused, never
 *    replaced) — "keinXml".
 * 3. Any DTD markup (`<!DOCTYPE`, `<!ENTITY`, `<!ELEMENT`, `<!ATTLIST`, `<!NOTATION`, case-insensitive, anywhere —
 *    also inside comments or CDATA, where it is harmless, because one regex over the text is simpler to trust than
 *    a parser's idea of context) is refused before the parser sees the text — "dtdVerboten". EN 16931 syntaxes
 *    have no DTD; this rules out external entities (nothing is ever read from disk or network), parameter
 *    entities and entity expansion bombs in one step. The parser additionally gets an entity decoder of its own
 *    that knows only the five predefined XML entities and character references (valid XML characters only) and
 *    throws on any other name.
 * 4. Well-formedness: characters XML 1.0 forbids are refused, then fast-xml-parser's validator (tag nesting,
 *    attributes, the text after the root), then the parser itself with a nesting limit; a second root element is
 *    refused after parsing (the validator lets it pass) — "keinXml", with line and column where known.
 * 5. The root element's namespace URI decides the syntax (read from the root start tag, since the parser drops the
 *    xmlns attributes when it removes prefixes). Anything else is "unbekanntesFormat", naming the root element,
 *    its namespace and, where recognised, the format (ebInterface 6.1, a UBL Order, ZUGFeRD 1, a PDF).
 * 6. Mapping: missing mandatory terms are collected and refused together as "unvollstaendig" with their BT/BG
 *    numbers; values that are no decimal, date, code or country are "ungueltig"; a document type (BT-3) outside
 *    380/381/384 or a VAT accounting currency (BT-6) other than the invoice currency is "nichtUnterstuetzt",
 *    because the model cannot carry it.
 * Error messages and details never quote the file beyond the root element's name, its namespace and validated
 * codes (a three-digit type code); the parser's own messages (which quote the text around an error) are dropped,
 * and no `cause` is attached for the same reason.
 *
 * Namespaces: the parser removes prefixes (`cbc:ID`, `ram:ID` and an unprefixed default namespace all become
 * `ID`), so the mapping matches namespace-local names; only the root's namespace URI is checked. An element of a
 * foreign namespace with a local name the mapping knows would be read as if it were UBL/CII — accepted, since
 * the syntax is decided by the root and the schemas allow no foreign elements there.
 *
 * Numbers stay strings (parseTagValue off): the parser never sees a float. Money (allowance and charge amounts,
 * line net amounts, the VAT breakdown, the totals) is normalised to exactly two decimals ("19.9" → "19.90",
 * "1436.5" → "1436.50"); more significant decimals than two break EN 16931 (BR-DEC) and are refused rather than
 * rounded. Rates and percentages get at least two decimals ("7" → "7.00") and keep any further significant ones.
 * Quantities and prices (BT-129, BT-146, BT-149) are kept as written, only the notation is made canonical
 * ("+.5" → "0.5", trailing zeros stay: "1.00"). Any number longer than 40 characters is refused. Sums are computed
 * with @kontor/domain/money/decimal, never with floats.
 *
 * Decisions where the model is narrower than EN 16931:
 * - Charges (BG-21 on document level, BG-28 on lines) are read as negative allowances, so every sum the model
 *   knows stays right: a document charge becomes an `Abschlag` with a negative `betrag` (BT-99 … BT-104 into
 *   BT-92 … BT-97; its reason code is UNTDID 7161, not the 5189 list of `grundCode`, so it goes into `grund`
 *   when there is no reason text), and `summen.abschlaege` is BT-107 − BT-108. A line's allowances and charges
 *   are folded into the one `abschlag` of the position: a single allowance is taken as it is (its reason code
 *   as `grund` when there is no reason text, the position having no code field); otherwise the
 *   amount is Σ allowances − Σ charges, the reasons are joined with "; " and percentage and base are left out.
 *   Refusing charges was the alternative; it would refuse ordinary invoices with freight (the official UBL/CII
 *   example 2 has one).
 * - One payment means (BG-16): the first that names an account, else the first. The first BillingReference
 *   (BG-3), the first delivery (BG-13). Payment terms (BT-20) of several elements are joined by "\n". BT-9 of a
 *   UBL CreditNote (which has no DueDate) is read from PaymentMeans/PaymentDueDate, as Peppol puts it. Without
 *   any payment means but with terms, a due date or a remittance text, `artCode` is "1" (UNTDID 4461 "not
 *   defined"), as the model requires a code.
 * - An invoicing period (BG-14) with only a start or only an end date is left out (the model needs both).
 * - VAT category O has no rate (BR-O-05): `satz` is "0.00" there when the file gives none.
 * - The trading name (BT-28 / BT-45) is kept only when it differs from the legal name.
 * - CII notes with a subject code become "#CODE#text", the form UBL uses for BT-21 + BT-22, so both syntaxes of
 *   one invoice read to the same model.
 * - An IBAN written in groups ("NL57 RABO 0107307510") is stored without the spaces; any other account identifier
 *   as written.
 * - The price's gross price and price discount (BT-147, BT-148), line periods, item attributes, classifications,
 *   the payee, the tax representative, address line 3, country subdivision, BT-71 and other terms the model has
 *   no field for are not read.
 */

import { add, dec, sub, toFixedString } from "@kontor/domain/money/decimal";
import { type EntityDecoderOptions, XMLParser, XMLValidator } from "fast-xml-parser";
import {
  type Abschlag,
  type Adresse,
  KATEGORIEN,
  type Partei,
  type Position,
  RECHNUNGS_ARTEN,
  type Rechnung,
  type Steuerzeile,
  type Summen,
  type TKategorie,
  type TRechnungsArt,
  type Zahlung,
} from "./modell.ts";

/** The largest file the reader takes (20 MiB; real invoices are a few hundred KB at most). */
export const ERECHNUNG_MAX_BYTES = 20 * 1024 * 1024;

/**
 * Why a file is refused. The codes are stable; the caller decides what to show.
 * - `zuGross`: over ERECHNUNG_MAX_BYTES.
 * - `keinXml`: not decodable text, or not well-formed XML (JSON, an empty file, a PDF, two root elements …).
 * - `dtdVerboten`: a DOCTYPE or entity declaration.
 * - `unbekanntesFormat`: well-formed XML, but not a UBL Invoice/CreditNote or CII CrossIndustryInvoice.
 * - `unvollstaendig`: mandatory business terms are missing (`details.fehlend`).
 * - `ungueltig`: values that are no number, date, code or country (`details.ungueltig`).
 * - `nichtUnterstuetzt`: terms the model cannot carry (`details.nichtUnterstuetzt`: BT-3, BT-6).
 */
export const LESEFEHLER_CODES = [
  "zuGross",
  "keinXml",
  "dtdVerboten",
  "unbekanntesFormat",
  "unvollstaendig",
  "ungueltig",
  "nichtUnterstuetzt",
] as const;
export type TLesefehlerCode = (typeof LESEFEHLER_CODES)[number];

export interface LesefehlerDetails {
  /** zuGross: the file's size in bytes (at least; a string is not measured further once over the cap). */
  bytes?: number;
  /** zuGross: the cap. */
  grenze?: number;
  /** keinXml: where the first error is, when the checker knows it. */
  zeile?: number;
  spalte?: number;
  /** unbekanntesFormat: the root element's local name and namespace URI (absent when it has none). */
  wurzel?: string;
  namespace?: string;
  /** unbekanntesFormat / keinXml: the format recognised, e.g. "ebInterface 6.1", "UBL Order", "PDF". */
  erkannt?: string;
  /**
   * The business terms (BT-/BG- numbers) missing, invalid or not supported; each list is present when not empty,
   * and the code names the first that applies in the order nichtUnterstuetzt, unvollstaendig, ungueltig.
   */
  fehlend?: string[];
  ungueltig?: string[];
  nichtUnterstuetzt?: string[];
  /** nichtUnterstuetzt BT-3: the document type code found (only when it is a 1–3 digit code). */
  artCode?: string;
}

export class ErechnungLesefehler extends Error {
  override readonly name = "ErechnungLesefehler";

  constructor(
    readonly code: TLesefehlerCode,
    message: string,
    readonly details: LesefehlerDetails = {},
  ) {
    super(message);
  }
}

export interface Gelesen {
  syntax: "ubl" | "cii";
  rechnung: Rechnung;
}

const NAMESPACE = {
  ublRechnung: "urn:oasis:names:specification:ubl:schema:xsd:Invoice-2",
  ublGutschrift: "urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2",
  cii: "urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100",
} as const;

/** Reads one incoming e-invoice; throws ErechnungLesefehler for anything it does not take. */
export function rechnungLesen(xml: string | Uint8Array): Gelesen {
  const text = alsText(xml);
  if (DTD.test(text))
    throw new ErechnungLesefehler("dtdVerboten", "DOCTYPE and entity declarations are not accepted");
  if (VERBOTENE_ZEICHEN.test(text))
    throw new ErechnungLesefehler("keinXml", "The file contains characters XML does not allow");
  const geprueft = XMLValidator.validate(text);
  if (geprueft !== true) {
    const { line, col } = geprueft.err;
    throw new ErechnungLesefehler("keinXml", "The file is not well-formed XML", {
      ...(Number.isInteger(line) ? { zeile: line } : {}),
      ...(Number.isInteger(col) ? { spalte: col } : {}),
    });
  }
  const wurzel = wurzelLesen(text);
  const syntax = syntaxErkennen(wurzel);
  const dokument = parsen(text, wurzel.lokal);
  const leser = new Leser();
  const rechnung =
    syntax === "cii" ? ciiLesen(dokument, leser) : ublLesen(dokument, leser, wurzel.lokal === "CreditNote");
  leser.abschliessen();
  return { syntax, rechnung };
}

// ---------------------------------------------------------------------------------------------------------------
// The door: size, encoding, DTD, well-formedness, root element

const DTD = /<!\s*(?:DOCTYPE|ENTITY|ELEMENT|ATTLIST|NOTATION)/i;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the characters XML 1.0 forbids
const VERBOTENE_ZEICHEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;

function zuGross(bytes: number): ErechnungLesefehler {
  return new ErechnungLesefehler("zuGross", `The file is larger than ${ERECHNUNG_MAX_BYTES} bytes`, {
    bytes,
    grenze: ERECHNUNG_MAX_BYTES,
  });
}

/** ZUGFeRD / Factur-X arrive as PDF/A-3 with the XML attached: the caller extracts it, the reader takes XML only. */
function keinPdf(): ErechnungLesefehler {
  return new ErechnungLesefehler("keinXml", "A PDF, not XML (extract the embedded invoice XML first)", {
    erkannt: "PDF",
  });
}

function alsText(xml: string | Uint8Array): string {
  if (typeof xml === "string") {
    if (xml.length > ERECHNUNG_MAX_BYTES) throw zuGross(xml.length);
    const bytes = Buffer.byteLength(xml, "utf8");
    if (bytes > ERECHNUNG_MAX_BYTES) throw zuGross(bytes);
    if (xml.startsWith("%PDF")) throw keinPdf();
    return xml.startsWith("\uFEFF") ? xml.slice(1) : xml;
  }
  if (!(xml instanceof Uint8Array)) throw new ErechnungLesefehler("keinXml", "Neither text nor bytes");
  if (xml.byteLength > ERECHNUNG_MAX_BYTES) throw zuGross(xml.byteLength);
  if (xml[0] === 0x25 && xml[1] === 0x50 && xml[2] === 0x44 && xml[3] === 0x46) throw keinPdf();
  let kodierung = "utf-8";
  if (xml[0] === 0xfe && xml[1] === 0xff) kodierung = "utf-16be";
  else if (xml[0] === 0xff && xml[1] === 0xfe) kodierung = "utf-16le";
  else if (!(xml[0] === 0xef && xml[1] === 0xbb && xml[2] === 0xbf)) {
    const kopf = new TextDecoder("latin1").decode(xml.subarray(0, 200));
    const erklaert = /^\s*<\?xml\s[^>]*?\bencoding\s*=\s*["']([A-Za-z][A-Za-z0-9._-]{0,39})["']/.exec(
      kopf,
    )?.[1];
    if (erklaert) kodierung = erklaert.toLowerCase();
  }
  let decoder: InstanceType<typeof TextDecoder>;
  try {
    decoder = new TextDecoder(kodierung, { fatal: true });
  } catch {
    throw new ErechnungLesefehler("keinXml", "The declared character encoding is not supported");
  }
  try {
    // The decoder drops a byte order mark itself.
    return decoder.decode(xml);
  } catch {
    throw new ErechnungLesefehler("keinXml", `The bytes are not valid ${kodierung}`);
  }
}

interface Wurzel {
  /** Local name (without prefix). */
  lokal: string;
  namespace?: string;
}

/** The root start tag, read after the validator passed: skips the declaration, processing instructions, comments. */
function wurzelLesen(text: string): Wurzel {
  let i = 0;
  for (;;) {
    while (i < text.length && " \t\r\n".includes(text[i]!)) i++;
    const ende = text.startsWith("<?", i)
      ? text.indexOf("?>", i + 2) + 2
      : text.startsWith("<!--", i)
        ? text.indexOf("-->", i + 4) + 3
        : -1;
    if (ende < 2) break;
    i = ende;
  }
  // The end of the start tag: the first ">" outside a quoted attribute value (a plain loop, no regex to backtrack).
  if (text[i] !== "<") throw new ErechnungLesefehler("keinXml", "No root element found");
  let ende = i + 1;
  let anfuehrung: string | undefined;
  for (; ende < text.length; ende++) {
    const zeichen = text[ende];
    if (anfuehrung) {
      if (zeichen === anfuehrung) anfuehrung = undefined;
    } else if (zeichen === '"' || zeichen === "'") anfuehrung = zeichen;
    else if (zeichen === ">") break;
  }
  const tag = text.slice(i + 1, ende);
  const name = /^[^\s/>]+/.exec(tag)?.[0];
  if (ende >= text.length || !name) throw new ErechnungLesefehler("keinXml", "No root element found");
  const doppelpunkt = name.indexOf(":");
  const praefix = doppelpunkt >= 0 ? name.slice(0, doppelpunkt) : undefined;
  const lokal = doppelpunkt >= 0 ? name.slice(doppelpunkt + 1) : name;
  const gesucht = praefix === undefined ? "xmlns" : `xmlns:${praefix}`;
  let namespace: string | undefined;
  for (const attribut of tag.slice(name.length).matchAll(/([^\s=]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g))
    if (attribut[1] === gesucht) namespace = entitaetenAufloesen(attribut[2] ?? attribut[3] ?? "");
  return { lokal, ...(namespace ? { namespace } : {}) };
}

function syntaxErkennen(wurzel: Wurzel): "ubl" | "cii" {
  const { lokal, namespace } = wurzel;
  if (lokal === "Invoice" && namespace === NAMESPACE.ublRechnung) return "ubl";
  if (lokal === "CreditNote" && namespace === NAMESPACE.ublGutschrift) return "ubl";
  if (lokal === "CrossIndustryInvoice" && namespace === NAMESPACE.cii) return "cii";
  const erkannt = formatBenennen(lokal, namespace);
  // Only names and URIs made of harmless characters go into the details.
  const sauberesLokal = /^[\p{L}\p{N}_.-]{1,100}$/u.test(lokal) ? lokal : undefined;
  const sauberesNamespace = namespace && /^[\x21-\x7E]{1,200}$/.test(namespace) ? namespace : undefined;
  throw new ErechnungLesefehler(
    "unbekanntesFormat",
    `Not an invoice the reader imports: root element ${sauberesLokal ?? "?"}${erkannt ? ` (${erkannt})` : ""}`,
    {
      ...(sauberesLokal ? { wurzel: sauberesLokal } : {}),
      ...(sauberesNamespace ? { namespace: sauberesNamespace } : {}),
      ...(erkannt ? { erkannt } : {}),
    },
  );
}

/** Formats recognised without being imported, to tell the user what they uploaded. */
function formatBenennen(lokal: string, namespace: string | undefined): string | undefined {
  if (!namespace) return undefined;
  const ebInterface = /^http:\/\/www\.ebinterface\.at\/schema\/(\d{1,2})p(\d{1,2})\/?$/.exec(namespace);
  if (ebInterface)
    return `ebInterface ${ebInterface[1]}.${ebInterface[2]}${lokal === "Invoice" ? "" : " (not an invoice)"}`;
  const ubl = /^urn:oasis:names:specification:ubl:schema:xsd:([A-Za-z]{1,60})-2$/.exec(namespace);
  if (ubl) return `UBL ${ubl[1]}`;
  if (namespace.startsWith("urn:ferd:CrossIndustryDocument:invoice:")) return "ZUGFeRD 1";
  if (namespace.startsWith("urn:un:unece:uncefact:data:standard:"))
    return "UN/CEFACT (not a CII D16B invoice)";
  return undefined;
}

// ---------------------------------------------------------------------------------------------------------------
// Parsing

const XML_ENTITAETEN: Readonly<Record<string, string>> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

class KaputtesXml extends Error {}

/** A valid XML 1.0 character (Char production). */
function zeichenErlaubt(codepunkt: number): boolean {
  return (
    codepunkt === 0x9 ||
    codepunkt === 0xa ||
    codepunkt === 0xd ||
    (codepunkt >= 0x20 && codepunkt <= 0xd7ff) ||
    (codepunkt >= 0xe000 && codepunkt <= 0xfffd) ||
    (codepunkt >= 0x10000 && codepunkt <= 0x10ffff)
  );
}

/** The five predefined entities and character references; anything else is not XML without a DTD. */
function entitaetenAufloesen(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(/&([^;&]{0,12});?/g, (ganz, referenz: string) => {
    if (!ganz.endsWith(";")) throw new KaputtesXml();
    const zahl = /^#(?:x([0-9A-Fa-f]{1,6})|([0-9]{1,7}))$/.exec(referenz);
    if (zahl) {
      const codepunkt = zahl[1] !== undefined ? Number.parseInt(zahl[1], 16) : Number(zahl[2]);
      if (!zeichenErlaubt(codepunkt)) throw new KaputtesXml();
      return String.fromCodePoint(codepunkt);
    }
    if (!Object.hasOwn(XML_ENTITAETEN, referenz)) throw new KaputtesXml();
    return XML_ENTITAETEN[referenz]!;
  });
}

const ENTITAETEN_DECODER: EntityDecoderOptions = {
  setExternalEntities: () => {},
  addInputEntities: () => {
    // Unreachable (DTDs are refused before parsing); refuse rather than learn entities from the file.
    throw new KaputtesXml();
  },
  reset: () => {},
  setXmlVersion: () => {},
  decode: entitaetenAufloesen,
};

const PARSER = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  textNodeName: "#text",
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  alwaysCreateTextNode: true,
  // Every element is a list, so a repeated element is never mistaken for a single one.
  isArray: (_name, _pfad, _blatt, istAttribut) => !istAttribut,
  processEntities: true,
  htmlEntities: false,
  entityDecoder: ENTITAETEN_DECODER,
  ignoreDeclaration: true,
  ignorePiTags: true,
  cdataPropName: false,
  commentPropName: false,
  // UBL and CII invoices nest about ten levels deep.
  maxNestedTags: 64,
});

/** A parsed element: "#text", "@_attribute" strings and child element lists. */
type Knoten = { readonly [name: string]: unknown };

function parsen(text: string, lokal: string): Knoten {
  let ergebnis: unknown;
  try {
    ergebnis = PARSER.parse(text);
  } catch {
    // The parser's message quotes the file: not passed on.
    throw new ErechnungLesefehler("keinXml", "The file is not well-formed XML");
  }
  const wurzeln = Object.entries((ergebnis ?? {}) as Knoten);
  const [erste] = wurzeln;
  if (
    wurzeln.length !== 1 ||
    !erste ||
    erste[0] !== lokal ||
    !Array.isArray(erste[1]) ||
    erste[1].length !== 1
  )
    throw new ErechnungLesefehler("keinXml", "The file must have exactly one root element");
  return erste[1][0] as Knoten;
}

// ---------------------------------------------------------------------------------------------------------------
// Reading the tree

function kinder(knoten: Knoten | undefined, name: string): Knoten[] {
  if (!knoten || !Object.hasOwn(knoten, name)) return [];
  const wert = knoten[name];
  return Array.isArray(wert) ? (wert as Knoten[]) : [];
}

/** The first element along the path (the first of each step). */
function kind(knoten: Knoten | undefined, ...pfad: string[]): Knoten | undefined {
  let aktuell = knoten;
  for (const name of pfad) aktuell = kinder(aktuell, name)[0];
  return aktuell;
}

/** The text of the first element along the path; undefined when absent or blank (optional terms are never ""). */
function text(knoten: Knoten | undefined, ...pfad: string[]): string | undefined {
  const ziel = kind(knoten, ...pfad);
  if (!ziel || !Object.hasOwn(ziel, "#text")) return undefined;
  const wert = ziel["#text"];
  return typeof wert === "string" && wert.trim() !== "" ? wert.trim() : undefined;
}

/** The texts of all elements `name` under the node. */
function texte(knoten: Knoten | undefined, name: string): string[] {
  return kinder(knoten, name)
    .map((k) => text(k))
    .filter((t): t is string => t !== undefined);
}

function attribut(knoten: Knoten | undefined, name: string): string | undefined {
  const schluessel = `@_${name}`;
  if (!knoten || !Object.hasOwn(knoten, schluessel)) return undefined;
  const wert = knoten[schluessel];
  return typeof wert === "string" && wert.trim() !== "" ? wert.trim() : undefined;
}

/** The object without its undefined properties (optional terms are absent, not present as undefined). */
function ohneLeere<T extends object>(objekt: T): T {
  for (const [schluessel, wert] of Object.entries(objekt))
    if (wert === undefined) delete (objekt as Record<string, unknown>)[schluessel];
  return objekt;
}

/** xs:decimal in canonical notation: sign only when negative, no leading zeros, trailing zeros kept. */
function dezimalText(roh: string): string | undefined {
  if (roh.length > 40) return undefined;
  const treffer = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(roh);
  if (!treffer) return undefined;
  const ganz = (treffer[2] ?? "").replace(/^0+(?=\d)/, "");
  const bruch = treffer[3] ?? "";
  if (ganz === "" && bruch === "") return undefined;
  const negativ = treffer[1] === "-" && /[1-9]/.test(ganz + bruch);
  return `${negativ ? "-" : ""}${ganz || "0"}${bruch ? `.${bruch}` : ""}`;
}

/** Collects missing and invalid terms while the mapping runs, and refuses them all at once at the end. */
class Leser {
  private readonly fehlend = new Set<string>();
  private readonly ungueltig = new Set<string>();
  private readonly nichtUnterstuetzt = new Set<string>();
  private artCode: string | undefined;

  pflicht(wert: string | undefined, bt: string): string {
    if (wert === undefined) this.fehlend.add(bt);
    return wert ?? "";
  }

  /** Money: exactly two decimals; more significant decimals are invalid (BR-DEC), never rounded away. */
  geld(roh: string | undefined, bt: string): string | undefined {
    if (roh === undefined) return undefined;
    const kanonisch = dezimalText(roh);
    const wert = kanonisch === undefined ? undefined : dec(kanonisch);
    if (!wert || wert.scale > 2) {
      this.ungueltig.add(bt);
      return "0.00";
    }
    return toFixedString(wert, 2);
  }

  geldPflicht(roh: string | undefined, bt: string): string {
    if (roh === undefined) {
      this.fehlend.add(bt);
      return "0.00";
    }
    return this.geld(roh, bt)!;
  }

  /** Quantities and prices: as written, in canonical notation. */
  zahl(roh: string | undefined, bt: string): string | undefined {
    if (roh === undefined) return undefined;
    const kanonisch = dezimalText(roh);
    if (kanonisch === undefined) this.ungueltig.add(bt);
    return kanonisch ?? "0";
  }

  zahlPflicht(roh: string | undefined, bt: string): string {
    if (roh === undefined) {
      this.fehlend.add(bt);
      return "0";
    }
    return this.zahl(roh, bt)!;
  }

  /** Rates and percentages: at least two decimals ("7" → "7.00"), further significant ones kept. */
  prozent(roh: string | undefined, bt: string): string | undefined {
    if (roh === undefined) return undefined;
    const kanonisch = dezimalText(roh);
    if (kanonisch === undefined) {
      this.ungueltig.add(bt);
      return "0.00";
    }
    const wert = dec(kanonisch);
    return toFixedString(wert, Math.max(2, wert.scale));
  }

  /** A VAT rate: mandatory except for category O, which has none (then "0.00"). */
  satz(roh: string | undefined, kategorie: TKategorie, bt: string): string {
    if (roh === undefined && kategorie !== "O") this.fehlend.add(bt);
    return this.prozent(roh, bt) ?? "0.00";
  }

  kategorie(roh: string | undefined, bt: string): TKategorie {
    if (roh === undefined) this.fehlend.add(bt);
    else if (!(KATEGORIEN as readonly string[]).includes(roh)) this.ungueltig.add(bt);
    else return roh as TKategorie;
    return "S";
  }

  art(roh: string | undefined): TRechnungsArt {
    if (roh === undefined) this.fehlend.add("BT-3");
    else if (!(RECHNUNGS_ARTEN as readonly string[]).includes(roh)) {
      this.nichtUnterstuetzt.add("BT-3");
      if (/^\d{1,3}$/.test(roh)) this.artCode = roh;
    } else return roh as TRechnungsArt;
    return "380";
  }

  waehrung(roh: string | undefined, bt: string): string {
    if (roh !== undefined && !/^[A-Z]{3}$/.test(roh)) this.ungueltig.add(bt);
    return this.pflicht(roh, bt);
  }

  /** BT-6: the model knows one currency; a different VAT accounting currency (with BT-111) is not supported. */
  steuerWaehrung(roh: string | undefined, waehrung: string): void {
    if (roh !== undefined && roh !== waehrung) this.nichtUnterstuetzt.add("BT-6");
  }

  land(roh: string | undefined, bt: string): string {
    if (roh !== undefined && !/^[A-Z]{2}$/.test(roh)) this.ungueltig.add(bt);
    return this.pflicht(roh, bt);
  }

  /** xs:date (UBL), optionally with a time zone, to "YYYY-MM-DD". */
  datum(roh: string | undefined, bt: string): string | undefined {
    if (roh === undefined) return undefined;
    const treffer = /^(\d{4}-\d{2}-\d{2})(?:Z|[+-]\d{2}:\d{2})?$/.exec(roh);
    if (!treffer || !kalendertag(treffer[1]!)) {
      this.ungueltig.add(bt);
      return undefined;
    }
    return treffer[1];
  }

  /** A CII date (udt:DateTimeString / qdt:DateTimeString with format 102, "YYYYMMDD") to "YYYY-MM-DD". */
  datum102(knoten: Knoten | undefined, bt: string): string | undefined {
    const roh = text(knoten);
    if (roh === undefined) return undefined;
    const format = attribut(knoten, "format");
    const treffer = /^(\d{4})(\d{2})(\d{2})$/.exec(roh);
    const iso = treffer ? `${treffer[1]}-${treffer[2]}-${treffer[3]}` : "";
    if ((format !== undefined && format !== "102") || !treffer || !kalendertag(iso)) {
      this.ungueltig.add(bt);
      return undefined;
    }
    return iso;
  }

  /** A charge indicator (xs:boolean in UBL, udt:Indicator in CII). */
  zuschlag(roh: string | undefined, bt: string): boolean {
    if (roh === "true" || roh === "1") return true;
    if (roh === "false" || roh === "0") return false;
    if (roh === undefined) this.fehlend.add(bt);
    else this.ungueltig.add(bt);
    return false;
  }

  abschliessen(): void {
    const liste = (menge: Set<string>) => [...menge];
    const details: LesefehlerDetails = {
      ...(this.fehlend.size > 0 ? { fehlend: liste(this.fehlend) } : {}),
      ...(this.ungueltig.size > 0 ? { ungueltig: liste(this.ungueltig) } : {}),
      ...(this.nichtUnterstuetzt.size > 0 ? { nichtUnterstuetzt: liste(this.nichtUnterstuetzt) } : {}),
      ...(this.artCode ? { artCode: this.artCode } : {}),
    };
    if (this.nichtUnterstuetzt.size > 0)
      throw new ErechnungLesefehler(
        "nichtUnterstuetzt",
        `Business terms the product cannot take: ${liste(this.nichtUnterstuetzt).join(", ")}`,
        details,
      );
    if (this.fehlend.size > 0)
      throw new ErechnungLesefehler(
        "unvollstaendig",
        `Mandatory business terms missing: ${liste(this.fehlend).join(", ")}`,
        details,
      );
    if (this.ungueltig.size > 0)
      throw new ErechnungLesefehler(
        "ungueltig",
        `Business terms with invalid values: ${liste(this.ungueltig).join(", ")}`,
        details,
      );
  }
}

function kalendertag(iso: string): boolean {
  const [jahr, monat, tag] = iso.split("-").map(Number) as [number, number, number];
  const datum = new Date(Date.UTC(jahr, monat - 1, tag));
  return datum.getUTCFullYear() === jahr && datum.getUTCMonth() === monat - 1 && datum.getUTCDate() === tag;
}

/** −betrag for a money string (a charge read as a negative allowance). */
function negiert(betrag: string): string {
  return toFixedString(sub(dec("0"), dec(betrag)), 2);
}

/** "NL57 RABO 0107307510" → "NL57RABO0107307510" when it is an IBAN written in groups; else as written. */
function kontoKennung(roh: string): string {
  const kompakt = roh.replace(/\s+/g, "");
  return /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(kompakt) ? kompakt : roh;
}

// ---------------------------------------------------------------------------------------------------------------
// Shared pieces of both syntaxes

/** The business terms of a party, per role. */
const PARTEI_BT = {
  verkaeufer: {
    name: "BT-27",
    land: "BT-40",
    schema: "BT-34-1",
  },
  kaeufer: {
    name: "BT-44",
    land: "BT-55",
    schema: "BT-49-1",
  },
} as const;
type Rolle = keyof typeof PARTEI_BT;

/** The raw values of a party, as both syntaxes find them. */
interface ParteiRoh {
  name?: string;
  handelsname?: string;
  kennung?: string;
  registernummer?: string;
  uid?: string;
  steuernummer?: string;
  adresseSchema?: string;
  adresseWert?: string;
  adresse: AdresseRoh;
  kontakt: { name?: string; telefon?: string; email?: string };
}

interface AdresseRoh {
  zeile1?: string;
  zeile2?: string;
  ort?: string;
  plz?: string;
  land?: string;
}

function adresseBauen(roh: AdresseRoh, leser: Leser, btLand: string): Adresse {
  return ohneLeere({
    zeile1: roh.zeile1,
    zeile2: roh.zeile2,
    ort: roh.ort,
    plz: roh.plz,
    land: leser.land(roh.land, btLand),
  });
}

function parteiBauen(roh: ParteiRoh, leser: Leser, rolle: Rolle): Partei {
  const bt = PARTEI_BT[rolle];
  const name = leser.pflicht(roh.name, bt.name);
  if (roh.adresseWert !== undefined) leser.pflicht(roh.adresseSchema, bt.schema);
  const kontakt = ohneLeere({ ...roh.kontakt });
  return ohneLeere({
    name,
    handelsname: roh.handelsname !== name ? roh.handelsname : undefined,
    kennung: roh.kennung,
    registernummer: roh.registernummer,
    uid: roh.uid,
    steuernummer: rolle === "verkaeufer" ? roh.steuernummer : undefined,
    elektronischeAdresse:
      roh.adresseWert !== undefined ? { schema: roh.adresseSchema ?? "", wert: roh.adresseWert } : undefined,
    adresse: adresseBauen(roh.adresse, leser, bt.land),
    kontakt: Object.keys(kontakt).length > 0 ? kontakt : undefined,
  });
}

/** An allowance or charge as both syntaxes carry it, before it becomes an Abschlag. */
interface AbschlagRoh {
  zuschlag: boolean;
  betrag?: string;
  basis?: string;
  prozent?: string;
  grund?: string;
  grundCode?: string;
  kategorie?: string;
  satz?: string;
}

/** BT numbers of a document allowance (BG-20) and charge (BG-21). */
const DOKUMENT_BT = {
  abschlag: { betrag: "BT-92", basis: "BT-93", prozent: "BT-94", kategorie: "BT-95", satz: "BT-96" },
  zuschlag: { betrag: "BT-99", basis: "BT-100", prozent: "BT-101", kategorie: "BT-102", satz: "BT-103" },
} as const;

/** A document allowance; a charge becomes a negative allowance (see the top comment). */
function abschlagBauen(roh: AbschlagRoh, leser: Leser): Abschlag {
  const bt = roh.zuschlag ? DOKUMENT_BT.zuschlag : DOKUMENT_BT.abschlag;
  const betrag = leser.geldPflicht(roh.betrag, bt.betrag);
  const kategorie = leser.kategorie(roh.kategorie, bt.kategorie);
  return ohneLeere({
    betrag: roh.zuschlag ? negiert(betrag) : betrag,
    basis: leser.geld(roh.basis, bt.basis),
    prozent: leser.prozent(roh.prozent, bt.prozent),
    kategorie,
    satz: leser.satz(roh.satz, kategorie, bt.satz),
    // A charge's reason code is UNTDID 7161, not the 5189 list of grundCode: kept as text when there is no other.
    grund: roh.zuschlag ? (roh.grund ?? roh.grundCode) : roh.grund,
    grundCode: roh.zuschlag ? undefined : roh.grundCode,
  });
}

/** A line's allowances (BG-27) and charges (BG-28) folded into the position's one abschlag. */
function zeilenAbschlagBauen(teile: AbschlagRoh[], leser: Leser): Position["abschlag"] {
  const gelesen = teile.map((teil) => {
    const bt = teil.zuschlag
      ? { betrag: "BT-141", basis: "BT-142", prozent: "BT-143" }
      : { betrag: "BT-136", basis: "BT-137", prozent: "BT-138" };
    return {
      zuschlag: teil.zuschlag,
      betrag: leser.geldPflicht(teil.betrag, bt.betrag),
      basis: leser.geld(teil.basis, bt.basis),
      prozent: leser.prozent(teil.prozent, bt.prozent),
      grund: teil.grund ?? teil.grundCode,
    };
  });
  const [erster] = gelesen;
  if (!erster) return undefined;
  if (gelesen.length === 1 && !erster.zuschlag)
    return ohneLeere({
      betrag: erster.betrag,
      grund: erster.grund,
      prozent: erster.prozent,
      basis: erster.basis,
    });
  let summe = dec("0");
  for (const teil of gelesen)
    summe = teil.zuschlag ? sub(summe, dec(teil.betrag)) : add(summe, dec(teil.betrag));
  const gruende = gelesen.map((teil) => teil.grund).filter((g): g is string => g !== undefined);
  return ohneLeere({
    betrag: toFixedString(summe, 2),
    grund: gruende.length > 0 ? gruende.join("; ") : undefined,
  });
}

interface PositionRoh {
  id?: string;
  notizen: string[];
  menge?: string;
  einheit?: string;
  netto?: string;
  preis?: string;
  preisBasisMenge?: string;
  abschlaege: AbschlagRoh[];
  kategorie?: string;
  satz?: string;
  name?: string;
  beschreibung?: string;
  artikelNummer?: string;
}

function positionBauen(roh: PositionRoh, leser: Leser): Position {
  const kategorie = leser.kategorie(roh.kategorie, "BT-151");
  return ohneLeere({
    id: leser.pflicht(roh.id, "BT-126"),
    notiz: roh.notizen.length > 0 ? roh.notizen.join("\n") : undefined,
    menge: leser.zahlPflicht(roh.menge, "BT-129"),
    einheit: leser.pflicht(roh.einheit, "BT-130"),
    netto: leser.geldPflicht(roh.netto, "BT-131"),
    preis: leser.zahlPflicht(roh.preis, "BT-146"),
    preisBasisMenge: leser.zahl(roh.preisBasisMenge, "BT-149"),
    abschlag: zeilenAbschlagBauen(roh.abschlaege, leser),
    kategorie,
    satz: leser.satz(roh.satz, kategorie, "BT-152"),
    name: leser.pflicht(roh.name, "BT-153"),
    beschreibung: roh.beschreibung,
    artikelNummer: roh.artikelNummer,
  });
}

interface SteuerzeileRoh {
  basis?: string;
  betrag?: string;
  kategorie?: string;
  satz?: string;
  befreiungsGrund?: string;
  befreiungsCode?: string;
}

function steuerzeileBauen(roh: SteuerzeileRoh, leser: Leser): Steuerzeile {
  const kategorie = leser.kategorie(roh.kategorie, "BT-118");
  return ohneLeere({
    basis: leser.geldPflicht(roh.basis, "BT-116"),
    betrag: leser.geldPflicht(roh.betrag, "BT-117"),
    kategorie,
    satz: leser.satz(roh.satz, kategorie, "BT-119"),
    befreiungsGrund: roh.befreiungsGrund,
    befreiungsCode: roh.befreiungsCode,
  });
}

interface SummenRoh {
  positionen?: string;
  abschlaege?: string;
  zuschlaege?: string;
  netto?: string;
  steuer?: string;
  brutto?: string;
  vorausbezahlt?: string;
  rundung?: string;
  zahlbar?: string;
}

function summenBauen(roh: SummenRoh, steuern: readonly Steuerzeile[], leser: Leser): Summen {
  const abschlaege = leser.geld(roh.abschlaege, "BT-107");
  const zuschlaege = leser.geld(roh.zuschlaege, "BT-108");
  // BT-110 is optional in EN 16931; without it, it is the sum of the breakdown (BR-CO-14).
  let steuer = leser.geld(roh.steuer, "BT-110");
  if (steuer === undefined) {
    let summe = dec("0");
    for (const zeile of steuern) summe = add(summe, dec(zeile.betrag));
    steuer = toFixedString(summe, 2);
  }
  return ohneLeere({
    positionen: leser.geldPflicht(roh.positionen, "BT-106"),
    abschlaege:
      abschlaege === undefined && zuschlaege === undefined
        ? undefined
        : toFixedString(sub(dec(abschlaege ?? "0"), dec(zuschlaege ?? "0")), 2),
    netto: leser.geldPflicht(roh.netto, "BT-109"),
    steuer,
    brutto: leser.geldPflicht(roh.brutto, "BT-112"),
    vorausbezahlt: leser.geld(roh.vorausbezahlt, "BT-113"),
    rundung: leser.geld(roh.rundung, "BT-114"),
    zahlbar: leser.geldPflicht(roh.zahlbar, "BT-115"),
  });
}

interface ZahlungsmittelRoh {
  artCode?: string;
  iban?: string;
  bic?: string;
  inhaber?: string;
}

function zahlungBauen(
  mittel: ZahlungsmittelRoh[],
  rest: { verwendungszweck?: string; bedingungen: string[]; faelligAm?: string },
  leser: Leser,
): Zahlung | undefined {
  const gewaehlt = mittel.find((m) => m.iban !== undefined) ?? mittel[0];
  const bedingungen = rest.bedingungen.length > 0 ? rest.bedingungen.join("\n") : undefined;
  if (!gewaehlt && bedingungen === undefined && rest.faelligAm === undefined && !rest.verwendungszweck)
    return undefined;
  return ohneLeere({
    artCode: gewaehlt ? leser.pflicht(gewaehlt.artCode, "BT-81") : "1",
    verwendungszweck: rest.verwendungszweck,
    konto:
      gewaehlt?.iban !== undefined
        ? ohneLeere({ iban: kontoKennung(gewaehlt.iban), bic: gewaehlt.bic, inhaber: gewaehlt.inhaber })
        : undefined,
    bedingungen,
    faelligAm: rest.faelligAm,
  });
}

/** The mandatory groups: at least one line (BG-25) and one VAT breakdown (BG-23). */
function gruppenPruefen(positionen: readonly unknown[], steuern: readonly unknown[], leser: Leser): void {
  if (positionen.length === 0) leser.pflicht(undefined, "BG-25");
  if (steuern.length === 0) leser.pflicht(undefined, "BG-23");
}

// ---------------------------------------------------------------------------------------------------------------
// UBL 2.1 Invoice / CreditNote

function ublAdresse(knoten: Knoten | undefined): AdresseRoh {
  return {
    zeile1: text(knoten, "StreetName"),
    zeile2: text(knoten, "AdditionalStreetName"),
    ort: text(knoten, "CityName"),
    plz: text(knoten, "PostalZone"),
    land: text(knoten, "Country", "IdentificationCode"),
  };
}

function ublPartei(partei: Knoten | undefined, leser: Leser, rolle: Rolle): Partei {
  const steuern = kinder(partei, "PartyTaxScheme");
  const istUst = (s: Knoten) => text(s, "TaxScheme", "ID")?.toUpperCase() === "VAT";
  // The seller's SEPA creditor id (BT-90) is a PartyIdentification too, but not BT-29.
  const kennung = kinder(partei, "PartyIdentification").find(
    (k) => rolle === "kaeufer" || attribut(kind(k, "ID"), "schemeID")?.toUpperCase() !== "SEPA",
  );
  const endpunkt = kind(partei, "EndpointID");
  const kontakt = kind(partei, "Contact");
  return parteiBauen(
    {
      name: text(partei, "PartyLegalEntity", "RegistrationName"),
      handelsname: text(partei, "PartyName", "Name"),
      kennung: text(kennung, "ID"),
      registernummer: text(partei, "PartyLegalEntity", "CompanyID"),
      uid: text(steuern.find(istUst), "CompanyID"),
      steuernummer: text(
        steuern.find((s) => !istUst(s)),
        "CompanyID",
      ),
      adresseWert: text(endpunkt),
      adresseSchema: attribut(endpunkt, "schemeID"),
      adresse: ublAdresse(kind(partei, "PostalAddress")),
      kontakt: {
        name: text(kontakt, "Name"),
        telefon: text(kontakt, "Telephone"),
        email: text(kontakt, "ElectronicMail"),
      },
    },
    leser,
    rolle,
  );
}

function ublAbschlagRoh(knoten: Knoten, leser: Leser, btIndikator: string): AbschlagRoh {
  const steuer = kind(knoten, "TaxCategory");
  return {
    zuschlag: leser.zuschlag(text(knoten, "ChargeIndicator"), btIndikator),
    betrag: text(knoten, "Amount"),
    basis: text(knoten, "BaseAmount"),
    prozent: text(knoten, "MultiplierFactorNumeric"),
    grund: text(knoten, "AllowanceChargeReason"),
    grundCode: text(knoten, "AllowanceChargeReasonCode"),
    kategorie: text(steuer, "ID"),
    satz: text(steuer, "Percent"),
  };
}

function ublLesen(dok: Knoten, leser: Leser, gutschrift: boolean): Rechnung {
  const waehrung = leser.waehrung(text(dok, "DocumentCurrencyCode"), "BT-5");
  leser.steuerWaehrung(text(dok, "TaxCurrencyCode"), waehrung);

  const positionen = kinder(dok, gutschrift ? "CreditNoteLine" : "InvoiceLine").map((zeile) => {
    const menge = kind(zeile, gutschrift ? "CreditedQuantity" : "InvoicedQuantity");
    const artikel = kind(zeile, "Item");
    const steuer = kind(artikel, "ClassifiedTaxCategory");
    const preis = kind(zeile, "Price");
    return positionBauen(
      {
        id: text(zeile, "ID"),
        notizen: texte(zeile, "Note"),
        menge: text(menge),
        einheit: attribut(menge, "unitCode"),
        netto: text(zeile, "LineExtensionAmount"),
        preis: text(preis, "PriceAmount"),
        preisBasisMenge: text(preis, "BaseQuantity"),
        abschlaege: kinder(zeile, "AllowanceCharge").map((a) => ublAbschlagRoh(a, leser, "BG-27")),
        kategorie: text(steuer, "ID"),
        satz: text(steuer, "Percent"),
        name: text(artikel, "Name"),
        beschreibung: text(artikel, "Description"),
        artikelNummer: text(artikel, "SellersItemIdentification", "ID"),
      },
      leser,
    );
  });

  // BT-110 is the TaxTotal in the invoice currency (a second one in the VAT currency would be BT-111).
  const steuerSummen = kinder(dok, "TaxTotal");
  const steuerSumme =
    steuerSummen.find((s) => (attribut(kind(s, "TaxAmount"), "currencyID") ?? waehrung) === waehrung) ??
    steuerSummen[0];
  const steuern = steuerSummen
    .flatMap((s) => kinder(s, "TaxSubtotal"))
    .map((zeile) => {
      const kategorie = kind(zeile, "TaxCategory");
      return steuerzeileBauen(
        {
          basis: text(zeile, "TaxableAmount"),
          betrag: text(zeile, "TaxAmount"),
          kategorie: text(kategorie, "ID"),
          satz: text(kategorie, "Percent"),
          befreiungsGrund: text(kategorie, "TaxExemptionReason"),
          befreiungsCode: text(kategorie, "TaxExemptionReasonCode"),
        },
        leser,
      );
    });
  gruppenPruefen(positionen, steuern, leser);

  const summe = kind(dok, "LegalMonetaryTotal");
  const summen = summenBauen(
    {
      positionen: text(summe, "LineExtensionAmount"),
      abschlaege: text(summe, "AllowanceTotalAmount"),
      zuschlaege: text(summe, "ChargeTotalAmount"),
      netto: text(summe, "TaxExclusiveAmount"),
      steuer: text(steuerSumme, "TaxAmount"),
      brutto: text(summe, "TaxInclusiveAmount"),
      vorausbezahlt: text(summe, "PrepaidAmount"),
      rundung: text(summe, "PayableRoundingAmount"),
      zahlbar: text(summe, "PayableAmount"),
    },
    steuern,
    leser,
  );

  const mittel = kinder(dok, "PaymentMeans");
  const zahlung = zahlungBauen(
    mittel.map((m) => {
      const konto = kind(m, "PayeeFinancialAccount");
      return {
        artCode: text(m, "PaymentMeansCode"),
        iban: text(konto, "ID"),
        bic: text(konto, "FinancialInstitutionBranch", "ID"),
        inhaber: text(konto, "Name"),
      };
    }),
    {
      verwendungszweck: mittel.map((m) => text(m, "PaymentID")).find((t) => t !== undefined),
      bedingungen: kinder(dok, "PaymentTerms").flatMap((b) => texte(b, "Note")),
      // A UBL CreditNote has no DueDate; Peppol puts BT-9 into PaymentMeans/PaymentDueDate there.
      faelligAm: leser.datum(
        text(dok, "DueDate") ?? mittel.map((m) => text(m, "PaymentDueDate")).find((t) => t !== undefined),
        "BT-9",
      ),
    },
    leser,
  );

  const lieferung = kind(dok, "Delivery");
  const lieferAdresse = kind(lieferung, "DeliveryLocation", "Address");
  const zeitraum = kind(dok, "InvoicePeriod");
  const vorgaenger = kind(dok, "BillingReference", "InvoiceDocumentReference");

  return ohneLeere({
    nummer: leser.pflicht(text(dok, "ID"), "BT-1"),
    datum:
      leser.pflicht(text(dok, "IssueDate"), "BT-2") && (leser.datum(text(dok, "IssueDate"), "BT-2") ?? ""),
    art: leser.art(text(dok, gutschrift ? "CreditNoteTypeCode" : "InvoiceTypeCode")),
    waehrung,
    spezifikation: text(dok, "CustomizationID"),
    prozess: text(dok, "ProfileID"),
    notizen: texte(dok, "Note"),
    kaeuferReferenz: text(dok, "BuyerReference"),
    bestellReferenz: text(dok, "OrderReference", "ID"),
    vorgaenger: vorgaenger
      ? ohneLeere({
          nummer: leser.pflicht(text(vorgaenger, "ID"), "BT-25"),
          datum: leser.datum(text(vorgaenger, "IssueDate"), "BT-26"),
        })
      : undefined,
    verkaeufer: ublPartei(kind(dok, "AccountingSupplierParty", "Party"), leser, "verkaeufer"),
    kaeufer: ublPartei(kind(dok, "AccountingCustomerParty", "Party"), leser, "kaeufer"),
    lieferung: lieferungBauen(
      {
        name: text(lieferung, "DeliveryParty", "PartyName", "Name"),
        datum: leser.datum(text(lieferung, "ActualDeliveryDate"), "BT-72"),
        adresse: lieferAdresse ? ublAdresse(lieferAdresse) : undefined,
      },
      leser,
    ),
    zeitraum: zeitraumBauen(
      leser.datum(text(zeitraum, "StartDate"), "BT-73"),
      leser.datum(text(zeitraum, "EndDate"), "BT-74"),
    ),
    zahlung,
    abschlaege: kinder(dok, "AllowanceCharge").map((a) =>
      abschlagBauen(ublAbschlagRoh(a, leser, "BG-20"), leser),
    ),
    positionen,
    steuern,
    summen,
  });
}

function lieferungBauen(
  roh: { name?: string; datum?: string; adresse?: AdresseRoh },
  leser: Leser,
): Rechnung["lieferung"] {
  if (roh.name === undefined && roh.datum === undefined && roh.adresse === undefined) return undefined;
  return ohneLeere({
    name: roh.name,
    datum: roh.datum,
    adresse: roh.adresse ? adresseBauen(roh.adresse, leser, "BT-80") : undefined,
  });
}

function zeitraumBauen(von: string | undefined, bis: string | undefined): Rechnung["zeitraum"] {
  return von !== undefined && bis !== undefined ? { von, bis } : undefined;
}

// ---------------------------------------------------------------------------------------------------------------
// UN/CEFACT CII D16B CrossIndustryInvoice

function ciiAdresse(knoten: Knoten | undefined): AdresseRoh {
  return {
    zeile1: text(knoten, "LineOne"),
    zeile2: text(knoten, "LineTwo"),
    ort: text(knoten, "CityName"),
    plz: text(knoten, "PostcodeCode"),
    land: text(knoten, "CountryID"),
  };
}

function ciiPartei(partei: Knoten | undefined, leser: Leser, rolle: Rolle): Partei {
  const registrierungen = kinder(partei, "SpecifiedTaxRegistration").map((r) => kind(r, "ID"));
  const registrierung = (schema: string) =>
    text(registrierungen.find((id) => attribut(id, "schemeID")?.toUpperCase() === schema));
  const endpunkt = kind(partei, "URIUniversalCommunication", "URIID");
  const kontakt = kind(partei, "DefinedTradeContact");
  return parteiBauen(
    {
      name: text(partei, "Name"),
      handelsname: text(partei, "SpecifiedLegalOrganization", "TradingBusinessName"),
      kennung: text(partei, "ID") ?? text(partei, "GlobalID"),
      registernummer: text(partei, "SpecifiedLegalOrganization", "ID"),
      uid: registrierung("VA"),
      steuernummer: registrierung("FC"),
      adresseWert: text(endpunkt),
      adresseSchema: attribut(endpunkt, "schemeID"),
      adresse: ciiAdresse(kind(partei, "PostalTradeAddress")),
      kontakt: {
        name: text(kontakt, "PersonName") ?? text(kontakt, "DepartmentName"),
        telefon: text(kontakt, "TelephoneUniversalCommunication", "CompleteNumber"),
        email: text(kontakt, "EmailURIUniversalCommunication", "URIID"),
      },
    },
    leser,
    rolle,
  );
}

function ciiAbschlagRoh(knoten: Knoten, leser: Leser, btIndikator: string): AbschlagRoh {
  const steuer = kind(knoten, "CategoryTradeTax");
  return {
    zuschlag: leser.zuschlag(text(knoten, "ChargeIndicator", "Indicator"), btIndikator),
    betrag: text(knoten, "ActualAmount"),
    basis: text(knoten, "BasisAmount"),
    prozent: text(knoten, "CalculationPercent"),
    grund: text(knoten, "Reason"),
    grundCode: text(knoten, "ReasonCode"),
    kategorie: text(steuer, "CategoryCode"),
    satz: text(steuer, "RateApplicablePercent"),
  };
}

/** CII notes: the subject code (BT-21) goes in front as in UBL, "#CODE#text". */
function ciiNotizen(knoten: Knoten | undefined): string[] {
  return kinder(knoten, "IncludedNote").flatMap((notiz) => {
    const inhalt = texte(notiz, "Content").join("\n");
    if (inhalt === "") return [];
    const code = text(notiz, "SubjectCode");
    return [code ? `#${code}#${inhalt}` : inhalt];
  });
}

function ciiLesen(dok: Knoten, leser: Leser): Rechnung {
  const kontext = kind(dok, "ExchangedDocumentContext");
  const kopf = kind(dok, "ExchangedDocument");
  const handel = kind(dok, "SupplyChainTradeTransaction");
  const vereinbarung = kind(handel, "ApplicableHeaderTradeAgreement");
  const lieferung = kind(handel, "ApplicableHeaderTradeDelivery");
  const abrechnung = kind(handel, "ApplicableHeaderTradeSettlement");
  const summe = kind(abrechnung, "SpecifiedTradeSettlementHeaderMonetarySummation");

  const waehrung = leser.waehrung(text(abrechnung, "InvoiceCurrencyCode"), "BT-5");
  leser.steuerWaehrung(text(abrechnung, "TaxCurrencyCode"), waehrung);

  const positionen = kinder(handel, "IncludedSupplyChainTradeLineItem").map((zeile) => {
    const dokument = kind(zeile, "AssociatedDocumentLineDocument");
    const produkt = kind(zeile, "SpecifiedTradeProduct");
    const preis = kind(zeile, "SpecifiedLineTradeAgreement", "NetPriceProductTradePrice");
    const menge = kind(zeile, "SpecifiedLineTradeDelivery", "BilledQuantity");
    const zeilenAbrechnung = kind(zeile, "SpecifiedLineTradeSettlement");
    const steuer = kind(zeilenAbrechnung, "ApplicableTradeTax");
    return positionBauen(
      {
        id: text(dokument, "LineID"),
        notizen: kinder(dokument, "IncludedNote").flatMap((n) => texte(n, "Content")),
        menge: text(menge),
        einheit: attribut(menge, "unitCode"),
        netto: text(zeilenAbrechnung, "SpecifiedTradeSettlementLineMonetarySummation", "LineTotalAmount"),
        preis: text(preis, "ChargeAmount"),
        preisBasisMenge: text(preis, "BasisQuantity"),
        abschlaege: kinder(zeilenAbrechnung, "SpecifiedTradeAllowanceCharge").map((a) =>
          ciiAbschlagRoh(a, leser, "BG-27"),
        ),
        kategorie: text(steuer, "CategoryCode"),
        satz: text(steuer, "RateApplicablePercent"),
        name: text(produkt, "Name"),
        beschreibung: text(produkt, "Description"),
        artikelNummer: text(produkt, "SellerAssignedID"),
      },
      leser,
    );
  });

  const steuern = kinder(abrechnung, "ApplicableTradeTax").map((zeile) =>
    steuerzeileBauen(
      {
        basis: text(zeile, "BasisAmount"),
        betrag: text(zeile, "CalculatedAmount"),
        kategorie: text(zeile, "CategoryCode"),
        satz: text(zeile, "RateApplicablePercent"),
        befreiungsGrund: text(zeile, "ExemptionReason"),
        befreiungsCode: text(zeile, "ExemptionReasonCode"),
      },
      leser,
    ),
  );
  gruppenPruefen(positionen, steuern, leser);

  // BT-110 is the TaxTotalAmount in the invoice currency (a second one in the VAT currency would be BT-111).
  const steuerSummen = kinder(summe, "TaxTotalAmount");
  const steuerSumme =
    steuerSummen.find((s) => (attribut(s, "currencyID") ?? waehrung) === waehrung) ?? steuerSummen[0];
  const summen = summenBauen(
    {
      positionen: text(summe, "LineTotalAmount"),
      abschlaege: text(summe, "AllowanceTotalAmount"),
      zuschlaege: text(summe, "ChargeTotalAmount"),
      netto: text(summe, "TaxBasisTotalAmount"),
      steuer: text(steuerSumme),
      brutto: text(summe, "GrandTotalAmount"),
      vorausbezahlt: text(summe, "TotalPrepaidAmount"),
      rundung: text(summe, "RoundingAmount"),
      zahlbar: text(summe, "DuePayableAmount"),
    },
    steuern,
    leser,
  );

  const bedingungen = kinder(abrechnung, "SpecifiedTradePaymentTerms");
  const zahlung = zahlungBauen(
    kinder(abrechnung, "SpecifiedTradeSettlementPaymentMeans").map((m) => {
      const konto = kind(m, "PayeePartyCreditorFinancialAccount");
      return {
        artCode: text(m, "TypeCode"),
        iban: text(konto, "IBANID") ?? text(konto, "ProprietaryID"),
        bic: text(m, "PayeeSpecifiedCreditorFinancialInstitution", "BICID"),
        inhaber: text(konto, "AccountName"),
      };
    }),
    {
      verwendungszweck: text(abrechnung, "PaymentReference"),
      bedingungen: bedingungen.flatMap((b) => texte(b, "Description")),
      faelligAm: leser.datum102(
        bedingungen.map((b) => kind(b, "DueDateDateTime", "DateTimeString")).find((k) => k !== undefined),
        "BT-9",
      ),
    },
    leser,
  );

  const empfaenger = kind(lieferung, "ShipToTradeParty");
  const lieferAdresse = kind(empfaenger, "PostalTradeAddress");
  const zeitraum = kind(abrechnung, "BillingSpecifiedPeriod");
  const vorgaenger = kind(abrechnung, "InvoiceReferencedDocument");

  return ohneLeere({
    nummer: leser.pflicht(text(kopf, "ID"), "BT-1"),
    datum:
      leser.pflicht(text(kopf, "IssueDateTime", "DateTimeString"), "BT-2") &&
      (leser.datum102(kind(kopf, "IssueDateTime", "DateTimeString"), "BT-2") ?? ""),
    art: leser.art(text(kopf, "TypeCode")),
    waehrung,
    spezifikation: text(kontext, "GuidelineSpecifiedDocumentContextParameter", "ID"),
    prozess: text(kontext, "BusinessProcessSpecifiedDocumentContextParameter", "ID"),
    notizen: ciiNotizen(kopf),
    kaeuferReferenz: text(vereinbarung, "BuyerReference"),
    bestellReferenz: text(vereinbarung, "BuyerOrderReferencedDocument", "IssuerAssignedID"),
    vorgaenger: vorgaenger
      ? ohneLeere({
          nummer: leser.pflicht(text(vorgaenger, "IssuerAssignedID"), "BT-25"),
          datum: leser.datum102(kind(vorgaenger, "FormattedIssueDateTime", "DateTimeString"), "BT-26"),
        })
      : undefined,
    verkaeufer: ciiPartei(kind(vereinbarung, "SellerTradeParty"), leser, "verkaeufer"),
    kaeufer: ciiPartei(kind(vereinbarung, "BuyerTradeParty"), leser, "kaeufer"),
    lieferung: lieferungBauen(
      {
        name: text(empfaenger, "Name"),
        datum: leser.datum102(
          kind(lieferung, "ActualDeliverySupplyChainEvent", "OccurrenceDateTime", "DateTimeString"),
          "BT-72",
        ),
        adresse: lieferAdresse ? ciiAdresse(lieferAdresse) : undefined,
      },
      leser,
    ),
    zeitraum: zeitraumBauen(
      leser.datum102(kind(zeitraum, "StartDateTime", "DateTimeString"), "BT-73"),
      leser.datum102(kind(zeitraum, "EndDateTime", "DateTimeString"), "BT-74"),
    ),
    zahlung,
    abschlaege: kinder(abrechnung, "SpecifiedTradeAllowanceCharge").map((a) =>
      abschlagBauen(ciiAbschlagRoh(a, leser, "BG-20"), leser),
    ),
    positionen,
    steuern,
    summen,
  });
}
