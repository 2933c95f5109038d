import type { TModul } from "@kontor/domain/access/access.schema";
import { formatIban } from "@kontor/domain/bank/iban.rules";
import type {
  TFensterkuvert,
  TMandant,
  TMandantInput,
  TMandantUser,
} from "@kontor/domain/mandant/mandant.schema";
import type { TPdfLayout } from "@kontor/domain/typen/typen.codes";

/**
 * The tenant form's values: what the inputs hold (text inputs hold "", number inputs "" or a number). `toPayload`
 * turns them into the contract's input (ZMandant), which also validates them (zodValidate), so the field names
 * of errors — ours and the server's 400 — are the same paths the inputs are bound to.
 */
export interface MandantAdresseValues {
  id?: number;
  strasse: string;
  hausNummer: string;
  plz: string;
  ort: string;
  land: string;
}

export interface MandantFormValues {
  id?: number;
  bezeichnung: string;
  aktiv: boolean;
  uid: string;
  email: string;
  fn: string;
  telefon: string;
  kontaktName: string;
  steuernummer: string;
  eRechnungAdresse: string;
  iban: string;
  bic: string;
  bankName: string;
  industrySector: string;
  adresseLists: MandantAdresseValues[];
  modulList: TModul[];
  hinweisKleinunternehmerDe: string;
  hinweisKleinunternehmerEn: string;
  hinweisExportDe: string;
  hinweisExportEn: string;
  hinweisInnergemeinschaftlichDe: string;
  hinweisInnergemeinschaftlichEn: string;
  patternArtikelnummer: string;
  patternKundennummer: string;
  firstArtikelNummer: number | string;
  firstKundenNummer: number | string;
  rechnungsNummerProJahr: boolean;
  bankomat: boolean;
  kleinunternehmer: boolean;
  lieferKontaktAusklappen: boolean;
  belegeFinalisieren: boolean;
  crmAusklappen: boolean;
  kassaBetrag: number | string;
  kassaStartdatum: string;
  kassaStartZeroYear: boolean;
  vacationMode: boolean;
  zeitausgleich: boolean;
  zeiterfassungRestrictions: string;
  uidData: string;
  hasNewBelege: boolean;
  confirmTimes: boolean;
  aiActivated: boolean;
  mwstEditierbar: boolean;
  pdfLayout: TPdfLayout;
  fensterkuvert: TFensterkuvert;
  pdfFusszeile: string;
  userLists: TMandantUser[];
}

export const MANDANT_LIST_PATH = "/mandant_list/";

/** SPEC §3: at most five addresses per tenant (ZMandant.adresseLists.max(5)). */
export const MAX_ADRESSEN = 5;

/** A new tenant: the contract's defaults (rechnungsNummerProJahr on, all other flags off). */
export function emptyMandant(): MandantFormValues {
  return {
    bezeichnung: "",
    aktiv: true,
    uid: "",
    email: "",
    fn: "",
    telefon: "",
    kontaktName: "",
    steuernummer: "",
    eRechnungAdresse: "",
    iban: "",
    bic: "",
    bankName: "",
    industrySector: "",
    adresseLists: [],
    modulList: [],
    hinweisKleinunternehmerDe: "",
    hinweisKleinunternehmerEn: "",
    hinweisExportDe: "",
    hinweisExportEn: "",
    hinweisInnergemeinschaftlichDe: "",
    hinweisInnergemeinschaftlichEn: "",
    patternArtikelnummer: "",
    patternKundennummer: "",
    firstArtikelNummer: "",
    firstKundenNummer: "",
    rechnungsNummerProJahr: true,
    bankomat: false,
    kleinunternehmer: false,
    lieferKontaktAusklappen: false,
    belegeFinalisieren: false,
    crmAusklappen: false,
    kassaBetrag: "",
    kassaStartdatum: "",
    kassaStartZeroYear: false,
    vacationMode: false,
    zeitausgleich: false,
    zeiterfassungRestrictions: "",
    uidData: "",
    hasNewBelege: false,
    confirmTimes: false,
    aiActivated: false,
    mwstEditierbar: false,
    pdfLayout: "standard",
    fensterkuvert: "B",
    pdfFusszeile: "",
    userLists: [],
  };
}

export function emptyAdresse(): MandantAdresseValues {
  return { strasse: "", hausNummer: "", plz: "", ort: "", land: "AT" };
}

