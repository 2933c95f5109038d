import { bearbeitbar } from "@kontor/domain/beleg/beleg.codes";
import { belegSummen, kategorieAusMwst } from "@kontor/domain/beleg/beleg.totals";
import { datumText } from "@kontor/domain/date/calendar";
import { add, type Decimal, dec, isZero, sub } from "@kontor/domain/money/decimal";
import { euroText, prozentText, zahlText } from "@kontor/domain/money/format";
import type { TPdfLayout } from "@kontor/domain/typen/typen";
import { resources } from "@kontor/i18n";
import type { Content, ContentText, TableCell, TDocumentDefinitions } from "pdfmake/interfaces";
import type { BelegDruck } from "./belegDruck.ts";
import { richTextPdf } from "./richText.pdf.ts";

/** The QR code's signature segment of a receipt made without a working signature device (standard base64). */
const AUSFALL_QR = Buffer.from("Sicherheitseinrichtung ausgefallen").toString("base64");

/**
 * The page of a document (issue 16): A4 after DIN 5008 — the address field where a window envelope's window is
 * (form A: 27 mm from the top, form B: 45 mm; 20 mm from the left, 85 × 45 mm with the return line on top), the
 * information block beside it (125 mm from the left), fold marks and the punch mark at the left edge; positions in
 * a table whose header repeats on every page and whose running subtotal is carried to the next page; VAT breakdown,
 * notices, payment terms with the EPC QR code; the seller, register and bank data in the footer of every page.
 */

const MM = 72 / 25.4;
const A4 = { width: 595.28, height: 841.89 };
const LINKS = 25 * MM;
const RECHTS = 20 * MM;
const FUSS = 30 * MM;
/** The top margin of every page (the first page's flow starts lower, below the address field). */
const OBEN = 22 * MM;
const NULL = dec(0);

export type Fensterkuvert = "A" | "B";

export interface LayoutOptionen {
  layout: TPdfLayout;
  fensterkuvert: Fensterkuvert;
  /** A line of the tenant printed above the footer of every page (managing director, register court …). */
  fusszeile: string | null;
  /** The tenant's logo, a PNG. */
  logo: Uint8Array | null;
  /** A letterhead will be laid under every page: no own letterhead then (logo and name are on it). */
  mitVorlage: boolean;
  /** A letterhead that is an image (PNG or JPEG): drawn as every page's background. */
  briefpapierBild?: { bytes: Uint8Array; contentType: string } | null;
}

/** Where the window envelope forms put things (DIN 5008), in mm from the top. */
const FORM: Record<Fensterkuvert, { anschrift: number; info: number; text: number; falz: [number, number] }> =
  {
    A: { anschrift: 27, info: 32, text: 98.5, falz: [87, 192] },
    B: { anschrift: 45, info: 50, text: 103.5, falz: [105, 210] },
  };

interface Stilsatz {
  schrift: number;
  klein: number;
  akzent: string;
  kopfFarbe: string;
  kopfText: string;
  polster: number;
}

const STILE: Record<TPdfLayout, Stilsatz> = {
  standard: {
    schrift: 9.5,
    klein: 7.5,
    akzent: "#222222",
    kopfFarbe: "#eeeeee",
    kopfText: "#222222",
    polster: 3,
  },
  kompakt: {
    schrift: 8.5,
    klein: 7,
    akzent: "#222222",
    kopfFarbe: "#f2f2f2",
    kopfText: "#222222",
    polster: 1.5,
  },
  modern: {
    schrift: 9.5,
    klein: 7.5,
    akzent: "#0b5d6b",
    kopfFarbe: "#0b5d6b",
    kopfText: "#ffffff",
    polster: 4,
  },
};

const GRAU = "#666666";

/** "FN 123456a" — unless the value already names its label. */
const mitLabel = (label: string, value: string) =>
  value.toUpperCase().startsWith(label.toUpperCase()) ? value : `${label} ${value}`;

const datenUrl = (bytes: Uint8Array, contentType: string) =>
  `data:${contentType};base64,${Buffer.from(bytes).toString("base64")}`;

const format = (template: string, werte: Record<string, string>) =>
  template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, key: string) => werte[key] ?? "");

