import type { Language, Namespace } from "./languages.ts";

/**
 * One namespace of one language, fetched on demand: a bundler turns every import() below into its own small
 * chunk, so a screen downloads only the texts it shows, in the language it shows them in.
 * (The same JSON files as `resources` of index.ts; the parity test checks both ways agree.)
 */
const loaders: Record<Language, Record<Namespace, () => Promise<{ default: unknown }>>> = {
  de: {
    common: () => import("../locales/de/common.json"),
    shell: () => import("../locales/de/shell.json"),
    menu: () => import("../locales/de/menu.json"),
    login: () => import("../locales/de/login.json"),
    home: () => import("../locales/de/home.json"),
    errors: () => import("../locales/de/errors.json"),
    validation: () => import("../locales/de/validation.json"),
    crud: () => import("../locales/de/crud.json"),
    richtext: () => import("../locales/de/richtext.json"),
    mail: () => import("../locales/de/mail.json"),
    access: () => import("../locales/de/access.json"),
    mandant: () => import("../locales/de/mandant.json"),
    mandantausgabe: () => import("../locales/de/mandantausgabe.json"),
    modultyp: () => import("../locales/de/modultyp.json"),
    benachrichtigung: () => import("../locales/de/benachrichtigung.json"),
    account: () => import("../locales/de/account.json"),
    user: () => import("../locales/de/user.json"),
    group: () => import("../locales/de/group.json"),
    stammdaten: () => import("../locales/de/stammdaten.json"),
    zahlungsbedingungen: () => import("../locales/de/zahlungsbedingungen.json"),
    artikelsuche: () => import("../locales/de/artikelsuche.json"),
    artikel: () => import("../locales/de/artikel.json"),
    kundesuche: () => import("../locales/de/kundesuche.json"),
    kunde: () => import("../locales/de/kunde.json"),
    felddefinition: () => import("../locales/de/felddefinition.json"),
    nummernkreis: () => import("../locales/de/nummernkreis.json"),
    beleg: () => import("../locales/de/beleg.json"),
    kassabuch: () => import("../locales/de/kassabuch.json"),
    rksv: () => import("../locales/de/rksv.json"),
    erechnung: () => import("../locales/de/erechnung.json"),
    erechnungregeln: () => import("../locales/de/erechnungregeln.json"),
    eingangsrechnung: () => import("../locales/de/eingangsrechnung.json"),
  },
  en: {
    common: () => import("../locales/en/common.json"),
    shell: () => import("../locales/en/shell.json"),
    menu: () => import("../locales/en/menu.json"),
    login: () => import("../locales/en/login.json"),
    home: () => import("../locales/en/home.json"),
    errors: () => import("../locales/en/errors.json"),
    validation: () => import("../locales/en/validation.json"),
    crud: () => import("../locales/en/crud.json"),
    richtext: () => import("../locales/en/richtext.json"),
    mail: () => import("../locales/en/mail.json"),
    access: () => import("../locales/en/access.json"),
    mandant: () => import("../locales/en/mandant.json"),
    mandantausgabe: () => import("../locales/en/mandantausgabe.json"),
    modultyp: () => import("../locales/en/modultyp.json"),
    benachrichtigung: () => import("../locales/en/benachrichtigung.json"),
    account: () => import("../locales/en/account.json"),
    user: () => import("../locales/en/user.json"),
    group: () => import("../locales/en/group.json"),
    stammdaten: () => import("../locales/en/stammdaten.json"),
    zahlungsbedingungen: () => import("../locales/en/zahlungsbedingungen.json"),
    artikelsuche: () => import("../locales/en/artikelsuche.json"),
    artikel: () => import("../locales/en/artikel.json"),
    kundesuche: () => import("../locales/en/kundesuche.json"),
    kunde: () => import("../locales/en/kunde.json"),
    felddefinition: () => import("../locales/en/felddefinition.json"),
    nummernkreis: () => import("../locales/en/nummernkreis.json"),
    beleg: () => import("../locales/en/beleg.json"),
    kassabuch: () => import("../locales/en/kassabuch.json"),
    rksv: () => import("../locales/en/rksv.json"),
    erechnung: () => import("../locales/en/erechnung.json"),
    erechnungregeln: () => import("../locales/en/erechnungregeln.json"),
    eingangsrechnung: () => import("../locales/en/eingangsrechnung.json"),
  },
};

export async function loadNamespace(
  language: Language,
  namespace: Namespace,
): Promise<Record<string, unknown>> {
  const module = await loaders[language][namespace]();
  return module.default as Record<string, unknown>;
}
