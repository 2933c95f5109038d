import type { TLangKey } from "../auth/auth.schema.ts";
import { GESCHLECHT_TYPEN, type TFirmaTyp } from "../typen/typen.ts";
import type { TAdresse, TAdressenTyp, TKunde } from "./kunde.schema.ts";

/** SPEC §9 customer defaults: documents in German, no discount suggestion, the document template is used. */
export const KUNDE_DEFAULTS = {
  belegLangKey: "de",
  rabattVorschlag: 0,
  belegVorlageVerwenden: true,
} as const;

/** SPEC §9 field maximums of an address; the other address texts take 100. */
export const ADRESSE_MAX = {
  adressZusatz: 100,
  plz: 10,
  ort: 100,
  strasse: 100,
  hausNummer: 10,
  stiege: 10,
  tuer: 10,
} as const;

/** Country of a new address when the caller names none (the tenants are Austrian, as the VAT rates' default). */
export const DEFAULT_LAND = "AT";

const LOCAL = "[A-Za-z0-9ÄÖÜäöüß!#$%&'*+/=?^_`{|}~-]+";
const LABEL = "[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?";
/**
 * SPEC §5 contact e-mail: a pattern check that allows umlauts (and ß) in the local part — "müller@example.at".
 * The domain stays ASCII (an IDN domain is written in its xn-- form) and needs a top-level domain: "a@b" fails.
 */
export const KONTAKT_EMAIL_PATTERN = new RegExp(`^${LOCAL}(?:\\.${LOCAL})*@(?:${LABEL}\\.)+[A-Za-z]{2,}$`);

/** Whether a contact e-mail is acceptable: empty (none given) or matching KONTAKT_EMAIL_PATTERN. */
export function istKontaktEmail(value: string | null | undefined): boolean {
  const text = value?.trim() ?? "";
  return text === "" || KONTAKT_EMAIL_PATTERN.test(text);
}

/** Missing for the save rules: not a text, or only whitespace. */
export function istLeer(value: unknown): boolean {
  return typeof value !== "string" || value.trim() === "";
}

type Text = string | null | undefined;

/** What the address rules read; form values ("" for empty) and records (null) both fit. */
export interface AdresseRegelFelder {
  strasse?: Text;
  hausNummer?: Text;
  plz?: Text;
  ort?: Text;
  land?: Text;
  aktiv?: boolean | null | undefined;
}

/** What the customer rules read; form values and TKunde both fit. A missing `firma` counts as firma (the default). */
export interface KundeRegelFelder {
  firma?: TFirmaTyp | null | undefined;
  bezeichnung?: Text;
  vorname?: Text;
  nachname?: Text;
  geschlecht?: string | null | undefined;
  adresseLists?: readonly (AdresseRegelFelder | null | undefined)[] | null | undefined;
}

/** One reason the customer cannot be saved: the dotted field path (as in 400 fieldErrors) and its code. */
export type SpeichernGrund = { field: string; code: "required" };

/** Billing address and a switched-on delivery address need these for the customer to be saved (SPEC §5). */
export const ADRESSE_PFLICHTFELDER = ["strasse", "plz", "ort", "land"] as const;
/** The delivery-address quick create also needs the house number (SPEC §5). */
export const LIEFERADRESSE_PFLICHTFELDER = ["strasse", "hausNummer", "plz", "ort", "land"] as const;

function adresse(kunde: KundeRegelFelder, index: number): AdresseRegelFelder | undefined {
  const liste = kunde.adresseLists;
  const eintrag = Array.isArray(liste) ? liste[index] : undefined;
  return eintrag !== null && typeof eintrag === "object" ? eintrag : undefined;
}

/**
 * Whether the customer's delivery address (adresseLists[1]) is switched on: it is there and not deactivated
 * (aktiv false keeps a stored delivery address without using or checking it).
 */
export function lieferadresseAktiv(kunde: KundeRegelFelder): boolean {
  const lieferadresse = adresse(kunde, 1);
  return lieferadresse !== undefined && lieferadresse.aktiv !== false;
}

