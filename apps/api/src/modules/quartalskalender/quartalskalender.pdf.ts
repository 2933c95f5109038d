import { datumText } from "@kontor/domain/date/calendar";
import type { DruckSprache } from "@kontor/domain/money/format";
import { FARBEN } from "@kontor/domain/quartalskalender/quartalskalender.codes";
import { quartalWochen } from "@kontor/domain/quartalskalender/quartalskalender.rules";
import type { TQuartalskalenderBoard } from "@kontor/domain/quartalskalender/quartalskalender.schema";
import { einsetzen } from "@kontor/domain/text/einsetzen";
import { resources } from "@kontor/i18n";
import type { Content, TableCell, TDocumentDefinitions } from "pdfmake/interfaces";

/**
 * The quarter calendar on paper (GET quartalskalender/{id}/pdf): A3 landscape (13–14 week columns beside the row
 * names stay readable), rows × weeks; each cell lists the row's entries of that week as coloured text with their
 * days ("Mo–Mi Montage Huber"); the weeks' holidays in the header row (grey), the day notes below the table. The
 * header row repeats on every page.
 */

const GRAU = "#666666";
const texte = (sprache: DruckSprache) => resources[sprache].quartalskalender;

const kurz = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.`;

export function dateiname(board: TQuartalskalenderBoard, sprache: DruckSprache, endung: "pdf" | "ics") {
  const { kalender } = board;
  return `${texte(sprache).druck.dateiname} ${kalender.jahr}-Q${kalender.quartal} ${kalender.bezeichnung}.${endung}`
    .replace(/[\\/:*?"<>|]+/g, "-")
    .replace(/\s+/g, " ");
}

export function quartalskalenderPdf(
  board: TQuartalskalenderBoard,
  sprache: DruckSprache,
  kopf: { mandant: string; heute: string },
): TDocumentDefinitions {
  const t = texte(sprache);
  const d = t.druck;
  const tagName = (iso: string, wochentag: number) =>
    `${(t.wochentage as Record<string, string>)[String(wochentag)]} ${kurz(iso)}`;
  const { kalender } = board;
  const wochen = quartalWochen(kalender.jahr, kalender.quartal);
  const feiertage = new Map(board.feiertage.map((f) => [f.datum, f]));

  const kopfzeile: TableCell[] = [
    { text: t.zeilenArten[kalender.zeilenArt], bold: true },
    ...wochen.map((w) => {
      const tage = w.tage.filter((tag) => tag.imQuartal);
      const frei = w.tage
        .filter((tag) => feiertage.has(tag.datum))
        .map((tag) => `${tagName(tag.datum, tag.wochentag)} ${feiertage.get(tag.datum)!.bezeichnung}`);
      return {
        stack: [
          { text: einsetzen(d.woche, { woche: w.woche }), bold: true },
          { text: `${kurz(tage[0]!.datum)}–${kurz(tage.at(-1)!.datum)}`, fontSize: 6, color: GRAU },
          ...frei.map((text) => ({ text, fontSize: 6, color: "#c92a2a" })),
        ],
      } satisfies TableCell;
    }),
  ];

  const zeilenId = (e: TQuartalskalenderBoard["eintraege"][number]) =>
    kalender.zeilenArt === "personen" ? e.userId : e.baustelleId;
  const koerper: TableCell[][] = board.zeilen.map((zeile) => {
    const eigene = board.eintraege.filter((e) => zeilenId(e) === zeile.id);
    return [
      { text: zeile.name, bold: true, color: zeile.aktiv ? undefined : GRAU },
      ...wochen.map((w) => {
        const sonntag = w.tage[6]!.datum;
        const inWoche = eigene.filter((e) => e.von <= sonntag && e.bis >= w.montag);
        if (inWoche.length === 0) return { text: "" };
        return {
          stack: inWoche.map((e) => {
            const von = e.von < w.montag ? w.tage[0]! : w.tage.find((tag) => tag.datum === e.von)!;
            const bis = e.bis > sonntag ? w.tage[6]! : w.tage.find((tag) => tag.datum === e.bis)!;
            const tage =
              von.datum === bis.datum
                ? (t.wochentage as Record<string, string>)[String(von.wochentag)]
                : `${(t.wochentage as Record<string, string>)[String(von.wochentag)]}–${(t.wochentage as Record<string, string>)[String(bis.wochentag)]}`;
            const zusatz = [e.kunde, kalender.zeilenArt === "personen" ? e.baustelle : null].filter(Boolean);
            return {
              text: [
                { text: `${tage} `, bold: true },
                e.text,
                zusatz.length > 0 ? { text: ` (${zusatz.join(", ")})`, color: GRAU } : "",
              ],
              color: FARBEN[e.farbe],
              margin: [0, 0, 0, 2],
            } as Content;
          }),
        } satisfies TableCell;
      }),
    ];
  });

  const notizen: Content[] =
    board.notes.length === 0
      ? []
      : [
          { text: d.notizen, bold: true, fontSize: 10, margin: [0, 12, 0, 4] },
          {
            ul: board.notes.map((n) => `${datumText(n.datum, sprache)}: ${n.text}`),
          },
        ];
  const feiertagListe: Content[] =
    board.feiertage.length === 0
      ? []
      : [
          { text: d.feiertage, bold: true, fontSize: 10, margin: [0, 12, 0, 4] },
          {
            text: board.feiertage.map((f) => `${datumText(f.datum, sprache)} ${f.bezeichnung}`).join(" · "),
          },
        ];

  const titel = `${d.titel} ${einsetzen(t.quartalText, { quartal: kalender.quartal, jahr: kalender.jahr })}`;
  return {
    pageSize: "A3",
    pageOrientation: "landscape",
    pageMargins: [28, 28, 28, 36],
    info: { title: `${titel} ${kalender.bezeichnung}`, author: kopf.mandant },
    defaultStyle: { font: "Roboto", fontSize: 7 },
    content: [
      {
        columns: [
          { text: `${titel} – ${kalender.bezeichnung}`, bold: true, fontSize: 14 },
          { text: kopf.mandant, alignment: "right", color: GRAU, fontSize: 9 },
        ],
        margin: [0, 0, 0, 8],
      },
      {
        table: {
          headerRows: 1,
          dontBreakRows: true,
          widths: [70, ...wochen.map(() => "*")],
          body: [
            kopfzeile,
            ...(koerper.length > 0 ? koerper : [[{ text: d.keine }, ...wochen.map(() => "")]]),
          ],
        },
        layout: {
          hLineColor: () => "#bbbbbb",
          vLineColor: () => "#bbbbbb",
          fillColor: (zeile: number) => (zeile === 0 ? "#f1f3f5" : null),
        },
      },
      ...feiertagListe,
      ...notizen,
    ],
    footer: (seite: number, seiten: number) => ({
      columns: [
        { text: einsetzen(d.erstellt, { datum: datumText(kopf.heute, sprache) }), color: GRAU },
        { text: einsetzen(d.seite, { seite, seiten }), alignment: "right", color: GRAU },
      ],
      margin: [28, 12, 28, 0],
      fontSize: 7,
    }),
  };
}
