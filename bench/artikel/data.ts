import type { Rng } from "../lib/prng.ts";
import { fill, HERSTELLER, PREISSCHIENEN, type Untergruppe, WARENGRUPPEN } from "./names.ts";

/** One generated article with its prices, as the bulk insert takes it. */
export interface GenArtikel {
  artikelNummer: string;
  artikelBezeichnung: string;
  artikelBeschreibung: string | null;
  einkaufsPreis: number | null;
  lagerstand: number;
  geloescht: boolean;
  rabattierFaehig: boolean;
  /** VAT rate in percent (AT): the generator maps it to the tenant's mehrwertssteuer row. */
  mwst: number;
  /** Subgroup code (unique over all goods groups here); ~3 % have none. */
  untergruppe: string | null;
  hersteller: string | null;
  verpackung: string | null;
  vpe: number | null;
  verleihbar: boolean;
  locked: boolean;
  webshopArtikel: boolean;
  preise: GenPreis[];
  /** The article has a supplier entry (a supplier picked by the generator). */
  lieferant: boolean;
  /** Index of an image (asset) of the tenant, or null. */
  bild: number | null;
}

export interface GenPreis {
  preis: number;
  /** ISO day. */
  vonDatum: string;
  /** Index into PREISSCHIENEN, or null: the base price. */
  preisschiene: number | null;
}

/** How many distinct images the tenant has (assets; articles link them, as duplicated articles do). */
export const BILDER = 40;

const UNTERGRUPPEN: readonly (readonly [Untergruppe, number])[] = WARENGRUPPEN.flatMap((w) =>
  w.untergruppen.map((u) => [u, u.gewicht] as const),
);

const cents = (x: number) => Math.round(x * 100) / 100;

/** A day relative to `today` (ISO), `days` later (negative: earlier). */
export function dayOffset(today: string, days: number): string {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * The article number `A-<nummer>`: ~5 % deleted, ~10 % lendable (rental equipment mostly), 1–3 prices: a base
 * price from the past, for ~35 % a newer or a future base price, for ~30 % a tier price; ~40 % a supplier, ~25 %
 * an image. `today` (ISO) anchors the price days, so that "valid today" has past and future entries.
 */
export function generateArtikel(rng: Rng, nummer: number, today: string): GenArtikel {
  const ug = rng.weighted(UNTERGRUPPEN);
  const name = fill(rng.pick(ug.vorlagen), (alternatives) => rng.pick(alternatives));
  const hersteller = rng.chance(0.7) ? rng.pick(HERSTELLER) : null;
  const basis = cents(ug.preis[0] + (ug.preis[1] - ug.preis[0]) * rng.next() ** 2);
  const preise: GenPreis[] = [
    { preis: basis, vonDatum: dayOffset(today, -rng.int(60, 1500)), preisschiene: null },
  ];
  const art = rng.next();
  if (art < 0.2) {
    // A newer base price already valid (an increase), or one from a future day.
    preise.push({
      preis: cents(basis * 1.05),
      vonDatum: dayOffset(today, -rng.int(0, 59)),
      preisschiene: null,
    });
  } else if (art < 0.35) {
    preise.push({
      preis: cents(basis * 1.08),
      vonDatum: dayOffset(today, rng.int(1, 120)),
      preisschiene: null,
    });
  }
  if (preise.length < 3 && rng.chance(0.3)) {
    preise.push({
      preis: cents(basis * 0.9),
      vonDatum: dayOffset(today, -rng.int(0, 900)),
      preisschiene: rng.int(0, PREISSCHIENEN.length - 1),
    });
  }
  const verpackung = ug.verpackung && rng.chance(0.8) ? rng.pick(ug.verpackung) : null;
  return {
    artikelNummer: `A-${nummer}`,
    artikelBezeichnung: name,
    artikelBeschreibung: rng.chance(0.3)
      ? `${name}${hersteller ? ` von ${hersteller}` : ""}, ${ug.bezeichnung}`
      : null,
    einkaufsPreis: rng.chance(0.8) ? cents(basis * (0.45 + 0.25 * rng.next())) : null,
    lagerstand: rng.chance(0.15) ? 0 : rng.int(1, 2000),
    geloescht: rng.chance(0.05),
    rabattierFaehig: !rng.chance(0.1),
    mwst: ug.mwst ?? 20,
    untergruppe: rng.chance(0.03) ? null : ug.code,
    hersteller,
    verpackung,
    vpe: verpackung ? Number(verpackung.match(/\d+/)?.[0] ?? 1) : null,
    verleihbar: rng.chance(ug.verleihbar ?? 0.085),
    locked: rng.chance(0.01),
    webshopArtikel: rng.chance(0.2),
    preise,
    lieferant: rng.chance(0.4),
    bild: rng.chance(0.25) ? rng.int(0, BILDER - 1) : null,
  };
}
