import type { TRabatt } from "@kontor/domain/rabatt/rabatt.schema";
import { formatPercent } from "../../components/format/format.ts";
import type { ListResource } from "../../components/resource/resource.ts";

/**
 * What the area's lists show. No schema and no form, so the list chunk carries neither zod nor the inputs; no
 * table, so the edit chunk (which spreads these into its resources) does not carry the list's.
 */

/** Discounts (SPEC §2 /rabatt_list, /rabatt/{slug}). */
export const rabattList: ListResource<TRabatt, "stammdaten"> = {
  key: "rabatt",
  api: "rabatts",
  ns: "stammdaten",
  prefix: "rabatt",
  listPath: "/rabatt_list",
  editPath: (id) => `/rabatt/${id}`,
  columns: (t) => [
    { field: "code", title: t("rabatt.field.code") },
    { field: "bezeichnung", title: t("rabatt.field.bezeichnung") },
    {
      field: "prozent",
      title: t("rabatt.field.prozent"),
      textAlign: "right",
      render: (r) => formatPercent(r.prozent),
    },
  ],
  defaultSort: { field: "code", direction: "asc" },
  label: (r) => `${r.code} – ${r.bezeichnung}`,
};
