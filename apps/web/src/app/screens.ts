import type { Namespace } from "@kontor/i18n/languages";
import type { ComponentType } from "react";
import { FallbackPage } from "../features/fallback/FallbackPage.tsx";
import { loadTexts } from "./i18n.ts";

type Loader = () => Promise<ComponentType>;

/** A screen reached through the generic routes /{segment} (list) and /{segment}/{slug} (edit). */
interface Screen {
  ns: readonly Namespace[];
  list?: Loader;
  edit?: Loader;
}

const stammdaten = ["crud", "stammdaten", "validation"] as const satisfies readonly Namespace[];
const accountScreens = () => import("../features/account/accountScreens.ts");
const adminLists = () => import("../features/user/adminLists.ts");
const adminEdits = () => import("../features/user/adminEdits.ts");
const modulScreens = () => import("../features/modul/modulScreens.ts");
const vat = () => import("../features/mehrwertssteuer/mehrwertssteuerScreens.tsx");

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
  },
  module_list: { ns: ["crud", "modultyp"], list: () => modulScreens().then((m) => m.ModulList) },
  module: { ns: ["crud", "modultyp", "validation"], edit: () => modulScreens().then((m) => m.ModulEditPage) },
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
  user_list: { ns: ["crud", "user"], list: () => adminLists().then((m) => m.UserList) },
  user: {
    ns: ["crud", "user", "access", "validation"],
    edit: () => adminEdits().then((m) => m.UserEditPage),
  },
  group_list: { ns: ["crud", "group"], list: () => adminLists().then((m) => m.GroupList) },
  group: { ns: ["crud", "group", "validation"], edit: () => adminEdits().then((m) => m.GroupEditPage) },
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
  mehrwertssteuer_list: { ns: stammdaten, list: () => vat().then((m) => m.MehrwertssteuerList) },
  mehrwertssteuer: { ns: stammdaten, edit: () => vat().then((m) => m.MehrwertssteuerEdit) },
};

/**
 * The component of /{segment} or /{segment}/{slug} with its texts loaded; an unknown segment shows the fallback
 * ("not available yet" for screens of later issues, "page not found" otherwise).
 */
export async function loadScreen(segment: string, kind: "list" | "edit"): Promise<ComponentType> {
  const screen = Object.hasOwn(SCREENS, segment) ? SCREENS[segment] : undefined;
  const load = screen?.[kind];
  if (!screen || !load) return FallbackPage;
  const [component] = await Promise.all([load(), loadTexts(...screen.ns)]);
  return component;
}
