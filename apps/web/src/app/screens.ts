import type { Namespace } from "@kontor/i18n/languages";
import type { ComponentType } from "react";
import { FallbackPage } from "../features/fallback/FallbackPage.tsx";
import { loadTexts } from "./i18n.ts";

type Loader = () => Promise<ComponentType>;

/**
 * A screen reached through the generic routes /{segment} (list), /{segment}/{slug} (edit) and deeper paths
 * /{segment}/{slug}/… (`deep`: path patterns after the segment, written as SPEC §2 writes them — `{slug}/duplicate`,
 * `{slug}/edit/{edit}/{duplicate}` — each with the screen it shows; the screen reads the path's parts itself).
 */
interface Screen {
  ns: readonly Namespace[];
  list?: Loader;
  edit?: Loader;
  deep?: Readonly<Record<string, Loader>>;
}

const stammdaten = ["crud", "stammdaten", "validation"] as const satisfies readonly Namespace[];
const accountScreens = () => import("../features/account/accountScreens.ts");
const vatList = () => import("../features/mehrwertssteuer/mehrwertssteuer.list.tsx");
const vatEdit = () => import("../features/mehrwertssteuer/mehrwertssteuer.edit.tsx");
const warengruppeList = () => import("../features/warengruppe/warengruppe.list.tsx");
const warengruppeEdit = () => import("../features/warengruppe/warengruppe.edit.tsx");
const einheitList = () => import("../features/einheit/einheit.list.tsx");
const einheitEdit = () => import("../features/einheit/einheit.edit.tsx");
const preisschieneList = () => import("../features/preisschiene/preisschiene.list.tsx");
const preisschieneEdit = () => import("../features/preisschiene/preisschiene.edit.tsx");
const rabattList = () => import("../features/rabatt/rabatt.list.tsx");
const rabattEdit = () => import("../features/rabatt/rabatt.edit.tsx");
const zahlungszielList = () => import("../features/zahlungsziel/zahlungsziel.list.tsx");
const zahlungszielEdit = () => import("../features/zahlungsziel/zahlungsziel.edit.tsx");
const felddefinitionList = () => import("../features/felddefinition/felddefinition.list.tsx");
const felddefinitionEdit = () => import("../features/felddefinition/felddefinition.edit.tsx");
const belegtextList = () => import("../features/belegtext/belegtext.list.tsx");
const belegtextEdit = () => import("../features/belegtext/belegtext.edit.tsx");
const firmengruppeList = () => import("../features/firmengruppe/firmengruppe.list.tsx");
const firmengruppeEdit = () => import("../features/firmengruppe/firmengruppe.edit.tsx");
const rechnungsvorlageList = () => import("../features/rechnungsvorlage/rechnungsvorlage.list.tsx");
const rechnungsvorlageEdit = () => import("../features/rechnungsvorlage/rechnungsvorlage.edit.tsx");
const nummernkreisList = () => import("../features/nummernkreis/nummernkreis.list.tsx");
const nummernkreisEdit = () => import("../features/nummernkreis/nummernkreis.edit.tsx");
const artikelEdit = () => import("../features/artikel/artikel.edit.tsx").then((m) => m.ArtikelEdit);
const kundeNs = ["crud", "kunde", "kundesuche", "validation"] as const satisfies readonly Namespace[];
const belegNs = [
  "crud",
  "beleg",
  "kundesuche",
  "artikelsuche",
  "richtext",
  "validation",
] as const satisfies readonly Namespace[];
const arbeitszeitNs = ["arbeitszeit", "crud", "validation"] as const satisfies readonly Namespace[];
const belegEdit = () => import("../features/beleg/beleg.edit.tsx").then((m) => m.BelegEdit);
const artikelNs = [
  "crud",
  "artikel",
  "artikelsuche",
  "kundesuche",
  "validation",
] as const satisfies readonly Namespace[];

/**
 * The resource screens by first path segment (SPEC §2). The router has two generic routes for all of them, and
 * this table is loaded only when one is opened: a new entity costs the first page load nothing (DESIGN §9).
 */
