import { datumText } from "@kontor/domain/date/calendar";
import type { TKassabuchEintrag } from "@kontor/domain/kassabuch/kassabuch.schema";
import { type Decimal, dec } from "@kontor/domain/money/decimal";
import { type DruckSprache, euroText, prozentText } from "@kontor/domain/money/format";
import { einsetzen } from "@kontor/domain/text/einsetzen";
import { resources } from "@kontor/i18n";
import type { Content, TableCell, TDocumentDefinitions } from "pdfmake/interfaces";
import { csvText, csvZahl } from "../../http/csv.ts";
import type { Buchstand } from "./kassabuch.repository.ts";

/**
 * The cash book's exports (issue 17), pure: CSV (UTF-8 with BOM, semicolons, CRLF; German decimal comma for de)
 * and the pdfmake document of the PDF (rendered by belegausgabe/pdf.ts). Both hold the opening balance, every
 * entry of the period with its running balance, the totals and the closing balance, in the chosen language.
 */

export interface KassabuchDruck {
  sprache: DruckSprache;
  mandant: string;
  von: string | null;
  bis: string | null;
  heute: string;
  eintraege: TKassabuchEintrag[];
  stand: Buchstand;
}

const texte = (sprache: DruckSprache) => resources[sprache].kassabuch.druck;

/** The file name without extension: "Kassabuch 2026-03-01 bis 2026-03-31" / "Cash book 2026-03-01 to …". */
export function dateiname(d: Pick<KassabuchDruck, "sprache" | "von" | "bis" | "heute">): string {
  const t = texte(d.sprache);
  const bis = d.bis ?? d.heute;
  return d.von
    ? `${t.dateiname} ${d.von} ${d.sprache === "de" ? "bis" : "to"} ${bis}`
    : `${t.dateiname} ${d.sprache === "de" ? "bis" : "to"} ${bis}`;
}

const datum = (iso: string, sprache: DruckSprache) => (sprache === "de" ? datumText(iso, "de") : iso);

// ---------------------------------------------------------------------------------------------------------------
// CSV

/** Lines of cells, each line ended by CRLF (as csvDatei writes them). */
const csvZeilen = (zeilen: readonly (readonly string[])[]) =>
  zeilen.map((z) => `${z.join(";")}\r\n`).join("");
const leer = (n: number) => Array.from({ length: n }, () => "");

/** The start of the CSV file: BOM, the header line and the opening balance. */
export function kassabuchCsvKopf(d: Omit<KassabuchDruck, "eintraege">): string {
  const t = texte(d.sprache);
  return `\uFEFF${csvZeilen([
    [
      t.nr,
      t.datum,
      t.belegnummer,
      t.kontonummer,
      t.text,
      t.lieferant,
      t.typ,
      t.mwst,
      t.einnahme,
      t.ausgabe,
      t.saldo,
      t.korrekturZu,
    ],
    [
      "",
      d.von ? datum(d.von, d.sprache) : "",
      ...leer(2),
      csvText(t.anfangsbestand),
      ...leer(5),
      csvZahl(d.stand.anfangsbestand, d.sprache),
      "",
    ],
  ])}`;
}

/** The lines of some entries (the export writes the period in parts of a few thousand). */
export function kassabuchCsvZeilen(eintraege: readonly TKassabuchEintrag[], sprache: DruckSprache): string {
  return csvZeilen(
    eintraege.map((e) => [
      String(e.id),
      datum(e.date, sprache),
      csvText(e.belegnummer),
      csvText(e.kontonummer),
      csvText(e.text),
      csvText(e.lieferant?.anzeigename),
      resources[sprache].kassabuch.typ[e.typ],
      e.mehrwertssteuer ? csvZahl(e.mehrwertssteuer.mwst, sprache) : "",
      e.typ === "einnahme" ? csvZahl(e.betrag, sprache) : "",
      e.typ === "ausgabe" ? csvZahl(e.betrag, sprache) : "",
      csvZahl(e.saldo, sprache),
      e.korrekturVon === null ? "" : String(e.korrekturVon),
    ]),
  );
}

/** The end of the CSV file: the totals and the closing balance. */
export function kassabuchCsvFuss(d: Omit<KassabuchDruck, "eintraege">): string {
  const t = texte(d.sprache);
  return csvZeilen([
    [
      ...leer(4),
      csvText(t.summe),
      ...leer(3),
      csvZahl(d.stand.einnahmen, d.sprache),
      csvZahl(d.stand.ausgaben, d.sprache),
      ...leer(2),
    ],
    [
      "",
      datum(d.bis ?? d.heute, d.sprache),
      ...leer(2),
      csvText(t.endbestand),
      ...leer(5),
      csvZahl(d.stand.endbestand, d.sprache),
      "",
    ],
  ]);
}

