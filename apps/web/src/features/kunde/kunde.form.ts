import type { TErechnungFormat, TErechnungKanal } from "@kontor/domain/erechnung/erechnung.codes";
import type { TKundeAdresse } from "@kontor/domain/kunde/kunde.api";
import {
  beimSpeichern,
  type NeuerKundeOptionen,
  neueAdresse,
  neuerKunde,
  type SpeichernGrund,
  speichernBlockiert,
} from "@kontor/domain/kunde/kunde.rules";
import type { TAdresse, TKunde, TKundeCrm } from "@kontor/domain/kunde/kunde.schema";
import type { TFirmaTyp } from "@kontor/domain/typen/typen";
import type { UseFormReturnType } from "@mantine/form";
import { rowKey, tabTabelle } from "../../components/form/aggregateForm.ts";

/**
 * The customer form's values (SPEC §3 kunde): inputs hold "" where the record holds null, selections hold ids as
 * text, rows carry a `key` so their inputs stay put when others are removed. The paths are those of the record
 * (`adresseLists.0.plz`), so the save rules' and the server's field errors land on the inputs as they are.
 */

export interface AdresseValues {
  key: string;
  id?: number | undefined;
  adressZusatz: string;
  plz: string;
  ort: string;
  strasse: string;
  hausNummer: string;
  stiege: string;
  tuer: string;
  land: string;
  aktiv: boolean;
  bezeichnung: string;
  firmenName: string;
  zuHanden: boolean;
}

export interface KontaktValues {
  key: string;
  id?: number | undefined;
  geschlecht: string;
  vorname: string;
  nachname: string;
  email: string;
  telnr: string;
}

export interface FahrzeugValues {
  key: string;
  id?: number | undefined;
  kennzeichen: string;
  marke: string;
  typ: string;
  fahrgestellNummer: string;
  /** ISO date, "" when empty (DateInput). */
  erstZulassung: string;
  motorNummer: string;
  leistung: string;
  hubraum: string;
  nationalCode: string;
  kilometerstand: number | "";
  treibstoff: string;
  saveonpdf: boolean;
}

export interface FeldValues {
  felddefinitionId: number;
  value: string;
}

export interface KundeValues {
  id?: number | undefined;
  kundenNummer: string;
  firma: TFirmaTyp;
  bezeichnung: string;
  geschlecht: string;
  vorname: string;
  nachname: string;
  email: string;
  telnr: string;
  uid: string;
  innergemeinschaftlich: boolean;
  export: boolean;
  lieferant: boolean;
  aktiv: boolean;
  kundeBeschreibung: string;
  kontonummer: string;
  /** E-invoices (issue 19). */
  kaeuferReferenz: string;
  lieferantenNummer: string;
  eRechnungAdresse: string;
  /** "" = PDF only. */
  eRechnungFormat: TErechnungFormat | "";
  eRechnungKanal: TErechnungKanal;
  adresseLists: AdresseValues[];
  /** Ids as text ("" = none), as Select holds them. */
  preisschiene: string;
  zahlungsziel: string;
  lieferbedingung: string;
  zahlungsbedingung: string;
  rabattVorschlag: number | "";
  belegLangKey: "de" | "en";
  belegVorlageVerwenden: boolean;
  zuHandenAktiv: boolean;
  firmengruppen: string[];
  user: { id: number; login?: string | undefined } | null;
  kundeKontakte: KontaktValues[];
  fahrzeuge: FahrzeugValues[];
  kundeFelder: FeldValues[];
  /** Stored notes as they are; a note added in the form has no id until saved. */
  kundeCrms: TKundeCrm[];
  /** Read-only, sent back as loaded. */
  webshopId?: number | null | undefined;
}

const str = (value: string | null | undefined) => value ?? "";
const ref = (value: { id: number } | null | undefined) => (value ? String(value.id) : "");

export function adresseToForm(adresse: TAdresse | TKundeAdresse): AdresseValues {
  return {
    key: rowKey("adresse"),
    ...(adresse.id !== undefined ? { id: adresse.id } : {}),
    adressZusatz: str(adresse.adressZusatz),
    plz: str(adresse.plz),
    ort: str(adresse.ort),
    strasse: str(adresse.strasse),
    hausNummer: str(adresse.hausNummer),
    stiege: str(adresse.stiege),
    tuer: str(adresse.tuer),
    land: str(adresse.land),
    aktiv: adresse.aktiv,
    bezeichnung: str(adresse.bezeichnung),
    firmenName: str(adresse.firmenName),
    zuHanden: adresse.zuHanden,
  };
}

/** An empty delivery address, as the switch "Abweichende Lieferadresse" adds it. */
export const neueLieferadresse = (land?: string): AdresseValues =>
  adresseToForm(neueAdresse("lieferadresse", land || undefined));

export const neuerKontakt = (): KontaktValues => ({
  key: rowKey("kontakt"),
  geschlecht: "",
  vorname: "",
  nachname: "",
  email: "",
  telnr: "",
});

