import { describe, expect, it } from "vitest";
import { gueltigerPreis, type PreisEintrag } from "./artikel.preis.ts";

/** SPEC §3 sales price: the tier's latest entry on or before the day, else the latest base entry. */

const basis = (preis: number, vonDatum: string): PreisEintrag => ({ preis, vonDatum, preisschiene: null });
const schiene = (id: number, preis: number, vonDatum: string): PreisEintrag => ({
  preis,
  vonDatum,
  preisschiene: { id },
});

const eintraege: PreisEintrag[] = [
  basis(10, "2030-03-01"),
  basis(12, "2030-06-01"),
  basis(15, "2031-01-01"), // a future price
  schiene(1, 8, "2030-04-01"),
  schiene(1, 7, "2030-09-01"),
  schiene(2, 5, "2030-01-01"),
];

const preis = (tag: string, preisschieneId?: number | null) =>
  gueltigerPreis(eintraege, tag, preisschieneId)?.preis;

describe("gueltigerPreis", () => {
  it.each([
    // Date boundaries of the base entry from 2030-06-01: the day before, on, after.
    ["2030-05-31", null, 10],
    ["2030-06-01", null, 12],
    ["2030-06-02", null, 12],
    // Before the first base entry: none.
    ["2030-02-28", null, undefined],
    ["2030-03-01", undefined, 10],
    // A future entry applies only from its day on.
    ["2030-12-31", null, 12],
    ["2031-01-01", null, 15],
  ])("base price on %s (tier %s) → %s", (tag, tier, expected) => {
    expect(preis(tag, tier)).toBe(expected);
  });

  it.each([
    // Tier 1 boundaries around its entry from 2030-04-01; before it the base price applies.
    ["2030-03-31", 1, 10],
    ["2030-04-01", 1, 8],
    ["2030-04-02", 1, 8],
    // The tier's own entry wins over a newer base entry.
    ["2030-06-15", 1, 8],
    ["2030-08-31", 1, 8],
    ["2030-09-01", 1, 7],
    ["2031-06-01", 1, 7],
    // Tier 2's entry predates every base entry.
    ["2030-02-01", 2, 5],
    ["2031-06-01", 2, 5],
  ])("tier price on %s (tier %s) → %s", (tag, tier, expected) => {
    expect(preis(tag, tier)).toBe(expected);
  });

  it("a tier without own entries falls back to the base price", () => {
    expect(preis("2030-06-15", 99)).toBe(12);
    expect(preis("2030-02-01", 99)).toBeUndefined();
  });

  it("other tiers' entries never apply", () => {
    // Tier 2 has a price on 2030-01-01, but a base customer and tier 1 never see it.
    expect(preis("2030-02-01", null)).toBeUndefined();
    expect(preis("2030-02-01", 1)).toBeUndefined();
    expect(gueltigerPreis([schiene(2, 5, "2030-01-01")], "2030-06-01", 1)).toBeUndefined();
    expect(gueltigerPreis([schiene(2, 5, "2030-01-01")], "2030-06-01")).toBeUndefined();
  });

  it("no entries: none", () => {
    expect(gueltigerPreis([], "2030-06-01")).toBeUndefined();
    expect(gueltigerPreis([], "2030-06-01", 1)).toBeUndefined();
  });

  it("answers the entry itself and does not depend on the order of the entries", () => {
    const reversed = [...eintraege].reverse();
    expect(gueltigerPreis(reversed, "2030-07-01")).toBe(eintraege[1]);
    expect(gueltigerPreis(reversed, "2030-10-01", 1)).toBe(eintraege[4]);
  });

  it("an entry without preisschiene (undefined) counts as a base entry", () => {
    expect(gueltigerPreis([{ preis: 3, vonDatum: "2030-01-01" }], "2030-01-01", 4)?.preis).toBe(3);
  });
});