const SCREENS: Record<string, Screen> = {
  // Administration (issue 4): tenants, module types, notifications, users and groups.
  mandant_list: {
    ns: ["crud", "mandant"],
    list: () => import("../features/mandant/MandantList.tsx").then((m) => m.MandantList),
  },
  mandant: {
    ns: ["crud", "mandant", "validation"],
    edit: () => import("../features/mandant/MandantEdit.tsx").then((m) => m.MandantEditPage),
    deep: {
      "{slug}/wizard": () => import("../features/mandant/MandantWizard.tsx").then((m) => m.MandantWizardPage),
    },
  },
  module_list: {
    ns: ["crud", "modultyp"],
    list: () => import("../features/modul/ModulList.tsx").then((m) => m.ModulList),
  },
  module: {
    ns: ["crud", "modultyp", "validation"],
    edit: () => import("../features/modul/ModulEdit.tsx").then((m) => m.ModulEditPage),
  },
  benachrichtigungen_list: {
    ns: ["crud", "benachrichtigung", "richtext"],
    list: () =>
      import("../features/benachrichtigung/BenachrichtigungList.tsx").then((m) => m.BenachrichtigungList),
  },
  benachrichtigungen: {
    ns: ["crud", "benachrichtigung", "richtext", "access", "validation"],
    edit: () =>
      import("../features/benachrichtigung/BenachrichtigungEdit.tsx").then((m) => m.BenachrichtigungEditPage),
  },
  user_list: {
    ns: ["crud", "user"],
    list: () => import("../features/user/UserList.tsx").then((m) => m.UserList),
  },
  user: {
    ns: ["crud", "user", "access", "validation"],
    edit: () => import("../features/user/UserEdit.tsx").then((m) => m.UserEditPage),
  },
  group_list: {
    ns: ["crud", "group"],
    list: () => import("../features/group/GroupList.tsx").then((m) => m.GroupList),
  },
  group: {
    ns: ["crud", "group", "validation"],
    edit: () => import("../features/group/GroupEdit.tsx").then((m) => m.GroupEditPage),
  },
  // The signed-in user's own account (issue 3): settings, password, signed-in devices.
  settings: {
    ns: ["account", "crud", "richtext", "validation"],
    edit: () => accountScreens().then((m) => m.SettingsPage),
  },
  changepassword: {
    ns: ["account", "validation"],
    edit: () => accountScreens().then((m) => m.ChangePasswordPage),
  },
  sessions: { ns: ["account", "crud"], list: () => accountScreens().then((m) => m.SessionsPage) },
  // Master data (issue 5).
  preiskalkulator: {
    ns: ["stammdaten"],
    list: () =>
      import("../features/preiskalkulator/PreiskalkulatorPage.tsx").then((m) => m.PreiskalkulatorPage),
  },
  mehrwertssteuer_list: { ns: stammdaten, list: () => vatList().then((m) => m.MehrwertssteuerList) },
  mehrwertssteuer: { ns: stammdaten, edit: () => vatEdit().then((m) => m.MehrwertssteuerEdit) },
  warengruppe_list: { ns: stammdaten, list: () => warengruppeList().then((m) => m.WarengruppeList) },
  warengruppe: { ns: stammdaten, edit: () => warengruppeEdit().then((m) => m.WarengruppeEdit) },
  untergruppe_list: { ns: stammdaten, list: () => warengruppeList().then((m) => m.UntergruppeList) },
  untergruppe: { ns: stammdaten, edit: () => warengruppeEdit().then((m) => m.UntergruppeEdit) },
  einheit_list: { ns: stammdaten, list: () => einheitList().then((m) => m.EinheitList) },
  einheit: { ns: stammdaten, edit: () => einheitEdit().then((m) => m.EinheitEdit) },
  preisschiene_list: { ns: stammdaten, list: () => preisschieneList().then((m) => m.PreisschieneList) },
  preisschiene: { ns: stammdaten, edit: () => preisschieneEdit().then((m) => m.PreisschieneEdit) },
  rabatt_list: { ns: stammdaten, list: () => rabattList().then((m) => m.RabattList) },
  rabatt: { ns: stammdaten, edit: () => rabattEdit().then((m) => m.RabattEdit) },
  zahlungsziel_list: {
    ns: ["crud", "zahlungsbedingungen", "validation"],
    list: () => zahlungszielList().then((m) => m.ZahlungszielList),
  },
  zahlungsziel: {
    ns: ["crud", "zahlungsbedingungen", "validation"],
    edit: () => zahlungszielEdit().then((m) => m.ZahlungszielEdit),
  },
  lieferbedingung: {
    ns: ["crud", "zahlungsbedingungen", "validation"],
    list: () => zahlungszielList().then((m) => m.LieferbedingungList),
    edit: () => zahlungszielEdit().then((m) => m.LieferbedingungEdit),
  },
  zahlungsbedingung: {
    ns: ["crud", "zahlungsbedingungen", "validation"],
    list: () => zahlungszielList().then((m) => m.ZahlungsbedingungList),
    edit: () => zahlungszielEdit().then((m) => m.ZahlungsbedingungEdit),
  },
  kundefelddefinition_list: {
    ns: ["crud", "felddefinition", "validation"],
    list: () => felddefinitionList().then((m) => m.KundefelddefinitionList),
  },
  kundefelddefinition: {
    ns: ["crud", "felddefinition", "validation"],
    list: () => felddefinitionList().then((m) => m.KundefelddefinitionList),
    edit: () => felddefinitionEdit().then((m) => m.KundefelddefinitionEdit),
  },
  artikelfelddefinition_list: {
    ns: ["crud", "felddefinition", "validation"],
    list: () => felddefinitionList().then((m) => m.ArtikelfelddefinitionList),
  },
  artikelfelddefinition: {
    ns: ["crud", "felddefinition", "validation"],
    list: () => felddefinitionList().then((m) => m.ArtikelfelddefinitionList),
    edit: () => felddefinitionEdit().then((m) => m.ArtikelfelddefinitionEdit),
  },
  belegfelddefinition_list: {
    ns: ["crud", "felddefinition", "validation"],
    list: () => felddefinitionList().then((m) => m.BelegfelddefinitionList),
  },
  belegfelddefinition: {
    ns: ["crud", "felddefinition", "validation"],
    edit: () => felddefinitionEdit().then((m) => m.BelegfelddefinitionEdit),
  },
  belegtext_list: {
    ns: ["crud", "felddefinition", "richtext"],
    list: () => belegtextList().then((m) => m.BelegtextList),
  },
  belegtext: {
    ns: ["crud", "felddefinition", "richtext", "validation"],
    edit: () => belegtextEdit().then((m) => m.BelegtextEdit),
  },
  hothint_list: {
    ns: ["crud", "felddefinition", "validation"],
    list: () => belegtextList().then((m) => m.HotHintList),
  },
  hothint: {
    ns: ["crud", "felddefinition", "validation"],
    edit: () => belegtextEdit().then((m) => m.HotHintEdit),
  },
  firmengruppe_list: {
    ns: ["crud", "felddefinition", "validation"],
    list: () => firmengruppeList().then((m) => m.FirmengruppeList),
  },
  firmengruppe: {
    ns: ["crud", "felddefinition", "validation"],
    list: () => firmengruppeList().then((m) => m.FirmengruppeList),
    edit: () => firmengruppeEdit().then((m) => m.FirmengruppeEdit),
  },
  rechnungsvorlage_list: {
    ns: ["crud", "felddefinition", "validation"],
    list: () => rechnungsvorlageList().then((m) => m.RechnungsvorlageList),
  },
  rechnungsvorlage: {
    ns: ["crud", "felddefinition", "validation"],
    edit: () => rechnungsvorlageEdit().then((m) => m.RechnungsvorlageEdit),
  },
  rechnungskreise_list: {
    ns: ["crud", "nummernkreis", "validation"],
    list: () => nummernkreisList().then((m) => m.RechnungskreisList),
  },
  rechnungskreise: {
    ns: ["crud", "nummernkreis", "validation"],
    edit: () => nummernkreisEdit().then((m) => m.RechnungskreisEdit),
  },
  belegnummerkreise_list: {
    ns: ["crud", "nummernkreis", "validation"],
    list: () => nummernkreisList().then((m) => m.BelegnummerkreisList),
  },
  belegnummerkreis: {
    ns: ["crud", "nummernkreis", "validation"],
    list: () => nummernkreisList().then((m) => m.BelegnummerkreisList),
    edit: () => nummernkreisEdit().then((m) => m.BelegnummerkreisEdit),
  },
  // Customers and suppliers (issue 6).
  kunde_list: {
    ns: kundeNs,
    list: () => import("../features/kunde/kunde.list.tsx").then((m) => m.KundeList),
  },
  kunde: {
    ns: kundeNs,
    edit: () => import("../features/kunde/kunde.edit.tsx").then((m) => m.KundeEdit),
  },
  // Articles and the article catalogue (issue 7).
  artikel_list: {
    ns: artikelNs,
    list: () => import("../features/artikel/artikel.list.tsx").then((m) => m.ArtikelList),
  },
  artikel: {
    ns: artikelNs,
    edit: artikelEdit,
    deep: { "{slug}/duplicate": artikelEdit },
  },
  // Documents (issue 15): the list and the editor /beleg/{slug}/edit/{edit}/{duplicate} (SPEC §2).
  beleg_list: {
    ns: belegNs,
    list: () => import("../features/beleg/beleg.list.tsx").then((m) => m.BelegList),
  },
  beleg: {
    ns: belegNs,
    edit: belegEdit,
    deep: { "{slug}/edit/{edit}/{duplicate}": belegEdit },
  },
  // Incoming e-invoices (issue 19): the list with the upload, and one invoice's business terms.
  eingangsrechnung_list: {
    ns: ["eingangsrechnung", "crud", "errors"],
    list: () =>
      import("../features/eingangsrechnung/EingangsrechnungList.tsx").then((m) => m.EingangsrechnungList),
  },
  eingangsrechnung: {
    ns: ["eingangsrechnung", "crud", "errors"],
    edit: () =>
      import("../features/eingangsrechnung/EingangsrechnungDetail.tsx").then((m) => m.EingangsrechnungDetail),
  },
  // Payments and open items (issue 17).
  zahlung_list: {
    ns: belegNs,
    list: () => import("../features/zahlung/zahlung.list.tsx").then((m) => m.ZahlungList),
  },
  zahlung_report: {
    ns: belegNs,
    list: () => import("../features/zahlung/zahlung.report.tsx").then((m) => m.ZahlungReport),
  },
  artikelkatalog: {
    ns: artikelNs,
    list: () => import("../features/artikel/artikel.katalog.tsx").then((m) => m.ArtikelKatalog),
  },
  // The cash book (issue 17).
  kassabuch_list: {
    ns: ["kassabuch", "crud", "validation", "kundesuche"],
    list: () => import("../features/kassabuch/KassabuchList.tsx").then((m) => m.KassabuchList),
  },
  // Employee working time (issue 22): the month, the team, the settings, the report.
  zeiterfassung: {
    ns: arbeitszeitNs,
    list: () => import("../features/arbeitszeit/ArbeitszeitMonat.tsx").then((m) => m.ArbeitszeitMonat),
  },
  zeiterfassung_mitarbeiter: {
    ns: arbeitszeitNs,
    list: () => import("../features/arbeitszeit/ArbeitszeitTeam.tsx").then((m) => m.ArbeitszeitTeam),
  },
  zem_settings_list: {
    ns: arbeitszeitNs,
    list: () =>
      import("../features/arbeitszeit/ArbeitszeitEinstellungen.tsx").then((m) => m.ArbeitszeitEinstellungen),
  },
  zeiterfassung_report: {
    ns: arbeitszeitNs,
    list: () => import("../features/arbeitszeit/ArbeitszeitReport.tsx").then((m) => m.ArbeitszeitReport),
  },
  // Content (issue 23): folders and files; /content_list/{folder} and /content/{folder}/{contentId}.
  content_list: {
    ns: ["content", "validation", "richtext"],
    list: () => import("../features/content/ContentList.tsx").then((m) => m.ContentList),
    edit: () => import("../features/content/ContentList.tsx").then((m) => m.ContentList),
  },
  content: {
    ns: ["content", "validation", "richtext"],
    deep: {
      "{slug}/{contentId}": () => import("../features/content/ContentView.tsx").then((m) => m.ContentView),
    },
  },
  // Quarter calendar (issue 23): the quarters, a new quarter (or a copy), the planning board.
  quartalskalender_list: {
    ns: ["quartalskalender", "crud", "validation"],
    list: () =>
      import("../features/quartalskalender/QuartalskalenderList.tsx").then((m) => m.QuartalskalenderList),
  },
  quartalskalender_create: {
    ns: ["quartalskalender", "crud", "validation"],
    list: () =>
      import("../features/quartalskalender/QuartalskalenderCreate.tsx").then((m) => m.QuartalskalenderCreate),
  },
  quartalskalender: {
    ns: ["quartalskalender", "crud", "validation", "kundesuche"],
    edit: () =>
      import("../features/quartalskalender/QuartalskalenderBoard.tsx").then((m) => m.QuartalskalenderBoard),
  },
  // Help (issue 21): what each area does, its screens and tasks, the keys that work.
  hilfe: {
    ns: ["hilfe"],
    list: () => import("../features/hilfe/HilfePage.tsx").then((m) => m.HilfePage),
  },
  // RKSV: the cash registers, start receipt, exports and receipt journal (issue 18).
  rksv: {
    ns: ["rksv", "crud", "validation"],
    list: () => import("../features/rksv/RksvScreen.tsx").then((m) => m.RksvScreen),
  },
};

