import type {
  TArbeitszeitMonat,
  TArbeitszeitTag,
  TTeamZeile,
} from "@kontor/domain/arbeitszeit/arbeitszeit.schema";
import { dauerText, dezimalStunden } from "@kontor/domain/arbeitszeit/dauer";
import { datumText, todayIso } from "@kontor/domain/date/calendar";
import { isoWochentag } from "@kontor/domain/date/zeitzone";
import type { DruckSprache } from "@kontor/domain/money/format";
import { einsetzen } from "@kontor/domain/text/einsetzen";
import { resources } from "@kontor/i18n";
import type { Content, TableCell, TDocumentDefinitions } from "pdfmake/interfaces";
import { csvDatei, csvText, csvZahl } from "../../http/csv.ts";
import { loadExcelJs } from "../../lazy.ts";
import { pdfErzeugen } from "../belegausgabe/pdf.ts";

/**
 * The working-time report (zeiterfassungreport, issue 22), pure apart from rendering: an employee's month as a
 * sheet both sign (PDF, A4 landscape: every day with its times, break, deduction, absence or holiday, target,
 * actual, balance and flags; the month's sums, overtime and vacation; two signature fields), the same days as CSV
 * and Excel, and the team's month for payroll (CSV, Excel). Durations: h:mm on paper, decimal hours in CSV (what
 * payroll programs read), Excel durations ([h]:mm, so sums stay exact) in Excel.
 */

export type ReportFormat = "pdf" | "csv" | "xlsx";
export type ReportDatei = { body: Buffer | string; contentType: string; dateiname: string };
export type ReportKopf = { mandant: string; heute: string };

const texte = (sprache: DruckSprache) => resources[sprache].arbeitszeit.druck;

