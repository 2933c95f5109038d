/** The words of a search, as the app splits them. */
export const words = (search: string) => search.split(/\s+/).filter(Boolean);

/** LIKE wildcards taken literally, as the app's db/search.ts does. */
export const escapeLike = (word: string) => word.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** `<column> LIKE '%' || kontor_fold($<first + i>) || '%'` for each of `count` words (the app's search condition). */
export const likeConditions = (column: string, count: number, first: number) =>
  Array.from({ length: count }, (_, i) => `${column} LIKE '%' || kontor_fold($${first + i}) || '%'`);

/** The parameters of likeConditions: the search's words, LIKE wildcards escaped. */
export const likeValues = (search: string) => words(search).map(escapeLike);