function istGeschlecht(value: unknown): boolean {
  return (GESCHLECHT_TYPEN as readonly unknown[]).includes(value);
}

/**
 * Why a customer cannot be saved (SPEC §5 "Customer save is disabled when …"); empty = save allowed.
 * firma: bezeichnung; privatperson: nachname, vorname, geschlecht; both: billing strasse, plz, ort, land; a
 * switched-on delivery address: its strasse, plz, ort, land. Blank text counts as missing. Paths are those of the
 * 400 fieldErrors (`adresseLists.0.plz`), so the web shows the reason at the field. Defensive about the shape:
 * ZKundeSpeichern calls it on input that may be partly invalid.
 */
export function speichernBlockiert(
  kunde: KundeRegelFelder,
  optionen: { lieferadresseAktiv: boolean } = { lieferadresseAktiv: lieferadresseAktiv(kunde) },
): SpeichernGrund[] {
  const gruende: SpeichernGrund[] = [];
  const fehlt = (field: string) => gruende.push({ field, code: "required" });
  if (kunde.firma === "privatperson") {
    if (istLeer(kunde.nachname)) fehlt("nachname");
    if (istLeer(kunde.vorname)) fehlt("vorname");
    if (!istGeschlecht(kunde.geschlecht)) fehlt("geschlecht");
  } else if (istLeer(kunde.bezeichnung)) {
    fehlt("bezeichnung");
  }
  const rechnungsadresse = adresse(kunde, 0);
  for (const feld of ADRESSE_PFLICHTFELDER)
    if (istLeer(rechnungsadresse?.[feld])) fehlt(`adresseLists.0.${feld}`);
  if (optionen.lieferadresseAktiv) {
    const lieferadresse = adresse(kunde, 1);
    for (const feld of ADRESSE_PFLICHTFELDER)
      if (istLeer(lieferadresse?.[feld])) fehlt(`adresseLists.1.${feld}`);
  }
  return gruende;
}

/** The field of a quick-created delivery address that is missing (path relative to the address). */
export type LieferadresseGrund = { field: (typeof LIEFERADRESSE_PFLICHTFELDER)[number]; code: "required" };

/** SPEC §5 delivery-address quick create: strasse, hausNummer, plz, ort and land are required (blank = missing). */
export function lieferadresseFehlt(adresse: AdresseRegelFelder | null | undefined): LieferadresseGrund[] {
  return LIEFERADRESSE_PFLICHTFELDER.filter((feld) => istLeer(adresse?.[feld])).map((field) => ({
    field,
    code: "required",
  }));
}

/** What the display name reads. */
export interface KundeNameFelder {
  firma?: TFirmaTyp | null | undefined;
  bezeichnung?: Text;
  vorname?: Text;
  nachname?: Text;
  geschlecht?: string | null | undefined;
}

/** Salutations shown before a private person's name, per document/UI language. */
export const ANREDEN: Readonly<Record<TLangKey, Readonly<Record<"herr" | "frau" | "familie", string>>>> = {
  de: { herr: "Herr", frau: "Frau", familie: "Familie" },
  en: { herr: "Mr", frau: "Ms", familie: "Family" },
};

const sauber = (value: Text) => value?.trim().replace(/\s+/g, " ") ?? "";

/**
 * The customer's display name (SPEC §3): a private person with salutation herr/frau/familie shows salutation,
 * first name if present, and last name ("Herr Max Muster", "Familie Muster"); otherwise the bezeichnung.
 * Where the spec is silent: a private person with salutation divers (or none) shows first and last name without a
 * salutation; a private person without any name falls back to the bezeichnung; a firma always shows the
 * bezeichnung. "" when there is nothing to show.
 */
