import type { Decimal } from "@kontor/domain/money/decimal";
import { type DruckSprache, zahlText } from "@kontor/domain/money/format";

/**
 * CSV files for spreadsheets (cash book, payment report): UTF-8 with BOM so the umlauts survive, semicolons, CRLF.
 */

/** A number: no thousands separator, `decimals` decimals, comma (de) or point (en). */
export const csvZahl = (value: Decimal | number, sprache: DruckSprache, decimals = 2) =>
  zahlText(value, sprache, decimals, decimals).replace(sprache === "de" ? /\./g : /,/g, "");

/**
 * A text cell: quoted when it holds a separator, quote or line break; a leading = + - @ (or tab / CR) is defused
 * with an apostrophe, so a spreadsheet never runs it as a formula (CSV injection).
 */
export function csvText(value: string | null | undefined): string {
  let text = value ?? "";
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The file of rows whose cells are already formatted with csvText / csvZahl. */
export const csvDatei = (zeilen: readonly (readonly string[])[]) =>
  `\uFEFF${zeilen.map((zellen) => zellen.join(";")).join("\r\n")}\r\n`;
