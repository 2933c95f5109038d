import { createHash } from "node:crypto";
import { constants, inflateSync } from "node:zlib";
import { esc } from "@kontor/erechnung/xml";
import type { PDFDocument } from "pdf-lib";
import { loadPdfLib } from "../../lazy.ts";

/**
 * Factur-X 1.0 / ZUGFeRD 2.x: the hybrid invoice, a PDF/A-3 whose embedded file factur-x.xml carries the CII
 * invoice, and the way back (reading the invoice XML out of a PDF someone sent us).
 *
 * Writing (`facturxPdf`) starts from the document's own PDF/A-3b (pdfErzeugen: pdfkit's PDF/A subset) and changes
 * it with pdf-lib, loaded with `updateMetadata: false` so pdf-lib writes neither its producer nor its dates:
 * - The XML is an EmbeddedFile stream (/Subtype /text#2Fxml, /Params with /Size, /ModDate and /CheckSum), its
 *   /Filespec (/F and /UF "factur-x.xml", /Desc, /AFRelationship) is listed in the catalog's /Names /EmbeddedFiles
 *   name tree and in the catalog's /AF array: PDF/A-3 (ISO 19005-3, 6.8) only allows an embedded file that is an
 *   associated file, and ZUGFeRD/Factur-X readers look it up in the name tree.
 * - /AFRelationship /Alternative: the XML is the invoice itself, in another form. ZUGFeRD 2.1.1 Technical
 *   Supplement Part A, 2.2.2 "Data relationship" (Factur-X 1.07.2 / ZUGFeRD 2.3.2, 6.2.2) prescribes Alternative
 *   for the profiles BASIC, EN 16931 and EXTENDED and Data only for MINIMUM and BASIC WL, which are no invoices
 *   under German tax law. mustangproject (ZUGFeRDExporterFromA3.prepare) does the same, citing that section.
 * - The XMP packet is written anew from what the document says (PDF/A wants the XMP and the document information
 *   dictionary to agree; validators such as veraPDF compare them): pdfaid part and conformance as pdfkit declared
 *   them, dc:title/dc:creator/dc:description = /Title, /Author, /Subject, xmp:CreatorTool = /Creator,
 *   pdf:Producer = /Producer, pdf:Keywords = /Keywords, xmp:CreateDate = /CreationDate, xmp:ModifyDate = /ModDate
 *   (now, to the second, so both name the same instant). Added: the Factur-X properties (fx:DocumentType INVOICE,
 *   fx:DocumentFileName, fx:Version 1.0, fx:ConformanceLevel EN 16931) and, because fx is no predefined XMP schema,
 *   its PDF/A extension schema description as the Factur-X 1.0 specification gives it (akretion/factur-x ships the
 *   same as facturx/xmp/Factur-X_extension_schema.xmp). The new packet takes the old metadata stream's object
 *   number: no orphaned second packet stays in the file.
 * - The trailer /ID keeps its first (permanent) half and gets a new second half (the file changed: ISO 32000-1,
 *   14.4); PDF/A requires the /ID.
 *
 * Reading (`eingebettetesXml`) takes arbitrary, untrusted bytes, so it does not use pdf-lib: pdf-lib parses the
 * whole file, inflates every object stream without a limit and keeps every /Name it meets in a process-wide pool.
 * A small reader here follows the cross-reference table or streams (with /Prev and hybrid /XRefStm) to the few
 * objects it needs (catalog, name tree, file specifications, the chosen stream), inflates with node:zlib under a
 * budget of MAX_ENTPACKT bytes per call (a zip bomb stops there), limits nesting, tree size and the bytes it parses
 * in all (no quadratic walks over crafted objects), and falls back to a scan for "n g obj" when the cross-reference
 * data is wrong. A file without "%%EOF" in its last 1024 bytes is
 * truncated and refused; encrypted files are refused (their streams could not be read). Everything else that goes
 * wrong is a PdfLesefehler with a code, never another exception. It is synchronous: nothing in it waits.
 */

/** The file name Factur-X 1.0 and ZUGFeRD 2.1+ prescribe for the embedded invoice (the XMP names it too). */
export const FACTURX_DATEINAME = "factur-x.xml";

/** The Factur-X XMP namespace (Factur-X 1.0: "CrossIndustryDocument" in this spelling, with the trailing #). */
const FX_NAMESPACE = "urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#";

/** What the reader decompresses at most per PDF (all streams together). */
export const MAX_ENTPACKT = 20 * 1024 * 1024;

/**
 * What the reader parses at most per PDF, stream data, cross-reference tables and object stream offsets aside:
 * a catalog, a name tree and a few file specifications take kilobytes.
 */
const MAX_PARSEN = 8 * 1024 * 1024;

/** Names of the invoice XML in order of preference: Factur-X / ZUGFeRD 2.1+, ZUGFeRD 2.0, ZUGFeRD 1, XRechnung. */
const RECHNUNGSDATEIEN = ["factur-x.xml", "zugferd-invoice.xml", "ZUGFeRD-invoice.xml", "xrechnung.xml"];

export interface FacturxAngaben {
  /** The invoice number (BT-1): in the attachment's description and the document's keywords. */
  nummer: string;
  /** The invoice date (BT-2), ISO (YYYY-MM-DD). */
  datum: string;
  /** The document title (/Title, dc:title); without it the title the PDF has stays. */
  titel?: string;
  /** The seller (BT-27) as the document's author (/Author, dc:creator); without it the author stays. */
  verkaeufer?: string;
}

/**
 * The Factur-X / ZUGFeRD (profile EN 16931) PDF/A-3b of an invoice: `pdf` (the document's own PDF/A-3, from
 * pdfErzeugen) with `xml` (its CII invoice, EN 16931) embedded as factur-x.xml. Throws when `pdf` is no PDF/A-3 or
 * already has embedded files.
 */