export const neuesFahrzeug = (): FahrzeugValues => ({
  key: rowKey("fahrzeug"),
  kennzeichen: "",
  marke: "",
  typ: "",
  fahrgestellNummer: "",
  erstZulassung: "",
  motorNummer: "",
  leistung: "",
  hubraum: "",
  nationalCode: "",
  kilometerstand: "",
  treibstoff: "",
  saveonpdf: false,
});

/** A record (loaded, or neuerKunde()) as form values. */
export function kundeToForm(kunde: TKunde): KundeValues {
  return {
    ...(kunde.id !== undefined ? { id: kunde.id } : {}),
    kundenNummer: str(kunde.kundenNummer),
    firma: kunde.firma,
    bezeichnung: str(kunde.bezeichnung),
    geschlecht: str(kunde.geschlecht),
    vorname: str(kunde.vorname),
    nachname: str(kunde.nachname),
    email: str(kunde.email),
    telnr: str(kunde.telnr),
    uid: str(kunde.uid),
    innergemeinschaftlich: kunde.innergemeinschaftlich,
    export: kunde.export,
    lieferant: kunde.lieferant,
    aktiv: kunde.aktiv,
    kundeBeschreibung: str(kunde.kundeBeschreibung),
    kontonummer: str(kunde.kontonummer),
    kaeuferReferenz: str(kunde.kaeuferReferenz),
    lieferantenNummer: str(kunde.lieferantenNummer),
    eRechnungAdresse: str(kunde.eRechnungAdresse),
    eRechnungFormat: kunde.eRechnungFormat ?? "",
    eRechnungKanal: kunde.eRechnungKanal,
    adresseLists: kunde.adresseLists.map(adresseToForm),
    preisschiene: ref(kunde.preisschiene),
    zahlungsziel: ref(kunde.zahlungsziel),
    lieferbedingung: ref(kunde.lieferbedingung),
    zahlungsbedingung: ref(kunde.zahlungsbedingung),
    rabattVorschlag: kunde.rabattVorschlag,
    belegLangKey: kunde.belegLangKey,
    belegVorlageVerwenden: kunde.belegVorlageVerwenden,
    zuHandenAktiv: kunde.zuHandenAktiv,
    firmengruppen: kunde.firmengruppen.map((gruppe) => String(gruppe.id)),
    user: kunde.user ? { id: kunde.user.id, login: kunde.user.login } : null,
    kundeKontakte: kunde.kundeKontakte.map((kontakt) => ({
      key: rowKey("kontakt"),
      ...(kontakt.id !== undefined ? { id: kontakt.id } : {}),
      geschlecht: str(kontakt.geschlecht),
      vorname: str(kontakt.vorname),
      nachname: kontakt.nachname,
      email: str(kontakt.email),
      telnr: str(kontakt.telnr),
    })),
    fahrzeuge: kunde.fahrzeuge.map((fahrzeug) => ({
      key: rowKey("fahrzeug"),
      ...(fahrzeug.id !== undefined ? { id: fahrzeug.id } : {}),
      kennzeichen: fahrzeug.kennzeichen,
      marke: str(fahrzeug.marke),
      typ: str(fahrzeug.typ),
      fahrgestellNummer: str(fahrzeug.fahrgestellNummer),
      erstZulassung: str(fahrzeug.erstZulassung),
      motorNummer: str(fahrzeug.motorNummer),
      leistung: str(fahrzeug.leistung),
      hubraum: str(fahrzeug.hubraum),
      nationalCode: str(fahrzeug.nationalCode),
      kilometerstand: fahrzeug.kilometerstand ?? "",
      treibstoff: str(fahrzeug.treibstoff),
      saveonpdf: fahrzeug.saveonpdf,
    })),
    kundeFelder: kunde.kundeFelder.map((feld) => ({
      felddefinitionId: feld.felddefinitionId,
      value: str(feld.value),
    })),
    kundeCrms: kunde.kundeCrms,
    ...(kunde.webshopId !== undefined ? { webshopId: kunde.webshopId } : {}),
  };
}

/** The form of a new customer: neuerKunde with the tenant's default payment term and the field defaults. */
export const neuerKundeForm = (optionen: NeuerKundeOptionen = {}) => kundeToForm(neuerKunde(optionen));

const idOrNull = (value: string) => (value === "" ? null : { id: Number(value) });
const given = <T>(value: T | "") => (value === "" ? null : value);
const withId = (id: number | undefined) => (id === undefined ? {} : { id });

/**
 * The body PUT kundes gets (ZKundeSpeichern): "" as null, selections as {id}, row keys left out, and the SPEC §4
 * clearing of the fields the customer type does not use. Read-only fields (anzeigename, kundePdfs) are not sent.
 */