/** The whole CSV file (UTF-8 with BOM, semicolons, CRLF). */
export const kassabuchCsv = (d: KassabuchDruck): string =>
  kassabuchCsvKopf(d) + kassabuchCsvZeilen(d.eintraege, d.sprache) + kassabuchCsvFuss(d);

// ---------------------------------------------------------------------------------------------------------------
// PDF

const GRAU = "#555555";

/** The pdfmake document: A4 landscape, a table whose header repeats on every page, page x of y. */
export function kassabuchPdf(d: KassabuchDruck): TDocumentDefinitions {
  const t = texte(d.sprache);
  const euro = (value: Decimal | number) => euroText(value, d.sprache);
  const rechts = (text: string, extra: Partial<{ bold: boolean }> = {}): TableCell => ({
    text,
    alignment: "right",
    ...extra,
  });
  const links = (text: string): TableCell => ({ text, bold: true });
  const kopf: TableCell[] = [
    links(t.nr),
    links(t.datum),
    links(t.belegnummer),
    links(t.kontonummer),
    links(t.text),
    links(t.lieferant),
    rechts(t.mwst, { bold: true }),
    rechts(t.einnahme, { bold: true }),
    rechts(t.ausgabe, { bold: true }),
    rechts(t.saldo, { bold: true }),
  ];
  const zeilen: TableCell[][] = d.eintraege.map((e) => [
    String(e.id),
    datum(e.date, d.sprache),
    e.belegnummer ?? "",
    e.kontonummer ?? "",
    e.korrekturVon === null
      ? e.text
      : { text: [e.text, { text: ` (${einsetzen(t.korrekturVon, { id: e.korrekturVon })})`, color: GRAU }] },
    e.lieferant?.anzeigename ?? "",
    rechts(e.mehrwertssteuer ? prozentText(dec(e.mehrwertssteuer.mwst), d.sprache) : ""),
    rechts(e.typ === "einnahme" ? euro(e.betrag) : ""),
    rechts(e.typ === "ausgabe" ? euro(e.betrag) : ""),
    rechts(euro(e.saldo)),
  ]);
  const leer = (n: number): TableCell[] => Array.from({ length: n }, () => "");
  const anfang: TableCell[] = [
    "",
    d.von ? datum(d.von, d.sprache) : "",
    { text: t.anfangsbestand, bold: true, colSpan: 4 },
    ...leer(3),
    ...leer(3),
    rechts(euro(d.stand.anfangsbestand), { bold: true }),
  ];
  const summe: TableCell[] = [
    "",
    "",
    { text: t.summe, bold: true, colSpan: 4 },
    ...leer(3),
    "",
    rechts(euro(d.stand.einnahmen), { bold: true }),
    rechts(euro(d.stand.ausgaben), { bold: true }),
    "",
  ];
  const ende: TableCell[] = [
    "",
    datum(d.bis ?? d.heute, d.sprache),
    { text: t.endbestand, bold: true, colSpan: 4 },
    ...leer(3),
    ...leer(3),
    rechts(euro(d.stand.endbestand), { bold: true }),
  ];
  const zeitraum = d.von
    ? einsetzen(t.zeitraum, { von: datum(d.von, d.sprache), bis: datum(d.bis ?? d.heute, d.sprache) })
    : einsetzen(t.gesamt, { bis: datum(d.bis ?? d.heute, d.sprache) });
  const inhalt: Content[] = [
    { text: `${t.titel} — ${d.mandant}`, fontSize: 16, bold: true, margin: [0, 0, 0, 4] },
    { text: zeitraum, margin: [0, 0, 0, 10] },
    {
      table: {
        headerRows: 1,
        widths: [26, 50, 58, 48, "*", 90, 40, 62, 62, 66],
        body: [kopf, anfang, ...zeilen, summe, ende],
      },
      layout: "lightHorizontalLines",
      fontSize: 8,
    },
  ];
  if (d.stand.jahreswechsel) inhalt.push({ text: t.jahreswechsel, margin: [0, 8, 0, 0], color: GRAU });
  return {
    pageSize: "A4",
    pageOrientation: "landscape",
    pageMargins: [36, 36, 36, 40],
    info: { title: `${t.titel} — ${zeitraum}`, author: d.mandant },
    defaultStyle: { font: "Roboto", fontSize: 9 },
    content: inhalt,
    footer: (seite: number, seiten: number) => ({
      columns: [
        { text: einsetzen(t.erstellt, { datum: datum(d.heute, d.sprache) }), color: GRAU },
        { text: einsetzen(t.seite, { seite, seiten }), alignment: "right", color: GRAU },
      ],
      margin: [36, 12, 36, 0],
      fontSize: 8,
    }),
  };
}