export async function facturxPdf(pdf: Uint8Array, xml: string, angaben: FacturxAngaben): Promise<Uint8Array> {
  if (!/^\d{4}-\d{2}-\d{2}/.test(angaben.datum) || Number.isNaN(Date.parse(angaben.datum.slice(0, 10))))
    throw new Error(`facturxPdf: datum is no ISO date: ${angaben.datum}`);
  const pdfLib = await loadPdfLib(); // on first use (apps/api/src/lazy.ts)
  const { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRef, PDFString } = pdfLib;
  const dokument = await PDFDocument.load(pdf, { updateMetadata: false });
  const { catalog: katalog, context: kontext } = dokument;

  const bisher = bisherigesXmp(pdfLib, dokument);
  const pdfaTeil = xmpFeld(bisher, "pdfaid:part");
  if (pdfaTeil !== "3")
    throw new Error(`facturxPdf: the PDF is no PDF/A-3 (pdfaid:part ${pdfaTeil ?? "missing"})`);
  const konformitaet = xmpFeld(bisher, "pdfaid:conformance") ?? "B";

  // PDF dates have whole seconds: /ModDate and xmp:ModifyDate must name the same instant.
  const jetzt = new Date(Math.floor(Date.now() / 1000) * 1000);
  const xmlBytes = new TextEncoder().encode(xml);

  // The embedded file, its file specification, the name tree and /AF.
  const datei = kontext.register(
    kontext.flateStream(xmlBytes, {
      Type: "EmbeddedFile",
      Subtype: "text/xml", // written as /text#2Fxml
      Params: {
        Size: xmlBytes.length,
        ModDate: PDFString.fromDate(jetzt),
        CheckSum: PDFHexString.of(createHash("md5").update(xmlBytes).digest("hex")),
      },
    }),
  );
  const dateiangabe = kontext.register(
    kontext.obj({
      Type: "Filespec",
      F: PDFString.of(FACTURX_DATEINAME),
      UF: PDFHexString.fromText(FACTURX_DATEINAME),
      Desc: PDFHexString.fromText(
        `Factur-X / ZUGFeRD EN 16931: ${angaben.nummer}, ${angaben.datum.slice(0, 10)}`,
      ),
      AFRelationship: "Alternative",
      EF: { F: datei, UF: datei },
    }),
  );
  let namen = katalog.lookupMaybe(PDFName.of("Names"), PDFDict);
  if (!namen) {
    namen = kontext.obj({});
    katalog.set(PDFName.of("Names"), namen);
  }
  if (namen.has(PDFName.of("EmbeddedFiles")))
    throw new Error("facturxPdf: the PDF already has embedded files");
  namen.set(
    PDFName.of("EmbeddedFiles"),
    kontext.obj({ Names: [PDFString.of(FACTURX_DATEINAME), dateiangabe] }),
  );
  const af = katalog.lookupMaybe(PDFName.of("AF"), PDFArray);
  if (af) af.push(dateiangabe);
  else katalog.set(PDFName.of("AF"), kontext.obj([dateiangabe]));

  // The document info dictionary; the XMP below repeats it.
  if (angaben.titel) dokument.setTitle(angaben.titel);
  if (angaben.verkaeufer) dokument.setAuthor(angaben.verkaeufer);
  dokument.setKeywords([`Factur-X, ZUGFeRD, EN 16931, ${angaben.nummer}`]);
  const erstellt = dokument.getCreationDate() ?? jetzt;
  dokument.setCreationDate(erstellt);
  dokument.setModificationDate(jetzt);

  const xmp = new TextEncoder().encode(
    xmpPaket({
      teil: pdfaTeil,
      konformitaet,
      titel: dokument.getTitle(),
      autor: dokument.getAuthor(),
      thema: dokument.getSubject(),
      stichwoerter: dokument.getKeywords(),
      programm: dokument.getCreator(),
      hersteller: dokument.getProducer(),
      erstellt,
      geaendert: jetzt,
    }),
  );
  // Unfiltered (PDF/A: metadata stays readable without decoding); the old packet's object number is reused.
  const metadaten = kontext.stream(xmp, { Type: "Metadata", Subtype: "XML" });
  const alteMetadaten = katalog.get(PDFName.of("Metadata"));
  if (alteMetadaten instanceof PDFRef) kontext.assign(alteMetadaten, metadaten);
  else katalog.set(PDFName.of("Metadata"), kontext.register(metadaten));

  // /ID: the first half names the document for good, the second this version of the file.
  const bisherigeId = kontext.lookup(kontext.trailerInfo.ID);
  const ersteHaelfte = bisherigeId instanceof PDFArray ? bisherigeId.get(0) : undefined;
  const neu = createHash("md5").update(pdf).update(xmlBytes).update(jetzt.toISOString()).digest("hex");
  kontext.trailerInfo.ID = kontext.obj([
    ersteHaelfte instanceof PDFHexString ? ersteHaelfte : PDFHexString.of(neu),
    PDFHexString.of(neu),
  ]);

  return dokument.save({ addDefaultPage: false, updateFieldAppearances: false });
}

/** The document's XMP packet as text ("" when it has none). */
function bisherigesXmp(
  { decodePDFRawStream, PDFName, PDFRawStream, PDFStream }: Awaited<ReturnType<typeof loadPdfLib>>,
  dokument: PDFDocument,
): string {
  const strom = dokument.catalog.lookupMaybe(PDFName.of("Metadata"), PDFStream);
  return strom instanceof PDFRawStream ? new TextDecoder().decode(decodePDFRawStream(strom).decode()) : "";
}

/** A simple XMP property, written as element or as attribute of rdf:Description. */
function xmpFeld(xmp: string, name: string): string | undefined {
  const treffer = new RegExp(`<${name}>\\s*([^<]*?)\\s*</${name}>|${name}\\s*=\\s*["']([^"']*)["']`).exec(
    xmp,
  );
  return treffer ? (treffer[1] ?? treffer[2]) : undefined;
}

/** An XMP date: ISO 8601 in UTC, whole seconds (as the PDF date it mirrors). */
function xmpDatum(datum: Date): string {
  return datum.toISOString().replace(/\.\d{3}Z$/, "Z");
}

interface XmpWerte {
  teil: string;
  konformitaet: string;
  titel?: string;
  autor?: string;
  thema?: string;
  stichwoerter?: string;
  programm?: string;
  hersteller?: string;
  erstellt: Date;
  geaendert: Date;
}

/** One property of the Factur-X extension schema (all four are Text, external). */
function fxEigenschaft(name: string, beschreibung: string): string {
  return `                <rdf:li rdf:parseType="Resource">
                  <pdfaProperty:name>${name}</pdfaProperty:name>
                  <pdfaProperty:valueType>Text</pdfaProperty:valueType>
                  <pdfaProperty:category>external</pdfaProperty:category>
                  <pdfaProperty:description>${beschreibung}</pdfaProperty:description>
                </rdf:li>`;
}

