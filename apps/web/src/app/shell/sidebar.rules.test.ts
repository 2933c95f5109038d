import type { TAuthority, TModul } from "@kontor/domain/access/access.schema";
import { MENU, type MenuGroup } from "@kontor/domain/access/menu";
import { describe, expect, it } from "vitest";
import { isEntryActive, sidebarSections } from "./sidebar.rules.ts";

const ids = (sections: ReturnType<typeof sidebarSections>) =>
  Object.fromEntries(sections.map((section) => [section.id, section.entries.map((entry) => entry.id)]));

const context = (modules: TModul[], authorities: TAuthority[]) => ({ modules, authorities });

describe("sidebarSections", () => {
  it("a plain user sees what modules and their roles allow, and no administration", () => {
    const sections = ids(
      sidebarSections(context(["rechnungslegung", "kassabuch"], ["ROLE_USER", "ROLE_KASSABUCH"]), []),
    );
    expect(Object.keys(sections)).toEqual(["main", "stammdaten"]);
    expect(sections.main).toEqual(["home", "belege", "eingangsrechnungen", "kunden", "artikel", "kassabuch"]);
    expect(sections.main).not.toContain("zahlungen");
  });

  it("the administrator sees the admin group; admin-only entries need ROLE_ADMIN", () => {
    const admin = ids(sidebarSections(context([], ["ROLE_ADMIN"]), []));
    expect(admin.admin).toEqual([
      "mandant",
      "user",
      "module",
      "group",
      "rechnungskreise",
      "belegnummerkreise",
      "datamigration",
    ]);
    const mandantAdmin = ids(sidebarSections(context([], ["ROLE_ADMIN_MANDANT"]), []));
    expect(mandantAdmin.admin).toEqual(["mandant", "user"]);
  });

  it("entries with a module appear only when the tenant has it", () => {
    const roles: TAuthority[] = ["ROLE_USER", "ROLE_BENACHRICHTIGUNGEN_ADMIN"];
    expect(ids(sidebarSections(context([], roles), [])).admin).toBeUndefined();
    expect(ids(sidebarSections(context(["benachrichtigungen"], roles), [])).admin).toEqual([
      "benachrichtigungen",
    ]);
  });

  it("puts pinned entries first, in pin order, and only those still allowed", () => {
    const sections = sidebarSections(context(["kassabuch"], ["ROLE_USER", "ROLE_KASSABUCH"]), [
      "kassabuch",
      "zahlungen", // module missing: hidden
      "kunden",
      "kassabuch", // pinned twice: shown once
      "gibtsnicht",
    ]);
    expect(sections[0]?.id).toBe("favorites");
    expect(ids(sections).favorites).toEqual(["kassabuch", "kunden"]);
    // The entries stay in their groups too.
    expect(ids(sections).main).toContain("kassabuch");
  });

  it("shows nothing but home to a user without authorities", () => {
    expect(ids(sidebarSections(context(["kassabuch"], []), []))).toEqual({ main: ["home"] });
  });

  it("works with any menu", () => {
    const menu: MenuGroup[] = [{ id: "main", entries: [{ id: "x", path: "/x", area: "adminOnly" }] }];
    expect(sidebarSections(context([], ["ROLE_USER"]), [], menu)).toEqual([]);
    expect(MENU.length).toBe(3);
  });
});

describe("isEntryActive", () => {
  it.each([
    { path: "/", pathname: "/", active: true },
    { path: "/", pathname: "/kunde_list/", active: false },
    { path: "/kunde_list/", pathname: "/kunde_list/", active: true },
    { path: "/kunde_list/", pathname: "/kunde/17", active: true },
    { path: "/kunde_list/", pathname: "/kundefelddefinition_list/", active: false },
    { path: "/mehrwertssteuer_list", pathname: "/mehrwertssteuer/3", active: true },
    { path: "/zeiterfassung", pathname: "/zeiterfassung", active: true },
    { path: "/zeiterfassung", pathname: "/zeiterfassung_report", active: false },
    { path: "/content_list/root", pathname: "/content_list/abc", active: true },
  ])("$path on $pathname: $active", ({ path, pathname, active }) => {
    expect(isEntryActive({ path }, pathname)).toBe(active);
  });
});
