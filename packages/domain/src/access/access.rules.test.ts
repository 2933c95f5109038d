import { describe, expect, it } from "vitest";
import { type AccessArea, can, isTenantIndependent } from "./access.rules.ts";
import type { TAuthority, TModul } from "./access.schema.ts";
import { MENU_ENTRIES } from "./menu.ts";

const ctx = (modules: TModul[], authorities: TAuthority[]) => ({ modules, authorities });
type Case = [string, TModul[], TAuthority[], boolean];

/** One table per rule of SPEC §6: the module alone, the role alone, both, and the exceptions. */
const RULES: Record<string, { area: AccessArea; cases: Case[] }> = {
  "Orders: order module and one of lagerist, lager admin, aussendienstler, admin, techniker": {
    area: "bestellung",
    cases: [
      ["module + lagerist", ["bestellung"], ["ROLE_LAGERIST"], true],
      ["module + lager admin", ["bestellung"], ["ROLE_LAGER_ADMIN"], true],
      ["module + aussendienstler", ["bestellung"], ["ROLE_AUSSENDIENSTLER"], true],
      ["module + admin", ["bestellung"], ["ROLE_ADMIN"], true],
      ["module + techniker", ["bestellung"], ["ROLE_BESTELLUNGEN_TECHNIKER"], true],
      ["module + only user", ["bestellung"], ["ROLE_USER"], false],
      ["admin without module", [], ["ROLE_ADMIN"], false],
    ],
  },
  "Creating an order: not lagerist": {
    area: "bestellungCreate",
    cases: [
      ["lagerist", ["bestellung"], ["ROLE_LAGERIST"], false],
      ["lagerist who is also admin", ["bestellung"], ["ROLE_LAGERIST", "ROLE_ADMIN"], false],
      ["techniker", ["bestellung"], ["ROLE_BESTELLUNGEN_TECHNIKER"], true],
      ["aussendienstler", ["bestellung"], ["ROLE_AUSSENDIENSTLER"], true],
      ["without module", [], ["ROLE_AUSSENDIENSTLER"], false],
    ],
  },
  "Documents: invoicing module and one of lagerist, lager admin, aussendienstler, admin, user": {
    area: "beleg",
    cases: [
      ["module + user", ["rechnungslegung"], ["ROLE_USER"], true],
      ["module + lagerist", ["rechnungslegung"], ["ROLE_LAGERIST"], true],
      ["module + aussendienstler", ["rechnungslegung"], ["ROLE_AUSSENDIENSTLER"], true],
      ["module + techniker only", ["rechnungslegung"], ["ROLE_BESTELLUNGEN_TECHNIKER"], false],
      ["user without module", [], ["ROLE_USER"], false],
    ],
  },
  "Document list and create need user": {
    area: "belegListCreate",
    cases: [
      ["module + user", ["rechnungslegung"], ["ROLE_USER"], true],
      ["module + lagerist only", ["rechnungslegung"], ["ROLE_LAGERIST"], false],
      ["module + admin only", ["rechnungslegung"], ["ROLE_ADMIN"], false],
    ],
  },
  "Sending a document by mail: the documents' rule plus the module mailversand": {
    area: "belegMail",
    cases: [
      ["both modules + user", ["rechnungslegung", "mailversand"], ["ROLE_USER"], true],
      ["both modules + lagerist", ["rechnungslegung", "mailversand"], ["ROLE_LAGERIST"], true],
      ["invoicing only", ["rechnungslegung"], ["ROLE_USER"], false],
      ["mailversand only", ["mailversand"], ["ROLE_USER"], false],
      ["both modules, no document role", ["rechnungslegung", "mailversand"], ["ROLE_KASSABUCH"], false],
    ],
  },
  "Cash book: module and a cash-book role (issue 17: ROLE_KASSABUCH / ROLE_KASSABUCH_ADMIN)": {
    area: "kassabuch",
    cases: [
      ["module + cash-book role", ["kassabuch"], ["ROLE_KASSABUCH"], true],
      ["module + cash-book admin", ["kassabuch"], ["ROLE_KASSABUCH_ADMIN"], true],
      ["module + user only", ["kassabuch"], ["ROLE_USER"], false],
      ["role only", [], ["ROLE_KASSABUCH"], false],
    ],
  },
  "Cash-book corrections and closes: module and the cash-book admin role": {
    area: "kassabuchAdmin",
    cases: [
      ["module + admin", ["kassabuch"], ["ROLE_KASSABUCH_ADMIN"], true],
      ["module + cash-book role", ["kassabuch"], ["ROLE_KASSABUCH", "ROLE_ADMIN"], false],
      ["admin role only", [], ["ROLE_KASSABUCH_ADMIN"], false],
    ],
  },
  "Working time: module zeiterfassung and a working-time role (issue 22)": {
    area: "arbeitszeit",
    cases: [
      ["module + employee", ["zeiterfassung"], ["ROLE_ARBEITSZEITERFASSUNG"], true],
      ["module + working-time admin", ["zeiterfassung"], ["ROLE_ARBEITSZEITERFASSUNG_ADMIN"], true],
      ["module + project time only", ["zeiterfassung"], ["ROLE_ZEITERFASSUNG"], false],
      ["role only", [], ["ROLE_ARBEITSZEITERFASSUNG"], false],
    ],
  },
  "Working-time administration: module and the working-time admin role": {
    area: "arbeitszeitAdmin",
    cases: [
      ["module + admin", ["zeiterfassung"], ["ROLE_ARBEITSZEITERFASSUNG_ADMIN"], true],
      ["module + employee", ["zeiterfassung"], ["ROLE_ARBEITSZEITERFASSUNG", "ROLE_ADMIN"], false],
      ["admin role only", [], ["ROLE_ARBEITSZEITERFASSUNG_ADMIN"], false],
    ],
  },
  "Payments: module and user": {
    area: "zahlung",
    cases: [
      ["module + user", ["zahlung"], ["ROLE_USER"], true],
      ["user only", [], ["ROLE_USER"], false],
    ],
  },
  "Evaluation: module and user": {
    area: "auswertung",
    cases: [
      ["module + user", ["auswertung"], ["ROLE_USER"], true],
      ["module without user", ["auswertung"], ["ROLE_ADMIN"], false],
    ],
  },
  "Article catalogue: module, or artikel write": {
    area: "artikelkatalog",
    cases: [
      ["module", ["artikelkatalog"], [], true],
      ["artikel write", [], ["ROLE_ARTIKEL_WRITE"], true],
      ["catalogue read without module", [], ["ROLE_ARTIKELKATALOG_READ"], false],
      ["neither", [], ["ROLE_USER"], false],
    ],
  },
  "Administration menu: user or lager admin": {
    area: "stammdaten",
    cases: [
      ["user", [], ["ROLE_USER"], true],
      ["lager admin", [], ["ROLE_LAGER_ADMIN"], true],
      ["lagerist", [], ["ROLE_LAGERIST"], false],
    ],
  },
  "Warehouse: module and (lagerplatz or admin)": {
    area: "lager",
    cases: [
      ["module + lagerplatz", ["lagerplatz"], ["ROLE_LAGERPLATZ"], true],
      ["module + admin", ["lagerplatz"], ["ROLE_ADMIN"], true],
      ["module + user", ["lagerplatz"], ["ROLE_USER"], false],
      ["lagerplatz without module", [], ["ROLE_LAGERPLATZ"], false],
    ],
  },
  "Price calculator: module and its role": {
    area: "preiskalkulator",
    cases: [
      ["module + role", ["preiskalkulator"], ["ROLE_PREIS_KALKULATOR"], true],
      ["module + admin", ["preiskalkulator"], ["ROLE_ADMIN"], false],
      ["role without module", [], ["ROLE_PREIS_KALKULATOR"], false],
    ],
  },
  "Customers: user": {
    area: "kunde",
    cases: [
      ["user", [], ["ROLE_USER"], true],
      ["admin only", [], ["ROLE_ADMIN"], false],
    ],
  },
  "Time tracking: module and zeiterfassung roles": {
    area: "zeiterfassung",
    cases: [
      ["module + zeiterfassung", ["zeiterfassung"], ["ROLE_ZEITERFASSUNG"], true],
      ["module + zeiterfassung admin", ["zeiterfassung"], ["ROLE_ZEITERFASSUNG_ADMIN"], true],
      ["module + arbeitszeiterfassung", ["zeiterfassung"], ["ROLE_ARBEITSZEITERFASSUNG"], true],
      ["module + user", ["zeiterfassung"], ["ROLE_USER"], false],
      ["role without module", [], ["ROLE_ZEITERFASSUNG"], false],
    ],
  },
  "Lending: module and verleih roles": {
    area: "verleih",
    cases: [
      ["module + verleih", ["verleih"], ["ROLE_VERLEIH"], true],
      ["module + verleih admin", ["verleih"], ["ROLE_VERLEIH_ADMIN"], true],
      ["module + user", ["verleih"], ["ROLE_USER"], false],
      ["role without module", [], ["ROLE_VERLEIH"], false],
    ],
  },
  "Webshop: module": {
    area: "webshop",
    cases: [
      ["module", ["webshop"], [], true],
      ["admin without module", [], ["ROLE_ADMIN"], false],
    ],
  },
  "Quarter calendar: module": {
    area: "quartalskalender",
    cases: [
      ["module", ["quartalskalender"], [], true],
      ["no module", [], ["ROLE_KALENDER_WRITE"], false],
    ],
  },
  "Quarter calendar, reading (issue 23): module and a calendar role or admin": {
    area: "kalenderLesen",
    cases: [
      ["module + read-only", ["quartalskalender"], ["ROLE_KALENDER_READONLY"], true],
      ["module + write", ["quartalskalender"], ["ROLE_KALENDER_WRITE"], true],
      ["module + admin", ["quartalskalender"], ["ROLE_ADMIN"], true],
      ["module + user only", ["quartalskalender"], ["ROLE_USER"], false],
      ["role without module", [], ["ROLE_KALENDER_WRITE"], false],
    ],
  },
  "Quarter calendar, planning (issue 23): module and ROLE_KALENDER_WRITE or admin": {
    area: "kalenderWrite",
    cases: [
      ["module + write", ["quartalskalender"], ["ROLE_KALENDER_WRITE"], true],
      ["module + admin", ["quartalskalender"], ["ROLE_ADMIN"], true],
      ["module + read-only", ["quartalskalender"], ["ROLE_KALENDER_READONLY"], false],
      ["role without module", [], ["ROLE_ADMIN"], false],
    ],
  },
  "Admin menu: admin or tenant admin": {
    area: "admin",
    cases: [
      ["admin", [], ["ROLE_ADMIN"], true],
      ["tenant admin", [], ["ROLE_ADMIN_MANDANT"], true],
      ["user", [], ["ROLE_USER"], false],
    ],
  },
  "Admin only: modules, groups, billing circles, number circles, data migration": {
    area: "adminOnly",
    cases: [
      ["admin", [], ["ROLE_ADMIN"], true],
      ["tenant admin", [], ["ROLE_ADMIN_MANDANT"], false],
    ],
  },
  "(De)activating a tenant (issue 33): the operator only, never a tenant admin": {
    area: "mandantAktiv",
    cases: [
      ["admin", [], ["ROLE_ADMIN"], true],
      ["tenant admin", [], ["ROLE_ADMIN_MANDANT"], false],
      [
        "tenant admin with every module",
        ["rechnungslegung", "kassabuch"],
        ["ROLE_ADMIN_MANDANT", "ROLE_USER"],
        false,
      ],
    ],
  },
  "Notifications admin: module and its admin role": {
    area: "benachrichtigungenAdmin",
    cases: [
      ["module + role", ["benachrichtigungen"], ["ROLE_BENACHRICHTIGUNGEN_ADMIN"], true],
      ["module + admin", ["benachrichtigungen"], ["ROLE_ADMIN"], false],
      ["role without module", [], ["ROLE_BENACHRICHTIGUNGEN_ADMIN"], false],
    ],
  },
  "Content: module and content roles, or admin": {
    area: "content",
    cases: [
      ["module + read-only", ["content"], ["ROLE_CONTENT_READONLY"], true],
      ["module + write", ["content"], ["ROLE_CONTENT_WRITE"], true],
      ["admin without module", [], ["ROLE_ADMIN"], true],
      ["module + user", ["content"], ["ROLE_USER"], false],
      ["content role without module", [], ["ROLE_CONTENT_WRITE"], false],
    ],
  },
  "Changing content: module and the write role, or admin": {
    area: "contentWrite",
    cases: [
      ["module + write", ["content"], ["ROLE_CONTENT_WRITE"], true],
      ["module + read-only", ["content"], ["ROLE_CONTENT_READONLY"], false],
      ["admin without module", [], ["ROLE_ADMIN"], true],
      ["write role without module", [], ["ROLE_CONTENT_WRITE"], false],
    ],
  },
  "Version display: admin": {
    area: "version",
    cases: [
      ["admin", [], ["ROLE_ADMIN"], true],
      ["tenant admin", [], ["ROLE_ADMIN_MANDANT"], false],
    ],
  },
  "RKSV in the user menu: module": {
    area: "rksv",
    cases: [
      ["module", ["rksv"], ["ROLE_USER"], true],
      ["no module", [], ["ROLE_ADMIN"], false],
    ],
  },
};

