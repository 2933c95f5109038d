import type { TUntergruppe, TWarengruppe } from "@kontor/domain/warengruppe/warengruppe.schema";
import type { ListResource } from "../../components/resource/resource.ts";
import { warengruppeName } from "./untergruppe.form.ts";

/**
 * What the area's lists show. No schema and no form, so the list chunk carries neither zod nor the inputs; no
 * table, so the edit chunk (which spreads these into its resources) does not carry the list's.
 */

/** Goods groups (SPEC §2 /warengruppe_list, /warengruppe/{slug}). */
export const warengruppeList: ListResource<TWarengruppe, "stammdaten"> = {
  key: "warengruppe",
  api: "warengruppes",
  ns: "stammdaten",
  prefix: "warengruppe",
  listPath: "/warengruppe_list",
  editPath: (id) => `/warengruppe/${id}`,
  columns: (t) => [
    { field: "warenGruppe", title: t("warengruppe.field.warenGruppe") },
    { field: "bezeichnung", title: t("warengruppe.field.bezeichnung") },
    {
      field: "groups",
      title: t("warengruppe.field.groups"),
      sortable: false,
      textAlign: "right",
      render: (r) => r.groups.length,
    },
    { field: "defaultWarengruppe", title: t("warengruppe.field.defaultWarengruppe") },
    { field: "geloescht", title: t("warengruppe.field.geloescht") },
  ],
  defaultSort: { field: "warenGruppe", direction: "asc" },
  search: true,
  label: warengruppeName,
};

/** Subgroups (SPEC §2 /untergruppe_list, /untergruppe/{slug}). */
export const untergruppeList: ListResource<TUntergruppe, "stammdaten"> = {
  key: "untergruppe",
  api: "untergruppes",
  ns: "stammdaten",
  prefix: "untergruppe",
  listPath: "/untergruppe_list",
  editPath: (id) => `/untergruppe/${id}`,
  columns: (t) => [
    { field: "unterGruppe", title: t("untergruppe.field.unterGruppe") },
    { field: "bezeichnung", title: t("untergruppe.field.bezeichnung") },
    {
      field: "warengruppe",
      title: t("untergruppe.field.warengruppe"),
      sortable: false,
      render: (r) => warengruppeName(r.warengruppe),
    },
  ],
  defaultSort: { field: "unterGruppe", direction: "asc" },
  search: true,
  label: (r) => `${r.unterGruppe} – ${r.bezeichnung}`,
  // Deleting a subgroup changes its goods group: the groups' lists (subgroup count) and selections refresh.
  invalidates: [["warengruppe"]],
};
