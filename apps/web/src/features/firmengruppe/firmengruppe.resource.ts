import type { TFirmengruppe } from "@kontor/domain/firmengruppe/firmengruppe.schema";
import type { ListResource } from "../../components/resource/resource.ts";

/**
 * What the area's list shows. No schema and no form, so the list chunk carries neither zod nor the inputs; no
 * table, so the edit chunk (which spreads this into its resource) does not carry the list's.
 */

/**
 * Firm groups (SPEC §2 /firmengruppe_list, /firmengruppe/{slug}; §7 GET/PUT firmengruppe, 20 a page): customers
 * that belong together. Members are chosen on the customer; the group shows them read-only.
 */
export const firmengruppeList: ListResource<TFirmengruppe, "felddefinition"> = {
  key: "firmengruppe",
  api: "firmengruppe",
  ns: "felddefinition",
  prefix: "firmengruppe",
  listPath: "/firmengruppe_list",
  editPath: (id) => `/firmengruppe/${id}`,
  columns: (t) => [{ field: "bezeichnung", title: t("firmengruppe.field.bezeichnung") }],
  defaultSort: { field: "bezeichnung", direction: "asc" },
  label: (r) => r.bezeichnung,
  search: true,
};