describe.each(Object.entries(RULES))("%s", (_rule, { area, cases }) => {
  it.each(cases)("%s", (_name, modules, authorities, allowed) => {
    expect(can(area, ctx(modules, authorities))).toBe(allowed);
  });
});

describe("the table", () => {
  it("accepts Sets as well as arrays", () => {
    expect(
      can("kassabuch", { modules: new Set(["kassabuch"]), authorities: new Set(["ROLE_KASSABUCH"]) }),
    ).toBe(true);
  });

  it("knows which areas can be decided without a tenant", () => {
    expect(isTenantIndependent("admin")).toBe(true);
    expect(isTenantIndependent("kunde")).toBe(true);
    expect(isTenantIndependent("kassabuch")).toBe(false);
    expect(isTenantIndependent("content")).toBe(false);
    expect(isTenantIndependent("belegMail")).toBe(false);
  });

  it("has unique menu ids and paths", () => {
    expect(new Set(MENU_ENTRIES.map((e) => e.id)).size).toBe(MENU_ENTRIES.length);
    expect(new Set(MENU_ENTRIES.map((e) => e.path)).size).toBe(MENU_ENTRIES.length);
  });

  it("hides the whole admin group from a plain user and shows the tenant's modules only", () => {
    const visible = MENU_ENTRIES.filter((e) =>
      can(e.area, ctx(["kassabuch"], ["ROLE_USER", "ROLE_KASSABUCH"])),
    ).map((e) => e.id);
    expect(visible).toContain("kassabuch");
    expect(visible).toContain("kunden");
    expect(visible).not.toContain("zahlungen");
    expect(visible).not.toContain("mandant");
    expect(visible).not.toContain("module");
  });
});
