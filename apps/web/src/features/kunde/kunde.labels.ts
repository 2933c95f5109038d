import type { TFunction } from "i18next";

type T = TFunction<"kunde">;

/** The customer's own fields that have a label (the save rules and the server name them by path). */
const KUNDE_FELDER = [
  "kundenNummer",
  "firma",
  "bezeichnung",
  "geschlecht",
  "vorname",
  "nachname",
  "email",
  "telnr",
  "uid",
  "innergemeinschaftlich",
  "export",
  "lieferant",
  "aktiv",
  "kundeBeschreibung",
  "kontonummer",
  "kaeuferReferenz",
  "lieferantenNummer",
  "eRechnungAdresse",
  "eRechnungFormat",
  "eRechnungKanal",
  "preisschiene",
  "zahlungsziel",
  "lieferbedingung",
  "zahlungsbedingung",
  "rabattVorschlag",
  "belegLangKey",
  "belegVorlageVerwenden",
  "zuHandenAktiv",
  "firmengruppen",
  "user",
] as const;
type KundeFeld = (typeof KUNDE_FELDER)[number];

const ADRESSE_FELDER = [
  "bezeichnung",
  "firmenName",
  "strasse",
  "hausNummer",
  "stiege",
  "tuer",
  "adressZusatz",
  "plz",
  "ort",
  "land",
  "zuHanden",
  "aktiv",
] as const;
type AdresseFeld = (typeof ADRESSE_FELDER)[number];

const KONTAKT_FELDER = ["geschlecht", "vorname", "nachname", "email", "telnr"] as const;
type KontaktFeld = (typeof KONTAKT_FELDER)[number];

const FAHRZEUG_FELDER = [
  "kennzeichen",
  "marke",
  "typ",
  "fahrgestellNummer",
  "erstZulassung",
  "motorNummer",
  "leistung",
  "hubraum",
  "nationalCode",
  "kilometerstand",
  "treibstoff",
  "saveonpdf",
] as const;
type FahrzeugFeld = (typeof FAHRZEUG_FELDER)[number];

const isOneOf = <F extends string>(list: readonly F[], value: string | undefined): value is F =>
  value !== undefined && (list as readonly string[]).includes(value);

/** "Rechnungsadresse", "Lieferadresse", "Lieferadresse 2", … by position (SPEC §3: [0] billing, [1] delivery). */
export function adresseName(t: T, index: number): string {
  if (index === 0) return t("adresse.rechnung");
  if (index === 1) return t("adresse.liefer");
  return t("adresse.weitere", { n: index });
}

/**
 * The label of a field path as the user sees it — "PLZ (Rechnungsadresse)", "Nachname (Kontakt 2)" — for the
 * save rules' reasons and errors that are not shown at an input. `feldName` names the customer's own fields by
 * definition id (kundeFelder). An unknown path reads as itself.
 */
export function feldLabel(t: T, path: string, feldName?: (index: number) => string | undefined): string {
  const [head, indexText, leaf] = path.split(".");
  const index = Number(indexText);
  if (head === "adresseLists" && Number.isInteger(index) && isOneOf(ADRESSE_FELDER, leaf))
    return `${t(`adresse.field.${leaf satisfies AdresseFeld}`)} (${adresseName(t, index)})`;
  if (head === "kundeKontakte" && Number.isInteger(index) && isOneOf(KONTAKT_FELDER, leaf))
    return `${t(`kontakt.field.${leaf satisfies KontaktFeld}`)} (${t("kontakt.nummer", { n: index + 1 })})`;
  if (head === "fahrzeuge" && Number.isInteger(index) && isOneOf(FAHRZEUG_FELDER, leaf))
    return `${t(`fahrzeug.field.${leaf satisfies FahrzeugFeld}`)} (${t("fahrzeug.nummer", { n: index + 1 })})`;
  if (head === "kundeFelder" && Number.isInteger(index)) return feldName?.(index) ?? t("tab.felder");
  if (head === "kundeCrms") return t("tab.crm");
  if (isOneOf(KUNDE_FELDER, head) && indexText === undefined) return t(`field.${head satisfies KundeFeld}`);
  return path;
}