const CONTENT_TYPE: Record<ReportFormat, string> = {
  pdf: "application/pdf",
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

/** "März 2026" / "March 2026". */
export function monatText(monat: string, sprache: DruckSprache): string {
  const monate: Record<string, string> = texte(sprache).monate;
  return `${monate[String(Number(monat.slice(5, 7)))]} ${monat.slice(0, 4)}`;
}

/** The weekday's short name ("Mo", "Mon") of an ISO date. */
const wochentag = (datum: string, sprache: DruckSprache) =>
  (texte(sprache).wochentage as Record<string, string>)[String(isoWochentag(datum))] ?? "";

const datum = (iso: string, sprache: DruckSprache) => datumText(iso, sprache);

/** The times of a day: "08:00–12:00, 12:30–16:30" (an open record "08:00–…"; C marks a correction). */
function zeitenText(tag: TArbeitszeitTag, sprache: DruckSprache): string {
  const t = texte(sprache);
  return tag.eintraege
    .map(
      (e) =>
        `${e.vonZeit}–${e.bisZeit ?? "…"}${e.homeoffice ? ` (${t.homeoffice})` : ""}${e.korrektur ? ` ${t.korrektur}` : ""}`,
    )
    .join(", ");
}

/** Absences of the day and its holiday: "Urlaub", "Krankenstand (halber Tag)", "Urlaub (beantragt)", "Ostermontag". */
function abwesenheitText(tag: TArbeitszeitTag, sprache: DruckSprache): string {
  const t = texte(sprache);
  const teile = tag.abwesenheiten
    .filter((a) => a.status !== "abgelehnt")
    .map((a) => {
      const zusatz = [a.halbtag ? t.halbtag : null, a.status === "beantragt" ? t.beantragt : null].filter(
        Boolean,
      );
      return zusatz.length > 0 ? `${t.arten[a.art]} (${zusatz.join(", ")})` : t.arten[a.art];
    });
  if (tag.feiertag)
    teile.unshift(
      tag.feiertag.halbtag ? `${tag.feiertag.bezeichnung} (${t.halbtag})` : tag.feiertag.bezeichnung,
    );
  return teile.join(", ");
}

const hinweiseText = (tag: TArbeitszeitTag, sprache: DruckSprache) =>
  tag.hinweise.map((h) => texte(sprache).hinweisTexte[h]).join(", ");

/** "Arbeitszeit Muster Max 2026-03" — the file name without extension. */
function blattDateiname(monat: TArbeitszeitMonat, sprache: DruckSprache): string {
  const name = monat.name.replace(/[^\p{L}\p{N} ._-]+/gu, " ").trim();
  return `${texte(sprache).dateiname} ${name} ${monat.monat}`.replace(/\s+/g, " ");
}

/** When and by whom the month was last approved (its history), or null. */
function genehmigung(monat: TArbeitszeitMonat): { am: string; von: string } | null {
  if (monat.status !== "genehmigt") return null;
  const letzte = [...monat.historie].reverse().find((h) => h.aktion === "genehmigen");
  return letzte ? { am: todayIso(new Date(letzte.am)), von: letzte.von } : null;
}

// ---------------------------------------------------------------------------------------------------------------
// One employee's month

export async function monatsblatt(
  monat: TArbeitszeitMonat,
  format: ReportFormat,
  sprache: DruckSprache,
  kopf: ReportKopf,
): Promise<ReportDatei> {
  const name = blattDateiname(monat, sprache);
  if (format === "csv")
    return { body: monatsblattCsv(monat, sprache), contentType: CONTENT_TYPE.csv, dateiname: `${name}.csv` };
  if (format === "xlsx")
    return {
      body: await monatsblattXlsx(monat, sprache, kopf),
      contentType: CONTENT_TYPE.xlsx,
      dateiname: `${name}.xlsx`,
    };
  const pdf = await pdfErzeugen(monatsblattPdf(monat, sprache, kopf));
  return { body: Buffer.from(pdf), contentType: CONTENT_TYPE.pdf, dateiname: `${name}.pdf` };
}

const stunden = (minuten: number, sprache: DruckSprache) => dezimalStunden(minuten, sprache);

/** The days as CSV: one line per day, durations as decimal hours; the sums last. */
export function monatsblattCsv(monat: TArbeitszeitMonat, sprache: DruckSprache): string {
  const t = texte(sprache);
  const kopf = [
    t.datum,
    t.tag,
    t.zeiten,
    `${t.pause} (${t.einheitStunden})`,
    `${t.abzug} (${t.einheitStunden})`,
    `${t.netto} (${t.einheitStunden})`,
    t.abwesenheit,
    `${t.soll} (${t.einheitStunden})`,
    `${t.ist} (${t.einheitStunden})`,
    `${t.saldo} (${t.einheitStunden})`,
    t.hinweise,
  ];
  const zeilen = monat.tage.map((tag) => [
    datum(tag.datum, sprache),
    wochentag(tag.datum, sprache),
    csvText(zeitenText(tag, sprache)),
    stunden(tag.pause, sprache),
    stunden(tag.abzug, sprache),
    stunden(tag.netto, sprache),
    csvText(abwesenheitText(tag, sprache)),
    stunden(tag.soll, sprache),
    stunden(tag.ist, sprache),
    stunden(tag.saldo, sprache),
    csvText(hinweiseText(tag, sprache)),
  ]);
  const summe = [
    csvText(t.summe),
    "",
    "",
    "",
    "",
    stunden(
      monat.tage.reduce((s, tag) => s + tag.netto, 0),
      sprache,
    ),
    "",
    stunden(monat.summe.soll, sprache),
    stunden(monat.summe.ist, sprache),
    stunden(monat.summe.saldo, sprache),
    "",
  ];
  const stand = [
    [csvText(t.mitarbeiter), csvText(monat.name)],
    [csvText(t.monat), monat.monat],
    [csvText(t.status), csvText(t.statusWerte[monat.status])],
    [
      csvText(`${t.ueberstundenVormonat} (${t.einheitStunden})`),
      stunden(monat.ueberstunden.vormonat, sprache),
    ],
    [csvText(`${t.ueberstundenStand} (${t.einheitStunden})`), stunden(monat.ueberstunden.stand, sprache)],
    [
      csvText(einsetzen(t.urlaubAnspruch, { jahr: monat.urlaub.jahr })),
      csvZahl(monat.urlaub.anspruch, sprache, 1),
    ],
    [csvText(t.urlaubGenommen), csvZahl(monat.urlaub.genommen, sprache, 1)],
    [csvText(t.urlaubRest), csvZahl(monat.urlaub.rest, sprache, 1)],
    [csvText(t.homeofficeTage), String(monat.summe.homeofficeTage)],
  ];
  return csvDatei([kopf.map(csvText), ...zeilen, summe, [], ...stand]);
}

/** Excel durations: a day is 1, so minutes / 1440, shown as [h]:mm (sums over 24 hours stay right). */
const DAUER = "[h]:mm;-[h]:mm";
const excelDauer = (minuten: number) => minuten / 1440;
const excelDatum = (iso: string) =>
  new Date(Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))));

