import type { AccessArea } from "@kontor/domain/access/access.rules";
import { MENU, MENU_ENTRIES } from "@kontor/domain/access/menu";

/** One area of the help page: its texts (namespace hilfe, `bereiche.<id>`) and the screens it covers. */
export interface HilfeBereich {
  id:
    | "start"
    | "belege"
    | "eingangsrechnungen"
    | "kunden"
    | "artikel"
    | "zahlungen"
    | "kassabuch"
    | "arbeitszeit"
    | "content"
    | "quartalskalender"
    | "preiskalkulator"
    | "rksv"
    | "stammdaten"
    | "admin"
    | "konto"
    | "spaeter";
  /** Menu entry ids (their label, path and gate come from the MENU), or a user-menu screen (see EXTRA). */
  entries: readonly string[];
}

export interface HilfeGruppe {
  id: "main" | "stammdaten" | "admin" | "konto" | "spaeter";
  bereiche: readonly HilfeBereich[];
}

/**
 * The sidebar entries whose screens come with later issues (they show the placeholder of FallbackPage). Kept here,
 * beside the help page that lists them as "in preparation"; a test checks that each of them is indeed not built.
 */
export const SPAETER: readonly string[] = [
  "bestellungen",
  "auswertung",
  "lagerplaetze",
  "einauslagerung",
  "verleih",
  "webshop",
  "datamigration",
];

const idsOf = (group: "stammdaten" | "admin") =>
  (MENU.find((candidate) => candidate.id === group)?.entries ?? [])
    .map((entry) => entry.id)
    .filter((id) => !SPAETER.includes(id));

/** The help page's outline: by menu group, then the account, then the areas still in preparation. */
export const HILFE: readonly HilfeGruppe[] = [
  {
    id: "main",
    bereiche: [
      { id: "start", entries: ["home"] },
      { id: "belege", entries: ["belege"] },
      { id: "eingangsrechnungen", entries: ["eingangsrechnungen"] },
      { id: "kunden", entries: ["kunden"] },
      { id: "artikel", entries: ["artikel", "artikelkatalog"] },
      { id: "zahlungen", entries: ["zahlungen", "zahlungsauswertung"] },
      { id: "kassabuch", entries: ["kassabuch"] },
      { id: "arbeitszeit", entries: ["zeiterfassung", "zeiterfassung_mitarbeiter", "zem_settings_list"] },
      { id: "content", entries: ["content"] },
      { id: "quartalskalender", entries: ["quartalskalender"] },
      { id: "preiskalkulator", entries: ["preiskalkulator"] },
      { id: "rksv", entries: ["rksv"] },
    ],
  },
  { id: "stammdaten", bereiche: [{ id: "stammdaten", entries: idsOf("stammdaten") }] },
  { id: "admin", bereiche: [{ id: "admin", entries: idsOf("admin") }] },
  { id: "konto", bereiche: [{ id: "konto", entries: ["settings", "changepassword", "sessions"] }] },
  { id: "spaeter", bereiche: [{ id: "spaeter", entries: SPAETER }] },
];

/** A screen the help page links to: its label key, path and gate. */
export interface HilfeSeite {
  id: string;
  /** Translation key (namespaces menu or shell). */
  label: string;
  path: string;
  area: AccessArea;
}

/** Screens outside the sidebar: the user menu's entries. `{login}` stands for the signed-in user's login. */
const EXTRA: Readonly<Record<string, HilfeSeite>> = {
  rksv: { id: "rksv", label: "shell:user.rksv", path: "/rksv", area: "rksvLesen" },
  settings: { id: "settings", label: "shell:user.settings", path: "/settings/{login}", area: "member" },
  changepassword: {
    id: "changepassword",
    label: "shell:user.password",
    path: "/changepassword/{login}",
    area: "member",
  },
  sessions: { id: "sessions", label: "hilfe:geraete", path: "/sessions", area: "member" },
};

/** The screen of a help entry id: a sidebar entry, or one of the user menu. */
export function hilfeSeite(id: string): HilfeSeite | undefined {
  if (Object.hasOwn(EXTRA, id)) return EXTRA[id];
  const entry = MENU_ENTRIES.find((candidate) => candidate.id === id);
  return entry && { id: entry.id, label: `menu:${entry.id}`, path: entry.path, area: entry.area };
}
