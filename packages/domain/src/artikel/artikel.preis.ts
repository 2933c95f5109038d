/**
 * SPEC §3 sales price: the price valid on a day is the latest entry on or before that day for the customer's price
 * tier; when the tier has none (or the customer has no tier), the latest entry without a tier. Entries of other
 * tiers never apply. Pure and zod-free: documents, the catalogue and the preview use it alike.
 */

/** What the rule reads of a price entry: amount, first day (YYYY-MM-DD) and the tier it belongs to (none: base). */
export interface PreisEintrag {
  preis: number;
  vonDatum: string;
  preisschiene?: { id: number } | null | undefined;
}

/** The latest of the entries valid on `tag` (vonDatum ≤ tag), or undefined. ISO dates compare as text. */
function neuester<T extends PreisEintrag>(eintraege: readonly T[], tag: string): T | undefined {
  let best: T | undefined;
  for (const eintrag of eintraege) {
    if (eintrag.vonDatum > tag) continue;
    if (!best || eintrag.vonDatum > best.vonDatum) best = eintrag;
  }
  return best;
}

/**
 * The entry that sets the price on `tag` for a customer with price tier `preisschieneId` (null/undefined: none).
 * The tier's latest entry on or before the day wins; without one, the latest base entry (no tier) does.
 */
export function gueltigerPreis<T extends PreisEintrag>(
  eintraege: readonly T[],
  tag: string,
  preisschieneId?: number | null,
): T | undefined {
  if (preisschieneId !== null && preisschieneId !== undefined) {
    const schiene = neuester(
      eintraege.filter((eintrag) => eintrag.preisschiene?.id === preisschieneId),
      tag,
    );
    if (schiene) return schiene;
  }
  return neuester(
    eintraege.filter((eintrag) => !eintrag.preisschiene),
    tag,
  );
}
