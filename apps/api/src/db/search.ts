import { type AnyColumn, and, ilike, or, type SQL, sql } from "drizzle-orm";

/** LIKE wildcards (and the escape character) in a search text are taken literally. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Some column contains the text, case-insensitively. */
export function anyColumnContains(text: string, ...columns: AnyColumn[]): SQL | undefined {
  const pattern = `%${escapeLike(text)}%`;
  return or(...columns.map((column) => ilike(column, pattern)));
}

/** Every word of the text occurs in some column, case-insensitively and in any order; undefined without words. */
export function everyWordIn(text: string, ...columns: AnyColumn[]): SQL | undefined {
  const words = text.split(/\s+/).filter(Boolean);
  return words.length === 0 ? undefined : and(...words.map((word) => anyColumnContains(word, ...columns)));
}

/**
 * Every word of the text occurs in a folded search column (kontor_fold, e.g. kunde.suche, artikel.suche) or folded
 * expression, in any order; the words are folded by the same SQL function, so "Gluehbirne", "GLÜHBIRNE" and
 * "Glühbirne" match alike. A GIN trigram index on the column serves it (read through the tenant view, not under
 * row-level security). undefined without words.
 */
export function sucheBedingung(text: string | undefined, suche: AnyColumn | SQL): SQL | undefined {
  const words = suchwoerter(text);
  if (words.length === 0) return undefined;
  return and(...words.map((word) => wortIn(suche, word)));
}

const wortIn = (suche: AnyColumn | SQL, word: unknown) =>
  sql`${suche} LIKE '%' || kontor_fold(${word}) || '%'`;

/** The words of a search text, LIKE wildcards escaped: sucheBedingung's values, or suchePlatzhalter's. */
export const suchwoerter = (text: string | undefined): string[] =>
  (text ?? "").split(/\s+/).filter(Boolean).map(escapeLike);

/**
 * sucheBedingung for `count` words given later as the placeholders w0, w1, … (a precompiled query, db/precompiled.ts;
 * the values from suchwoerter and suchePlatzhalterWerte).
 */
export function suchePlatzhalter(count: number, suche: AnyColumn | SQL): SQL | undefined {
  return and(...Array.from({ length: count }, (_, i) => wortIn(suche, sql.placeholder(`w${i}`))));
}

export const suchePlatzhalterWerte = (words: readonly string[]): Record<string, string> =>
  Object.fromEntries(words.map((word, i) => [`w${i}`, word]));
