import { belegSummen } from "@kontor/domain/beleg/beleg.totals";
import { add, type Decimal, dec } from "@kontor/domain/money/decimal";
import { euroText } from "@kontor/domain/money/format";
import { describe, expect, it } from "vitest";
import { beispielDruck } from "./belegDruck.testing.ts";
import { belegLayout, type LayoutOptionen } from "./belegPdf.layout.ts";
import { pdfErzeugen } from "./pdf.ts";
import { pdfSeiten } from "./pdfText.testing.ts";

const standard: LayoutOptionen = {
  layout: "standard",
  fensterkuvert: "B",
  fusszeile: null,
  logo: null,
  mitVorlage: false,
};
const rendern = async (druck: ReturnType<typeof beispielDruck>, optionen: Partial<LayoutOptionen> = {}) => {
  const bytes = await pdfErzeugen(belegLayout(druck, { ...standard, ...optionen }));
  return { bytes, seiten: await pdfSeiten(bytes) };
};
/** pdf.js joins runs with spaces and line breaks as it likes: compare on single spaces. */
const flach = (text: string) => text.replace(/\s+/g, " ");

describe("the document PDF's contents (§11 UStG AT, §14 UStG DE)", () => {
  it("a German invoice names seller, buyer, number, dates, positions, VAT breakdown, total and payment terms", async () => {
    const druck = beispielDruck({ positionen: 3 });
    const { seiten } = await rendern(druck, { fusszeile: "Geschäftsführer: Max Huber · LG Wien" });
    expect(seiten).toHaveLength(1);
    const text = flach(seiten[0]!);
    const summen = belegSummen(druck.beleg);
    for (const erwartet of [
      "Installateur Huber GmbH",
      "Mariahilfer Straße 12/3",
      "1060 Wien",
      "Unsere UID ATU13585627",
      "FN 123456a",
      "Muster GmbH",
      "z. H. Frau Mag. Eva Muster",
      "Hauptstraße 1/2/5",
      "8010 Graz",
      "Ihre UID ATU12345675",
      "Kundennummer 10023",
      "Ihre Bestellung PO-7781",
      "Rechnung 2026-00042",
      "Datum 25.11.2026",
      "Leistungsdatum 20.11.2026",
      "Pos. Bezeichnung Menge Einzelpreis",
      "Leistung Nr. 2 – Äpfel, Öfen & Süßes",
      "25,99 €",
      "USt. 20 % von",
      "USt. 10 % von",
      `Gesamtbetrag ${euroText(summen.brutto, "de")}`,
      `Nettobetrag ${euroText(summen.netto, "de")}`,
      "Zahlungsbedingungen: Zahlbar bis 09.12.2026 ohne Abzug.",
      "IBAN AT61 1904 3002 3457 3201",
      "BIC BKAUATWW",
      "Geschäftsführer: Max Huber · LG Wien",
      "Seite 1 von 1",
      "Sehr geehrte Frau Muster,",
    ])
      expect(text).toContain(erwartet);
    expect(text).not.toContain("ENTWURF");
  });

  it("an English invoice: every label in English, English number and date formats", async () => {
    const druck = beispielDruck({ positionen: 3, sprache: "en" });
    const { seiten } = await rendern(druck);
    const text = flach(seiten.join(" "));
    const summen = belegSummen(druck.beleg);
    for (const erwartet of [
      "Invoice 2026-00042",
      "Date 25/11/2026",
      "Date of supply 20/11/2026",
      "Customer no. 10023",
      "Your VAT ID ATU12345675",
      "Our VAT ID ATU13585627",
      "No. Description Qty Unit price",
      "€25.99",
      "VAT 20% on",
      `Total ${euroText(summen.brutto, "en")}`,
      "Payment terms:",
      "Bank details:",
      "Page 1 of 1",
    ])
      expect(text).toContain(erwartet);
    for (const deutsch of ["Rechnung", "Seite", "Gesamtbetrag", "USt.", "Datum"])
      expect(text).not.toContain(deutsch);
  });

  it("positions over several pages: the header repeats and the subtotal is carried to the next page", async () => {
    const druck = beispielDruck({ positionen: 60 });
    const { seiten } = await rendern(druck);
    expect(seiten.length).toBeGreaterThanOrEqual(3);
    const netto = belegSummen(druck.beleg).positionen.map((p) => p.netto!);
    // The positions on a page, by the numbers their descriptions start with ("Nr. 7"), on the amount's line.
    const positionenAuf = (seite: string) => [...seite.matchAll(/Nr\. (\d+)/g)].map((m) => Number(m[1]));
    let bisher: Decimal = dec(0);
    let letzte = 0;
    for (const [index, seite] of seiten.entries()) {
      const text = flach(seite);
      const nummern = positionenAuf(text);
      if (index > 0 && nummern.length > 0) {
        expect(text).toContain("Pos. Bezeichnung Menge Einzelpreis");
        expect(text).toContain(`Übertrag: ${euroText(bisher, "de")}`);
        expect(Math.min(...nummern)).toBe(letzte + 1);
      }
      for (const nr of nummern) bisher = add(bisher, netto[nr - 1]!);
      if (nummern.length > 0) letzte = Math.max(...nummern);
      const weiter = seiten.slice(index + 1).some((s) => positionenAuf(flach(s)).length > 0);
      if (weiter) expect(text).toContain(`Zwischensumme / Übertrag: ${euroText(bisher, "de")}`);
      else expect(text).not.toContain("Zwischensumme / Übertrag");
      expect(text).toContain(`Seite ${index + 1} von ${seiten.length}`);
    }
    expect(letzte).toBe(60);
    expect(flach(seiten.at(-1)!)).toContain(
      `Gesamtbetrag ${euroText(belegSummen(druck.beleg).brutto, "de")}`,
    );
  });

  it("a document discount shows the positions' sum, the discount and the net amount per the one totals function", async () => {
    const druck = beispielDruck({ positionen: 4 });
    druck.beleg.belegRabatt = 10;
    const summen = belegSummen(druck.beleg);
    const text = flach((await rendern(druck)).seiten.join(" "));
    expect(text).toContain(`Summe netto ${euroText(summen.summeNetto, "de")}`);
    expect(text).toContain(`Rabatt 10 % -${euroText(summen.rabatt, "de")}`);
    expect(text).toContain(`Nettobetrag ${euroText(summen.netto, "de")}`);
    expect(text).toContain(`Gesamtbetrag ${euroText(summen.brutto, "de")}`);
  });

  it("a draft says so, prints no number and no payment code", async () => {
    const { seiten, bytes } = await rendern(beispielDruck({ positionen: 2, entwurf: true }));
    const text = flach(seiten.join(" "));
    expect(text).toContain("Rechnung (ENTWURF)");
    expect(text).toContain("Entwurf – noch nicht finalisiert");
    expect(text).not.toContain("2026-00042");
    expect(bytes.byteLength).toBeGreaterThan(0);
  });

  it("a credit note and a cancellation name what they refer to; a cancelled invoice is marked", async () => {
    const gutschrift = beispielDruck({ positionen: 1, belegsTyp: "gutschrift", sprache: "en" });
    gutschrift.beleg.ursprungsBeleg = { id: 9, belegNummer: "2026-00007", belegsTyp: "rechnung" };
    expect(flach((await rendern(gutschrift)).seiten.join(" "))).toContain(
      "Credit note 2026-00042 Credit note for Invoice 2026-00007",
    );
    const storno = beispielDruck({ positionen: 1, belegsTyp: "storno" });
    storno.beleg.ursprungsBeleg = { id: 9, belegNummer: "2026-00007", belegsTyp: "rechnung" };
    expect(flach((await rendern(storno)).seiten.join(" "))).toContain(
      "Stornorechnung 2026-00042 Storno zu Rechnung 2026-00007",
    );
    const storniert = beispielDruck({ positionen: 1 });
    storniert.beleg.storniert = true;
    storniert.beleg.stornoRechnungsnummer = "2026-00043";
    expect(flach((await rendern(storniert)).seiten.join(" "))).toContain(
      "Dieser Beleg wurde storniert (Storno 2026-00043).",
    );
  });

  it("notices, vehicle, custom fields and the delivery address are printed", async () => {
    const druck = beispielDruck({ positionen: 1 });
    druck.hinweis = "Steuerfreie innergemeinschaftliche Lieferung gemäß Art. 6 Abs. 1 UStG.";
    druck.fahrzeug = [
      ["Kennzeichen", "W-12345X"],
      ["Marke", "VW Golf"],
    ];
    druck.felder = [["Baustelle", "Linz, Hafenstraße"]];
    druck.lieferadresse = ["Muster GmbH", "Lagerweg 3", "4020 Linz"];
    druck.beleg.leistungsDatum = null;
    druck.beleg.leistungsZeitraumVon = "2026-11-01";
    druck.beleg.leistungsZeitraumBis = "2026-11-15";
    const text = flach((await rendern(druck)).seiten.join(" "));
    for (const erwartet of [
      "Steuerfreie innergemeinschaftliche Lieferung gemäß Art. 6 Abs. 1 UStG.",
      "Fahrzeug: Kennzeichen W-12345X · Marke VW Golf",
      "Baustelle Linz, Hafenstraße",
      "Lieferadresse: Muster GmbH, Lagerweg 3, 4020 Linz",
      "Leistungszeitraum 01.11.2026 – 15.11.2026",
    ])
      expect(text).toContain(erwartet);
  });

  it("is PDF/A-3b ready: XMP identification, an sRGB output intent, the font embedded", async () => {
    const { bytes } = await rendern(beispielDruck({ positionen: 1 }));
    const roh = Buffer.from(bytes).toString("latin1");
    expect(roh.startsWith("%PDF-1.7")).toBe(true);
    expect(roh).toMatch(/\/OutputIntents/);
    expect(roh).toMatch(/\/GTS_PDFA1/);
    expect(roh).toMatch(/\/FontFile2/);
    expect(roh).toMatch(/\/Metadata/);
  });
});

