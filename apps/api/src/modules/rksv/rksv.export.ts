import { datumText } from "@kontor/domain/date/calendar";
import { type DruckSprache, euroText } from "@kontor/domain/money/format";
import type { TRksvBelegZeile } from "@kontor/domain/rksv/rksv.schema";
import { einsetzen } from "@kontor/domain/text/einsetzen";
import { resources } from "@kontor/i18n";
import type { Content, TableCell, TDocumentDefinitions } from "pdfmake/interfaces";
import { csvDatei, csvText, csvZahl } from "../../http/csv.ts";

/**
 * The RKSV receipt journal (issue 18, GET rksv/sjournal) as files, pure: CSV and the pdfmake document of the PDF
 * (rendered by belegausgabe/pdf.ts) — every receipt with register, number, type and purpose, time, the five amounts,
 * the sum, the turnover counter and the document, in the chosen language.
 */

export interface JournalDruck {
  sprache: DruckSprache;
  mandant: string;
  from: string | null;
  heute: string;
  zeilen: TRksvBelegZeile[];
}

const texte = (sprache: DruckSprache) => resources[sprache].beleg.rksvJournal;

/** "RKSV-Journal 2026-11-01" / "RKSV journal 2026-11-01" (without the extension). */
export const journalDateiname = (d: Pick<JournalDruck, "sprache" | "from" | "heute">) =>
  `${texte(d.sprache).dateiname} ${d.from ?? d.heute}`;

const typText = (d: JournalDruck, z: TRksvBelegZeile) => {
  const t = texte(d.sprache);
  return z.zweck ? t.zwecke[z.zweck] : t.typen[z.typ];
};
/** 2026-11-26T09:15:00 → 26.11.2026 09:15:00 (de) / 26/11/2026 09:15:00 (en). */
const zeit = (zeitpunkt: string, sprache: DruckSprache) =>
  `${datumText(zeitpunkt.slice(0, 10), sprache)} ${zeitpunkt.slice(11)}`;

export function journalCsv(d: JournalDruck): string {
  const t = texte(d.sprache);
  const zahl = (wert: number) => csvZahl(wert, d.sprache);
  return csvDatei([
    [
      t.kasse,
      t.nr,
      t.belegnummer,
      t.typ,
      t.zeitpunkt,
      t.normal,
      t.ermaessigt1,
      t.ermaessigt2,
      t.null,
      t.besonders,
      t.summe,
      t.umsatzzaehler,
      t.ausgefallen,
      t.beleg,
    ].map(csvText),
    ...d.zeilen.map((z) => [
      csvText(z.kassenId),
      String(z.nr),
      csvText(z.belegNummer),
      csvText(typText(d, z)),
      z.zeitpunkt,
      zahl(z.betraege.normal),
      zahl(z.betraege.ermaessigt1),
      zahl(z.betraege.ermaessigt2),
      zahl(z.betraege.null),
      zahl(z.betraege.besonders),
      zahl(z.summe),
      zahl(z.umsatzzaehler),
      z.ausgefallen ? t.ja : t.nein,
      csvText(z.beleg?.belegNummer),
    ]),
  ]);
}

const GRAU = "#555555";

/** A4 landscape, the header row repeated on every page, page x of y. */
export function journalPdf(d: JournalDruck): TDocumentDefinitions {
  const t = texte(d.sprache);
  const euro = (wert: number) => euroText(wert, d.sprache);
  const rechts = (text: string, bold = false): TableCell => ({ text, alignment: "right", bold });
  const kopf: TableCell[] = [
    { text: t.kasse, bold: true },
    rechts(t.nr, true),
    { text: t.belegnummer, bold: true },
    { text: t.typ, bold: true },
    { text: t.zeitpunkt, bold: true },
    ...[t.normal, t.ermaessigt1, t.ermaessigt2, t.null, t.besonders, t.summe, t.umsatzzaehler].map((text) =>
      rechts(text, true),
    ),
  ];
  const zeilen: TableCell[][] = d.zeilen.map((z) => [
    z.kassenId,
    rechts(String(z.nr)),
    z.belegNummer,
    z.ausgefallen
      ? { text: [typText(d, z), { text: ` (${t.ausgefallen})`, color: "#b00020" }] }
      : typText(d, z),
    zeit(z.zeitpunkt, d.sprache),
    ...[
      z.betraege.normal,
      z.betraege.ermaessigt1,
      z.betraege.ermaessigt2,
      z.betraege.null,
      z.betraege.besonders,
    ].map((wert) => rechts(wert === 0 ? "" : euro(wert))),
    rechts(euro(z.summe), true),
    rechts(euro(z.umsatzzaehler)),
  ]);
  const untertitel = d.from ? einsetzen(t.ab, { datum: datumText(d.from, d.sprache) }) : t.alle;
  const inhalt: Content[] = [
    { text: `${t.titel} — ${d.mandant}`, fontSize: 16, bold: true, margin: [0, 0, 0, 4] },
    { text: untertitel, margin: [0, 0, 0, 10] },
    {
      table: {
        headerRows: 1,
        widths: [50, 22, 66, "*", 82, 46, 46, 46, 46, 46, 50, 56],
        body: [kopf, ...zeilen],
      },
      layout: "lightHorizontalLines",
      fontSize: 8,
    },
  ];
  return {
    pageSize: "A4",
    pageOrientation: "landscape",
    pageMargins: [36, 36, 36, 40],
    info: { title: `${t.titel} — ${untertitel}`, author: d.mandant },
    defaultStyle: { font: "Roboto", fontSize: 9 },
    content: inhalt,
    footer: (seite: number, seiten: number) => ({
      columns: [
        { text: einsetzen(t.erstellt, { datum: datumText(d.heute, d.sprache) }), color: GRAU },
        { text: einsetzen(t.seite, { seite, seiten }), alignment: "right", color: GRAU },
      ],
      margin: [36, 12, 36, 0],
      fontSize: 8,
    }),
  };
}
