/** Languages and namespaces: the part of this package that costs no translation bytes to import. */
export const supportedLanguages = ["de", "en"] as const;
export type Language = (typeof supportedLanguages)[number];

/** German is the default language (SPEC §1). */
export const defaultLanguage: Language = "de";

export const namespaces = [
  "common",
  "shell",
  "menu",
  "login",
  "home",
  "errors",
  "validation",
  "crud",
  "richtext",
  "access",
  "mandant",
  "mandantausgabe",
  "modultyp",
  "benachrichtigung",
  "mail",
  "account",
  "user",
  "group",
  "stammdaten",
  "zahlungsbedingungen",
  "felddefinition",
  "nummernkreis",
  "kunde",
  "kundesuche",
  "artikel",
  "artikelsuche",
  "beleg",
  "kassabuch",
  "arbeitszeit",
  "content",
  "quartalskalender",
  "rksv",
  "erechnung",
  "eingangsrechnung",
  "hilfe",
] as const;
export type Namespace = (typeof namespaces)[number];

export const defaultNS = "common" satisfies Namespace;

export function isSupportedLanguage(value: unknown): value is Language {
  return typeof value === "string" && (supportedLanguages as readonly string[]).includes(value);
}

export function isNamespace(value: unknown): value is Namespace {
  return typeof value === "string" && (namespaces as readonly string[]).includes(value);
}