function xmpPaket(w: XmpWerte): string {
  const zeile = (name: string, wert: string | undefined) =>
    wert === undefined ? [] : [`      <${name}>${esc(wert)}</${name}>`];
  const alt = (name: string, wert: string | undefined) =>
    wert === undefined
      ? []
      : [`      <${name}><rdf:Alt><rdf:li xml:lang="x-default">${esc(wert)}</rdf:li></rdf:Alt></${name}>`];
  const dc = [
    "      <dc:format>application/pdf</dc:format>",
    ...alt("dc:title", w.titel),
    ...(w.autor === undefined
      ? []
      : [`      <dc:creator><rdf:Seq><rdf:li>${esc(w.autor)}</rdf:li></rdf:Seq></dc:creator>`]),
    ...alt("dc:description", w.thema),
  ];
  const xmp = [
    ...zeile("xmp:CreatorTool", w.programm),
    ...zeile("xmp:CreateDate", xmpDatum(w.erstellt)),
    ...zeile("xmp:ModifyDate", xmpDatum(w.geaendert)),
    ...zeile("xmp:MetadataDate", xmpDatum(w.geaendert)),
  ];
  const pdf = [...zeile("pdf:Producer", w.hersteller), ...zeile("pdf:Keywords", w.stichwoerter)];
  // Room to edit the packet in place (XMP specification part 1, 7.3.2).
  const polster = `${" ".repeat(99)}\n`.repeat(20);
  return `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
  <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
    <rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/">
      <pdfaid:part>${esc(w.teil)}</pdfaid:part>
      <pdfaid:conformance>${esc(w.konformitaet)}</pdfaid:conformance>
    </rdf:Description>
    <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">
${dc.join("\n")}
    </rdf:Description>
    <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/">
${xmp.join("\n")}
    </rdf:Description>
    <rdf:Description rdf:about="" xmlns:pdf="http://ns.adobe.com/pdf/1.3/">
${pdf.join("\n")}
    </rdf:Description>
    <rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/"
        xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#"
        xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
      <pdfaExtension:schemas>
        <rdf:Bag>
          <rdf:li rdf:parseType="Resource">
            <pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
            <pdfaSchema:namespaceURI>${FX_NAMESPACE}</pdfaSchema:namespaceURI>
            <pdfaSchema:prefix>fx</pdfaSchema:prefix>
            <pdfaSchema:property>
              <rdf:Seq>
${fxEigenschaft("DocumentFileName", "The name of the embedded XML invoice file")}
${fxEigenschaft("DocumentType", "The type of the hybrid document in capital letters, e.g. INVOICE")}
${fxEigenschaft("Version", "The actual version of the Factur-X XML schema")}
${fxEigenschaft("ConformanceLevel", "The conformance level of the embedded Factur-X data")}
              </rdf:Seq>
            </pdfaSchema:property>
          </rdf:li>
        </rdf:Bag>
      </pdfaExtension:schemas>
    </rdf:Description>
    <rdf:Description rdf:about="" xmlns:fx="${FX_NAMESPACE}">
      <fx:DocumentType>INVOICE</fx:DocumentType>
      <fx:DocumentFileName>${FACTURX_DATEINAME}</fx:DocumentFileName>
      <fx:Version>1.0</fx:Version>
      <fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>
    </rdf:Description>
  </rdf:RDF>
</x:xmpmeta>
${polster}<?xpacket end="w"?>`;
}

// ---------------------------------------------------------------------------------------------------------------
// Reading: the invoice XML embedded in an untrusted PDF.

/**
 * Why the invoice XML cannot be read from a PDF. The codes are stable; the caller decides what to show.
 *
 * - `KEIN_PDF`: no "%PDF-" header in the first 1024 bytes.
 * - `BESCHAEDIGT`: truncated (no "%%EOF" at the end), or objects, cross-references or a stream cannot be read.
 * - `VERSCHLUESSELT`: the PDF is encrypted (the trailer has /Encrypt).
 * - `ZU_GROSS`: decompressing would exceed MAX_ENTPACKT, or the objects would take more parsing than MAX_PARSEN
 *   (objects that overlap or point into each other, again and again).
 * - `NICHT_UNTERSTUETZT`: a stream filter other than FlateDecode, or a predictor this reader does not know.
 */
export type PdfLesefehlerCode =
  | "KEIN_PDF"
  | "BESCHAEDIGT"
  | "VERSCHLUESSELT"
  | "ZU_GROSS"
  | "NICHT_UNTERSTUETZT";

export class PdfLesefehler extends Error {
  override readonly name = "PdfLesefehler";

