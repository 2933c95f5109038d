/**
 * Form helpers every aggregate (customer, article, later documents) shares: row keys of its part lists and where
 * its field paths show (the tab table). Import-free, so an area's form module stays light.
 */

let lastKey = 0;
/** A key for a new row of a list in a form (React keeps each row's inputs by it); unique in the page. */
export const rowKey = (prefix: string) => `${prefix}-${++lastKey}`;

/** Where the field paths of an aggregate show: `tabOf` a path, and the count per tab of a set of paths. */
export interface TabTabelle<T extends string> {
  /** The tab a form opens on, and that shows every path the table does not name. */
  start: T;
  /** The tab that shows a field path (`adresseLists.0.plz` → adressen), by its first segment. */
  tabOf: (path: string) => T;
  /** How many errors (form or server) each tab has: the tabs show them, so none hides on another tab. */
  fehlerJeTab: (paths: Iterable<string>) => Partial<Record<T, number>>;
}

/**
 * An aggregate's tab table: its parts (first path segment) → the tab that shows them; everything else is on
 * `start` (Stammdaten).
 */
export function tabTabelle<T extends string>(
  start: T,
  tabOfField: Readonly<Record<string, T>>,
): TabTabelle<T> {
  const tabOf = (path: string): T => tabOfField[path.split(".")[0] ?? ""] ?? start;
  const fehlerJeTab = (paths: Iterable<string>) => {
    const counts: Partial<Record<T, number>> = {};
    for (const path of paths) {
      const tab = tabOf(path);
      counts[tab] = (counts[tab] ?? 0) + 1;
    }
    return counts;
  };
  return { start, tabOf, fehlerJeTab };
}
