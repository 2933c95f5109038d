import type { TAdresseAnlegen, TKundeZeile } from "@kontor/domain/kunde/kunde.api";
import {
  anzeigename,
  beimSpeichern,
  DEFAULT_LAND,
  lieferadresseFehlt,
  neueAdresse,
  neuerKunde,
  speichernBlockiert,
} from "@kontor/domain/kunde/kunde.rules";
import type { TKunde, TKundeKontakt } from "@kontor/domain/kunde/kunde.schema";
import type { TFirmaTyp, TGeschlechtTyp } from "@kontor/domain/typen/typen";
import type { ApiFieldError } from "../../../app/api.ts";

/** "" in an input means "not given": null in the body. */
const leerZuNull = (value: string): string | null => (value.trim() === "" ? null : value.trim());

/* --- customer --- */

/** The quick-create customer form. Paths equal the body's (`adresseLists.0.plz`), so server field errors fit. */
export interface KundeQuickValues {
  firma: TFirmaTyp;
  bezeichnung: string;
  geschlecht: TGeschlechtTyp | "";
  vorname: string;
  nachname: string;
  adresseLists: [{ strasse: string; hausNummer: string; plz: string; ort: string; land: string }];
  email: string;
  telnr: string;
  lieferant: boolean;
}

/** An empty form; the typed search text becomes the company name. */
export function leererKunde(initialText = "", lieferant = false): KundeQuickValues {
  return {
    firma: "firma",
    bezeichnung: initialText.trim(),
    geschlecht: "",
    vorname: "",
    nachname: "",
    adresseLists: [{ strasse: "", hausNummer: "", plz: "", ort: "", land: DEFAULT_LAND }],
    email: "",
    telnr: "",
    lieferant,
  };
}

/**
 * The PUT kundes body: neuerKunde()'s defaults (SPEC §9) with the form's fields, the billing address filled in,
 * and the SPEC §4 clearing of the fields the other customer type uses.
 */
export function kundeAusForm(values: KundeQuickValues): TKunde {
  const [adresse] = values.adresseLists;
  const land = adresse.land.trim();
  const kunde = neuerKunde({ lieferant: values.lieferant });
  return beimSpeichern({
    ...kunde,
    firma: values.firma,
    bezeichnung: leerZuNull(values.bezeichnung),
    geschlecht: values.geschlecht === "" ? null : values.geschlecht,
    vorname: leerZuNull(values.vorname),
    nachname: leerZuNull(values.nachname),
    email: leerZuNull(values.email),
    telnr: leerZuNull(values.telnr),
    adresseLists: [
      {
        ...neueAdresse("rechnungsadresse"),
        strasse: leerZuNull(adresse.strasse),
        hausNummer: leerZuNull(adresse.hausNummer),
        plz: leerZuNull(adresse.plz),
        ort: leerZuNull(adresse.ort),
        land,
      },
    ],
  });
}

/**
 * What keeps the customer from being saved (SPEC §5, speichernBlockiert), as form paths. A blank country counts
 * as missing too: the rule reads the form, where "" is no country.
 */
export function kundeFehlt(values: KundeQuickValues): string[] {
  return speichernBlockiert({
    ...values,
    geschlecht: values.geschlecht === "" ? null : values.geschlecht,
  }).map((grund) => grund.field);
}

const trimmed = (value: unknown): string | null =>
  typeof value === "string" && value.trim() !== "" ? value.trim() : null;

/**
 * The list row of a customer just saved, from the PUT answer; what the answer lacks comes from what was sent
 * (the display name is then derived as the server does).
 */
export function zeileAusKunde(antwort: unknown, gesendet: TKunde): TKundeZeile {
  const raw = (antwort !== null && typeof antwort === "object" ? antwort : {}) as Partial<
    Record<keyof TKunde, unknown>
  >;
  const pick = (key: keyof TKunde): string | null =>
    key in raw ? trimmed(raw[key]) : trimmed(gesendet[key]);
  const adressen = Array.isArray(raw.adresseLists) ? raw.adresseLists : gesendet.adresseLists;
  const rechnung = (adressen[0] ?? {}) as Record<string, unknown>;
  const firma: TFirmaTyp = (raw.firma ?? gesendet.firma) === "privatperson" ? "privatperson" : "firma";
  const name = {
    firma,
    bezeichnung: pick("bezeichnung"),
    vorname: pick("vorname"),
    nachname: pick("nachname"),
    geschlecht: pick("geschlecht"),
  };
  return {
    id: Number(raw.id),
    kundenNummer: pick("kundenNummer") ?? "",
    anzeigename: trimmed(raw.anzeigename) ?? anzeigename(name),
    firma,
    bezeichnung: name.bezeichnung,
    vorname: name.vorname,
    nachname: name.nachname,
    strasse: trimmed(rechnung.strasse),
    hausNummer: trimmed(rechnung.hausNummer),
    plz: trimmed(rechnung.plz),
    ort: trimmed(rechnung.ort),
    land: trimmed(rechnung.land),
    email: pick("email"),
    telnr: pick("telnr"),
    uid: pick("uid"),
    lieferant: (raw.lieferant ?? gesendet.lieferant) === true,
    aktiv: (raw.aktiv ?? gesendet.aktiv) !== false,
  };
}

