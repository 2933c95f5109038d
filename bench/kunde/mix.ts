import type pg from "pg";
import { likeConditions, likeValues } from "../lib/search.ts";

/** One search of the mix: what a user types and why it is in the mix. */
export interface MixSearch {
  name: string;
  search: string;
  /** Not in the mix of the issue: added cases (a late-sorting surname, a word too short for trigrams). */
  extra?: boolean;
}

/**
 * The fixed search mix (issue 6): place part, umlaut and transliterated names, postcode, customer number, VAT id,
 * e-mail part, a two-word name in reverse order, a rare and a very common word, a surname whose matches all sort
 * late, two letters (too short for trigrams). Number, VAT id, e-mail and name come from the generated data
 * (deterministic for a seed).
 */
export async function searchMix(c: pg.Client, mandantId: number): Promise<MixSearch[]> {
  const one = async (query: string) => {
    const { rows } = await c.query<{ v: string }>(query, [mandantId]);
    return rows[0]?.v ?? "x";
  };
  const kunden = "FROM kunde WHERE mandant_id = $1 AND aktiv AND NOT lieferant";
  const size = Number(await one("SELECT count(*)::text AS v FROM kunde WHERE mandant_id = $1"));
  const privat = `${kunden} AND firma = 'privatperson'`;
  return [
    { name: "place part", search: "Wolfsgr" },
    { name: "umlaut name", search: "müller" },
    { name: "transliterated + place", search: "mueller wien" },
    { name: "postcode", search: "1060" },
    { name: "customer number", search: String(10_000 + Math.ceil(size * 0.6173)) },
    {
      name: "VAT id",
      search: await one(`SELECT uid AS v ${kunden} AND uid LIKE 'ATU%' ORDER BY id OFFSET 300 LIMIT 1`),
    },
    {
      name: "e-mail part",
      search: await one(
        `SELECT split_part(email, '@', 1) AS v ${privat} AND email IS NOT NULL ORDER BY id OFFSET 700 LIMIT 1`,
      ),
    },
    {
      name: "name, reverse order",
      search: await one(`SELECT nachname || ' ' || vorname AS v ${privat} ORDER BY id OFFSET 900 LIMIT 1`),
    },
    { name: "rare word (custom field)", search: "Kaminkehrer" },
    { name: "very common word", search: "wien" },
    { name: "late in the alphabet", search: "Zimmermann", extra: true },
    { name: "two letters", search: "gö", extra: true },
  ];
}

/** How many active customers (not suppliers) of the tenant match every word (the owner counts, no RLS). */
export async function countMatches(c: pg.Client, mandantId: number, search: string): Promise<number> {
  const values = likeValues(search);
  const conditions = likeConditions("suche", values.length, 2).join(" AND ");
  const { rows } = await c.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM kunde WHERE mandant_id = $1 AND aktiv AND NOT lieferant AND ${conditions}`,
    [mandantId, ...values],
  );
  return rows[0]?.n ?? 0;
}