/** The document's title line, e.g. "Rechnung 2026-00017" or, for a draft, "Rechnung (ENTWURF)". */
export function belegTitel(druck: Pick<BelegDruck, "sprache" | "beleg">): string {
  const texte = resources[druck.sprache].beleg.druck;
  const titel = texte.titel[druck.beleg.belegsTyp];
  return bearbeitbar(druck.beleg) || !druck.beleg.belegNummer
    ? `${titel} (${texte.entwurf})`
    : `${titel} ${druck.beleg.belegNummer}`;
}

/** The pdfmake document of a document. Pure: the same data gives the same definition. */
export function belegLayout(druck: BelegDruck, optionen: LayoutOptionen): TDocumentDefinitions {
  const { sprache, beleg: b } = druck;
  const texte = resources[sprache].beleg.druck;
  const stil = STILE[optionen.layout];
  const form = FORM[optionen.fensterkuvert];
  const euro = (value: Decimal | number) => euroText(value, sprache);
  const datum = (iso: string) => datumText(iso, sprache);

  const kategorie = kategorieAusMwst(b.belegMwstSet);
  const summen = belegSummen(b, { kategorie });

  // --- first page: letterhead, return line, address, information block --------------------------------------
  const erste: Content[] = [];
  if (!optionen.mitVorlage) {
    erste.push({
      text: druck.verkaeufer.name,
      absolutePosition: { x: LINKS, y: 12 * MM },
      fontSize: 15,
      bold: true,
      color: stil.akzent,
      width: 110 * MM,
    } as Content);
    if (optionen.logo)
      erste.push({
        image: "logo",
        fit: [60 * MM, (form.anschrift - 17) * MM],
        absolutePosition: { x: A4.width - RECHTS - 60 * MM, y: 10 * MM },
        alignment: "right",
        width: 60 * MM,
      } as Content);
  }
  const ruecksende = [druck.verkaeufer.name, ...druck.verkaeufer.adresse].filter(Boolean).join(" · ");
  erste.push({
    text: ruecksende,
    fontSize: 6.5,
    color: GRAU,
    absolutePosition: { x: 20 * MM + 5 * MM, y: (form.anschrift + 12.7) * MM },
    width: 80 * MM,
    maxHeight: 5 * MM,
  } as Content);
  erste.push({
    stack: druck.empfaenger.map((zeile, index) => ({ text: zeile, bold: index === 0 })),
    fontSize: 10,
    lineHeight: 1.1,
    absolutePosition: { x: 20 * MM + 5 * MM, y: (form.anschrift + 17.7) * MM },
    width: 80 * MM,
  } as Content);

  const info: [string, string][] = [];
  if (b.belegNummer && !druck.entwurf) info.push([texte.nummer, b.belegNummer]);
  info.push([texte.datum, datum(b.belegDatum)]);
  if (b.leistungsZeitraumVon && b.leistungsZeitraumBis)
    info.push([
      texte.leistungszeitraum,
      `${datum(b.leistungsZeitraumVon)} – ${datum(b.leistungsZeitraumBis)}`,
    ]);
  else if (b.leistungsDatum)
    info.push([
      b.belegsTyp === "lieferschein" ? texte.lieferdatum : texte.leistungsdatum,
      datum(b.leistungsDatum),
    ]);
  if (druck.kundenNummer) info.push([texte.kundennummer, druck.kundenNummer]);
  if (druck.kundeUid) info.push([texte.ihreUid, druck.kundeUid]);
  if (druck.verkaeufer.uid) info.push([texte.unsereUid, druck.verkaeufer.uid]);
  if (b.bestellBelegnummer) info.push([texte.bestellnummer, b.bestellBelegnummer]);
  info.push(...druck.felder);
  erste.push({
    absolutePosition: { x: 125 * MM, y: form.info * MM },
    table: {
      widths: [30 * MM, 45 * MM],
      body: info.map(([label, wert]) => [
        { text: label, color: GRAU },
        { text: wert, bold: label === texte.nummer },
      ]),
    },
    layout: "noBorders",
    fontSize: stil.schrift - 1,
  } as Content);

  // --- the flow -------------------------------------------------------------------------------------------------
  const inhalt: Content[] = [];
  // The first page's text starts below the address field (the page's top margin is the follow-up pages').
  inhalt.push({ text: "", margin: [0, form.text * MM - OBEN - 4, 0, 0] });
  inhalt.push({
    text: belegTitel(druck),
    fontSize: 15,
    bold: true,
    color: stil.akzent,
    margin: [0, 0, 0, 2],
  });
  const bezug = b.ursprungsBeleg?.belegNummer
    ? format(
        b.belegsTyp === "storno"
          ? texte.stornoVon
          : b.belegsTyp === "gutschrift"
            ? texte.gutschriftZu
            : texte.bezugAuf,
        { typ: texte.titel[b.ursprungsBeleg.belegsTyp], nummer: b.ursprungsBeleg.belegNummer },
      )
    : null;
  if (bezug) inhalt.push({ text: bezug, bold: true, margin: [0, 0, 0, 2] });
  if (b.storniert)
    inhalt.push({
      text: format(texte.storniertDurch, { nummer: b.stornoRechnungsnummer ?? "" }),
      color: "#b00020",
      bold: true,
      margin: [0, 0, 0, 2],
    });
  if (druck.entwurf)
    inhalt.push({ text: texte.entwurfHinweis, color: "#b00020", fontSize: stil.klein + 0.5 });
  inhalt.push({ text: "", margin: [0, 0, 0, 6] });
  inhalt.push(...richTextPdf(b.rechnungsText));
  if (b.belegstext3?.trim()) inhalt.push({ text: b.belegstext3.trim(), margin: [0, 0, 0, 4] });
  if (druck.fahrzeug.length > 0)
    inhalt.push({
      text: [
        { text: `${texte.fahrzeug}: `, bold: true },
        druck.fahrzeug.map(([label, wert]) => `${label} ${wert}`).join(" · "),
      ],
      margin: [0, 0, 0, 4],
    });
  if (druck.lieferadresse)
    inhalt.push({
      text: [{ text: `${texte.lieferadresse}: `, bold: true }, druck.lieferadresse.join(", ")],
      margin: [0, 0, 0, 4],
    });

  // Positions. The amount cell of each row remembers its page once laid out (pdfmake sets `positions` on it);
  // the footer and header, laid out after the content, read them to carry the running subtotal. Rows may break
  // across pages (a long description goes on below the repeated header): pdfmake moves an unbreakable row to the
  // next page without updating its cells' positions, so dontBreakRows would carry wrong subtotals. The amount is on
  // the row's first line, so it counts on the page it is printed on.
  const positionen = b.belegspositionSet;
  const zeigeRabatt = positionen.some(
    (p) => (p.rabatt ?? 0) !== 0 || ((p.artikelRabatt ?? 0) !== 0 && p.artikel?.rabattierFaehig !== false),
  );
  const saetze = new Set(positionen.filter((p) => p.positionsPreis != null).map((p) => p.positionsMwst ?? 0));
  const zeigeMwst = kategorie === "S" && saetze.size > 1;
  const kopf = (text: string, alignment: "left" | "right" = "left"): TableCell => ({
    text,
    bold: true,
    alignment,
    noWrap: alignment === "right",
    color: stil.kopfText,
    fillColor: stil.kopfFarbe,
  });
  const kopfzeile: TableCell[] = [
    kopf(texte.pos),
    kopf(texte.bezeichnung),
    kopf(texte.menge, "right"),
    kopf(texte.einzelpreis, "right"),
    ...(zeigeRabatt ? [kopf(texte.rabatt, "right")] : []),
    ...(zeigeMwst ? [kopf(texte.ust, "right")] : []),
    kopf(texte.betrag, "right"),
  ];
  const betragsZellen: ContentText[] = [];
  const zeilenNetto: (Decimal | null)[] = summen.positionen.map((p) => p.netto);
  const zeilen: TableCell[][] = positionen.map((p, index) => {
    const nr: ContentText = { text: String(p.positionsNummer ?? index + 1), color: GRAU };
    const netto = zeilenNetto[index];
    const betrag: ContentText = { text: netto ? euro(netto) : "", alignment: "right", noWrap: true };
    betragsZellen.push(betrag);
    const beschreibung: Content[] = [];
    const titel = p.positionsBeschreibung?.trim() || p.artikel?.artikelBezeichnung || "";
    beschreibung.push({ text: titel });
    if (p.positionsBeschreibungZusatz?.trim())
      beschreibung.push({
        text: p.positionsBeschreibungZusatz.trim(),
        color: GRAU,
        fontSize: stil.schrift - 1,
      });
    if (p.artikel?.artikelNummer)
      beschreibung.push({ text: p.artikel.artikelNummer, color: GRAU, fontSize: stil.klein });
    const rabatte = [p.artikel?.rabattierFaehig === false ? 0 : (p.artikelRabatt ?? 0), p.rabatt ?? 0].filter(
      (r) => r !== 0,
    );
    return [
      nr,
      { stack: beschreibung },
      {
        text: p.positionsMenge == null ? "" : zahlText(p.positionsMenge, sprache, 0, 3),
        alignment: "right",
        noWrap: true,
      },
      {
        text: p.positionsPreis == null ? "" : euroText(p.positionsPreis, sprache, 4),
        alignment: "right",
        noWrap: true,
      },
      ...(zeigeRabatt
        ? [
            {
              text: rabatte.map((r) => prozentText(r, sprache)).join(" + "),
              alignment: "right",
              noWrap: true,
            } as TableCell,
          ]
        : []),
      ...(zeigeMwst
        ? [
            {
              text: p.positionsPreis == null ? "" : prozentText(p.positionsMwst ?? 0, sprache),
              alignment: "right",
              noWrap: true,
            } as TableCell,
          ]
        : []),
      betrag,
    ];
  });
  // The number columns take what they need (they never wrap); the description takes the rest.
  const breiten: (string | number)[] = [
    "auto",
    "*",
    "auto",
    "auto",
    ...(zeigeRabatt ? ["auto"] : []),
    ...(zeigeMwst ? ["auto"] : []),
    "auto",
  ];
  if (zeilen.length > 0)
    inhalt.push({
      table: { headerRows: 1, widths: breiten, body: [kopfzeile, ...zeilen] },
      layout: {
        hLineWidth: (i: number, node: { table: { body: unknown[] } }) =>
          i === 0 || i === node.table.body.length ? 0 : i === 1 ? 0.8 : 0.3,
        vLineWidth: () => 0,
        hLineColor: (i: number) => (i === 1 ? stil.akzent : "#cccccc"),
        paddingTop: () => stil.polster,
        paddingBottom: () => stil.polster,
        paddingLeft: (i: number) => (i === 0 ? 2 : 4),
        paddingRight: (i: number, node: { table: { widths?: unknown[] } }) =>
          i === (node.table.widths?.length ?? 1) - 1 ? 2 : 4,
      },
      margin: [0, 4, 0, 6],
    } as Content);

  // Totals.
  const summenZeilen: TableCell[][] = [];
  const zeile = (label: string, wert: string, fett = false): TableCell[] => [
    { text: label, bold: fett, alignment: "right" },
    { text: wert, bold: fett, alignment: "right", noWrap: true },
  ];
  if (!isZero(summen.rabatt)) {
    summenZeilen.push(zeile(texte.summeNetto, euro(summen.summeNetto)));
    summenZeilen.push(
      zeile(
        format(texte.belegRabatt, { prozent: prozentText(b.belegRabatt, sprache) }),
        euro(sub(NULL, summen.rabatt)),
      ),
    );
  }
  summenZeilen.push(zeile(texte.nettobetrag, euro(summen.netto)));
  for (const m of summen.mwst)
    summenZeilen.push(
      m.kategorie === "S" || m.kategorie === "Z"
        ? zeile(
            format(texte.ustZeile, { satz: prozentText(m.satz, sprache), basis: euro(m.basis) }),
            euro(m.betrag),
          )
        : zeile(
            format(texte.ustFrei, { kategorie: texte.kategorie[m.kategorie], basis: euro(m.basis) }),
            euro(m.betrag),
          ),
    );
  const gutschrift = b.belegsTyp === "gutschrift";
  summenZeilen.push(zeile(gutschrift ? texte.gesamtGutschrift : texte.gesamt, euro(summen.brutto), true));
  const bezahlt = b.zahlungList.reduce((summe, z) => add(summe, dec(z.betrag)), NULL);
  if (!isZero(bezahlt)) {
    summenZeilen.push(zeile(texte.bezahlt, euro(bezahlt)));
    summenZeilen.push(zeile(texte.offen, euro(sub(summen.brutto, bezahlt)), true));
  }
  if (zeilen.length > 0)
    inhalt.push({
      columns: [
        { width: "*", text: "" },
        {
          width: "auto",
          table: { widths: ["auto", 28 * MM], body: summenZeilen },
          layout: {
            hLineWidth: (i: number, node: { table: { body: unknown[] } }) =>
              i === node.table.body.length - (isZero(bezahlt) ? 1 : 2) ? 0.8 : 0,
            vLineWidth: () => 0,
            hLineColor: () => stil.akzent,
            paddingTop: () => 1.5,
            paddingBottom: () => 1.5,
            paddingRight: () => 2,
          },
        },
      ],
      margin: [0, 0, 0, 10],
      unbreakable: true,
    } as Content);

  if (druck.hinweis) inhalt.push({ text: druck.hinweis, bold: true, margin: [0, 0, 0, 6] });
  if (b.bankomat && b.belegsTyp === "barrechnung")
    inhalt.push({ text: texte.bankomat, margin: [0, 0, 0, 6] });
  // The signed receipt of a cash invoice (RKSV, issue 18): its machine-readable code as QR code; a receipt made
  // while the signature device had failed says so in words (RKSV § 17 (4)).
  if (b.rksvBarcode && !druck.entwurf)
    inhalt.push({
      columns: [
        { qr: b.rksvBarcode, eccLevel: "L", fit: 32 * MM, width: 34 * MM },
        {
          width: "*",
          stack: [
            { text: texte.rksv, fontSize: 8, color: GRAU },
            ...(b.rksvBarcode.endsWith(`_${AUSFALL_QR}`)
              ? [{ text: texte.rksvAusgefallen, bold: true, margin: [0, 4, 0, 0] } as Content]
              : []),
          ],
          margin: [0, 8, 0, 0],
        },
      ],
      columnGap: 6,
      margin: [0, 0, 0, 8],
      unbreakable: true,
    } as Content);

  const bedingungen: Content[] = [];
  if (druck.zahlungstext)
    bedingungen.push({ text: [{ text: `${texte.zahlungsbedingungen}: `, bold: true }, druck.zahlungstext] });
  if (druck.zahlungsbedingung) bedingungen.push({ text: druck.zahlungsbedingung });
  if (druck.lieferbedingung)
    bedingungen.push({ text: [{ text: `${texte.lieferbedingungen}: `, bold: true }, druck.lieferbedingung] });
  if (druck.verkaeufer.bank && druck.epc)
    bedingungen.push({
      text: [
        { text: `${texte.bank}: `, bold: true },
        [
          druck.verkaeufer.bank.bankName,
          `${texte.iban} ${druck.verkaeufer.bank.iban}`,
          druck.verkaeufer.bank.bic ? `${texte.bic} ${druck.verkaeufer.bank.bic}` : null,
        ]
          .filter(Boolean)
          .join(" · "),
      ],
    });
  if (druck.epc)
    inhalt.push({
      columns: [
        { width: "*", stack: bedingungen, lineHeight: 1.15 },
        {
          width: 30 * MM,
          stack: [
            { qr: druck.epc, eccLevel: "M", fit: 30 * MM, alignment: "right" },
            { text: texte.girocode, fontSize: 6, color: GRAU, alignment: "center", margin: [0, 2, 0, 0] },
          ],
        },
      ],
      columnGap: 8,
      unbreakable: true,
    } as Content);
  else if (bedingungen.length > 0) inhalt.push({ stack: bedingungen, lineHeight: 1.15 });

  // --- header, footer, background ------------------------------------------------------------------------------
  const seiteVon = (zelle: ContentText) =>
    (zelle as { positions?: { pageNumber: number }[] }).positions?.[0]?.pageNumber ?? 0;
  /** The sum of the line nets of the positions on pages up to `seite`. */
  const bisSeite = (seite: number) =>
    betragsZellen.reduce((summe, zelle, index) => {
      const netto = zeilenNetto[index];
      return netto && seiteVon(zelle) <= seite ? add(summe, netto) : summe;
    }, NULL);
  /** Whether the table goes on after page `seite`. */
  const weiter = (seite: number) =>
    betragsZellen.some((zelle) => seiteVon(zelle) <= seite) &&
    betragsZellen.some((zelle) => seiteVon(zelle) > seite);

  const fussSpalten = [
    [druck.verkaeufer.name, ...druck.verkaeufer.adresse],
    [
      druck.verkaeufer.uid ? `${texte.uid} ${druck.verkaeufer.uid}` : null,
      druck.verkaeufer.fn ? mitLabel(texte.fn, druck.verkaeufer.fn) : null,
      druck.verkaeufer.email,
    ],
    druck.verkaeufer.bank
      ? [
          druck.verkaeufer.bank.bankName,
          `${texte.iban} ${druck.verkaeufer.bank.iban}`,
          druck.verkaeufer.bank.bic ? `${texte.bic} ${druck.verkaeufer.bank.bic}` : null,
        ]
      : [],
  ].map((spalte) => spalte.filter((zeile): zeile is string => Boolean(zeile)));

  return {
    pageSize: "A4",
    pageMargins: [LINKS, OBEN, RECHTS, FUSS],
    version: "1.7",
    subset: "PDF/A-3b",
    displayTitle: true,
    language: sprache === "de" ? "de-AT" : "en-GB",
    info: {
      title: belegTitel(druck),
      author: druck.verkaeufer.name,
      subject: belegTitel(druck),
      creator: "Kontor",
      producer: "Kontor",
    },
    images: {
      ...(optionen.logo ? { logo: datenUrl(optionen.logo, "image/png") } : {}),
      ...(optionen.briefpapierBild
        ? { briefpapier: datenUrl(optionen.briefpapierBild.bytes, optionen.briefpapierBild.contentType) }
        : {}),
    },
    defaultStyle: { font: "Roboto", fontSize: stil.schrift, lineHeight: 1.12 },
    watermark: druck.entwurf
      ? { text: texte.entwurf, color: "#b00020", opacity: 0.08, bold: true, fontSize: 110 }
      : b.storniert
        ? { text: texte.storniert, color: "#b00020", opacity: 0.08, bold: true, fontSize: 90 }
        : undefined,
    background: (seite: number) => {
      const marken = [
        ...form.falz.map((y) => ({ type: "line", x1: 4 * MM, y1: y * MM, x2: 9 * MM, y2: y * MM })),
        { type: "line", x1: 4 * MM, y1: 148.5 * MM, x2: 11 * MM, y2: 148.5 * MM },
      ];
      return [
        ...(optionen.briefpapierBild
          ? [{ image: "briefpapier", width: A4.width, height: A4.height, absolutePosition: { x: 0, y: 0 } }]
          : []),
        ...(seite === 1
          ? [
              {
                canvas: marken.map((m) => ({ ...m, lineWidth: 0.4, lineColor: "#999999" })),
                absolutePosition: { x: 0, y: 0 },
              },
            ]
          : []),
      ];
    },
    header: (seite: number) => {
      if (seite === 1) return null;
      const uebertrag = weiter(seite - 1) ? bisSeite(seite - 1) : null;
      return {
        margin: [LINKS, 10 * MM, RECHTS, 0],
        columns: [
          { text: belegTitel(druck), color: GRAU, fontSize: stil.klein + 0.5 },
          uebertrag
            ? {
                text: `${texte.uebertrag}: ${euro(uebertrag)}`,
                alignment: "right",
                bold: true,
                fontSize: stil.schrift - 0.5,
              }
            : { text: "" },
        ],
      };
    },
    footer: (seite: number, seiten: number) => {
      const uebertrag = weiter(seite) ? bisSeite(seite) : null;
      return {
        margin: [LINKS, 2 * MM, RECHTS, 0],
        stack: [
          uebertrag
            ? {
                text: `${texte.zwischensumme} / ${texte.uebertrag}: ${euro(uebertrag)}`,
                alignment: "right",
                bold: true,
                fontSize: stil.schrift - 0.5,
                margin: [0, 0, 0, 3],
              }
            : { text: " ", fontSize: stil.schrift - 0.5, margin: [0, 0, 0, 3] },
          {
            canvas: [
              {
                type: "line",
                x1: 0,
                y1: 0,
                x2: A4.width - LINKS - RECHTS,
                y2: 0,
                lineWidth: 0.4,
                lineColor: "#bbbbbb",
              },
            ],
          },
          {
            columns: [
              ...fussSpalten.map((spalte) => ({ width: "*", stack: spalte })),
              {
                width: 22 * MM,
                text: format(texte.seite, { seite: String(seite), seiten: String(seiten) }),
                alignment: "right",
              },
            ],
            columnGap: 6,
            fontSize: stil.klein,
            color: GRAU,
            margin: [0, 3, 0, 0],
          },
          ...(optionen.fusszeile?.trim()
            ? [{ text: optionen.fusszeile.trim(), fontSize: stil.klein, color: GRAU, margin: [0, 2, 0, 0] }]
            : []),
        ],
      } as Content;
    },
    content: [...erste, ...inhalt],
  } as TDocumentDefinitions;
}