/* --- contact person --- */

export interface KontaktQuickValues {
  geschlecht: TGeschlechtTyp | "";
  vorname: string;
  nachname: string;
  email: string;
  telnr: string;
}

export const leererKontakt = (): KontaktQuickValues => ({
  geschlecht: "",
  vorname: "",
  nachname: "",
  email: "",
  telnr: "",
});

export function kontaktAusForm(values: KontaktQuickValues): TKundeKontakt {
  return {
    geschlecht: values.geschlecht === "" ? null : values.geschlecht,
    vorname: leerZuNull(values.vorname),
    nachname: values.nachname.trim(),
    email: leerZuNull(values.email),
    telnr: leerZuNull(values.telnr),
  };
}

/** A contact needs a customer to belong to and a last name (ZKundeKontakt). */
export function kontaktFehlt(values: KontaktQuickValues, kundeGewaehlt: boolean): string[] {
  return [...(kundeGewaehlt ? [] : ["kunde"]), ...(values.nachname.trim() === "" ? ["nachname"] : [])];
}

/**
 * The PUT kundes body that adds the contact: the customer as GET kundes/{id} answered it (sent back as it came,
 * the server ignores its read-only parts), the contact appended. Returns the body and the contact's index.
 */
export function kundeMitKontakt(
  kunde: unknown,
  kontakt: TKundeKontakt,
): { body: Record<string, unknown>; index: number } {
  const record = (kunde !== null && typeof kunde === "object" ? kunde : {}) as Record<string, unknown>;
  const bisher = Array.isArray(record.kundeKontakte) ? record.kundeKontakte : [];
  return { body: { ...record, kundeKontakte: [...bisher, kontakt] }, index: bisher.length };
}

/**
 * Splits the 400 field errors of that PUT: those of the new contact (paths made relative to it, for its form
 * fields) and the rest (the stored customer itself is incomplete — nothing this dialog can fix).
 */
export function kontaktFehler(
  fieldErrors: readonly ApiFieldError[],
  index: number,
): { kontakt: ApiFieldError[]; kunde: ApiFieldError[] } {
  const prefix = `kundeKontakte.${index}.`;
  const kontakt: ApiFieldError[] = [];
  const kunde: ApiFieldError[] = [];
  for (const error of fieldErrors) {
    if (error.field.startsWith(prefix)) kontakt.push({ ...error, field: error.field.slice(prefix.length) });
    else kunde.push(error);
  }
  return { kontakt, kunde };
}

/* --- delivery address --- */

export interface LieferadresseValues {
  bezeichnung: string;
  firmenName: string;
  adressZusatz: string;
  strasse: string;
  hausNummer: string;
  stiege: string;
  tuer: string;
  plz: string;
  ort: string;
  land: string;
  zuHanden: boolean;
}

export const leereLieferadresse = (): LieferadresseValues => ({
  bezeichnung: "",
  firmenName: "",
  adressZusatz: "",
  strasse: "",
  hausNummer: "",
  stiege: "",
  tuer: "",
  plz: "",
  ort: "",
  land: DEFAULT_LAND,
  zuHanden: false,
});

/** The POST adresses body (ZAdresseAnlegen): a delivery address of the customer. */
export function lieferadresseAusForm(values: LieferadresseValues, kundeId: number): TAdresseAnlegen {
  return {
    kundeId,
    adressenTyp: "lieferadresse",
    aktiv: true,
    bezeichnung: leerZuNull(values.bezeichnung),
    firmenName: leerZuNull(values.firmenName),
    adressZusatz: leerZuNull(values.adressZusatz),
    strasse: leerZuNull(values.strasse),
    hausNummer: leerZuNull(values.hausNummer),
    stiege: leerZuNull(values.stiege),
    tuer: leerZuNull(values.tuer),
    plz: leerZuNull(values.plz),
    ort: leerZuNull(values.ort),
    land: values.land.trim(),
    zuHanden: values.zuHanden,
  };
}

/** SPEC §5: strasse, hausNummer, plz, ort and land (lieferadresseFehlt). */
export const lieferadresseFehltIn = (values: LieferadresseValues): string[] =>
  lieferadresseFehlt(values).map((grund) => grund.field);
