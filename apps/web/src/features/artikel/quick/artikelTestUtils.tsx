import { resources } from "@kontor/i18n";
import i18next from "i18next";
import { initReactI18next } from "react-i18next";

export { type Call, fakeApi, renderWithProviders } from "../../kunde/quick/quickTestUtils.tsx";

/** i18next with every text in German, as the app has it once a screen's namespaces are loaded. */
export async function initTestI18n(): Promise<void> {
  await i18next.use(initReactI18next).init({
    resources,
    lng: "de",
    fallbackLng: false,
    ns: ["common", "crud", "errors", "validation", "artikelsuche"],
    defaultNS: "common",
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  // Mantine's combobox scrolls the chosen option into view; happy-dom lacks it.
  window.HTMLElement.prototype.scrollIntoView ??= () => undefined;
}

/** An article row as GET artikelsearch answers it. */
export function artikelZeile(id: number, artikelBezeichnung: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    artikelNummer: String(10000 + id),
    artikelBezeichnung,
    artikelBeschreibung: null,
    preis: 9.9,
    einkaufsPreis: 5,
    mwst: 20,
    untergruppe: null,
    warengruppe: null,
    hersteller: null,
    lagerstand: 0,
    verleihbar: false,
    geloescht: false,
    locked: false,
    bildAssetId: null,
    ...extra,
  };
}
