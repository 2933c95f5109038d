/**
 * Durations of working time as people read them (issue 22), zod-free for screens and printouts alike: whole
 * minutes shown as hours and minutes ("7:42", "−1:15", "0:00") — the same in German and English — and as decimal
 * hours for payroll files ("7,70" / "7.70").
 */

/** Minutes as h:mm; negative with a real minus sign (U+2212), "+" only when asked for. */
export function dauerText(minuten: number, mitPlus = false): string {
  const betrag = Math.abs(Math.trunc(minuten));
  const text = `${Math.floor(betrag / 60)}:${String(betrag % 60).padStart(2, "0")}`;
  if (minuten < 0 && betrag > 0) return `\u2212${text}`;
  return mitPlus && betrag > 0 ? `+${text}` : text;
}

/** Minutes as decimal hours with two decimals, exact to the hundredth (half up), for payroll files. */
export function dezimalStunden(minuten: number, sprache: "de" | "en"): string {
  const hundertstel = Math.round((Math.abs(minuten) * 100) / 60);
  const text = `${Math.floor(hundertstel / 100)}${sprache === "de" ? "," : "."}${String(hundertstel % 100).padStart(2, "0")}`;
  return minuten < 0 && hundertstel > 0 ? `-${text}` : text;
}
