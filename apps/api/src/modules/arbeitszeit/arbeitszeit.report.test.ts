import type {
  TArbeitszeitMonat,
  TArbeitszeitTag,
  TTeamZeile,
} from "@kontor/domain/arbeitszeit/arbeitszeit.schema";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { pdfSeiten } from "../belegausgabe/pdfText.testing.ts";
import { monatsblatt, teamTabelle } from "./arbeitszeit.report.ts";

/** A small month by hand: a worked day with a deducted break, a vacation day, a holiday, a weekend day. */
function tag(datum: string, teil: Partial<TArbeitszeitTag> = {}): TArbeitszeitTag {
  return {
    datum,
    soll: 0,
    brutto: 0,
    pause: 0,
    pausePflicht: 0,
    abzug: 0,
    netto: 0,
    gutschrift: 0,
    ist: 0,
    saldo: 0,
    feiertag: null,
    abwesenheiten: [],
    eintraege: [],
    hinweise: [],
    ...teil,
  };
}

const eintrag = (id: number, datum: string, von: string, bis: string, korrektur = false) => ({
  id,
  userId: 7,
  datum,
  von: `${datum}T${von}:00+01:00`,
  bis: `${datum}T${bis}:00+01:00`,
  vonZeit: von,
  bisZeit: bis,
  minuten: 0,
  beschreibung: null,
  homeoffice: false,
  korrektur,
  erfasstAm: `${datum}T18:00:00+01:00`,
  erfasstVon: "max",
});

const monat: TArbeitszeitMonat = {
  userId: 7,
  name: "Max Muster",
  monat: "2026-04",
  status: "genehmigt",
  kommentar: null,
  tage: [
    tag("2026-04-03", {
      soll: 480,
      brutto: 550,
      abzug: 30,
      netto: 520,
      ist: 520,
      saldo: 40,
      eintraege: [eintrag(1, "2026-04-03", "07:00", "16:10", true)],
      hinweise: ["pauseAbgezogen"],
    }),
    tag("2026-04-04"),
    tag("2026-04-06", { feiertag: { bezeichnung: "Ostermontag", halbtag: false } }),
    tag("2026-04-07", {
      soll: 480,
      gutschrift: 480,
      ist: 480,
      abwesenheiten: [{ id: 3, art: "urlaub", halbtag: false, status: "genehmigt" }],
    }),
  ],
  summe: { bis: "2026-04-30", soll: 960, ist: 1000, saldo: 40, homeofficeTage: 0 },
  ueberstunden: { vormonat: -75, stand: -35, deadline: null },
  urlaub: { jahr: 2026, anspruch: 25, genommen: 1, beantragt: 0.5, rest: 24 },
  laufend: null,
  aenderbar: false,
  historie: [{ am: "2026-05-02T08:00:00.000Z", von: "chefin", aktion: "genehmigen", kommentar: null }],
};

const kopf = { mandant: "Muster GmbH", heute: "2026-05-04" };

/** What Excel shows as a duration: days since 1899-12-30 (ExcelJS reads a cell with an [h]:mm format as a Date). */
const excelDauer = (minuten: number) => new Date(Date.UTC(1899, 11, 30) + minuten * 60_000);