describe("the RKSV receipt of a cash invoice", () => {
  /** The QR codes of a document definition (depth-first). */
  const qrCodes = (knoten: unknown): string[] =>
    !knoten || typeof knoten !== "object"
      ? []
      : Array.isArray(knoten)
        ? knoten.flatMap(qrCodes)
        : [
            ...("qr" in knoten && typeof knoten.qr === "string" ? [knoten.qr] : []),
            ...Object.values(knoten).flatMap(qrCodes),
          ];
  const code =
    "_R1-AT0_KASSE-1_BR-2026-00001_2026-11-26T09:00:00_24,00_0,00_0,00_0,00_0,00_abc=_U:ATU13585627-1A_def=";

  it("prints the receipt's machine-readable code and signature as QR code with a hint", async () => {
    const druck = beispielDruck({ belegsTyp: "barrechnung", positionen: 1 });
    druck.beleg.rksvBarcode = `${code}_c2lnbmF0dXI=`;
    expect(qrCodes(belegLayout(druck, standard).content)).toContain(`${code}_c2lnbmF0dXI=`);
    const { seiten } = await rendern(druck);
    expect(flach(seiten.join(" "))).toContain("Signierter Beleg (RKSV)");
    expect(flach(seiten.join(" "))).not.toContain("Sicherheitseinrichtung ausgefallen");
  });

  it("a receipt made without a working signature device says so; a draft has no receipt", async () => {
    const druck = beispielDruck({ belegsTyp: "barrechnung", positionen: 1 });
    druck.beleg.rksvBarcode = `${code}_${Buffer.from("Sicherheitseinrichtung ausgefallen").toString("base64")}`;
    const { seiten } = await rendern(druck);
    expect(flach(seiten.join(" "))).toContain("Sicherheitseinrichtung ausgefallen");
    const entwurf = beispielDruck({ belegsTyp: "barrechnung", positionen: 1, entwurf: true });
    entwurf.beleg.rksvBarcode = `${code}_c2lnbmF0dXI=`;
    expect(qrCodes(belegLayout(entwurf, standard).content)).not.toContain(`${code}_c2lnbmF0dXI=`);
  });
});
