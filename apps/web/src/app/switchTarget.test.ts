import type { AccessContext } from "@kontor/domain/access/access.rules";
import { describe, expect, it } from "vitest";
import { targetAfterSwitch } from "./switchTarget.ts";

const alles: AccessContext = {
  modules: ["rechnungslegung", "kassabuch", "zahlung", "rksv"],
  authorities: ["ROLE_USER", "ROLE_ADMIN", "ROLE_KASSABUCH"],
};
const ohneKasse: AccessContext = { modules: ["rechnungslegung"], authorities: ["ROLE_USER"] };

describe("targetAfterSwitch (issue 21: a tenant switch stays on the screen when it can)", () => {
  it.each([
    // [from, new tenant's access, where to]
    ["/", alles, "/"],
    ["/kunde_list/", alles, "/kunde_list/"],
    ["/kunde_list/", ohneKasse, "/kunde_list/"],
    ["/kunde/5", alles, "/kunde_list/"],
    ["/beleg/17/edit/true/false", alles, "/beleg_list/"],
    ["/artikel/3/duplicate", alles, "/artikel_list/"],
    ["/kassabuch_list/", alles, "/kassabuch_list/"],
    ["/kassabuch_list/", ohneKasse, "/"],
    ["/lieferbedingung/", alles, "/lieferbedingung/"],
    ["/lieferbedingung/4", alles, "/lieferbedingung/"],
    ["/firmengruppe/9", alles, "/firmengruppe_list"],
    ["/eingangsrechnung/2", alles, "/eingangsrechnung_list/"],
    ["/belegnummerkreis/2", alles, "/belegnummerkreise_list/"],
    ["/belegnummerkreis/2", ohneKasse, "/"],
    ["/rksv", alles, "/rksv"],
    ["/rksv", ohneKasse, "/"],
    ["/mandant/3/wizard", alles, "/mandant_list/"],
    ["/mandant/3", ohneKasse, "/"],
    ["/settings/admin", ohneKasse, "/settings/admin"],
    ["/hilfe", ohneKasse, "/hilfe"],
    ["/unbekannt", alles, "/"],
    ["/zahlung_report/?search=x", alles, "/zahlung_report/?search=x"],
  ] as const)("%s → %s", (from, context, to) => {
    expect(targetAfterSwitch(from, context)).toBe(to);
  });

  it("decides by the path alone while the new tenant's access is not known", () => {
    expect(targetAfterSwitch("/kassabuch_list/", null)).toBe("/kassabuch_list/");
    expect(targetAfterSwitch("/kunde/5", null)).toBe("/kunde_list/");
    expect(targetAfterSwitch("/unbekannt/5", null)).toBe("/");
  });
});
