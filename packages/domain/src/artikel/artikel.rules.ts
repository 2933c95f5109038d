import type { z } from "zod";
import { type SpeicherGrund, speicherGruendeMelden } from "../http/speicherRegeln.ts";

/**
 * The article's save rules, once for the form (save disabled, the reason named at the field) and the API (PUT
 * artikel answers 400 with the same field paths). Pure and zod-free at run time (types only): the edit screen's
 * first load carries no schema (DESIGN §9).
 */

/** A value the rules count as not given: absent, null or an empty input. */
const fehlt = (value: unknown) => value === undefined || value === null || value === "";

/**
 * What the rules read; form values ("" for empty, ids as text) and the body of PUT artikel (null, {id}) both
 * fit. Defensive about the shape: the API runs the rules on input that may be partly invalid.
 */
export interface ArtikelRegelFelder {
  artikelBezeichnung?: unknown;
  mehrwertssteuer?: unknown;
  artikelPreisSet?: unknown;
  artikelLieferantSet?: unknown;
}

/** The rows of a part that are objects (a row that is none is the schema's to report). */
function zeilen(liste: unknown): [Record<string, unknown>, number][] {
  if (!Array.isArray(liste)) return [];
  return liste.flatMap((zeile, index): [Record<string, unknown>, number][] =>
    zeile !== null && typeof zeile === "object" ? [[zeile as Record<string, unknown>, index]] : [],
  );
}

/**
 * Why an article cannot be saved; empty = save allowed. Bezeichnung (blank counts as missing) and MwSt are
 * required — the number may stay empty: the server assigns it —; every price needs its amount and first day;
 * every supplier row its supplier. Paths are those of the 400 fieldErrors (`artikelPreisSet.0.vonDatum`).
 */
export function fehlendeFelder(artikel: ArtikelRegelFelder): SpeicherGrund[] {
  const gruende: SpeicherGrund[] = [];
  const grund = (field: string) => gruende.push({ field, code: "required" });
  const bezeichnung = artikel.artikelBezeichnung;
  if (typeof bezeichnung !== "string" || bezeichnung.trim() === "") grund("artikelBezeichnung");
  if (fehlt(artikel.mehrwertssteuer)) grund("mehrwertssteuer");
  for (const [preis, index] of zeilen(artikel.artikelPreisSet)) {
    if (fehlt(preis.preis)) grund(`artikelPreisSet.${index}.preis`);
    if (fehlt(preis.vonDatum)) grund(`artikelPreisSet.${index}.vonDatum`);
  }
  for (const [eintrag, index] of zeilen(artikel.artikelLieferantSet))
    if (!eintrag.lieferant) grund(`artikelLieferantSet.${index}.lieferant`);
  return gruende;
}

/** Every path the save rules can ask for with the current rows: the inputs that show the required mark. */
export function pflichtFelder(artikel: ArtikelRegelFelder): ReadonlySet<string> {
  const felder = new Set(["artikelBezeichnung", "mehrwertssteuer"]);
  const anzahl = (liste: unknown) => (Array.isArray(liste) ? liste.length : 0);
  for (let index = 0; index < anzahl(artikel.artikelPreisSet); index++) {
    felder.add(`artikelPreisSet.${index}.preis`);
    felder.add(`artikelPreisSet.${index}.vonDatum`);
  }
  for (let index = 0; index < anzahl(artikel.artikelLieferantSet); index++)
    felder.add(`artikelLieferantSet.${index}.lieferant`);
  return felder;
}

/**
 * A save schema (PUT artikel's body) with the save rules, as ZKundeSpeichern has the customer's: they run even
 * when other fields are invalid (on any object), so one 400 names every missing field once.
 */
export const mitSpeicherRegeln = <S extends z.ZodType>(schema: S): S =>
  schema.superRefine(
    (artikel, ctx) => speicherGruendeMelden(fehlendeFelder(artikel as ArtikelRegelFelder), ctx),
    {
      when: (payload) => typeof payload.value === "object" && payload.value !== null,
    },
  );
