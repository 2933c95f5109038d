import { datumText } from "@kontor/domain/date/calendar";
import type { DruckSprache } from "@kontor/domain/money/format";
import { einsetzen } from "@kontor/domain/text/einsetzen";
import type { TZahlungReport } from "@kontor/domain/zahlung/zahlung.schema";
import { resources } from "@kontor/i18n";
import { csvDatei, csvText, csvZahl } from "../../http/csv.ts";
import { loadExcelJs } from "../../lazy.ts";

/**
 * The payment report's files (issue 17), pure: CSV (the months: received, skonto, open at the month's end) and an
 * Excel workbook (period, customer, the totals, then the months with real numbers and dates), in the chosen language.
 */

const texte = (sprache: DruckSprache) => resources[sprache].beleg.zahlung.report;

/** "Zahlungsauswertung 2026-01-01 bis 2026-12-31" / "Payment report 2026-01-01 to 2026-12-31". */
export const reportDateiname = (report: Pick<TZahlungReport, "von" | "bis">, sprache: DruckSprache) =>
  `${texte(sprache).dateiname} ${report.von} ${sprache === "de" ? "bis" : "to"} ${report.bis}`;

export function zahlungReportCsv(report: TZahlungReport, sprache: DruckSprache): string {
  const t = texte(sprache);
  return csvDatei([
    [t.monat, t.erhalten, t.skonto, t.offenMonatsende].map(csvText),
    ...report.monate.map((m) => [
      m.monat,
      csvZahl(m.erhalten, sprache),
      csvZahl(m.skonto, sprache),
      csvZahl(m.offen, sprache),
    ]),
  ]);
}

/** Euro amounts: two decimals and the euro sign (Excel shows the reader's separators). */
const EURO = '#,##0.00 "€";-#,##0.00 "€"';

export async function zahlungReportXlsx(report: TZahlungReport, sprache: DruckSprache): Promise<Buffer> {
  const t = texte(sprache);
  const ExcelJS = await loadExcelJs();
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(t.title);
  sheet.columns = [{ width: 34 }, { width: 16 }, { width: 18 }, { width: 22 }];
  sheet.addRow([t.title]).font = { bold: true, size: 14 };
  sheet.addRow([t.zeitraumLabel, `${datumText(report.von, sprache)} – ${datumText(report.bis, sprache)}`]);
  sheet.addRow([t.kunde, report.kunde?.anzeigename ?? t.alleKunden]);
  sheet.addRow([]);
  sheet.addRow([t.summen]).font = { bold: true };
  const summen: [string, number][] = [
    [t.erhalten, report.erhalten],
    [t.skonto, report.skonto],
    [einsetzen(t.offenAm, { datum: datumText(report.bis, sprache) }), report.offenAmStichtag],
    [t.abgeschrieben, report.abgeschrieben],
    [t.guthaben, report.ueberzahlung],
  ];
  for (const [label, wert] of summen) sheet.addRow([label, wert]).getCell(2).numFmt = EURO;
  sheet.addRow([]);
  const kopf = sheet.addRow([t.monat, t.erhalten, t.skonto, t.offenMonatsende]);
  kopf.font = { bold: true };
  for (const m of report.monate) {
    const zeile = sheet.addRow([
      new Date(Date.UTC(Number(m.monat.slice(0, 4)), Number(m.monat.slice(5, 7)) - 1, 1)),
      m.erhalten,
      m.skonto,
      m.offen,
    ]);
    zeile.getCell(1).numFmt = "mm/yyyy";
    for (const spalte of [2, 3, 4]) zeile.getCell(spalte).numFmt = EURO;
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
