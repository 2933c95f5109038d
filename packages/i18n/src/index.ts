/**
 * Kontor's translations: German (default) and English, one JSON file per namespace and language.
 * This package is data plus types; it imports nothing but its own files (see .dependency-cruiser.cjs).
 * The web registers the types with i18next (CustomTypeOptions) so that every `t()` key is checked, and loads
 * the texts per language and namespace on demand (load.ts); `resources` holds them all at once (tests, tools).
 */

import deAccess from "../locales/de/access.json";
import deAccount from "../locales/de/account.json";
import deArbeitszeit from "../locales/de/arbeitszeit.json";
import deArtikel from "../locales/de/artikel.json";
import deArtikelsuche from "../locales/de/artikelsuche.json";
import deBeleg from "../locales/de/beleg.json";
import deBenachrichtigung from "../locales/de/benachrichtigung.json";
import deCommon from "../locales/de/common.json";
import deContent from "../locales/de/content.json";
import deCrud from "../locales/de/crud.json";
import deEingangsrechnung from "../locales/de/eingangsrechnung.json";
import deErechnung from "../locales/de/erechnung.json";
import deErrors from "../locales/de/errors.json";
import deFelddefinition from "../locales/de/felddefinition.json";
import deGroup from "../locales/de/group.json";
import deHilfe from "../locales/de/hilfe.json";
import deHome from "../locales/de/home.json";
import deKassabuch from "../locales/de/kassabuch.json";
import deKunde from "../locales/de/kunde.json";
import deKundesuche from "../locales/de/kundesuche.json";
import deLogin from "../locales/de/login.json";
import deMail from "../locales/de/mail.json";
import deMandant from "../locales/de/mandant.json";
import deMandantausgabe from "../locales/de/mandantausgabe.json";
import deMenu from "../locales/de/menu.json";
import deModultyp from "../locales/de/modultyp.json";
import deNummernkreis from "../locales/de/nummernkreis.json";
import deQuartalskalender from "../locales/de/quartalskalender.json";
import deRichtext from "../locales/de/richtext.json";
import deRksv from "../locales/de/rksv.json";
import deShell from "../locales/de/shell.json";
import deStammdaten from "../locales/de/stammdaten.json";
import deUser from "../locales/de/user.json";
import deValidation from "../locales/de/validation.json";
import deZahlungsbedingungen from "../locales/de/zahlungsbedingungen.json";
import enAccess from "../locales/en/access.json";
import enAccount from "../locales/en/account.json";
import enArbeitszeit from "../locales/en/arbeitszeit.json";
import enArtikel from "../locales/en/artikel.json";
import enArtikelsuche from "../locales/en/artikelsuche.json";
import enBeleg from "../locales/en/beleg.json";
import enBenachrichtigung from "../locales/en/benachrichtigung.json";
import enCommon from "../locales/en/common.json";
import enContent from "../locales/en/content.json";
import enCrud from "../locales/en/crud.json";
import enEingangsrechnung from "../locales/en/eingangsrechnung.json";
import enErechnung from "../locales/en/erechnung.json";
import enErrors from "../locales/en/errors.json";
import enFelddefinition from "../locales/en/felddefinition.json";
import enGroup from "../locales/en/group.json";
import enHilfe from "../locales/en/hilfe.json";
import enHome from "../locales/en/home.json";
import enKassabuch from "../locales/en/kassabuch.json";
import enKunde from "../locales/en/kunde.json";
import enKundesuche from "../locales/en/kundesuche.json";
import enLogin from "../locales/en/login.json";
import enMail from "../locales/en/mail.json";
import enMandant from "../locales/en/mandant.json";
import enMandantausgabe from "../locales/en/mandantausgabe.json";
import enMenu from "../locales/en/menu.json";
import enModultyp from "../locales/en/modultyp.json";
import enNummernkreis from "../locales/en/nummernkreis.json";
import enQuartalskalender from "../locales/en/quartalskalender.json";
import enRichtext from "../locales/en/richtext.json";
import enRksv from "../locales/en/rksv.json";
import enShell from "../locales/en/shell.json";
import enStammdaten from "../locales/en/stammdaten.json";
import enUser from "../locales/en/user.json";
import enValidation from "../locales/en/validation.json";
import enZahlungsbedingungen from "../locales/en/zahlungsbedingungen.json";
import type { defaultNS, Language } from "./languages.ts";

export * from "./languages.ts";
export { loadNamespace } from "./load.ts";

const de = {
  common: deCommon,
  shell: deShell,
  menu: deMenu,
  login: deLogin,
  home: deHome,
  errors: deErrors,
  validation: deValidation,
  crud: deCrud,
  richtext: deRichtext,
  mail: deMail,
  access: deAccess,
  mandant: deMandant,
  mandantausgabe: deMandantausgabe,
  modultyp: deModultyp,
  benachrichtigung: deBenachrichtigung,
  account: deAccount,
  user: deUser,
  group: deGroup,
  stammdaten: deStammdaten,
  zahlungsbedingungen: deZahlungsbedingungen,
  artikelsuche: deArtikelsuche,
  artikel: deArtikel,
  kundesuche: deKundesuche,
  kunde: deKunde,
  felddefinition: deFelddefinition,
  nummernkreis: deNummernkreis,
  beleg: deBeleg,
  kassabuch: deKassabuch,
  arbeitszeit: deArbeitszeit,
  content: deContent,
  quartalskalender: deQuartalskalender,
  rksv: deRksv,
  erechnung: deErechnung,
  eingangsrechnung: deEingangsrechnung,
  hilfe: deHilfe,
};

/** The shape every language must have: German is the reference (the parity test checks the rest). */
export type Resources = typeof de;

const en: Resources = {
  common: enCommon,
  shell: enShell,
  menu: enMenu,
  login: enLogin,
  home: enHome,
  errors: enErrors,
  validation: enValidation,
  crud: enCrud,
  richtext: enRichtext,
  mail: enMail,
  access: enAccess,
  mandant: enMandant,
  mandantausgabe: enMandantausgabe,
  modultyp: enModultyp,
  benachrichtigung: enBenachrichtigung,
  account: enAccount,
  user: enUser,
  group: enGroup,
  stammdaten: enStammdaten,
  zahlungsbedingungen: enZahlungsbedingungen,
  artikelsuche: enArtikelsuche,
  artikel: enArtikel,
  kundesuche: enKundesuche,
  kunde: enKunde,
  felddefinition: enFelddefinition,
  nummernkreis: enNummernkreis,
  beleg: enBeleg,
  kassabuch: enKassabuch,
  arbeitszeit: enArbeitszeit,
  content: enContent,
  quartalskalender: enQuartalskalender,
  rksv: enRksv,
  erechnung: enErechnung,
  eingangsrechnung: enEingangsrechnung,
  hilfe: enHilfe,
};

export const resources: Record<Language, Resources> = { de, en };

/**
 * The type options the web registers with i18next:
 * `declare module "i18next" { interface CustomTypeOptions extends KontorTypeOptions {} }`.
 */
export interface KontorTypeOptions {
  defaultNS: typeof defaultNS;
  resources: Resources;
}
