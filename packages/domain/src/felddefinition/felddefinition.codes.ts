/** The types a self-defined field can have (text, number, date, yes/no, selection list); zod-free for lists. */
export const FELD_TYPEN = ["TEXT", "NUMBER", "DATE", "BOOLEAN", "SELECT"] as const;
export type TFeldTyp = (typeof FELD_TYPEN)[number];
