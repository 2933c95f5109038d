import { RksvFehler } from "./fehler.ts";

/**
 * Beleg-Datum-Uhrzeit: the local time of the receipt, `yyyy-MM-ddTHH:mm:ss` without zone (Detailspezifikation
 * Abs. 4). Kept as that text: the code signs the wall-clock text, and texts of this form sort like the times.
 */
const ZEITPUNKT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})$/;

export function istZeitpunkt(text: string): boolean {
  const teile = ZEITPUNKT.exec(text);
  if (!teile) return false;
  const [jahr, monat, tag, stunde, minute, sekunde] = teile.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const datum = new Date(Date.UTC(jahr, monat - 1, tag));
  return (
    datum.getUTCFullYear() === jahr &&
    datum.getUTCMonth() === monat - 1 &&
    datum.getUTCDate() === tag &&
    stunde < 24 &&
    minute < 60 &&
    sekunde < 60
  );
}

export function pruefeZeitpunkt(text: string): void {
  if (!istZeitpunkt(text))
    throw new RksvFehler("UNGUELTIGE_EINGABE", `Zeitpunkt "${text}": erwartet yyyy-MM-ddTHH:mm:ss`);
}

/** A moment as the Austrian wall-clock text of the code. */
export function zeitpunktWien(moment: Date): string {
  const teile = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", {
      timeZone: "Europe/Vienna",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(moment)
      .map((teil) => [teil.type, teil.value]),
  );
  return `${teile.year}-${teile.month}-${teile.day}T${teile.hour}:${teile.minute}:${teile.second}`;
}
