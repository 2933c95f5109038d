/**
 * What the "not available yet" page says for the screens of later issues (issue 21): which text (namespace hilfe,
 * `platzhalter.seiten.<text>`) tells what the screen will hold, and which existing screens (menu entry ids) are
 * related. By the path's first segment, as SPEC §2 names the routes.
 */
export interface Platzhalter {
  text:
    | "bestellung"
    | "auswertung"
    | "lagerplaetze"
    | "einauslagerung"
    | "projekte"
    | "verleih"
    | "webshop"
    | "datamigration"
    | "dashboard"
    | "allgemein";
  verwandt: readonly string[];
}

const bestellung: Platzhalter = { text: "bestellung", verwandt: ["belege", "artikel", "kunden"] };
const lagerplaetze: Platzhalter = { text: "lagerplaetze", verwandt: ["artikel", "artikelkatalog"] };
const einauslagerung: Platzhalter = { text: "einauslagerung", verwandt: ["artikel", "artikelkatalog"] };
const verleih: Platzhalter = { text: "verleih", verwandt: ["artikel", "kunden"] };
const webshop: Platzhalter = { text: "webshop", verwandt: ["artikel", "warengruppe", "untergruppe"] };

const PLATZHALTER: Readonly<Record<string, Platzhalter>> = {
  bestellung_list: bestellung,
  bestellung,
  auswertung: { text: "auswertung", verwandt: ["zahlungsauswertung", "belege", "kassabuch"] },
  lagerplaetze_list: lagerplaetze,
  lagerplaetze,
  einauslagerung_list: einauslagerung,
  einauslagerung,
  projekte: { text: "projekte", verwandt: ["kunden", "belege"] },
  verleih,
  verleih_list: verleih,
  verleih_artikel: verleih,
  webshop,
  webshop_category: webshop,
  webshop_category_item: webshop,
  datamigration: { text: "datamigration", verwandt: ["kunden", "artikel", "eingangsrechnungen"] },
  dashboard: { text: "dashboard", verwandt: ["home", "zahlungsauswertung"] },
};

const ALLGEMEIN: Platzhalter = { text: "allgemein", verwandt: ["home"] };

/** The placeholder of an app path (without /app): by its first segment; a general one for other spec screens. */
export function platzhalterFuer(pathname: string): Platzhalter {
  const segment = (pathname.split(/[?#]/)[0] ?? "").split("/").find((part) => part !== "") ?? "";
  return Object.hasOwn(PLATZHALTER, segment) ? (PLATZHALTER[segment] as Platzhalter) : ALLGEMEIN;
}
