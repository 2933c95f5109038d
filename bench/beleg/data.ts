/**
 * The shape of the generated documents (generate.ts writes them with SQL only: every value is a function of the
 * document's index n, the position's index and the seed, so the same parameters give the same data).
 */
import { RECHNUNGS_TYPEN } from "@kontor/domain/beleg/beleg.codes";
import type { TBelegsTyp } from "@kontor/domain/typen/typen";

/** Document types and their share (cumulative thresholds are built from it): an invoicing business. */
export const TYP_ANTEILE: readonly (readonly [TBelegsTyp, number])[] = [
  ["rechnung", 0.6],
  ["barrechnung", 0.05],
  ["gutschrift", 0.02],
  ["angebot", 0.15],
  ["auftragsbestaetigung", 0.07],
  ["lieferschein", 0.08],
  ["bestellung", 0.03],
];

/** The number prefix of each type's document number circle (nummernkreis.service STANDARD_PREFIX); invoices: "". */
export const PREFIX: Readonly<Partial<Record<TBelegsTyp, string>>> = {
  angebot: "AN-",
  auftragsbestaetigung: "AB-",
  lieferschein: "LS-",
  proformarechnung: "PR-",
  bestellung: "BE-",
};

export const istRechnungsTyp = (typ: TBelegsTyp) => (RECHNUNGS_TYPEN as readonly string[]).includes(typ);

/** Positions per document: 1–12, evenly (mean 6.5); the editor probes pick documents with exactly 10. */
export const MAX_POSITIONEN = 12;
/** Share of positions that name an article (the rest: free text services below). */
export const ARTIKEL_ANTEIL = 0.7;
/** Share of drafts (no number); the documents of the last three days are drafts for 30 %. */
export const ENTWURF_ANTEIL = 0.02;

/** Free-text positions: description, unit price, whether the quantity is hours (one decimal). */
export const LEISTUNGEN: readonly (readonly [string, number, boolean])[] = [
  ["Arbeitszeit Techniker", 68, true],
  ["Arbeitszeit Helfer", 48, true],
  ["Montage vor Ort", 85, true],
  ["Fahrtkosten Pauschale Wien", 35, false],
  ["Anfahrt Niederösterreich", 55, false],
  ["Entsorgung Altmaterial", 25, false],
  ["Kleinmaterial, Dichtungen, Befestigung", 12.5, false],
  ["Planung und Beratung", 95, true],
];

/** SQL of a deterministic number in [0, 1) from an integer SQL expression, the seed and a stream `k`. */
export const rnd = (seed: number, expr: string, k: number) =>
  `((hashint8extended((${expr})::bigint, ${seed * 1000 + k}) & 1099511627775)::float8 / 1099511627776.0)`;

/** SQL CASE giving the type for a uniform number `u` (TYP_ANTEILE). */
export function typCase(u: string): string {
  let sum = 0;
  const whens = TYP_ANTEILE.map(([typ, share]) => {
    sum += share;
    return `WHEN ${u} < ${sum.toFixed(4)} THEN '${typ}'`;
  });
  return `CASE ${whens.join(" ")} ELSE '${TYP_ANTEILE[0]![0]}' END`;
}

/** SQL: the number prefix of a type column. */
export const prefixCase = (typ: string) =>
  `CASE ${typ} ${Object.entries(PREFIX)
    .map(([t, p]) => `WHEN '${t}' THEN '${p}'`)
    .join(" ")} ELSE '' END`;

/** SQL: the number circle a type draws from: 'R' (the invoice circle) or the type itself. */
export const kreisCase = (typ: string) =>
  `CASE WHEN ${typ} IN (${RECHNUNGS_TYPEN.map((t) => `'${t}'`).join(", ")}) THEN 'R' ELSE ${typ} END`;