export function kundeFromForm(values: KundeValues) {
  return beimSpeichern({
    ...withId(values.id),
    kundenNummer: values.kundenNummer,
    firma: values.firma,
    bezeichnung: values.bezeichnung,
    geschlecht: given(values.geschlecht),
    vorname: values.vorname,
    nachname: values.nachname,
    email: values.email,
    telnr: values.telnr,
    uid: values.uid,
    innergemeinschaftlich: values.innergemeinschaftlich,
    export: values.export,
    lieferant: values.lieferant,
    aktiv: values.aktiv,
    kundeBeschreibung: values.kundeBeschreibung,
    kontonummer: values.kontonummer,
    kaeuferReferenz: values.kaeuferReferenz,
    lieferantenNummer: values.lieferantenNummer,
    eRechnungAdresse: values.eRechnungAdresse,
    eRechnungFormat: given(values.eRechnungFormat),
    eRechnungKanal: values.eRechnungKanal,
    adresseLists: values.adresseLists.map(({ key: _key, id, ...adresse }) => ({ ...withId(id), ...adresse })),
    preisschiene: idOrNull(values.preisschiene),
    zahlungsziel: idOrNull(values.zahlungsziel),
    lieferbedingung: idOrNull(values.lieferbedingung),
    zahlungsbedingung: idOrNull(values.zahlungsbedingung),
    // A cleared discount suggestion is no discount (the SPEC §9 default), not an error.
    rabattVorschlag: values.rabattVorschlag === "" ? 0 : values.rabattVorschlag,
    belegLangKey: values.belegLangKey,
    belegVorlageVerwenden: values.belegVorlageVerwenden,
    zuHandenAktiv: values.zuHandenAktiv,
    firmengruppen: values.firmengruppen.map((id) => ({ id: Number(id) })),
    user: values.user ? { id: values.user.id } : null,
    kundeKontakte: values.kundeKontakte.map(({ key: _key, id, geschlecht, ...kontakt }) => ({
      ...withId(id),
      ...kontakt,
      geschlecht: given(geschlecht),
    })),
    fahrzeuge: values.fahrzeuge.map(({ key: _key, id, erstZulassung, kilometerstand, ...fahrzeug }) => ({
      ...withId(id),
      ...fahrzeug,
      erstZulassung: given(erstZulassung),
      kilometerstand: given(kilometerstand),
    })),
    kundeFelder: values.kundeFelder.map((feld) => ({
      felddefinitionId: feld.felddefinitionId,
      value: feld.value,
    })),
    kundeCrms: values.kundeCrms.map(({ id, text, datum }) => ({
      ...withId(id),
      text,
      ...(datum ? { datum } : {}),
    })),
    ...(values.webshopId !== undefined ? { webshopId: values.webshopId } : {}),
  });
}

/** Why the form cannot be saved yet (SPEC §5), with the paths of its inputs. */
export const fehlendeFelder = (values: KundeValues): SpeichernGrund[] => speichernBlockiert(values);

/**
 * Every path the save rules can ask for with the current customer type and delivery address: the inputs that show
 * the required mark. (The rules on a copy whose rule fields are all empty.)
 */
export function pflichtFelder(values: KundeValues): ReadonlySet<string> {
  const leer = speichernBlockiert({
    firma: values.firma,
    adresseLists: values.adresseLists.map((adresse) => ({ aktiv: adresse.aktiv })),
  });
  return new Set(leer.map((grund) => grund.field));
}

/** The tabs of the edit screen. */
export const KUNDE_TABS = [
  "stammdaten",
  "adressen",
  "konditionen",
  "kontakte",
  "fahrzeuge",
  "felder",
  "dateien",
  "crm",
] as const;
export type KundeTab = (typeof KUNDE_TABS)[number];

/** Where the customer's field paths show (`adresseLists.0.plz` → adressen); everything else is on Stammdaten. */
export const KUNDE_TAB_TABELLE = tabTabelle<KundeTab>("stammdaten", {
  adresseLists: "adressen",
  preisschiene: "konditionen",
  zahlungsziel: "konditionen",
  lieferbedingung: "konditionen",
  zahlungsbedingung: "konditionen",
  rabattVorschlag: "konditionen",
  belegLangKey: "konditionen",
  belegVorlageVerwenden: "konditionen",
  zuHandenAktiv: "konditionen",
  firmengruppen: "konditionen",
  user: "konditionen",
  kundeKontakte: "kontakte",
  fahrzeuge: "fahrzeuge",
  kundeFelder: "felder",
  kundePdfs: "dateien",
  kundeCrms: "crm",
});
export const { tabOf, fehlerJeTab } = KUNDE_TAB_TABELLE;

/** Whether the form's delivery address (adresseLists[1]) is there and switched on. */
export function istLieferadresseAn(values: Pick<KundeValues, "adresseLists">): boolean {
  const lieferadresse = values.adresseLists[1];
  return lieferadresse?.aktiv === true;
}

/** The customer form as the sections get it. */
export type KundeForm = UseFormReturnType<KundeValues>;
