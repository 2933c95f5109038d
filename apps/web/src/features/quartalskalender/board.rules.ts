import { addDays, daysBetween } from "@kontor/domain/date/calendar";
import { type KalenderTag, quartalWochen } from "@kontor/domain/quartalskalender/quartalskalender.rules";
import type { TKalenderEintrag } from "@kontor/domain/quartalskalender/quartalskalender.schema";

/**
 * The board's geometry (pure, tested): the quarter's days as columns — weekdays wide, weekends narrow — their x
 * offsets, the lanes of a row's entries (overlapping entries one below the other) and the days of a drop.
 */

export interface Spalte extends KalenderTag {
  x: number;
  breite: number;
  woche: number;
}

export function spalten(jahr: number, quartal: number, breiten: { tag: number; wochenende: number }) {
  const tage: Spalte[] = [];
  let x = 0;
  for (const w of quartalWochen(jahr, quartal))
    for (const tag of w.tage) {
      const breite = tag.wochenende ? breiten.wochenende : breiten.tag;
      tage.push({ ...tag, x, breite, woche: w.woche });
      x += breite;
    }
  return { tage, breite: x, index: new Map(tage.map((s, i) => [s.datum, i])) };
}

/** Overlapping entries of one row on lanes: each entry gets the first lane free on its first day. */
export function bahnen<T extends Pick<TKalenderEintrag, "id" | "von" | "bis">>(eintraege: readonly T[]) {
  const sortiert = [...eintraege].sort((a, b) => (a.von === b.von ? a.id - b.id : a.von < b.von ? -1 : 1));
  const ende: string[] = [];
  const bahn = new Map<number, number>();
  for (const e of sortiert) {
    let frei = ende.findIndex((bis) => bis < e.von);
    if (frei === -1) frei = ende.length;
    ende[frei] = e.bis;
    bahn.set(e.id, frei);
  }
  return { bahn, anzahl: Math.max(1, ende.length) };
}

/** The days of an entry dropped with its grabbed day on `ziel`: the length stays, the start moves. */
export function abgelegt(e: Pick<TKalenderEintrag, "von" | "bis">, gegriffen: string, ziel: string) {
  const verschiebung = daysBetween(gegriffen, ziel);
  return { von: addDays(e.von, verschiebung), bis: addDays(e.bis, verschiebung) };
}

/**
 * Where the board opens (its scrollLeft) when today lies in the quarter: this week whole in view right of the names,
 * the week before it too where the width allows, else as much of it as fits. `sichtbar` is the width of the days'
 * part of the board (the scroller's width without the sticky names). A week is not a fixed width — weekends are
 * narrow — so the offset is measured from this week's Monday, not from today (opening at "today − 7 × 20 px" hid this
 * week's Monday under the names on Saturdays and Sundays).
 */
export function startScroll(
  raster: Pick<ReturnType<typeof spalten>, "tage" | "index">,
  heute: string,
  sichtbar: number,
): number | null {
  const i = raster.index.get(heute);
  if (i === undefined) return null;
  const montag = raster.tage[i - (raster.tage[i]!.wochentag - 1)]!;
  const wochenBreite = (von: number) => raster.tage.slice(von, von + 7).reduce((s, t) => s + t.breite, 0);
  const montagIndex = raster.index.get(montag.datum)!;
  const davor = montagIndex >= 7 ? wochenBreite(montagIndex - 7) : 0;
  const platz = Math.max(0, sichtbar - wochenBreite(montagIndex));
  return Math.max(0, montag.x - Math.min(davor, platz));
}