async function monatsblattXlsx(monat: TArbeitszeitMonat, sprache: DruckSprache, kopf: ReportKopf) {
  const t = texte(sprache);
  const ExcelJS = await loadExcelJs();
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(monat.monat);
  sheet.columns = [
    { width: 12 },
    { width: 6 },
    { width: 34 },
    { width: 9 },
    { width: 12 },
    { width: 12 },
    { width: 28 },
    { width: 9 },
    { width: 9 },
    { width: 9 },
    { width: 30 },
  ];
  sheet.addRow([`${t.titel} ${monatText(monat.monat, sprache)}`]).font = { bold: true, size: 14 };
  sheet.addRow([t.mandant, kopf.mandant]);
  sheet.addRow([t.mitarbeiter, monat.name]);
  sheet.addRow([t.status, t.statusWerte[monat.status]]);
  sheet.addRow([]);
  const titel = sheet.addRow([
    t.datum,
    t.tag,
    t.zeiten,
    t.pause,
    t.abzug,
    t.netto,
    t.abwesenheit,
    t.soll,
    t.ist,
    t.saldo,
    t.hinweise,
  ]);
  titel.font = { bold: true };
  const dauerSpalten = [4, 5, 6, 8, 9, 10];
  for (const tag of monat.tage) {
    const zeile = sheet.addRow([
      excelDatum(tag.datum),
      wochentag(tag.datum, sprache),
      zeitenText(tag, sprache),
      excelDauer(tag.pause),
      excelDauer(tag.abzug),
      excelDauer(tag.netto),
      abwesenheitText(tag, sprache),
      excelDauer(tag.soll),
      excelDauer(tag.ist),
      excelDauer(tag.saldo),
      hinweiseText(tag, sprache),
    ]);
    zeile.getCell(1).numFmt = sprache === "de" ? "dd.mm.yyyy" : "dd/mm/yyyy";
    for (const spalte of dauerSpalten) zeile.getCell(spalte).numFmt = DAUER;
  }
  const summe = sheet.addRow([
    t.summe,
    "",
    "",
    "",
    "",
    excelDauer(monat.tage.reduce((s, tag) => s + tag.netto, 0)),
    "",
    excelDauer(monat.summe.soll),
    excelDauer(monat.summe.ist),
    excelDauer(monat.summe.saldo),
  ]);
  summe.font = { bold: true };
  for (const spalte of dauerSpalten) summe.getCell(spalte).numFmt = DAUER;
  sheet.addRow([]);
  const stand: [string, number, string][] = [
    [t.ueberstundenVormonat, excelDauer(monat.ueberstunden.vormonat), DAUER],
    [t.ueberstundenStand, excelDauer(monat.ueberstunden.stand), DAUER],
    [einsetzen(t.urlaubAnspruch, { jahr: monat.urlaub.jahr }), monat.urlaub.anspruch, "0.0"],
    [t.urlaubGenommen, monat.urlaub.genommen, "0.0"],
    [t.urlaubRest, monat.urlaub.rest, "0.0"],
    [t.homeofficeTage, monat.summe.homeofficeTage, "0"],
  ];
  for (const [label, wert, numFmt] of stand) sheet.addRow([label, "", wert]).getCell(3).numFmt = numFmt;
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const GRAU = "#555555";

/** The sheet both sign: A4 landscape, the days' table (header repeated on every page), sums, balances, signatures. */
export function monatsblattPdf(
  monat: TArbeitszeitMonat,
  sprache: DruckSprache,
  kopf: ReportKopf,
): TDocumentDefinitions {
  const t = texte(sprache);
  const rechts = (text: string, bold = false): TableCell => ({ text, alignment: "right", bold });
  const fett = (text: string): TableCell => ({ text, bold: true });
  const kopfZeile: TableCell[] = [
    fett(t.datum),
    fett(t.tag),
    fett(t.zeiten),
    rechts(t.pause, true),
    rechts(t.abzug, true),
    rechts(t.netto, true),
    fett(t.abwesenheit),
    rechts(t.soll, true),
    rechts(t.ist, true),
    rechts(t.saldo, true),
    fett(t.hinweise),
  ];
  const zeilen: TableCell[][] = monat.tage.map((tag) => {
    const frei = tag.soll === 0 && tag.ist === 0 && tag.eintraege.length === 0;
    const zelle = (text: string): TableCell => (frei ? { text, color: GRAU } : text);
    return [
      zelle(datum(tag.datum, sprache)),
      zelle(wochentag(tag.datum, sprache)),
      zeitenText(tag, sprache),
      rechts(tag.pause ? dauerText(tag.pause) : ""),
      rechts(tag.abzug ? dauerText(tag.abzug) : ""),
      rechts(tag.netto || tag.eintraege.length ? dauerText(tag.netto) : ""),
      zelle(abwesenheitText(tag, sprache)),
      rechts(tag.soll ? dauerText(tag.soll) : ""),
      rechts(tag.ist || tag.soll ? dauerText(tag.ist) : ""),
      rechts(tag.ist || tag.soll ? dauerText(tag.saldo, true) : ""),
      { text: hinweiseText(tag, sprache), color: tag.hinweise.length ? "#b02a37" : undefined },
    ];
  });
  const summe: TableCell[] = [
    { text: t.summe, bold: true, colSpan: 3 },
    "",
    "",
    "",
    "",
    rechts(dauerText(monat.tage.reduce((s, tag) => s + tag.netto, 0)), true),
    "",
    rechts(dauerText(monat.summe.soll), true),
    rechts(dauerText(monat.summe.ist), true),
    rechts(dauerText(monat.summe.saldo, true), true),
    "",
  ];
  const bilanz: TableCell[][] = [
    [t.saldoMonat, rechts(dauerText(monat.summe.saldo, true))],
    [t.ueberstundenVormonat, rechts(dauerText(monat.ueberstunden.vormonat, true))],
    [fett(t.ueberstundenStand), rechts(dauerText(monat.ueberstunden.stand, true), true)],
    [t.homeofficeTage, rechts(String(monat.summe.homeofficeTage))],
  ];
  const tage = (anzahl: number) => einsetzen(t.tage, { anzahl: zahl(anzahl, sprache) });
  const urlaub: TableCell[][] = [
    [einsetzen(t.urlaubAnspruch, { jahr: monat.urlaub.jahr }), rechts(tage(monat.urlaub.anspruch))],
    [t.urlaubGenommen, rechts(tage(monat.urlaub.genommen))],
    [t.urlaubBeantragt, rechts(tage(monat.urlaub.beantragt))],
    [fett(t.urlaubRest), rechts(tage(monat.urlaub.rest), true)],
  ];
  const genehmigt = genehmigung(monat);
  const unterschrift = (wer: string, vermerk: string | null): Content => ({
    stack: [
      { text: vermerk ?? " ", color: GRAU, fontSize: 8, margin: [0, 0, 0, 22] },
      { canvas: [{ type: "line", x1: 0, y1: 0, x2: 300, y2: 0, lineWidth: 0.5 }] },
      { text: `${wer} — ${t.datumUnterschrift}`, fontSize: 8, margin: [0, 2, 0, 0] },
    ],
  });
  const inhalt: Content[] = [
    {
      text: `${t.titel} — ${monatText(monat.monat, sprache)}`,
      fontSize: 16,
      bold: true,
      margin: [0, 0, 0, 4],
    },
    {
      columns: [
        { text: [{ text: `${t.mandant}: `, color: GRAU }, kopf.mandant] },
        {
          text: [
            { text: `${t.mitarbeiter}: `, color: GRAU },
            { text: monat.name, bold: true },
          ],
        },
        { text: [{ text: `${t.status}: `, color: GRAU }, t.statusWerte[monat.status]], alignment: "right" },
      ],
      margin: [0, 0, 0, 8],
    },
    {
      table: {
        headerRows: 1,
        dontBreakRows: true,
        widths: [50, 22, "*", 32, 40, 48, 120, 34, 34, 38, 80],
        body: [kopfZeile, ...zeilen, summe],
      },
      layout: "lightHorizontalLines",
      fontSize: 7.5,
    },
    { text: `${t.stundenHinweis} · ${t.korrekturLegende}`, color: GRAU, fontSize: 7, margin: [0, 4, 0, 10] },
    {
      columns: [
        { table: { widths: [150, 60], body: bilanz }, layout: "noBorders", width: 230 },
        { table: { widths: [150, 60], body: urlaub }, layout: "noBorders", width: 230 },
      ],
      margin: [0, 0, 0, 24],
      unbreakable: true,
    },
    {
      columns: [
        unterschrift(t.unterschriftMitarbeiter, null),
        unterschrift(
          t.unterschriftArbeitgeber,
          genehmigt
            ? einsetzen(t.genehmigtAm, { datum: datum(genehmigt.am, sprache), von: genehmigt.von })
            : null,
        ),
      ],
      columnGap: 60,
      unbreakable: true,
    },
  ];
  return {
    pageSize: "A4",
    pageOrientation: "landscape",
    pageMargins: [36, 36, 36, 40],
    info: { title: `${t.titel} ${monat.name} ${monat.monat}`, author: kopf.mandant },
    defaultStyle: { font: "Roboto", fontSize: 9 },
    content: inhalt,
    footer: (seite: number, seiten: number) => ({
      columns: [
        { text: einsetzen(t.erstellt, { datum: datum(kopf.heute, sprache) }), color: GRAU },
        { text: einsetzen(t.seite, { seite, seiten }), alignment: "right", color: GRAU },
      ],
      margin: [36, 12, 36, 0],
      fontSize: 8,
    }),
  };
}

/** Days as people write them: "12,5" / "12.5", whole days without decimals. */
const zahl = (tage: number, sprache: DruckSprache) =>
  Number.isInteger(tage) ? String(tage) : String(tage).replace(".", sprache === "de" ? "," : ".");

// ---------------------------------------------------------------------------------------------------------------
// The team's month (payroll)

const mitarbeiterName = (z: TTeamZeile) => [z.lastName, z.firstName].filter(Boolean).join(", ") || z.login;

export async function teamTabelle(
  zeilen: readonly TTeamZeile[],
  monat: string,
  format: "csv" | "xlsx",
  sprache: DruckSprache,
  kopf: ReportKopf,
): Promise<ReportDatei> {
  const t = texte(sprache);
  const dateiname = `${t.teamDateiname} ${monat}`;
  const spalten = [
    t.mitarbeiter,
    t.login,
    t.soll,
    t.ist,
    t.saldoMonat,
    t.ueberstunden,
    t.urlaubTage,
    t.zeitausgleichTage,
    t.krankTage,
    t.sonstigeTage,
    t.urlaubRest,
    t.status,
    t.offeneAntraege,
    t.hinweise,
  ];
  if (format === "csv") {
    const h = (minuten: number) => stunden(minuten, sprache);
    const d = (tage: number) => csvZahl(tage, sprache, 1);
    const body = csvDatei([
      spalten.map((s, i) => csvText(i >= 2 && i <= 5 ? `${s} (${t.einheitStunden})` : s)),
      ...zeilen.map((z) => [
        csvText(mitarbeiterName(z)),
        csvText(z.login),
        h(z.soll),
        h(z.ist),
        h(z.saldoMonat),
        h(z.ueberstunden),
        d(z.abwesenheitTage.urlaub),
        d(z.abwesenheitTage.zeitausgleich),
        d(z.abwesenheitTage.krank),
        d(z.abwesenheitTage.sonstiges),
        d(z.urlaubRest),
        csvText(t.statusWerte[z.status]),
        String(z.offeneAntraege),
        String(z.hinweise),
      ]),
    ]);
    return { body, contentType: CONTENT_TYPE.csv, dateiname: `${dateiname}.csv` };
  }
  const ExcelJS = await loadExcelJs();
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(monat);
  sheet.columns = spalten.map((_, i) => ({ width: i === 0 ? 28 : i === 1 ? 16 : 12 }));
  sheet.addRow([`${t.teamTitel} ${monatText(monat, sprache)}`]).font = { bold: true, size: 14 };
  sheet.addRow([t.mandant, kopf.mandant]);
  sheet.addRow([]);
  sheet.addRow(spalten).font = { bold: true };
  for (const z of zeilen) {
    const zeile = sheet.addRow([
      mitarbeiterName(z),
      z.login,
      excelDauer(z.soll),
      excelDauer(z.ist),
      excelDauer(z.saldoMonat),
      excelDauer(z.ueberstunden),
      z.abwesenheitTage.urlaub,
      z.abwesenheitTage.zeitausgleich,
      z.abwesenheitTage.krank,
      z.abwesenheitTage.sonstiges,
      z.urlaubRest,
      t.statusWerte[z.status],
      z.offeneAntraege,
      z.hinweise,
    ]);
    for (const spalte of [3, 4, 5, 6]) zeile.getCell(spalte).numFmt = DAUER;
    for (const spalte of [7, 8, 9, 10, 11]) zeile.getCell(spalte).numFmt = "0.0";
  }
  return {
    body: Buffer.from(await workbook.xlsx.writeBuffer()),
    contentType: CONTENT_TYPE.xlsx,
    dateiname: `${dateiname}.xlsx`,
  };
}