  constructor(
    readonly code: PdfLesefehlerCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * The invoice XML embedded in a PDF (ZUGFeRD, Factur-X, XRechnung in a PDF): the embedded file named factur-x.xml,
 * else zugferd-invoice.xml, ZUGFeRD-invoice.xml or xrechnung.xml, else the first embedded *.xml; null when the PDF
 * embeds none. Throws only PdfLesefehler.
 */
export function eingebettetesXml(pdf: Uint8Array): { name: string; xml: string } | null {
  try {
    if (!(pdf instanceof Uint8Array)) throw new PdfLesefehler("KEIN_PDF", "no bytes");
    return new PdfLeser(pdf).rechnungsXml();
  } catch (fehler) {
    if (fehler instanceof PdfLesefehler) throw fehler;
    throw new PdfLesefehler("BESCHAEDIGT", `the PDF cannot be read: ${(fehler as Error)?.message}`, {
      cause: fehler,
    });
  }
}

const beschaedigt = (grund: string) => new PdfLesefehler("BESCHAEDIGT", `damaged PDF: ${grund}`);
const zuViel = () => new PdfLesefehler("ZU_GROSS", "reading the PDF would take too much work");

/** Limits: nesting of arrays and dictionaries, depth of the name tree, its nodes and entries. */
const MAX_TIEFE = 100;
const MAX_BAUMTIEFE = 32;
const MAX_KNOTEN = 10_000;

// The PDF objects as this reader sees them (ISO 32000-1, 7.3). Names and strings keep their bytes (latin1).
class Name {
  constructor(readonly wert: string) {}
}
class Ref {
  constructor(readonly nummer: number) {}
}
class Zeichenkette {
  constructor(readonly bytes: Buffer) {}
}
class Strom {
  constructor(
    readonly dict: Dict,
    readonly daten: Buffer,
  ) {}
}
type Dict = Map<string, Wert>;
type Wert = null | boolean | number | Name | Ref | Zeichenkette | Strom | Dict | Wert[];

const WEISSRAUM = new Uint8Array(256);
for (const c of [0, 9, 10, 12, 13, 32]) WEISSRAUM[c] = 1;
const TRENNER = new Uint8Array(256);
for (const c of "()<>[]{}/%") TRENNER[c.charCodeAt(0)] = 1;
const ZAHL = /^[+-]?(?:\d+\.?\d*|\.\d+)$/;
/** \n \r \t \b \f in literal strings; any other escaped character stands for itself. */
const ESCAPES: Record<number, number> = { 110: 10, 114: 13, 116: 9, 98: 8, 102: 12 };

/**
 * Parses PDF objects from `b` at `pos` (ISO 32000-1, 7.3); throws on anything malformed. `objekt` resolves an
 * indirect stream /Length.
 */
class Parser {
  /** Stream data passed over (by /Length, or found by searching for "endstream"): no parsing work. */
  uebersprungen = 0;
  /** Bytes searched for "endstream". */
  gesucht = 0;

  constructor(
    private readonly b: Buffer,
    public pos: number,
    private readonly objekt?: (nummer: number) => Wert,
  ) {}

  /** Skips white space and comments. */
  leer(): void {
    const b = this.b;
    while (this.pos < b.length) {
      const c = b[this.pos]!;
      if (WEISSRAUM[c]) this.pos++;
      else if (c === 0x25) while (this.pos < b.length && b[this.pos] !== 10 && b[this.pos] !== 13) this.pos++;
      else break;
    }
  }

  /** A run of regular characters: a keyword or a number. */
  wort(): string {
    const start = this.pos;
    while (this.pos < this.b.length && !WEISSRAUM[this.b[this.pos]!] && !TRENNER[this.b[this.pos]!])
      this.pos++;
    return this.b.toString("latin1", start, this.pos);
  }

  wert(tiefe = 0): Wert {
    if (tiefe > MAX_TIEFE) throw beschaedigt("objects nested too deeply");
    this.leer();
    const c = this.b[this.pos];
    if (c === undefined) throw beschaedigt("the file ends inside an object");
    if (c === 0x2f) return this.name();
    if (c === 0x28) return this.literal();
    if (c === 0x3c) return this.b[this.pos + 1] === 0x3c ? this.dictOderStrom(tiefe) : this.hex();
    if (c === 0x5b) {
      this.pos++;
      const liste: Wert[] = [];
      for (;;) {
        this.leer();
        if (this.b[this.pos] === 0x5d) {
          this.pos++;
          return liste;
        }
        liste.push(this.wert(tiefe + 1));
      }
    }
    const ganz = this.ganzzahl();
    if (ganz !== undefined) {
      // "12 0 R" is a reference.
      const danach = this.pos;
      this.leer();
      if (this.ganzzahl() !== undefined) {
        this.leer();
        const r = this.pos;
        if (this.b[r] === 0x52 && this.endeDesWorts(r + 1)) {
          this.pos = r + 1;
          return new Ref(ganz);
        }
      }
      this.pos = danach;
      return ganz;
    }
    const wort = this.wort();
    if (wort === "true") return true;
    if (wort === "false") return false;
    if (wort === "null") return null;
    if (!ZAHL.test(wort)) throw beschaedigt(`unexpected ${wort ? `"${wort.slice(0, 20)}"` : `byte ${c}`}`);
    return Number(wort);
  }

  private endeDesWorts(pos: number): boolean {
    return pos >= this.b.length || WEISSRAUM[this.b[pos]!] === 1 || TRENNER[this.b[pos]!] === 1;
  }

  /** An unsigned integer token (read byte by byte: the common case, and the one crafted files repeat). */
  private ganzzahl(): number | undefined {
    const b = this.b;
    let i = this.pos;
    let wert = 0;
    while (i < b.length && b[i]! >= 0x30 && b[i]! <= 0x39 && i - this.pos < 16)
      wert = wert * 10 + (b[i++]! - 0x30);
    if (i === this.pos || !this.endeDesWorts(i)) return undefined;
    this.pos = i;
    return wert;
  }

  private name(): Name {
    this.pos++;
    const roh = this.wort();
    return new Name(
      roh.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    );
  }

  /** A literal string (7.3.4.2): balanced parentheses, backslash escapes. */
  private literal(): Zeichenkette {
    const b = this.b;
    // First the end (so the result is allocated once), then the bytes.
    let ende = this.pos + 1;
    for (let offen = 1; offen > 0; ende++) {
      if (ende >= b.length) {
        this.pos = b.length;
        throw beschaedigt("unterminated string");
      }
      const c = b[ende];
      if (c === 0x5c) ende++;
      else if (c === 0x28) offen++;
      else if (c === 0x29) offen--;
    }
    const aus = Buffer.alloc(ende - this.pos);
    let n = 0;
    for (let i = this.pos + 1; i < ende - 1; i++) {
      const c = b[i]!;
      if (c !== 0x5c) {
        aus[n++] = c;
        continue;
      }
      const e = b[++i]!;
      if (e >= 0x30 && e <= 0x37) {
        let wert = e - 0x30;
        for (let k = 0; k < 2 && b[i + 1]! >= 0x30 && b[i + 1]! <= 0x37 && i + 1 < ende - 1; k++)
          wert = wert * 8 + (b[++i]! - 0x30);
        aus[n++] = wert & 0xff;
      } else if (e === 13) {
        if (b[i + 1] === 10) i++; // line continuation
      } else if (e !== 10) aus[n++] = ESCAPES[e] ?? e;
    }
    this.pos = ende;
    return new Zeichenkette(aus.subarray(0, n));
  }

  /** A hexadecimal string (7.3.4.3); an odd last digit counts as followed by 0. */
  private hex(): Zeichenkette {
    const ende = this.b.indexOf(0x3e, this.pos);
    if (ende < 0) {
      this.pos = this.b.length;
      throw beschaedigt("unterminated hex string");
    }
    const ziffern = this.b.toString("latin1", this.pos + 1, ende).replace(/[\0\t\n\f\r ]/g, "");
    if (!/^[0-9A-Fa-f]*$/.test(ziffern)) throw beschaedigt("invalid hex string");
    this.pos = ende + 1;
    return new Zeichenkette(Buffer.from(ziffern.length % 2 ? `${ziffern}0` : ziffern, "hex"));
  }

  private dictOderStrom(tiefe: number): Dict | Strom {
    const b = this.b;
    this.pos += 2;
    const dict: Dict = new Map();
    for (;;) {
      this.leer();
      if (b[this.pos] === 0x3e && b[this.pos + 1] === 0x3e) {
        this.pos += 2;
        break;
      }
      if (b[this.pos] !== 0x2f) throw beschaedigt("a dictionary key is no name");
      const schluessel = this.name().wert;
      dict.set(schluessel, this.wert(tiefe + 1));
    }
    const nachDict = this.pos;
    this.leer();
    if (b.toString("latin1", this.pos, this.pos + 6) !== "stream") {
      this.pos = nachDict;
      return dict;
    }
    let start = this.pos + 6;
    if (b[start] === 13) start++;
    if (b[start] === 10) start++;
    // /Length (resolved when indirect) when "endstream" follows it; else the next "endstream".
    let laenge = dict.get("Length");
    if (laenge instanceof Ref && this.objekt)
      try {
        laenge = this.objekt(laenge.nummer);
      } catch (fehler) {
        if (!(fehler instanceof PdfLesefehler) || fehler.code !== "BESCHAEDIGT") throw fehler;
      }
    let ende = -1;
    if (
      typeof laenge === "number" &&
      Number.isSafeInteger(laenge) &&
      laenge >= 0 &&
      start + laenge <= b.length
    ) {
      const danach = new Parser(b, start + laenge);
      danach.leer();
      if (b.toString("latin1", danach.pos, danach.pos + 9) === "endstream") ende = start + laenge;
    }
    if (ende < 0) {
      ende = b.indexOf("endstream", start, "latin1");
      this.gesucht += (ende < 0 ? b.length : ende) - start;
      this.uebersprungen += (ende < 0 ? b.length : ende) - start;
      if (ende < 0) {
        this.pos = b.length;
        throw beschaedigt("a stream without endstream");
      }
      this.pos = ende + 9;
      if (b[ende - 1] === 10) ende--;
      if (b[ende - 1] === 13) ende--;
    } else {
      this.pos = ende;
      this.uebersprungen += ende - start;
    }
    return new Strom(dict, b.subarray(start, Math.max(start, ende)));
  }
}

/** Where an object is: at an offset of the file, or as the n-th object of an object stream. */
type Ort = { offset: number } | { strom: number; index: number };

class PdfLeser {
  private readonly b: Buffer;
  private readonly orte = new Map<number, Ort>();
  private readonly objekte = new Map<number, Wert>();
  private readonly inArbeit = new Set<number>();
  private readonly objektstroeme = new Map<
    number,
    { daten: Buffer; first: number; orte: Map<number, number> }
  >();
  private fundorte?: [number, number][];
  private fundortIndex?: Map<number, number>;
  private rest = MAX_ENTPACKT;
  /** Bytes the parser may still walk, and search for "endstream": crafted objects cannot keep it busy. */
  private arbeit = MAX_PARSEN;
  private suche: number;
  private knoten = 0;
  private readonly trailer: Dict;

  constructor(pdf: Uint8Array) {
    this.b = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
    this.suche = 2 * this.b.length + MAX_ENTPACKT;
    const kopf = this.b.indexOf("%PDF-", 0, "latin1");
    if (kopf < 0 || kopf > 1024) throw new PdfLesefehler("KEIN_PDF", "no PDF header");
    const eof = this.b.lastIndexOf("%%EOF", undefined, "latin1");
    if (eof < 0 || this.b.length - eof > 1024) throw beschaedigt("truncated (no %%EOF at the end)");
    let trailer: Dict | undefined;
    try {
      trailer = this.querverweiseLesen();
    } catch (fehler) {
      if (!(fehler instanceof PdfLesefehler) || fehler.code !== "BESCHAEDIGT") throw fehler;
    }
    if (!trailer?.has("Root")) {
      this.orte.clear();
      this.objekte.clear();
      this.objektstroeme.clear();
      trailer = this.wiederherstellen();
    }
    if (trailer.has("Encrypt")) throw new PdfLesefehler("VERSCHLUESSELT", "the PDF is encrypted");
    this.trailer = trailer;
  }

  /** The cross-reference sections from startxref back along /Prev (and /XRefStm); answers the newest trailer. */
  private querverweiseLesen(): Dict {
    const startxref = this.b.lastIndexOf("startxref", undefined, "latin1");
    if (startxref < 0) throw beschaedigt("no startxref");
    let offset = this.parsen(this.b, startxref + 9, (p) => p.wert());
    const gelesen = new Set<number>();
    let neuester: Dict | undefined;
    while (typeof offset === "number") {
      if (gelesen.has(offset)) break;
      gelesen.add(offset);
      const trailer = this.querverweisAbschnitt(offset);
      neuester ??= trailer;
      const xrefStm = trailer.get("XRefStm");
      if (typeof xrefStm === "number" && !gelesen.has(xrefStm)) {
        gelesen.add(xrefStm);
        this.querverweisAbschnitt(xrefStm);
      }
      offset = trailer.get("Prev") ?? null;
    }
    if (!neuester) throw beschaedigt("no cross-reference section");
    return neuester;
  }

  /** One cross-reference table with its trailer, or one cross-reference stream; entries already known stay. */
  private querverweisAbschnitt(offset: number): Dict {
    if (!Number.isSafeInteger(offset) || offset < 0 || offset >= this.b.length)
      throw beschaedigt("bad xref offset");
    const tabelle = this.parsen(
      this.b,
      offset,
      (p) => {
        p.leer();
        if (this.b.toString("latin1", p.pos, p.pos + 4) !== "xref") return undefined;
        p.pos += 4;
        const zahl = () => {
          p.leer();
          const wort = p.wort();
          if (!/^\d{1,15}$/.test(wort)) throw beschaedigt("bad xref table");
          return Number(wort);
        };
        for (;;) {
          p.leer();
          if (this.b.toString("latin1", p.pos, p.pos + 7) === "trailer") break;
          const erste = zahl();
          const anzahl = zahl();
          for (let i = 0; i < anzahl; i++) {
            const stelle = zahl();
            zahl();
            p.leer();
            const art = p.wort();
            if (art !== "n" && art !== "f") throw beschaedigt("bad xref entry");
            if (art === "n" && !this.orte.has(erste + i)) this.orte.set(erste + i, { offset: stelle });
          }
        }
        p.pos += 7;
        const trailer = p.wert();
        if (!(trailer instanceof Map)) throw beschaedigt("bad trailer");
        return trailer;
      },
      false,
    );
    if (tabelle) return tabelle;
    const strom = this.objektBei(offset)?.wert;
    if (!(strom instanceof Strom) || !istName(strom.dict.get("Type"), "XRef"))
      throw beschaedigt("no xref at offset");
    const daten = this.dekodieren(strom);
    const breiten = strom.dict.get("W");
    if (!Array.isArray(breiten) || breiten.length !== 3 || !breiten.every((w) => ganzzahl(w) && w <= 8))
      throw beschaedigt("bad /W");
    const [w1, w2, w3] = breiten as number[];
    const zeile = w1! + w2! + w3!;
    if (zeile === 0) throw beschaedigt("bad /W");
    const index = strom.dict.get("Index") ?? [0, strom.dict.get("Size") ?? 0];
    if (!Array.isArray(index) || !index.every(ganzzahl)) throw beschaedigt("bad /Index");
    const feld = (pos: number, breite: number) => {
      let wert = 0;
      for (let k = 0; k < breite; k++) wert = wert * 256 + daten[pos + k]!;
      return wert;
    };
    let pos = 0;
    for (let i = 0; i + 1 < index.length; i += 2) {
      const erste = index[i] as number;
      for (let k = 0; k < (index[i + 1] as number) && pos + zeile <= daten.length; k++, pos += zeile) {
        const art = w1 ? feld(pos, w1) : 1;
        const f2 = feld(pos + w1!, w2!);
        const f3 = feld(pos + w1! + w2!, w3!);
        if (this.orte.has(erste + k)) continue;
        if (art === 1) this.orte.set(erste + k, { offset: f2 });
        else if (art === 2) this.orte.set(erste + k, { strom: f2, index: f3 });
      }
    }
    return strom.dict;
  }

  /** Every "n g obj" of the file, in file order: [offset, number]. */
  private koepfe(): [number, number][] {
    if (!this.fundorte) {
      this.fundorte = [];
      const text = this.b.toString("latin1", 0, this.b.length);
      for (const treffer of text.matchAll(/(\d{1,10})[\0\t\n\f\r ]+\d{1,5}[\0\t\n\f\r ]+obj\b/g))
        this.fundorte.push([treffer.index, Number(treffer[1])]);
    }
    return this.fundorte;
  }

  /** Where the file has object `nummer` (the last one of that number, as in incremental updates). */
  private fundort(nummer: number): number | undefined {
    this.fundortIndex ??= new Map(this.koepfe().map(([offset, n]) => [n, offset]));
    return this.fundortIndex.get(nummer);
  }

  /** The object header at or before `stelle`. */
  private kopfVor(stelle: number): [number, number] | undefined {
    const koepfe = this.koepfe();
    let unten = 0;
    let oben = koepfe.length - 1;
    let gefunden: [number, number] | undefined;
    while (unten <= oben) {
      const mitte = (unten + oben) >> 1;
      if (koepfe[mitte]![0] <= stelle) {
        gefunden = koepfe[mitte];
        unten = mitte + 1;
      } else oben = mitte - 1;
    }
    return gefunden;
  }

  /** Where `muster` occurs in the file, last first. */
  private stellen(muster: RegExp): number[] {
    return [...this.b.toString("latin1", 0, this.b.length).matchAll(muster)].map((t) => t.index).reverse();
  }

  /** Without usable cross-references: cross-reference streams and trailer found by scanning, or the catalog. */
  private wiederherstellen(): Dict {
    const nurBeschaedigt = (fehler: unknown) => {
      if (!(fehler instanceof PdfLesefehler) || fehler.code !== "BESCHAEDIGT") throw fehler;
    };
    let trailer: Dict | undefined;
    const gelesen = new Set<number>();
    for (const stelle of this.stellen(/\/XRef\b/g)) {
      const kopf = this.kopfVor(stelle);
      if (!kopf || gelesen.has(kopf[0])) continue;
      gelesen.add(kopf[0]);
      try {
        const dict = this.querverweisAbschnitt(kopf[0]);
        if (!trailer && dict.has("Root")) trailer = dict;
      } catch (fehler) {
        nurBeschaedigt(fehler);
      }
    }
    const stelle = this.b.lastIndexOf("trailer", undefined, "latin1");
    if (stelle >= 0)
      try {
        const dict = this.parsen(this.b, stelle + 7, (p) => p.wert());
        if (dict instanceof Map && dict.has("Root")) trailer = dict;
      } catch (fehler) {
        nurBeschaedigt(fehler);
      }
    if (trailer) return trailer;
    for (const stelle of this.stellen(/\/Type\s*\/Catalog\b/g)) {
      const kopf = this.kopfVor(stelle);
      if (!kopf) continue;
      try {
        const katalog = this.objektBei(kopf[0])?.wert;
        if (katalog instanceof Map && istName(katalog.get("Type"), "Catalog"))
          return new Map([["Root", new Ref(kopf[1])]]);
      } catch (fehler) {
        nurBeschaedigt(fehler);
      }
    }
    throw beschaedigt("no catalog");
  }

  /**
   * Runs `lesen` with a parser at `pos` of `b` and counts what it did against the budgets. Not counted (`zaehlen`
   * false): cross-reference tables and the offset tables of object streams, each read once and no larger than the
   * file or the decompressed data.
   */
  private parsen<T>(b: Buffer, pos: number, lesen: (p: Parser) => T, zaehlen = true): T {
    if (this.arbeit < 0 || this.suche < 0) throw zuViel();
    const p = new Parser(b, pos, (nummer) => this.objekt(nummer));
    let ergebnis: T;
    try {
      ergebnis = lesen(p);
    } finally {
      if (zaehlen) this.arbeit -= Math.max(0, p.pos - pos - p.uebersprungen);
      this.suche -= p.gesucht;
    }
    if (this.arbeit < 0 || this.suche < 0) throw zuViel();
    return ergebnis;
  }

  /** The object whose "n g obj" starts at `offset`. */
  private objektBei(offset: number): { nummer: number; wert: Wert } | undefined {
    return this.parsen(this.b, offset, (p) => {
      p.leer();
      const nummer = p.wort();
      p.leer();
      const generation = p.wort();
      p.leer();
      if (!/^\d+$/.test(nummer) || !/^\d+$/.test(generation) || p.wort() !== "obj") return undefined;
      return { nummer: Number(nummer), wert: p.wert() };
    });
  }

  /** Object `nummer` (null when the file does not have it, as ISO 32000-1, 7.3.10 says). */
  private objekt(nummer: number): Wert {
    if (this.objekte.has(nummer)) return this.objekte.get(nummer)!;
    if (this.inArbeit.has(nummer)) throw beschaedigt("an object refers to itself");
    this.inArbeit.add(nummer);
    try {
      let wert: Wert | undefined;
      const ort = this.orte.get(nummer);
      if (ort && "offset" in ort) {
        const gefunden = ort.offset < this.b.length ? this.objektBei(ort.offset) : undefined;
        if (gefunden?.nummer === nummer) wert = gefunden.wert;
      } else if (ort) wert = this.ausObjektstrom(ort.strom, nummer);
      if (wert === undefined) {
        // Wrong or missing cross-reference entry: where the file really has it.
        const offset = this.fundort(nummer);
        if (offset !== undefined) wert = this.objektBei(offset)?.wert;
      }
      this.objekte.set(nummer, wert ?? null);
      return wert ?? null;
    } finally {
      this.inArbeit.delete(nummer);
    }
  }

  /** Object `nummer` from object stream `stromNummer` (7.5.7). */
  private ausObjektstrom(stromNummer: number, nummer: number): Wert | undefined {
    let inhalt = this.objektstroeme.get(stromNummer);
    if (!inhalt) {
      const strom = this.objekt(stromNummer);
      if (!(strom instanceof Strom) || !istName(strom.dict.get("Type"), "ObjStm")) return undefined;
      const anzahl = strom.dict.get("N");
      const first = strom.dict.get("First");
      if (!ganzzahl(anzahl) || !ganzzahl(first)) throw beschaedigt("bad object stream");
      const daten = this.dekodieren(strom);
      const orte = new Map<number, number>();
      this.parsen(
        daten,
        0,
        (p) => {
          for (let i = 0; i < anzahl; i++) {
            p.leer();
            if (p.pos >= first) break;
            const n = p.wert();
            const o = p.wert();
            if (!ganzzahl(n) || !ganzzahl(o)) throw beschaedigt("bad object stream");
            if (!orte.has(n)) orte.set(n, o);
          }
        },
        false,
      );
      inhalt = { daten, first, orte };
      this.objektstroeme.set(stromNummer, inhalt);
    }
    const offset = inhalt.orte.get(nummer);
    return offset === undefined
      ? undefined
      : this.parsen(inhalt.daten, inhalt.first + offset, (p) => p.wert());
  }

  private aufloesen(wert: Wert | undefined): Wert {
    return wert instanceof Ref ? this.objekt(wert.nummer) : (wert ?? null);
  }

  private dictVon(wert: Wert | undefined): Dict | undefined {
    const aufgeloest = this.aufloesen(wert);
    return aufgeloest instanceof Map ? aufgeloest : undefined;
  }

  /** The decoded bytes of a stream: FlateDecode (with PNG or TIFF predictor) or none. */
  private dekodieren(strom: Strom): Buffer {
    const filter = this.aufloesen(strom.dict.get("Filter"));
    const filterliste = filter === null ? [] : Array.isArray(filter) ? filter : [filter];
    const parameter = this.aufloesen(strom.dict.get("DecodeParms"));
    let daten = strom.daten;
    filterliste.forEach((eintrag, i) => {
      const name = this.aufloesen(eintrag);
      if (!(name instanceof Name)) throw beschaedigt("bad /Filter");
      if (name.wert !== "FlateDecode" && name.wert !== "Fl")
        throw new PdfLesefehler("NICHT_UNTERSTUETZT", `stream filter ${name.wert} is not supported`);
      daten = this.entpacken(daten);
      const parm = this.dictVon(Array.isArray(parameter) ? parameter[i] : parameter);
      if (parm) daten = this.praediktor(daten, parm);
    });
    return daten;
  }

  /** Inflates within what is left of the budget. */
  private entpacken(daten: Buffer): Buffer {
    try {
      const aus = inflateSync(daten, {
        maxOutputLength: Math.max(1, this.rest),
        finishFlush: constants.Z_SYNC_FLUSH,
      });
      this.rest -= aus.length;
      if (this.rest < 0) throw new RangeError("budget");
      return aus;
    } catch (fehler) {
      if (fehler instanceof RangeError)
        throw new PdfLesefehler("ZU_GROSS", `the PDF decompresses to more than ${MAX_ENTPACKT} bytes`, {
          cause: fehler,
        });
      throw beschaedigt("a stream cannot be inflated");
    }
  }

  /** Undoes a /Predictor of /DecodeParms (ISO 32000-1, 7.4.4.4): TIFF 2 and the PNG predictors 10 to 15. */
  private praediktor(daten: Buffer, parm: Dict): Buffer {
    const zahl = (name: string, vorgabe: number) => {
      const wert = this.aufloesen(parm.get(name));
      return ganzzahl(wert) ? wert : vorgabe;
    };
    const praediktor = zahl("Predictor", 1);
    if (praediktor === 1) return daten;
    const farben = zahl("Colors", 1);
    const bits = zahl("BitsPerComponent", 8);
    const spalten = zahl("Columns", 1);
    if (farben < 1 || farben > 32 || ![1, 2, 4, 8, 16].includes(bits) || spalten < 1)
      throw beschaedigt("bad predictor parameters");
    const pixelbytes = Math.max(1, Math.ceil((farben * bits) / 8));
    const zeile = Math.ceil((farben * bits * spalten) / 8);
    if (praediktor === 2) {
      if (bits !== 8) throw new PdfLesefehler("NICHT_UNTERSTUETZT", "TIFF predictor with other than 8 bits");
      const aus = Buffer.from(daten);
      for (let start = 0; start + zeile <= aus.length; start += zeile)
        for (let i = start + farben; i < start + zeile; i++) aus[i] = (aus[i]! + aus[i - farben]!) & 0xff;
      return aus;
    }
    if (praediktor < 10 || praediktor > 15)
      throw new PdfLesefehler("NICHT_UNTERSTUETZT", `predictor ${praediktor}`);
    const zeilen = Math.floor(daten.length / (zeile + 1));
    const aus = Buffer.alloc(zeilen * zeile);
    for (let z = 0; z < zeilen; z++) {
      const art = daten[z * (zeile + 1)];
      const von = z * (zeile + 1) + 1;
      const nach = z * zeile;
      for (let i = 0; i < zeile; i++) {
        const links = i >= pixelbytes ? aus[nach + i - pixelbytes]! : 0;
        const oben = z > 0 ? aus[nach - zeile + i]! : 0;
        const obenLinks = z > 0 && i >= pixelbytes ? aus[nach - zeile + i - pixelbytes]! : 0;
        let vorhersage = 0;
        if (art === 1) vorhersage = links;
        else if (art === 2) vorhersage = oben;
        else if (art === 3) vorhersage = (links + oben) >> 1;
        else if (art === 4) {
          const p = links + oben - obenLinks;
          const pl = Math.abs(p - links);
          const po = Math.abs(p - oben);
          const pol = Math.abs(p - obenLinks);
          vorhersage = pl <= po && pl <= pol ? links : po <= pol ? oben : obenLinks;
        } else if (art !== 0) throw beschaedigt("bad PNG predictor row");
        aus[nach + i] = (daten[von + i]! + vorhersage) & 0xff;
      }
    }
    return aus;
  }

  /** The entries (key, file specification) of the /EmbeddedFiles name tree below `knoten` (7.9.6). */
  private namensbaum(
    knoten: Wert | undefined,
    eintraege: { schluessel?: string; datei: Wert }[],
    tiefe = 0,
  ): void {
    if (tiefe > MAX_BAUMTIEFE || ++this.knoten > MAX_KNOTEN)
      throw beschaedigt("name tree too deep or too large");
    const dict = this.dictVon(knoten);
    if (!dict) return;
    const namen = this.aufloesen(dict.get("Names"));
    if (Array.isArray(namen))
      for (let i = 0; i + 1 < namen.length; i += 2) {
        if (eintraege.length >= MAX_KNOTEN) throw beschaedigt("too many embedded files");
        eintraege.push({ schluessel: text(this.aufloesen(namen[i])), datei: namen[i + 1]! });
      }
    const kinder = this.aufloesen(dict.get("Kids"));
    if (Array.isArray(kinder)) for (const kind of kinder) this.namensbaum(kind, eintraege, tiefe + 1);
  }

  rechnungsXml(): { name: string; xml: string } | null {
    const katalog = this.dictVon(this.trailer.get("Root"));
    if (!katalog) throw beschaedigt("no catalog");
    // The name tree first (where ZUGFeRD puts it), then the catalog's associated files.
    const eintraege: { schluessel?: string; datei: Wert }[] = [];
    this.namensbaum(this.dictVon(katalog.get("Names"))?.get("EmbeddedFiles"), eintraege);
    const af = this.aufloesen(katalog.get("AF"));
    if (Array.isArray(af)) for (const datei of af.slice(0, MAX_KNOTEN)) eintraege.push({ datei });

    const gesehen = new Set<Dict>();
    const dateien: { name: string; angabe: Dict }[] = [];
    for (const eintrag of eintraege) {
      const angabe = this.dictVon(eintrag.datei);
      if (!angabe || gesehen.has(angabe)) continue;
      gesehen.add(angabe);
      const name =
        text(this.aufloesen(angabe.get("UF"))) ||
        text(this.aufloesen(angabe.get("F"))) ||
        eintrag.schluessel ||
        "";
      dateien.push({ name: name.slice(Math.max(name.lastIndexOf("/"), name.lastIndexOf("\\")) + 1), angabe });
    }
    // The preferred names in their order, then every *.xml; the first one that has an embedded stream.
    const reihenfolge = [
      ...RECHNUNGSDATEIEN.flatMap((name) => dateien.filter((datei) => datei.name === name)),
      ...dateien.filter((datei) => datei.name.toLowerCase().endsWith(".xml")),
    ];
    for (const { name, angabe } of reihenfolge) {
      const ef = this.dictVon(angabe.get("EF"));
      const strom = ef ? this.aufloesen(ef.get("UF") ?? ef.get("F")) : null;
      if (strom instanceof Strom) return { name, xml: xmlDekodieren(this.dekodieren(strom)) };
    }
    return null;
  }
}

function ganzzahl(wert: Wert | undefined): wert is number {
  return typeof wert === "number" && Number.isSafeInteger(wert) && wert >= 0;
}

function istName(wert: Wert | undefined, name: string): boolean {
  return wert instanceof Name && wert.wert === name;
}

/** A text string (7.9.2.2): UTF-16BE or UTF-8 with their byte order marks, else PDFDocEncoding read as Latin-1. */
function text(wert: Wert): string | undefined {
  if (!(wert instanceof Zeichenkette)) return undefined;
  const b = wert.bytes;
  if (b[0] === 0xfe && b[1] === 0xff) return new TextDecoder("utf-16be").decode(b.subarray(2));
  if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) return new TextDecoder().decode(b.subarray(3));
  return b.toString("latin1", 0, b.length);
}

/** The XML's text: by its byte order mark, else by the encoding its declaration names, else UTF-8. */
function xmlDekodieren(bytes: Buffer): string {
  let kodierung = "utf-8";
  if (bytes[0] === 0xfe && bytes[1] === 0xff) kodierung = "utf-16be";
  else if (bytes[0] === 0xff && bytes[1] === 0xfe) kodierung = "utf-16le";
  else if (!(bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)) {
    const deklaration = /^\s*<\?xml[^>]*encoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(
      bytes.toString("latin1", 0, 200),
    );
    if (deklaration) kodierung = deklaration[1]!;
  }
  try {
    return new TextDecoder(kodierung).decode(bytes);
  } catch {
    return new TextDecoder().decode(bytes);
  }
}