/** Whether a first path segment has a screen of its own (else it shows the fallback). */
export function hasScreen(segment: string): boolean {
  return Object.hasOwn(SCREENS, segment);
}

/**
 * The component of /{segment} (list), /{segment}/{slug} (edit) or /{segment}/{rest…} (deep, `rest` = the path after
 * the segment) with its texts loaded; an unknown segment or path shows the fallback ("not available yet" for screens
 * of later issues, "page not found" otherwise).
 */
export async function loadScreen(
  segment: string,
  kind: "list" | "edit" | "deep",
  rest = "",
): Promise<ComponentType> {
  const screen = Object.hasOwn(SCREENS, segment) ? SCREENS[segment] : undefined;
  const load = kind === "deep" ? deepLoader(screen?.deep, rest) : screen?.[kind];
  if (!screen || !load) {
    // "Not available yet" says what the screen will hold and links to related ones (texts of the help page).
    await loadTexts("hilfe", "menu");
    return FallbackPage;
  }
  const [component] = await Promise.all([load(), loadTexts(...screen.ns)]);
  return component;
}

/**
 * Starts loading the screen of an in-app path (without /app) with its texts, as the generic routes will (one part:
 * list, two: edit, more: deep). main.tsx calls it at start-up beside the router, so a direct visit does not load
 * router, screen table and screen one after another; the route's loader then finds them loaded.
 */
export function preloadScreen(path: string): void {
  const [segment, ...rest] = path.split("/").filter((part) => part !== "");
  if (!segment) return;
  const kind = rest.length === 0 ? "list" : rest.length === 1 ? "edit" : "deep";
  loadScreen(segment, kind, rest.join("/")).catch(() => undefined); // the route reports it
}

/** The loader of the first pattern that matches the path: `{name}` matches one non-empty part, text itself. */
export function deepLoader(deep: Screen["deep"], rest: string): Loader | undefined {
  const parts = rest.split("/").filter((part) => part !== "");
  for (const [pattern, load] of Object.entries(deep ?? {})) {
    const wanted = pattern.split("/");
    if (
      wanted.length === parts.length &&
      wanted.every((part, index) => /^\{\w+\}$/.test(part) || part === parts[index])
    )
      return load;
  }
  return undefined;
}
