import { readFileSync } from "node:fs";
import path from "node:path";
import { deflateSync } from "node:zlib";
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  type PDFRawStream,
  PDFRef,
  PDFStream,
  PDFString,
} from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { beispielDruck } from "../belegausgabe/belegDruck.testing.ts";
import { belegLayout } from "../belegausgabe/belegPdf.layout.ts";
import { pdfErzeugen } from "../belegausgabe/pdf.ts";
import { pdfSeiten } from "../belegausgabe/pdfText.testing.ts";
import { eingebettetesXml, FACTURX_DATEINAME, facturxPdf, MAX_ENTPACKT, PdfLesefehler } from "./facturx.ts";

// The CEN example invoice beside the checkout (../shared/testdata/einvoice, read, never copied).
const CII_BEISPIEL = path.resolve(
  import.meta.dirname,
  "../../../../../../shared/testdata/einvoice/examples/cen-CII_example1.xml",
);

const angaben = { nummer: "2026-00042", datum: "2026-11-25", verkaeufer: "Installateur Huber GmbH" };

/** Everything between <tag> and </tag> (the first one). */
const element = (xmp: string, tag: string) => new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`).exec(xmp)?.[1];

/** A PDF from literal objects ("1 0 obj" is added) with a correct xref table: for the damaged and hostile cases. */
function rohesPdf(objekte: (string | Buffer)[], trailer = "/Root 1 0 R"): Buffer {
  const teile: Buffer[] = [Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", "latin1")];
  let laenge = teile[0]!.length;
  const offsets: number[] = [];
  objekte.forEach((objekt, i) => {
    offsets.push(laenge);
    const teil = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`, "latin1"),
      typeof objekt === "string" ? Buffer.from(objekt, "latin1") : objekt,
      Buffer.from("\nendobj\n", "latin1"),
    ]);
    teile.push(teil);
    laenge += teil.length;
  });
  const xref = [
    "xref",
    `0 ${objekte.length + 1}`,
    "0000000000 65535 f\r",
    ...offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n\r`),
    "trailer",
    `<< /Size ${objekte.length + 1} ${trailer} >>`,
    "startxref",
    String(laenge),
    "%%EOF",
    "",
  ].join("\n");
  return Buffer.concat([...teile, Buffer.from(xref, "latin1")]);
}

/** A stream object with a binary body. */
const strom = (dict: string, daten: Buffer) =>
  Buffer.concat([
    Buffer.from(`<< ${dict} /Length ${daten.length} >>\nstream\n`, "latin1"),
    daten,
    Buffer.from("\nendstream", "latin1"),
  ]);

/** Catalog with one embedded file (object 3 is its stream). */
const mitAnhang = (name: string, dateistrom: string | Buffer) => [
  "<< /Type /Catalog /Pages 4 0 R /Names << /EmbeddedFiles << /Names [(x) 2 0 R] >> >> >>",
  `<< /Type /Filespec /F (${name}) /UF (${name}) /EF << /F 3 0 R >> >>`,
  dateistrom,
  "<< /Type /Pages /Kids [] /Count 0 >>",
];

const fehlercode = (bytes: Uint8Array) => {
  try {
    eingebettetesXml(bytes);
  } catch (fehler) {
    expect(fehler).toBeInstanceOf(PdfLesefehler);
    return (fehler as PdfLesefehler).code;
  }
  throw new Error("no PdfLesefehler");
};

describe("Factur-X / ZUGFeRD EN 16931: the invoice XML in the document's PDF/A-3b", () => {
  let xml: string;
  let original: Uint8Array;
  let facturx: Uint8Array;
  let dokument: PDFDocument;
  let xmp: string;

  beforeAll(async () => {
    xml = readFileSync(CII_BEISPIEL, "utf8");
    original = await pdfErzeugen(
      belegLayout(beispielDruck({ positionen: 3 }), {
        layout: "standard",
        fensterkuvert: "B",
        fusszeile: null,
        logo: null,
        mitVorlage: false,
      }),
    );
    facturx = await facturxPdf(original, xml, { ...angaben, titel: "Rechnung 2026-00042 – Müller & Söhne" });
    dokument = await PDFDocument.load(facturx, { updateMetadata: false });
    const metadaten = dokument.catalog.lookup(PDFName.of("Metadata"), PDFStream) as PDFRawStream;
    expect(metadaten.dict.has(PDFName.of("Filter"))).toBe(false);
    xmp = new TextDecoder().decode(decodePDFRawStream(metadaten).decode());
  });

  it("embeds the XML as factur-x.xml: EmbeddedFiles name tree, catalog /AF, /AFRelationship /Alternative", () => {
    const af = dokument.catalog.lookup(PDFName.of("AF"), PDFArray);
    expect(af.size()).toBe(1);
    const ref = af.get(0);
    expect(ref).toBeInstanceOf(PDFRef);

    const namen = dokument.catalog
      .lookup(PDFName.of("Names"), PDFDict)
      .lookup(PDFName.of("EmbeddedFiles"), PDFDict)
      .lookup(PDFName.of("Names"), PDFArray);
    expect(namen.size()).toBe(2);
    expect(namen.lookup(0, PDFString).decodeText()).toBe(FACTURX_DATEINAME);
    expect(namen.get(1)).toBe(ref); // the same file specification in both

    const angabe = dokument.context.lookup(ref, PDFDict);
    expect(angabe.get(PDFName.of("Type"))).toBe(PDFName.of("Filespec"));
    expect(angabe.lookup(PDFName.of("F"), PDFString).decodeText()).toBe("factur-x.xml");
    expect(angabe.lookup(PDFName.of("UF"), PDFHexString).decodeText()).toBe("factur-x.xml");
    expect(angabe.lookup(PDFName.of("Desc"), PDFHexString).decodeText()).toContain("2026-00042");
    expect(angabe.get(PDFName.of("AFRelationship"))).toBe(PDFName.of("Alternative"));

    const ef = angabe.lookup(PDFName.of("EF"), PDFDict);
    expect(ef.get(PDFName.of("UF"))).toBe(ef.get(PDFName.of("F")));
    const datei = ef.lookup(PDFName.of("F"), PDFStream) as PDFRawStream;
    expect(datei.dict.get(PDFName.of("Type"))).toBe(PDFName.of("EmbeddedFile"));
    const typ = datei.dict.lookup(PDFName.of("Subtype"), PDFName);
    expect(typ.decodeText()).toBe("text/xml");
    expect(typ.asString()).toBe("/text#2Fxml");
    const bytes = decodePDFRawStream(datei).decode();
    expect(Buffer.from(bytes).equals(Buffer.from(xml, "utf8"))).toBe(true);
    const parameter = datei.dict.lookup(PDFName.of("Params"), PDFDict);
    expect(parameter.lookup(PDFName.of("Size"))?.toString()).toBe(String(Buffer.byteLength(xml)));
    expect(parameter.lookup(PDFName.of("ModDate"), PDFString).decodeDate().getTime()).toBeGreaterThan(0);
  });

  it("declares PDF/A-3b and Factur-X EN 16931 in the XMP, with the fx extension schema", () => {
    expect(element(xmp, "pdfaid:part")).toBe("3");
    expect(element(xmp, "pdfaid:conformance")).toBe("B");
    // The extension schema: the fx namespace and its four properties, each Text and external.
    const schema = element(xmp, "pdfaExtension:schemas")!;
    expect(element(schema, "pdfaSchema:namespaceURI")).toBe(
      "urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#",
    );
    expect(element(schema, "pdfaSchema:prefix")).toBe("fx");
    const eigenschaften = [
      ...schema.matchAll(/<rdf:li rdf:parseType="Resource">\s*<pdfaProperty:name>[\s\S]*?<\/rdf:li>/g),
    ].map((li) => ({
      name: element(li[0], "pdfaProperty:name"),
      typ: element(li[0], "pdfaProperty:valueType"),
      kategorie: element(li[0], "pdfaProperty:category"),
    }));
    expect(eigenschaften).toEqual(
      ["DocumentFileName", "DocumentType", "Version", "ConformanceLevel"].map((name) => ({
        name,
        typ: "Text",
        kategorie: "external",
      })),
    );
    expect(xmp).toContain('xmlns:fx="urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#"');
    expect(element(xmp, "fx:DocumentType")).toBe("INVOICE");
    expect(element(xmp, "fx:DocumentFileName")).toBe("factur-x.xml");
    expect(element(xmp, "fx:Version")).toBe("1.0");
    expect(element(xmp, "fx:ConformanceLevel")).toBe("EN 16931");
    expect(xmp.startsWith('<?xpacket begin="\uFEFF"')).toBe(true);
    expect(xmp.endsWith('<?xpacket end="w"?>')).toBe(true);
  });

  it("keeps the document information dictionary and the XMP in agreement", async () => {
    const vorher = await PDFDocument.load(original, { updateMetadata: false });
    // What pdfkit wrote stays (producer, creator, subject, creation date); title and author as given.
    expect(dokument.getProducer()).toBe(vorher.getProducer());
    expect(dokument.getCreator()).toBe(vorher.getCreator());
    expect(dokument.getSubject()).toBe(vorher.getSubject());
    expect(dokument.getCreationDate()).toEqual(vorher.getCreationDate());
    expect(dokument.getTitle()).toBe("Rechnung 2026-00042 – Müller & Söhne");
    expect(dokument.getAuthor()).toBe("Installateur Huber GmbH");

    const entity = (text: string) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;");
    expect(element(xmp, "dc:title")).toContain(
      `<rdf:li xml:lang="x-default">${entity(dokument.getTitle()!)}</rdf:li>`,
    );
    expect(element(xmp, "dc:creator")).toContain(`<rdf:li>${dokument.getAuthor()}</rdf:li>`);
    expect(element(xmp, "dc:description")).toContain(`>${dokument.getSubject()}</rdf:li>`);
    expect(element(xmp, "pdf:Producer")).toBe(dokument.getProducer());
    expect(element(xmp, "xmp:CreatorTool")).toBe(dokument.getCreator());
    expect(element(xmp, "pdf:Keywords")).toBe(dokument.getKeywords());
    expect(dokument.getKeywords()).toContain("2026-00042");
    expect(new Date(element(xmp, "xmp:CreateDate")!)).toEqual(dokument.getCreationDate());
    expect(new Date(element(xmp, "xmp:ModifyDate")!)).toEqual(dokument.getModificationDate());
    expect(dokument.getModificationDate()!.getTime()).toBeGreaterThanOrEqual(
      dokument.getCreationDate()!.getTime(),
    );
  });

  it("has a trailer /ID that keeps the document's first half", async () => {
    const id = dokument.context.lookup(dokument.context.trailerInfo.ID, PDFArray);
    const vorher = (await PDFDocument.load(original, { updateMetadata: false })).context;
    const alteId = vorher.lookup(vorher.trailerInfo.ID, PDFArray);
    expect(id.size()).toBe(2);
    expect(id.lookup(0, PDFHexString).asString()).toBe(alteId.lookup(0, PDFHexString).asString());
    expect(id.lookup(1, PDFHexString).asString()).toMatch(/^[0-9a-f]{32}$/);
  });

  it("shows the same pages as before", async () => {
    expect(await pdfSeiten(facturx)).toEqual(await pdfSeiten(original));
    expect(dokument.getPageCount()).toBe(1);
  });

  it("refuses a PDF that is no PDF/A-3", async () => {
    const ohnePdfA = await pdfErzeugen({ content: ["Rechnung"] });
    await expect(facturxPdf(ohnePdfA, xml, angaben)).rejects.toThrow(/no PDF\/A-3/);
  });

  it("eingebettetesXml reads the invoice XML back", () => {
    expect(eingebettetesXml(facturx)).toEqual({ name: "factur-x.xml", xml });
  });

  it("eingebettetesXml answers null for a PDF without embedded files", () => {
    expect(eingebettetesXml(original)).toBeNull();
  });
});

describe("eingebettetesXml on PDFs from elsewhere", () => {
  const rechnung = '<?xml version="1.0" encoding="UTF-8"?><rsm:CrossIndustryInvoice/>';

  it("prefers factur-x.xml, then the ZUGFeRD and XRechnung names, then any *.xml", () => {
    const pdf = (dateien: string[]) =>
      rohesPdf(
        [
          `<< /Type /Catalog /Pages 2 0 R /Names << /EmbeddedFiles << /Names [${dateien
            .map((_, i) => `(k${i}) ${3 + 2 * i} 0 R`)
            .join(" ")}] >> >> >>`,
          "<< /Type /Pages /Kids [] /Count 0 >>",
          ...dateien.flatMap((name, i) => [
            `<< /Type /Filespec /F (${name}) /EF << /F ${4 + 2 * i} 0 R >> >>`,
            strom("/Type /EmbeddedFile", Buffer.from(`<${name}/>`)),
          ]),
        ],
        "/Root 1 0 R",
      );
    expect(eingebettetesXml(pdf(["anhang.xml", "ZUGFeRD-invoice.xml", "factur-x.xml"]))).toEqual({
      name: "factur-x.xml",
      xml: "<factur-x.xml/>",
    });
    expect(eingebettetesXml(pdf(["bild.png", "zugferd-invoice.xml", "xrechnung.xml"]))?.name).toBe(
      "zugferd-invoice.xml",
    );
    expect(eingebettetesXml(pdf(["bild.png", "anhang.XML", "rechnung.xml"]))?.name).toBe("anhang.XML");
    expect(eingebettetesXml(pdf(["bild.png"]))).toBeNull();
  });

  it("reads a name tree with /Kids, a Flate stream with PNG predictor and UTF-16 file names", () => {
    const zeilen = Buffer.from(rechnung);
    // PNG "Up" rows of 8 columns over the bytes: what Acrobat and others write for xref streams.
    const mitPraediktor: number[] = [];
    for (let start = 0; start < zeilen.length; start += 8)
      for (let i = -1; i < 8; i++)
        mitPraediktor.push(
          i < 0 ? 2 : ((zeilen[start + i] ?? 0) - (start ? (zeilen[start - 8 + i] ?? 0) : 0)) & 0xff,
        );
    const utf16be = Buffer.from("factur-x.xml", "utf16le").swap16();
    const utf16 = `<${Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be]).toString("hex")}>`;
    const pdf = rohesPdf([
      "<< /Type /Catalog /Pages 4 0 R /Names << /EmbeddedFiles 5 0 R >> >>",
      `<< /Type /Filespec /F (alt.xml) /UF ${utf16} /EF << /UF 3 0 R >> >>`,
      strom(
        "/Type /EmbeddedFile /Filter [/FlateDecode] /DecodeParms [<< /Predictor 12 /Columns 8 >>]",
        deflateSync(Buffer.from(mitPraediktor)),
      ),
      "<< /Type /Pages /Kids [] /Count 0 >>",
      "<< /Kids [6 0 R] >>",
      "<< /Limits [(factur-x.xml) (factur-x.xml)] /Names [(factur-x.xml) 2 0 R] >>",
    ]);
    const gelesen = eingebettetesXml(pdf);
    expect(gelesen?.name).toBe("factur-x.xml");
    expect(gelesen?.xml.slice(0, rechnung.length)).toBe(rechnung);
  });

  it("follows /Prev to an xref stream: in an incremental update the newer embedded file wins", async () => {
    // pdf-lib keeps catalog, name tree and file specification in object streams: only the older revision's xref
    // stream says where they are.
    const alt = await PDFDocument.create();
    alt.addPage();
    await alt.attach(Buffer.from("<alt/>"), "factur-x.xml", { mimeType: "text/xml" });
    const basis = Buffer.from(await alt.save());
    const angabe = (await PDFDocument.load(basis)).catalog
      .lookup(PDFName.of("Names"), PDFDict)
      .lookup(PDFName.of("EmbeddedFiles"), PDFDict)
      .lookup(PDFName.of("Names"), PDFArray)
      .lookup(1, PDFDict);
    const nummer = (angabe.lookup(PDFName.of("EF"), PDFDict).get(PDFName.of("F")) as PDFRef).objectNumber;
    const vorher = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(basis.toString("latin1"))![1];
    const neu = strom("/Type /EmbeddedFile", Buffer.from(rechnung)).toString("latin1");
    const objekt = `${nummer} 0 obj\n${neu}\nendobj\n`;
    const update = [
      objekt,
      "xref",
      `${nummer} 1`,
      `${String(basis.length).padStart(10, "0")} 00000 n\r`,
      "trailer",
      `<< /Size ${nummer + 1} /Root ${alt.context.trailerInfo.Root} /Prev ${vorher} >>`,
      "startxref",
      String(basis.length + objekt.length),
      "%%EOF",
      "",
    ].join("\n");
    expect(eingebettetesXml(basis)?.xml).toBe("<alt/>");
    expect(eingebettetesXml(Buffer.concat([basis, Buffer.from(update, "latin1")]))?.xml).toBe(rechnung);
  });

  it("reads a stream whose /Length is an indirect object", () => {
    const daten = Buffer.from(`${rechnung}\n`);
    const pdf = rohesPdf([
      ...mitAnhang(
        "factur-x.xml",
        Buffer.concat([Buffer.from("<< /Length 5 0 R >>\nstream\n"), daten, Buffer.from("\nendstream")]),
      ),
      String(daten.length),
    ]);
    expect(eingebettetesXml(pdf)?.xml).toBe(`${rechnung}\n`);
  });

  it("recovers when the cross-reference data is wrong: bad offsets, or no table at all", () => {
    const pdf = rohesPdf(mitAnhang("factur-x.xml", strom("/Type /EmbeddedFile", Buffer.from(rechnung))));
    const text = pdf.toString("latin1").replace(/\d{10} 00000 n/g, "0000000001 00000 n");
    expect(eingebettetesXml(Buffer.from(text, "latin1"))?.xml).toBe(rechnung);
    // A cross-reference table that is no table: the trailer and the objects are found by scanning.
    const ohneTabelle = pdf.toString("latin1").replace("xref\n0 5", "xref\n)");
    expect(ohneTabelle).toContain("xref\n)");
    expect(eingebettetesXml(Buffer.from(ohneTabelle, "latin1"))?.xml).toBe(rechnung);
    // Nothing to recover from.
    expect(
      fehlercode(
        Buffer.from(ohneTabelle.replace("trailer", "trailor").replace("/Catalog", "/Katalog"), "latin1"),
      ),
    ).toBe("BESCHAEDIGT");
  });

  it("refuses garbage, a truncated file and an encrypted file with PdfLesefehler", async () => {
    expect(fehlercode(Buffer.from("Das ist kein PDF, sondern eine Einkaufsliste: Brot, Milch, Äpfel."))).toBe(
      "KEIN_PDF",
    );
    expect(fehlercode(new Uint8Array(0))).toBe("KEIN_PDF");
    const zufall = new Uint8Array(4096).map((_, i) => (i * 7919 + 13) % 251);
    expect(fehlercode(zufall)).toBe("KEIN_PDF");
    expect(
      fehlercode(Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.from(zufall), Buffer.from("\n%%EOF")])),
    ).toBe("BESCHAEDIGT");

    const facturx = await facturxPdf(
      await pdfErzeugen({ content: ["x"], version: "1.7", subset: "PDF/A-3b" }),
      rechnung,
      angaben,
    );
    for (const laenge of [facturx.length - 10, Math.floor(facturx.length / 2), 100])
      expect(fehlercode(facturx.subarray(0, laenge))).toBe("BESCHAEDIGT");

    const verschluesselt = rohesPdf(
      [...mitAnhang("factur-x.xml", strom("", Buffer.from(rechnung))), "<< /Filter /Standard /V 2 /R 3 >>"],
      "/Root 1 0 R /Encrypt 5 0 R /ID [<00> <00>]",
    );
    expect(fehlercode(verschluesselt)).toBe("VERSCHLUESSELT");
  });

  it("stops a zip bomb at MAX_ENTPACKT", () => {
    const bombe = deflateSync(Buffer.alloc(MAX_ENTPACKT + 1024 * 1024));
    expect(bombe.length).toBeLessThan(100_000);
    const pdf = rohesPdf(mitAnhang("factur-x.xml", strom("/Type /EmbeddedFile /Filter /FlateDecode", bombe)));
    expect(fehlercode(pdf)).toBe("ZU_GROSS");
  });

  it("stops objects that point into each other again and again (an object stream of one large object)", () => {
    // 2000 file specifications, all at offset 0 of one object stream whose only object is 30 KB: 60 MB to parse.
    const anzahl = 2000;
    const nummern = Array.from({ length: anzahl }, (_, i) => 10 + i);
    const kopf = nummern.map((n) => `${n} 0`).join(" ");
    const gross = `<< /Type /Filespec /F (bild.png) /Polster [${"0 ".repeat(15_000)}] >>`;
    let datei = "%PDF-1.7\n";
    const offsets: number[] = [];
    const objekt = (inhalt: string) => {
      offsets.push(datei.length);
      datei += `${offsets.length} 0 obj\n${inhalt}\nendobj\n`;
    };
    objekt("<< /Type /Catalog /Names << /EmbeddedFiles 2 0 R >> >>");
    objekt(`<< /Names [${nummern.map((n) => `(a${n}) ${n} 0 R`).join(" ")}] >>`);
    const objektstrom = `${kopf} ${gross}`;
    objekt(
      `<< /Type /ObjStm /N ${anzahl} /First ${kopf.length + 1} /Length ${objektstrom.length} >>\nstream\n${objektstrom}\nendstream`,
    );
    // The cross-reference stream (object 4, unfiltered): W [1 4 2], objects 0 to 4 and 10 to 2009.
    const xrefOffset = datei.length;
    const zeilen = [Buffer.from([0, 0, 0, 0, 0, 0xff, 0xff])];
    for (const offset of [...offsets, xrefOffset]) {
      const zeile = Buffer.alloc(7);
      zeile[0] = 1;
      zeile.writeUInt32BE(offset, 1);
      zeilen.push(zeile);
    }
    nummern.forEach((_, i) => {
      const zeile = Buffer.alloc(7);
      zeile[0] = 2;
      zeile.writeUInt32BE(3, 1);
      zeile.writeUInt16BE(i, 5);
      zeilen.push(zeile);
    });
    const xref = Buffer.concat(zeilen);
    const pdf = Buffer.concat([
      Buffer.from(
        `${datei}4 0 obj\n<< /Type /XRef /W [1 4 2] /Index [0 5 10 ${anzahl}] /Size ${10 + anzahl} /Root 1 0 R /Length ${xref.length} >>\nstream\n`,
        "latin1",
      ),
      xref,
      Buffer.from(`\nendstream\nendobj\nstartxref\n${xrefOffset}\n%%EOF\n`, "latin1"),
    ]);
    expect(fehlercode(pdf)).toBe("ZU_GROSS");
  });

  it("refuses hostile structures without another exception: deep nesting, cycles, unknown filters", () => {
    const tief = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
    expect(fehlercode(rohesPdf(mitAnhang("factur-x.xml", tief)))).toBe("BESCHAEDIGT");
    const kreis = rohesPdf([
      "<< /Type /Catalog /Names << /EmbeddedFiles 2 0 R >> >>",
      "<< /Kids [2 0 R 2 0 R] >>",
    ]);
    expect(fehlercode(kreis)).toBe("BESCHAEDIGT");
    const lzw = rohesPdf(mitAnhang("factur-x.xml", strom("/Filter /LZWDecode", Buffer.from([0x80, 0x0b]))));
    expect(fehlercode(lzw)).toBe("NICHT_UNTERSTUETZT");
  });
});