export function anzeigename(kunde: KundeNameFelder, sprache: TLangKey = "de"): string {
  const bezeichnung = sauber(kunde.bezeichnung);
  if (kunde.firma !== "privatperson") return bezeichnung;
  const name = [sauber(kunde.vorname), sauber(kunde.nachname)].filter((teil) => teil !== "").join(" ");
  if (name === "") return bezeichnung;
  const geschlecht = kunde.geschlecht;
  const anrede =
    geschlecht === "herr" || geschlecht === "frau" || geschlecht === "familie"
      ? ANREDEN[sprache][geschlecht]
      : undefined;
  return anrede ? `${anrede} ${name}` : name;
}

/** The fields the customer type decides about. */
export interface KundeTypFelder {
  firma?: TFirmaTyp | null | undefined;
  bezeichnung?: Text;
  vorname?: Text;
  nachname?: Text;
  geschlecht?: string | null | undefined;
}

/**
 * SPEC §4 clearing on save: type firma (also a missing type, the default) clears vorname, nachname and
 * geschlecht; type privatperson clears bezeichnung. Cleared fields become null. Returns a new object.
 */
export function beimSpeichern<T extends KundeTypFelder>(kunde: T): T {
  if (kunde.firma === "privatperson") return { ...kunde, bezeichnung: null };
  return { ...kunde, vorname: null, nachname: null, geschlecht: null };
}

/** An empty address of the given type, active, not "to the attention of". */
export function neueAdresse(adressenTyp: TAdressenTyp, land: string = DEFAULT_LAND): TAdresse {
  return {
    adressZusatz: null,
    plz: null,
    ort: null,
    strasse: null,
    hausNummer: null,
    stiege: null,
    tuer: null,
    land,
    adressenTyp,
    aktiv: true,
    bezeichnung: null,
    firmenName: null,
    zuHanden: false,
  };
}

/** What a new customer can start with besides the defaults. */
export interface NeuerKundeOptionen {
  /** A supplier rather than a customer. */
  lieferant?: boolean;
  /** Country of the billing address; default AT. */
  land?: string;
  /** The tenant's default payment term (defaultZahlungsziel), preselected. */
  zahlungsziel?: { id: number } | null;
  /** The customer field definitions: each gives a field with its default value (definitions without id are skipped). */
  felddefinitionen?: readonly { id?: number | undefined; value?: string | null | undefined }[];
}

/**
 * A complete empty customer for forms: type firma, the SPEC §9 defaults, an empty billing address (country AT
 * unless given), no delivery address, active. Read-only fields (id, anzeigename, kundePdfs content, webshopId)
 * are left out or empty.
 */
export function neuerKunde(optionen: NeuerKundeOptionen = {}): TKunde {
  return {
    kundenNummer: null,
    bezeichnung: null,
    vorname: null,
    nachname: null,
    geschlecht: null,
    adresseLists: [neueAdresse("rechnungsadresse", optionen.land)],
    email: null,
    telnr: null,
    uid: null,
    innergemeinschaftlich: false,
    export: false,
    preisschiene: null,
    rabattVorschlag: KUNDE_DEFAULTS.rabattVorschlag,
    zahlungsziel: optionen.zahlungsziel ? { id: optionen.zahlungsziel.id } : null,
    lieferbedingung: null,
    zahlungsbedingung: null,
    belegVorlageVerwenden: KUNDE_DEFAULTS.belegVorlageVerwenden,
    belegLangKey: KUNDE_DEFAULTS.belegLangKey,
    firma: "firma",
    user: null,
    zuHandenAktiv: false,
    lieferant: optionen.lieferant ?? false,
    kundeFelder: (optionen.felddefinitionen ?? []).flatMap((definition) =>
      definition.id === undefined
        ? []
        : [{ felddefinitionId: definition.id, value: definition.value ?? null }],
    ),
    fahrzeuge: [],
    kundePdfs: [],
    kundeCrms: [],
    kontonummer: null,
    kaeuferReferenz: null,
    lieferantenNummer: null,
    eRechnungAdresse: null,
    eRechnungFormat: null,
    eRechnungKanal: "pdf",
    kundeBeschreibung: null,
    kundeKontakte: [],
    firmengruppen: [],
    aktiv: true,
  };
}
