import { z } from "zod";

/** Authorities of SPEC §6. */
export const AUTHORITIES = [
  "ROLE_USER",
  "ROLE_ADMIN",
  "ROLE_ADMIN_MANDANT",
  "ROLE_ARTIKELKATALOG_READ",
  "ROLE_ARTIKEL_WRITE",
  "ROLE_ZEITERFASSUNG",
  "ROLE_ZEITERFASSUNG_ADMIN",
  "ROLE_ARBEITSZEITERFASSUNG",
  "ROLE_ARBEITSZEITERFASSUNG_ADMIN",
  "ROLE_BENACHRICHTIGUNGEN_ADMIN",
  "ROLE_LAGERPLATZ",
  "ROLE_LAGERPLATZ_READONLY",
  "ROLE_PROJECT",
  "ROLE_LAGERIST",
  "ROLE_AUSSENDIENSTLER",
  "ROLE_LAGER_ADMIN",
  "ROLE_KASSABUCH",
  "ROLE_KASSABUCH_ADMIN",
  "ROLE_VERLEIH",
  "ROLE_VERLEIH_ADMIN",
  "ROLE_CONTENT_READONLY",
  "ROLE_CONTENT_WRITE",
  "ROLE_PREIS_KALKULATOR",
  "ROLE_KALENDER_WRITE",
  "ROLE_KALENDER_READONLY",
  "ROLE_BESTELLUNGEN_TECHNIKER",
] as const;
export const ZAuthority = z.enum(AUTHORITIES);
export type TAuthority = z.infer<typeof ZAuthority>;

/** Modules that can be enabled per tenant (SPEC §1). */
export const MODULES = [
  "rksv",
  "kassabuch",
  "lagerstand",
  "lagerplatz",
  "zahlung",
  "auswertung",
  "zeiterfassung",
  "project",
  "bestellung",
  "rechnungslegung",
  "verleih",
  "content",
  "mailversand",
  "benachrichtigungen",
  "fahrzeuge",
  "assetkunde",
  "assetartikel",
  "artikelkatalog",
  "artikelbilder",
  "webshop",
  "preiskalkulator",
  "uidcheck",
  "crm",
  "quartalskalender",
] as const;
export const ZModul = z.enum(MODULES);
export type TModul = z.infer<typeof ZModul>;

/** Module lists are shown and returned sorted (SPEC §3 Tenant: "modulList (sorted)"). */
export function sortModules(modules: readonly TModul[]): TModul[] {
  return [...new Set(modules)].sort((a, b) => a.localeCompare(b));
}
