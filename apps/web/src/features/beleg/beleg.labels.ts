import type { TFunction } from "i18next";

/** Position fields the save rules and the legal contents name (`belegspositionSet.2.positionsMwst`). */
const POSITION_FELDER = [
  "positionsBeschreibung",
  "positionsMenge",
  "positionsMwst",
  "positionsPreis",
] as const;
/** Header fields a path may name. */
const KOPF_FELDER = [
  "belegsTyp",
  "belegDatum",
  "kunde",
  "adresse",
  "leistungsDatum",
  "leistungsZeitraumVon",
  "leistungsZeitraumBis",
  "belegspositionSet",
] as const;
const ADRESS_FELDER = ["strasse", "plz", "ort", "land"] as const;

const enthalten = <T extends string>(liste: readonly T[], wert: string | undefined): wert is T =>
  wert !== undefined && (liste as readonly string[]).includes(wert);

/**
 * The label of a field path of the document (save rules, server errors, legal contents): its own fields
 * ("Leistungsdatum", "MwSt. (Pos. 3)"), the customer's ("UID-Nummer des Kunden") and the tenant's ("UID-Nummer
 * Ihres Unternehmens"). `nummer` gives a row's position number (paths count rows from 0).
 */
export function feldLabel(
  t: TFunction<"beleg">,
  path: string,
  nummer: (index: number) => number | undefined = (index) => index + 1,
): string {
  const teile = path.split(".");
  const [erster, zweiter, dritter, vierter] = teile;
  if (erster === "belegspositionSet" && zweiter !== undefined && /^\d+$/.test(zweiter)) {
    const nr = nummer(Number(zweiter)) ?? Number(zweiter) + 1;
    return enthalten(POSITION_FELDER, dritter)
      ? t("pflicht.position", { feld: t(`pflicht.positionFeld.${dritter}`), nr })
      : t("pflicht.positionAllgemein", { nr });
  }
  if (erster === "mandant" || erster === "kunde") {
    if (zweiter === undefined) return t("field.kunde");
    if (zweiter === "adresseLists" && enthalten(ADRESS_FELDER, vierter))
      return t(`pflicht.${erster}.adresse`, { feld: t(`pflicht.adressFeld.${vierter}`) });
    if (zweiter === "uid" || zweiter === "bezeichnung" || zweiter === "nachname")
      return t(`pflicht.${erster}.${zweiter}`);
    if (zweiter.startsWith("hinweis")) return t("pflicht.mandant.hinweis", { feld: zweiter });
    return t(`pflicht.${erster}.sonst`, { feld: zweiter });
  }
  if (enthalten(KOPF_FELDER, erster) && teile.length === 1) return t(`field.${erster}`);
  return path;
}

/** Where a missing legal content is fixed: the document itself (the editor can show it), the customer or the tenant. */
export function pflichtOrt(path: string): "beleg" | "kunde" | "mandant" {
  if (path.startsWith("mandant.")) return "mandant";
  if (path.startsWith("kunde.")) return "kunde";
  return "beleg";
}
