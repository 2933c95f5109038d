import type pg from "pg";
import { likeConditions, likeValues } from "../lib/search.ts";

/** One quick search of the mix: what a user types, the options, and why it is in the mix. */
export interface ArtikelSuche {
  name: string;
  search: string;
  /** Query options of GET artikelsearch besides `search`. */
  verleihbar?: boolean;
  geloescht?: boolean;
  /** Not in the mix of the brief: added cases. */
  extra?: boolean;
}

/**
 * The fixed quick-search mix (issue 7): part of a number, a full number (typed in lower case: the exact match comes
 * first), a name word, two words in reverse order, the transliterated umlaut ("gluehbirne" finds "Glühbirne"), a
 * common and a rare word, two letters (no trigram). Extras: lendable only, deleted ones too, a common word with a
 * rare one. The full number comes from the generated data (deterministic for a seed).
 */
export async function artikelMix(c: pg.Client, mandantId: number): Promise<ArtikelSuche[]> {
  const { rows } = await c.query<{ v: string }>(
    `SELECT artikel_nummer AS v FROM artikel WHERE mandant_id = $1 AND NOT geloescht
      ORDER BY id OFFSET (SELECT count(*) * 0.6173 FROM artikel WHERE mandant_id = $1)::int LIMIT 1`,
    [mandantId],
  );
  return [
    { name: "number part", search: "10023" },
    { name: "full number", search: (rows[0]?.v ?? "A-100001").toLowerCase() },
    { name: "name word", search: "Gartenschlauch" },
    { name: "two words, reverse order", search: "Zoll Gartenschlauch" },
    { name: "umlaut transliterated", search: "gluehbirne" },
    { name: "common word", search: "verzinkt" },
    { name: "rare word", search: "Schneeschaufel" },
    { name: "two letters", search: "öl" },
    { name: "lendable only", search: "bohrhammer", verleihbar: true, extra: true },
    { name: "deleted ones too", search: "schraube", geloescht: true, extra: true },
    { name: "common + rare word", search: "weiß abzweigdose", extra: true },
  ];
}

/** GET artikel probes: [name, query string, with search words]. */
export const LISTEN: readonly (readonly [string, string, boolean])[] = [
  ["first page", "page=0&size=20", false],
  ["page 2 by number", "page=1&size=20&sort=artikelNummer,asc", false],
  ["page 50", "page=49&size=20", false],
  ["deleted ones too", "page=0&size=20&geloescht=true", false],
  ["lendable", "page=0&size=20&verleihbar=true", false],
  ["search schraube", "page=0&size=20&search=schraube", true],
  ["search gluehbirne", "page=0&size=20&search=gluehbirne", true],
  ["search Schneeschaufel", "page=0&size=20&search=Schneeschaufel", true],
];

/** How many articles of the tenant match every word (not deleted unless `geloescht`; the owner counts, no RLS). */
export async function countArtikel(
  c: pg.Client,
  mandantId: number,
  search: string,
  options: { verleihbar?: boolean; geloescht?: boolean } = {},
): Promise<number> {
  const values = likeValues(search);
  const conditions = likeConditions("suche", values.length, 2);
  if (!options.geloescht) conditions.push("NOT geloescht");
  if (options.verleihbar) conditions.push("verleihbar");
  const { rows } = await c.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM artikel WHERE mandant_id = $1 AND ${conditions.join(" AND ") || "true"}`,
    [mandantId, ...values],
  );
  return rows[0]?.n ?? 0;
}
