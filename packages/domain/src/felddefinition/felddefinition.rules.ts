import type { TFeldTyp } from "./felddefinition.codes.ts";

/**
 * What is wrong with the choices of a field definition, as a field code: a SELECT field needs choices
 * ("required"), each once — case-insensitively, "Ja" and "ja" would look the same in the list ("unique"); any other
 * type has none ("invalid"), so stale choices cannot linger after a type change.
 */
export function optionenIssue(
  type: TFeldTyp,
  optionen: readonly string[],
): "required" | "unique" | "invalid" | undefined {
  if (type !== "SELECT") return optionen.length > 0 ? "invalid" : undefined;
  if (optionen.length === 0) return "required";
  const seen = new Set(optionen.map((option) => option.toLocaleLowerCase("de")));
  return seen.size < optionen.length ? "unique" : undefined;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Whether a value (text, as field values are stored) fits a field's type: a number (decimal comma or point), an
 * ISO date that exists, true/false, one of the choices. Empty fits every type (the field is left blank).
 */
export function valueFitsType(type: TFeldTyp, value: string | null | undefined, optionen: readonly string[]) {
  if (value === null || value === undefined || value === "") return true;
  switch (type) {
    case "TEXT":
      return true;
    case "NUMBER":
      return /^-?\d+([.,]\d+)?$/.test(value);
    case "DATE": {
      const match = ISO_DATE.exec(value);
      if (!match) return false;
      const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
      const date = new Date(Date.UTC(year, month - 1, day));
      return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
    }
    case "BOOLEAN":
      return value === "true" || value === "false";
    case "SELECT":
      return optionen.includes(value);
  }
}