/** A loaded tenant as form values (null texts become ""). Read-only billing stats stay out of the form. */
export function toFormValues(mandant: TMandant): MandantFormValues {
  const { anzahlBeleg: _count, letztesBelegsDatum: _last, ...rest } = mandant;
  return {
    ...rest,
    uid: mandant.uid ?? "",
    email: mandant.email ?? "",
    fn: mandant.fn ?? "",
    telefon: mandant.telefon ?? "",
    kontaktName: mandant.kontaktName ?? "",
    steuernummer: mandant.steuernummer ?? "",
    eRechnungAdresse: mandant.eRechnungAdresse ?? "",
    iban: mandant.iban ? formatIban(mandant.iban) : "",
    bic: mandant.bic ?? "",
    bankName: mandant.bankName ?? "",
    industrySector: mandant.industrySector ?? "",
    adresseLists: mandant.adresseLists.map((adresse) => ({ ...adresse })),
    hinweisKleinunternehmerDe: mandant.hinweisKleinunternehmerDe ?? "",
    hinweisKleinunternehmerEn: mandant.hinweisKleinunternehmerEn ?? "",
    hinweisExportDe: mandant.hinweisExportDe ?? "",
    hinweisExportEn: mandant.hinweisExportEn ?? "",
    hinweisInnergemeinschaftlichDe: mandant.hinweisInnergemeinschaftlichDe ?? "",
    hinweisInnergemeinschaftlichEn: mandant.hinweisInnergemeinschaftlichEn ?? "",
    patternArtikelnummer: mandant.patternArtikelnummer ?? "",
    patternKundennummer: mandant.patternKundennummer ?? "",
    firstArtikelNummer: mandant.firstArtikelNummer ?? "",
    firstKundenNummer: mandant.firstKundenNummer ?? "",
    kassaBetrag: mandant.kassaBetrag ?? "",
    kassaStartdatum: mandant.kassaStartdatum ?? "",
    zeiterfassungRestrictions: mandant.zeiterfassungRestrictions ?? "",
    uidData: mandant.uidData ?? "",
    pdfFusszeile: mandant.pdfFusszeile ?? "",
    userLists: mandant.userLists.map((user) => ({ ...user })),
  };
}

/** A number input's value: a number, or null when empty. Text that is no number stays text (the schema refuses it). */
function numberOrNull(value: number | string): number | string | null {
  if (typeof value === "number") return value;
  return value.trim() === "" ? null : value;
}

/** The form values as the contract's input: empty texts and numbers as null, the rest as entered. */
export function toPayload(values: MandantFormValues): TMandantInput {
  return {
    ...values,
    firstArtikelNummer: numberOrNull(values.firstArtikelNummer) as number | null,
    firstKundenNummer: numberOrNull(values.firstKundenNummer) as number | null,
    kassaBetrag: numberOrNull(values.kassaBetrag) as number | null,
    kassaStartdatum: values.kassaStartdatum === "" ? null : values.kassaStartdatum,
    userLists: values.userLists.map(({ id, login, firstName, lastName }) => ({
      id,
      login,
      firstName,
      lastName,
    })),
  };
}

/** The fields each wizard step edits (error paths starting with one of them belong to the step). */
export const WIZARD_STEPS = [
  {
    id: "stammdaten",
    fields: [
      "bezeichnung",
      "uid",
      "email",
      "fn",
      "industrySector",
      "telefon",
      "kontaktName",
      "steuernummer",
      "eRechnungAdresse",
    ],
  },
  { id: "adresse", fields: ["adresseLists"] },
  { id: "module", fields: ["modulList"] },
  { id: "benutzer", fields: ["userLists"] },
  { id: "fertig", fields: [] },
] as const;
export type WizardStepId = (typeof WIZARD_STEPS)[number]["id"];

/** The errors that belong to a step's fields. */
export function errorsOfStep(errors: Record<string, unknown>, step: WizardStepId): Record<string, unknown> {
  const fields: readonly string[] = WIZARD_STEPS.find((candidate) => candidate.id === step)?.fields ?? [];
  return Object.fromEntries(
    Object.entries(errors).filter(([path]) =>
      fields.some((field) => path === field || path.startsWith(`${field}.`)),
    ),
  );
}

/** The first step (index) that has one of the errors; the last step for errors of fields no step shows. */
export function firstStepWithError(errors: Record<string, unknown>): number {
  const index = WIZARD_STEPS.findIndex((step) => Object.keys(errorsOfStep(errors, step.id)).length > 0);
  return index === -1 ? WIZARD_STEPS.length - 1 : index;
}

/** Display name of a member: "Vorname Nachname (login)", or the login alone. */
export function userName(user: TMandantUser): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ");
  if (name && user.login) return `${name} (${user.login})`;
  return name || user.login || `#${user.id}`;
}
