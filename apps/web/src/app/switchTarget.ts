import { type AccessArea, type AccessContext, can } from "@kontor/domain/access/access.rules";
import { MENU_ENTRIES } from "@kontor/domain/access/menu";

/** Screens of the user, not of a tenant: a tenant switch keeps them open. */
const USER_SCREENS: ReadonlySet<string> = new Set(["settings", "changepassword", "sessions", "hilfe"]);

/**
 * Screens outside the sidebar (or under another segment than their menu entry's list): the area that gates them
 * and the list to go to when the path names one record.
 */
const OTHER_SCREENS: Readonly<Record<string, { area: AccessArea; list: string }>> = {
  rksv: { area: "rksvLesen", list: "/rksv" },
  belegnummerkreis: { area: "adminOnly", list: "/belegnummerkreise_list/" },
};

function segments(path: string): string[] {
  return (path.split(/[?#]/)[0] ?? "").split("/").filter((segment) => segment !== "");
}

/** The screen's gate and its list: by the menu entry whose list (or its edit segment without `_list`) it is. */
function screenOf(segment: string): { area: AccessArea; list: string } | undefined {
  const other = Object.hasOwn(OTHER_SCREENS, segment) ? OTHER_SCREENS[segment] : undefined;
  if (other) return other;
  const entry = MENU_ENTRIES.find((candidate) => {
    const [own] = segments(candidate.path);
    return own !== undefined && (own === segment || own.replace(/_list$/, "") === segment);
  });
  return entry && { area: entry.area, list: entry.path };
}

/**
 * Where the app goes after a switch to another tenant (SPEC §2 Shell, issue 21): the same screen when the new
 * tenant has it — a list stays as it is; a path naming a record (`/kunde/5`, `/beleg/5/edit/…`) goes to its list,
 * since the id belongs to the other tenant — the user's own screens (settings, help) stay; anything else goes home.
 * `context` is the new tenant's access (modules and authorities); `null` while it is not known yet: then only the
 * path decides (a record's list, or stay).
 */
export function targetAfterSwitch(pathname: string, context: AccessContext | null): string {
  const [segment, ...rest] = segments(pathname);
  if (segment === undefined) return "/";
  if (USER_SCREENS.has(segment)) return pathname;
  const screen = screenOf(segment);
  if (!screen) return "/";
  if (context && !can(screen.area, context)) return "/";
  return rest.length === 0 ? pathname : screen.list;
}
