import type { TArtikelZeile } from "@kontor/domain/artikel/artikel.api";
import type { TArtikelInput } from "@kontor/domain/artikel/artikel.schema";
import { siehtAusWieNummer } from "./artikelQuick.api.ts";

/** The quick-create dialog's fields (SPEC §5 article quick create: all four required). */
export interface ArtikelQuickValues {
  artikelNummer: string;
  artikelBezeichnung: string;
  /** The VAT rate's id as the Select holds it; "" = none. */
  mehrwertssteuerId: string;
  /** Net base price; "" = empty. */
  preis: number | "";
}

/** The form's fields in order, for "Zum Speichern fehlt noch: …". */
export const QUICK_FELDER = ["artikelNummer", "artikelBezeichnung", "mehrwertssteuerId", "preis"] as const;
export type QuickFeld = (typeof QUICK_FELDER)[number];

/** A fresh form: the typed text as the number when it looks like one, else as the name. */
export function leererArtikel(initialText = ""): ArtikelQuickValues {
  const text = initialText.trim().replace(/\s+/g, " ");
  const nummer = siehtAusWieNummer(text);
  return {
    artikelNummer: nummer ? text : "",
    artikelBezeichnung: nummer ? "" : text.slice(0, 200),
    mehrwertssteuerId: "",
    preis: "",
  };
}

/** The required fields still empty, in form order. */
export function artikelFehlt(values: ArtikelQuickValues): QuickFeld[] {
  return QUICK_FELDER.filter((feld) => {
    const wert = values[feld];
    return typeof wert === "string" ? wert.trim() === "" : !Number.isFinite(wert);
  });
}

/** PUT artikel body: the four fields, one base price (no price tier) valid from `heute`. */
export function artikelAusForm(values: ArtikelQuickValues, heute: string): TArtikelInput {
  const mwstId = Number(values.mehrwertssteuerId);
  return {
    artikelNummer: values.artikelNummer.trim(),
    artikelBezeichnung: values.artikelBezeichnung.trim(),
    // 0 is no id: the shared schema refuses it at the field.
    mehrwertssteuer: { id: Number.isInteger(mwstId) ? mwstId : 0 },
    artikelPreisSet: [
      { preis: values.preis === "" ? Number.NaN : values.preis, vonDatum: heute, preisschiene: null },
    ],
  };
}

/** Where an error of the body's path shows in the form (`artikelPreisSet.0.preis` → preis). */
export function formFeld(path: string): string {
  if (path === "mehrwertssteuer" || path.startsWith("mehrwertssteuer.")) return "mehrwertssteuerId";
  if (path.startsWith("artikelPreisSet")) return "preis";
  return path;
}

/** Field errors keyed by body path → keyed by form field (the first per field wins). */
export function formFehler(errors: Record<string, string>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) result[formFeld(path)] ??= message;
  return result;
}

/**
 * The list row of the saved article, from PUT artikel's answer (the full article) and what was sent: the new
 * article becomes the search's choice at once.
 */
export function zeileAusArtikel(
  antwort: unknown,
  gesendet: TArtikelInput,
  mwst: number | null,
): TArtikelZeile {
  const a = (antwort !== null && typeof antwort === "object" ? antwort : {}) as Record<string, unknown>;
  const str = (value: unknown, fallback: string | null) => (typeof value === "string" ? value : fallback);
  const nested = (value: unknown) =>
    value !== null && typeof value === "object" ? (value as Record<string, unknown>) : {};
  const untergruppe = nested(a.untergruppe);
  const ersteBild = Array.isArray(a.artikelImages) ? nested(a.artikelImages[0]) : {};
  return {
    id: typeof a.id === "number" ? a.id : 0,
    artikelNummer: str(a.artikelNummer, gesendet.artikelNummer ?? "") ?? "",
    artikelBezeichnung: str(a.artikelBezeichnung, gesendet.artikelBezeichnung) ?? "",
    artikelBeschreibung: str(a.artikelBeschreibung, null),
    preis: gesendet.artikelPreisSet?.[0]?.preis ?? null,
    einkaufsPreis: typeof a.einkaufsPreis === "number" ? a.einkaufsPreis : null,
    mwst:
      typeof nested(a.mehrwertssteuer).mwst === "number"
        ? (nested(a.mehrwertssteuer).mwst as number)
        : (mwst ?? 0),
    untergruppe: str(untergruppe.bezeichnung, null),
    warengruppe: str(nested(untergruppe.warengruppe).bezeichnung, null),
    hersteller: str(a.hersteller, null),
    lagerstand: typeof a.lagerstand === "number" ? a.lagerstand : 0,
    verleihbar: a.verleihbar === true,
    geloescht: a.geloescht === true,
    locked: a.locked === true,
    bildAssetId: typeof ersteBild.assetId === "number" ? ersteBild.assetId : null,
  };
}
