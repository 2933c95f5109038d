import { RksvFehler } from "./fehler.ts";

/**
 * The five gross amounts of a receipt, one per VAT set of the Detailspezifikation (Betrag-Satz-Normal 20 %,
 * -Ermaessigt-1 10 %, -Ermaessigt-2 13 %, -Null 0 %, -Besonders 19 %), in integer euro cents.
 */
export interface Betraege {
  satzNormal: number;
  satzErmaessigt1: number;
  satzErmaessigt2: number;
  satzNull: number;
  satzBesonders: number;
}

/** The sets in the order of the machine-readable code. */
export const SATZ_REIHENFOLGE = [
  "satzNormal",
  "satzErmaessigt1",
  "satzErmaessigt2",
  "satzNull",
  "satzBesonders",
] as const satisfies readonly (keyof Betraege)[];

export const KEINE_BETRAEGE: Readonly<Betraege> = Object.freeze({
  satzNormal: 0,
  satzErmaessigt1: 0,
  satzErmaessigt2: 0,
  satzNull: 0,
  satzBesonders: 0,
});

/** Fills missing sets with 0 and checks that every amount is a safe integer number of cents. */
export function vollstaendigeBetraege(betraege: Partial<Betraege> | undefined): Betraege {
  const ergebnis = { ...KEINE_BETRAEGE, ...betraege };
  for (const satz of SATZ_REIHENFOLGE) pruefeCent(ergebnis[satz], satz);
  return ergebnis;
}

export function summeCent(betraege: Betraege): number {
  const summe = SATZ_REIHENFOLGE.reduce((s, satz) => s + betraege[satz], 0);
  pruefeCent(summe, "Summe");
  return summe;
}

export function sindNull(betraege: Betraege): boolean {
  return SATZ_REIHENFOLGE.every((satz) => betraege[satz] === 0);
}

export function pruefeCent(cent: number, name: string): void {
  if (!Number.isSafeInteger(cent))
    throw new RksvFehler("UNGUELTIGE_EINGABE", `${name}: ${cent} ist kein Centbetrag`);
}

/** Cents as the code writes them: comma, two decimals, no thousands separator (`-1234,05`). */
export function formatiereBetrag(cent: number): string {
  pruefeCent(cent, "Betrag");
  const betrag = Math.abs(cent);
  const euro = Math.trunc(betrag / 100);
  const rest = String(betrag % 100).padStart(2, "0");
  return `${cent < 0 ? "-" : ""}${euro},${rest}`;
}

const BETRAG_IM_CODE = /^(-?)(\d+),(\d{2})$/;

/** The inverse of formatiereBetrag; null when the text is not an amount of the code. */
export function parseBetrag(text: string): number | null {
  const teile = BETRAG_IM_CODE.exec(text);
  if (!teile) return null;
  const cent = Number(teile[2]) * 100 + Number(teile[3]);
  if (!Number.isSafeInteger(cent)) return null;
  return teile[1] === "-" ? -cent : cent;
}

/**
 * A euro amount given as a JSON number (the test scenarios write 12.34) to cents, exactly: through the number's
 * shortest decimal text, never `x * 100`, rounding half away from zero beyond two decimals as the Mustercode's
 * `Precision.round(x, 2)` does.
 */
export function centAusEuro(euro: number): number {
  if (!Number.isFinite(euro)) throw new RksvFehler("UNGUELTIGE_EINGABE", `${euro} ist kein Betrag`);
  const text = String(Math.abs(euro));
  if (text.includes("e")) {
    if (Math.abs(euro) < 0.005) return 0;
    throw new RksvFehler("UNGUELTIGE_EINGABE", `${euro} ist kein Betrag`);
  }
  const [ganz = "0", bruch = ""] = text.split(".");
  let cent = Number(ganz) * 100 + Number(bruch.slice(0, 2).padEnd(2, "0"));
  if ((bruch[2] ?? "0") >= "5") cent += 1;
  pruefeCent(cent, "Betrag");
  return euro < 0 && cent !== 0 ? -cent : cent;
}
