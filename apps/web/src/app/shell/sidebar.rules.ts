import { type AccessContext, can } from "@kontor/domain/access/access.rules";
import { MENU, type MenuEntry, type MenuGroup } from "@kontor/domain/access/menu";

export interface SidebarSection {
  /** "favorites" (pinned entries, on top) or the MENU group. */
  id: "favorites" | MenuGroup["id"];
  entries: MenuEntry[];
}

/**
 * What the sidebar shows (SPEC §2 Shell, §6): the MENU entries the tenant's modules and the user's authorities
 * allow (the same rule table the API enforces), grouped; pinned entries first in a favorites section, in the
 * order they were pinned. A pinned entry that is no longer allowed, or no longer exists, is not shown. Groups
 * without a visible entry are left out.
 */
export function sidebarSections(
  context: AccessContext,
  pinned: readonly string[],
  menu: readonly MenuGroup[] = MENU,
): SidebarSection[] {
  const groups = menu
    .map((group) => ({ id: group.id, entries: group.entries.filter((entry) => can(entry.area, context)) }))
    .filter((group) => group.entries.length > 0);
  const visible = new Map(
    groups.flatMap((group) => group.entries.map((entry) => [entry.id, entry] as const)),
  );
  const favorites = [...new Set(pinned)].flatMap((name) => {
    const entry = visible.get(name);
    return entry ? [entry] : [];
  });
  return favorites.length > 0 ? [{ id: "favorites", entries: favorites }, ...groups] : groups;
}

function firstSegment(path: string): string {
  return (
    path
      .split(/[?#]/)[0]
      ?.split("/")
      .find((segment) => segment !== "") ?? ""
  );
}

/**
 * Whether a menu entry is the current screen's: home only on "/", any other entry on its own path and on the
 * screens below its list (the list "/kunde_list/" is also active on the edit page "/kunde/5").
 */
export function isEntryActive(entry: Pick<MenuEntry, "path">, pathname: string): boolean {
  const entrySegment = firstSegment(entry.path);
  const current = firstSegment(pathname);
  if (entrySegment === "") return current === "";
  return current === entrySegment || current === entrySegment.replace(/_list$/, "");
}
