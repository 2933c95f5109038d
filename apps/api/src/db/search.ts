import { type AnyColumn, and, ilike, or, type SQL } from "drizzle-orm";

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