describe("zeiterfassungreport: an employee's month", () => {
  it("CSV: one line per day with decimal hours, the sums and the balances (de)", async () => {
    const datei = await monatsblatt(monat, "csv", "de", kopf);
    expect(datei.dateiname).toBe("Arbeitszeit Max Muster 2026-04.csv");
    expect(datei.contentType).toBe("text/csv; charset=utf-8");
    const zeilen = String(datei.body)
      .replace(/^\uFEFF/, "")
      .split("\r\n");
    expect(zeilen[0]).toBe(
      "Datum;Tag;Zeiten;Pause (Std.);Pausenabzug (Std.);Arbeitszeit (Std.);Abwesenheit / Feiertag;Soll (Std.);Ist (Std.);Saldo (Std.);Hinweise",
    );
    expect(zeilen[1]).toBe("03.04.2026;Fr;07:00–16:10 K;0,00;0,50;8,67;;8,00;8,67;0,67;Pause abgezogen");
    expect(zeilen[3]).toBe("06.04.2026;Mo;;0,00;0,00;0,00;Ostermontag;0,00;0,00;0,00;");
    expect(zeilen[4]).toBe("07.04.2026;Di;;0,00;0,00;0,00;Urlaub;8,00;8,00;0,00;");
    expect(zeilen[5]).toBe("Summe;;;;;8,67;;16,00;16,67;0,67;");
    expect(zeilen).toContain("Überstunden Vormonat (Std.);-1,25");
    expect(zeilen).toContain("Überstunden Monatsende (Std.);-0,58");
    expect(zeilen).toContain("Resturlaub;24,0");
  });

  it("CSV in English: points, English words", async () => {
    const datei = await monatsblatt(monat, "csv", "en", kopf);
    expect(datei.dateiname).toBe("Working time Max Muster 2026-04.csv");
    expect(String(datei.body)).toContain("07/04/2026;Tue;;0.00;0.00;0.00;Vacation;8.00;8.00;0.00;");
  });

  it("PDF: the days, sums, balances and both signature fields; the approval noted", async () => {
    const datei = await monatsblatt(monat, "pdf", "de", kopf);
    expect(datei.dateiname).toBe("Arbeitszeit Max Muster 2026-04.pdf");
    const text = (await pdfSeiten(datei.body as Buffer)).join("\n");
    for (const erwartet of [
      "Arbeitszeitnachweis — April 2026",
      "Muster GmbH",
      "Max Muster",
      "genehmigt",
      "07:00–16:10 K",
      "8:40",
      "+0:40",
      "Ostermontag",
      "Urlaub",
      "Pause abgezogen",
      "16:00",
      "16:40",
      "Überstunden Vormonat",
      "−1:15",
      "−0:35",
      "Resturlaub",
      "24 Tage",
      "0,5 Tage",
      "Mitarbeiter/in — Datum, Unterschrift",
      "Arbeitgeber — Datum, Unterschrift",
      "Genehmigt am 02.05.2026 von chefin",
      "Seite 1 von 1",
    ])
      expect(text).toContain(erwartet);
  });

  it("Excel: real dates and durations ([h]:mm), sums exact", async () => {
    const datei = await monatsblatt(monat, "xlsx", "en", kopf);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(datei.body as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet("2026-04");
    expect(sheet?.getCell("A1").value).toBe("Working time record April 2026");
    const ersteTag = sheet?.getRow(7);
    expect(ersteTag?.getCell(1).value).toEqual(new Date(Date.UTC(2026, 3, 3)));
    expect(ersteTag?.getCell(6).value).toEqual(excelDauer(520));
    expect(ersteTag?.getCell(6).numFmt).toBe("[h]:mm;-[h]:mm");
  });
});

describe("zeiterfassungreport: the team's month (payroll)", () => {
  const zeilen: TTeamZeile[] = [
    {
      id: 7,
      firstName: "Max",
      lastName: "Muster",
      login: "max",
      soll: 9600,
      ist: 9690,
      saldoMonat: 90,
      ueberstunden: 600,
      deadlineUeberschritten: false,
      urlaubRest: 20.5,
      status: "eingereicht",
      offeneAntraege: 1,
      hinweise: 2,
      abwesenheitTage: { urlaub: 2, zeitausgleich: 0, krank: 1.5, sonstiges: 0 },
    },
    {
      id: 8,
      firstName: null,
      lastName: null,
      login: "=cmd",
      soll: 0,
      ist: 0,
      saldoMonat: 0,
      ueberstunden: -30,
      deadlineUeberschritten: false,
      urlaubRest: 0,
      status: "offen",
      offeneAntraege: 0,
      hinweise: 0,
      abwesenheitTage: { urlaub: 0, zeitausgleich: 0, krank: 0, sonstiges: 0 },
    },
  ];

  it("CSV: hours as decimals, days, status; a formula-like login defused", async () => {
    const datei = await teamTabelle(zeilen, "2026-04", "csv", "de", kopf);
    expect(datei.dateiname).toBe("Lohnverrechnung Arbeitszeit 2026-04.csv");
    const text = String(datei.body)
      .replace(/^\uFEFF/, "")
      .split("\r\n");
    expect(text[1]).toBe("Muster, Max;max;160,00;161,50;1,50;10,00;2,0;0,0;1,5;0,0;20,5;eingereicht;1;2");
    expect(text[2]).toBe("'=cmd;'=cmd;0,00;0,00;0,00;-0,50;0,0;0,0;0,0;0,0;0,0;offen;0;0");
  });

  it("Excel: durations as [h]:mm", async () => {
    const datei = await teamTabelle(zeilen, "2026-04", "xlsx", "de", kopf);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(datei.body as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet("2026-04");
    expect(sheet?.getRow(5).getCell(1).value).toBe("Muster, Max");
    expect(sheet?.getRow(5).getCell(4).value).toEqual(excelDauer(9690));
  });
});
