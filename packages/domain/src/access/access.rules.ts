import type { TAuthority, TModul } from "./access.schema.ts";

/**
 * The one access-rule table (SPEC §6). Each area names what the tenant's modules and the user's authorities must
 * satisfy. The web shows a menu entry only when its area is allowed; the API refuses (403) a route whose area is
 * not allowed. Both call `can` with this table, so menu and server cannot disagree.
 */
export type AccessRule =
  | {
      /** The tenant must have this module switched on. */
      module?: TModul;
      /** The user must hold at least one of these authorities. */
      anyAuthority?: readonly TAuthority[];
      /** The user must not hold this authority. */
      notAuthority?: TAuthority;
    }
  | { anyOf: readonly AccessRule[] }
  | {
      /** Every one of these rules must hold (e.g. an area's rule plus a further module). */
      allOf: readonly AccessRule[];
    };

export interface AccessContext {
  modules: ReadonlySet<TModul> | readonly TModul[];
  authorities: ReadonlySet<TAuthority> | readonly TAuthority[];
}

const LAGER_ROLES = ["ROLE_LAGERIST", "ROLE_LAGER_ADMIN", "ROLE_AUSSENDIENSTLER", "ROLE_ADMIN"] as const;

export const ACCESS_RULES = {
  /** Orders: order module and one of lagerist, lager admin, aussendienstler, admin, techniker. */
  bestellung: { module: "bestellung", anyAuthority: [...LAGER_ROLES, "ROLE_BESTELLUNGEN_TECHNIKER"] },
  /** Creating an order: as orders, but not a lagerist. */
  bestellungCreate: {
    module: "bestellung",
    anyAuthority: [...LAGER_ROLES, "ROLE_BESTELLUNGEN_TECHNIKER"],
    notAuthority: "ROLE_LAGERIST",
  },
  /** Documents: invoicing module and one of lagerist, lager admin, aussendienstler, admin, user. */
  beleg: { module: "rechnungslegung", anyAuthority: [...LAGER_ROLES, "ROLE_USER"] },
  /** Document list and creating documents need user. */
  belegListCreate: { module: "rechnungslegung", anyAuthority: ["ROLE_USER"] },
  /**
   * Sending a document by mail (issue 16): whoever may act on documents, in a tenant that also has the module
   * mailversand. The account must also allow it (enablemailtransfer) — a per-user flag the route checks.
   */
  belegMail: {
    allOf: [
      { module: "rechnungslegung", anyAuthority: [...LAGER_ROLES, "ROLE_USER"] },
      { module: "mailversand" },
    ],
  },
  /**
   * Cash book (issue 17): the module and one of the cash-book roles of SPEC §6 (ROLE_KASSABUCH,
   * ROLE_KASSABUCH_ADMIN) — reading, posting entries, exports.
   */
  kassabuch: { module: "kassabuch", anyAuthority: ["ROLE_KASSABUCH", "ROLE_KASSABUCH_ADMIN"] },
  /** Corrections (counter-entries) and closing a day or month: the module and ROLE_KASSABUCH_ADMIN. */
  kassabuchAdmin: { module: "kassabuch", anyAuthority: ["ROLE_KASSABUCH_ADMIN"] },
  zahlung: { module: "zahlung", anyAuthority: ["ROLE_USER"] },
  auswertung: { module: "auswertung", anyAuthority: ["ROLE_USER"] },
  /** Article catalogue: the module, or the article-write authority. */
  artikelkatalog: { anyOf: [{ module: "artikelkatalog" }, { anyAuthority: ["ROLE_ARTIKEL_WRITE"] }] },
  /** Reading articles (lists, searches, preview): the master-data menu or the catalogue. */
  artikel: {
    anyOf: [
      { anyAuthority: ["ROLE_USER", "ROLE_LAGER_ADMIN", "ROLE_ARTIKEL_WRITE", "ROLE_ARTIKELKATALOG_READ"] },
      { module: "artikelkatalog" },
    ],
  },
  /** Creating, changing and deleting articles (issue 7: without it the catalogue is read-only). */
  artikelWrite: { anyAuthority: ["ROLE_ARTIKEL_WRITE"] },
  /** Article images and PDFs: the modules artikelbilder / assetartikel plus reading articles. */
  artikelBilder: { module: "artikelbilder" },
  artikelPdf: { module: "assetartikel" },
  /** Administration (master data) menu: user or lager admin. */
  stammdaten: { anyAuthority: ["ROLE_USER", "ROLE_LAGER_ADMIN"] },
  /** Warehouse: module and (lagerplatz or admin). */
  lager: { module: "lagerplatz", anyAuthority: ["ROLE_LAGERPLATZ", "ROLE_ADMIN"] },
  preiskalkulator: { module: "preiskalkulator", anyAuthority: ["ROLE_PREIS_KALKULATOR"] },
  kunde: { anyAuthority: ["ROLE_USER"] },
  /** A customer's vehicles, CRM notes and PDFs: customers plus the module (fahrzeuge, crm, assetkunde). */
  kundeFahrzeuge: { module: "fahrzeuge", anyAuthority: ["ROLE_USER"] },
  kundeCrm: { module: "crm", anyAuthority: ["ROLE_USER"] },
  kundePdf: { module: "assetkunde", anyAuthority: ["ROLE_USER"] },
  /** Time tracking: module and the time-tracking roles (project time and working time). */
  zeiterfassung: {
    module: "zeiterfassung",
    anyAuthority: [
      "ROLE_ZEITERFASSUNG",
      "ROLE_ZEITERFASSUNG_ADMIN",
      "ROLE_ARBEITSZEITERFASSUNG",
      "ROLE_ARBEITSZEITERFASSUNG_ADMIN",
    ],
  },
  /**
   * Employee working time (issue 22): the module zeiterfassung and a working-time role — own records, absences,
   * the own month, holidays (read), the tenant's working-time rules (read).
   */
  arbeitszeit: {
    module: "zeiterfassung",
    anyAuthority: ["ROLE_ARBEITSZEITERFASSUNG", "ROLE_ARBEITSZEITERFASSUNG_ADMIN"],
  },
  /**
   * Working-time administration: every employee's records, approvals, the team view, settings, holidays (write) —
   * the module and ROLE_ARBEITSZEITERFASSUNG_ADMIN.
   */
  arbeitszeitAdmin: { module: "zeiterfassung", anyAuthority: ["ROLE_ARBEITSZEITERFASSUNG_ADMIN"] },
  verleih: { module: "verleih", anyAuthority: ["ROLE_VERLEIH", "ROLE_VERLEIH_ADMIN"] },
  webshop: { module: "webshop" },
  quartalskalender: { module: "quartalskalender" },
  /**
   * Quarter calendar (issue 23): reading the board, its PDF and .ics, construction sites and notes — the module and
   * ROLE_KALENDER_READONLY, ROLE_KALENDER_WRITE or admin. The menu entry uses this area: without a calendar role the
   * screen would only show refusals.
   */
  kalenderLesen: {
    module: "quartalskalender",
    anyAuthority: ["ROLE_KALENDER_READONLY", "ROLE_KALENDER_WRITE", "ROLE_ADMIN"],
  },
  /** Planning (calendars, entries, drag and drop, notes, construction sites): the module and ROLE_KALENDER_WRITE or admin. */
  kalenderWrite: { module: "quartalskalender", anyAuthority: ["ROLE_KALENDER_WRITE", "ROLE_ADMIN"] },
  /** Admin menu (tenant and user management): admin or tenant admin. */
  admin: { anyAuthority: ["ROLE_ADMIN", "ROLE_ADMIN_MANDANT"] },
  /** Admin only: modules, groups, billing circles, number circles, data migration, all tenants. */
  adminOnly: { anyAuthority: ["ROLE_ADMIN"] },
  /**
   * (De)activating a tenant (issue 33): the operator only (ROLE_ADMIN) — a tenant admin must not undo a suspension.
   * The activate/deactivate routes, the tenant service's check of `aktiv` in PUT mandants and the tenant form's
   * switch all ask this area.
   */
  mandantAktiv: { anyAuthority: ["ROLE_ADMIN"] },
  /** Notifications administration: module and its admin role. */
  benachrichtigungenAdmin: { module: "benachrichtigungen", anyAuthority: ["ROLE_BENACHRICHTIGUNGEN_ADMIN"] },
  /** Reading news: the module. */
  benachrichtigungen: { module: "benachrichtigungen" },
  /** Content: module and content roles, or admin. */
  content: {
    anyOf: [
      { module: "content", anyAuthority: ["ROLE_CONTENT_READONLY", "ROLE_CONTENT_WRITE"] },
      { anyAuthority: ["ROLE_ADMIN"] },
    ],
  },
  /**
   * Changing content (issue 23: folders, uploads, rich-text content, moves, deletes): the module and
   * ROLE_CONTENT_WRITE, or admin (as reading: SPEC §6 lets the admin in without the module).
   */
  contentWrite: {
    anyOf: [{ module: "content", anyAuthority: ["ROLE_CONTENT_WRITE"] }, { anyAuthority: ["ROLE_ADMIN"] }],
  },
  /** Version display: admin. */
  version: { anyAuthority: ["ROLE_ADMIN"] },
  /** RKSV entry of the user menu: the module. */
  rksv: { module: "rksv" },
  /**
   * RKSV registers (issue 18): their state, receipts, DEP and journal — the module and ROLE_USER; starting a register,
   * its registration data (the AES key) and null receipts — the module and a tenant admin.
   */
  rksvLesen: { module: "rksv", anyAuthority: ["ROLE_USER", "ROLE_ADMIN", "ROLE_ADMIN_MANDANT"] },
  rksvAdmin: { module: "rksv", anyAuthority: ["ROLE_ADMIN", "ROLE_ADMIN_MANDANT"] },
  /** Anything a signed-in member of the tenant may do (favorites, own account data). */
  member: {},
} as const satisfies Record<string, AccessRule>;

