import type { AccessArea } from "./access.rules.ts";

/**
 * The sidebar (SPEC §2, §6). `id` is the translation key (namespace "menu") and the favorite's name; `path` is
 * the route under /app; `area` decides visibility through the access-rule table.
 */
export interface MenuEntry {
  id: string;
  path: string;
  area: AccessArea;
}

export interface MenuGroup {
  id: "main" | "stammdaten" | "admin";
  entries: readonly MenuEntry[];
}

export const MENU: readonly MenuGroup[] = [
  {
    id: "main",
    entries: [
      { id: "home", path: "/", area: "member" },
      { id: "belege", path: "/beleg_list/", area: "belegListCreate" },
      { id: "eingangsrechnungen", path: "/eingangsrechnung_list/", area: "beleg" },
      { id: "bestellungen", path: "/bestellung_list/", area: "bestellung" },
      { id: "kunden", path: "/kunde_list/", area: "kunde" },
      { id: "artikel", path: "/artikel_list/", area: "stammdaten" },
      { id: "artikelkatalog", path: "/artikelkatalog/", area: "artikelkatalog" },
      { id: "zahlungen", path: "/zahlung_list/", area: "zahlung" },
      { id: "zahlungsauswertung", path: "/zahlung_report/", area: "zahlung" },
      { id: "kassabuch", path: "/kassabuch_list/", area: "kassabuch" },
      { id: "auswertung", path: "/auswertung", area: "auswertung" },
      { id: "lagerplaetze", path: "/lagerplaetze_list/", area: "lager" },
      { id: "einauslagerung", path: "/einauslagerung_list/", area: "lager" },
      { id: "zeiterfassung", path: "/zeiterfassung", area: "arbeitszeit" },
      { id: "zeiterfassung_mitarbeiter", path: "/zeiterfassung_mitarbeiter", area: "arbeitszeitAdmin" },
      { id: "zem_settings_list", path: "/zem_settings_list", area: "arbeitszeitAdmin" },
      { id: "verleih", path: "/verleih", area: "verleih" },
      { id: "preiskalkulator", path: "/preiskalkulator", area: "preiskalkulator" },
      { id: "content", path: "/content_list/root", area: "content" },
      { id: "webshop", path: "/webshop", area: "webshop" },
      { id: "quartalskalender", path: "/quartalskalender_list", area: "kalenderLesen" },
    ],
  },
  {
    id: "stammdaten",
    entries: [
      { id: "mehrwertssteuer", path: "/mehrwertssteuer_list", area: "stammdaten" },
      { id: "warengruppe", path: "/warengruppe_list/", area: "stammdaten" },
      { id: "untergruppe", path: "/untergruppe_list/", area: "stammdaten" },
      { id: "preisschiene", path: "/preisschiene_list/", area: "stammdaten" },
      { id: "rabatt", path: "/rabatt_list", area: "stammdaten" },
      { id: "einheit", path: "/einheit_list/", area: "stammdaten" },
      { id: "zahlungsziel", path: "/zahlungsziel_list/", area: "stammdaten" },
      { id: "lieferbedingung", path: "/lieferbedingung/", area: "stammdaten" },
      { id: "zahlungsbedingung", path: "/zahlungsbedingung/", area: "stammdaten" },
      { id: "belegtext", path: "/belegtext_list/", area: "stammdaten" },
      { id: "hothint", path: "/hothint_list/", area: "stammdaten" },
      { id: "rechnungsvorlage", path: "/rechnungsvorlage_list/", area: "stammdaten" },
      { id: "firmengruppe", path: "/firmengruppe_list", area: "stammdaten" },
      { id: "kundefelddefinition", path: "/kundefelddefinition_list/", area: "stammdaten" },
      { id: "artikelfelddefinition", path: "/artikelfelddefinition_list/", area: "stammdaten" },
      { id: "belegfelddefinition", path: "/belegfelddefinition_list/", area: "stammdaten" },
    ],
  },
  {
    id: "admin",
    entries: [
      { id: "mandant", path: "/mandant_list/", area: "admin" },
      { id: "user", path: "/user_list/", area: "admin" },
      { id: "benachrichtigungen", path: "/benachrichtigungen_list/", area: "benachrichtigungenAdmin" },
      { id: "module", path: "/module_list/", area: "adminOnly" },
      { id: "group", path: "/group_list/", area: "adminOnly" },
      { id: "rechnungskreise", path: "/rechnungskreise_list/", area: "adminOnly" },
      { id: "belegnummerkreise", path: "/belegnummerkreise_list/", area: "adminOnly" },
      { id: "datamigration", path: "/datamigration", area: "adminOnly" },
    ],
  },
];

export const MENU_ENTRIES: readonly MenuEntry[] = MENU.flatMap((group) => group.entries);