export type AccessArea = keyof typeof ACCESS_RULES;
export const ACCESS_AREAS = Object.keys(ACCESS_RULES) as AccessArea[];

const has = <T>(collection: ReadonlySet<T> | readonly T[], value: T) =>
  collection instanceof Set ? collection.has(value) : (collection as readonly T[]).includes(value);

export function satisfies(rule: AccessRule, context: AccessContext): boolean {
  if ("anyOf" in rule) return rule.anyOf.some((alternative) => satisfies(alternative, context));
  if ("allOf" in rule) return rule.allOf.every((part) => satisfies(part, context));
  if (rule.module && !has(context.modules, rule.module)) return false;
  if (rule.anyAuthority && !rule.anyAuthority.some((authority) => has(context.authorities, authority))) {
    return false;
  }
  if (rule.notAuthority && has(context.authorities, rule.notAuthority)) return false;
  return true;
}

export function can(area: AccessArea, context: AccessContext): boolean {
  return satisfies(ACCESS_RULES[area], context);
}

/** Whether a rule asks for tenant modules (then it can only be decided with a tenant selected). */
export function needsTenant(rule: AccessRule): boolean {
  if ("anyOf" in rule) return rule.anyOf.some(needsTenant);
  if ("allOf" in rule) return rule.allOf.some(needsTenant);
  return rule.module !== undefined;
}

/** Which of the module-independent checks an area needs: those the server can decide without X-Mandant-Id. */
export function isTenantIndependent(area: AccessArea): boolean {
  return !needsTenant(ACCESS_RULES[area]);
}
