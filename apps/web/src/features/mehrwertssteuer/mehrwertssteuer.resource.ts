import type { TMehrwertssteuer } from "@kontor/domain/mehrwertssteuer/mehrwertssteuer.schema";
import { formatPercent } from "../../components/format/format.ts";
import type { ListResource } from "../../components/resource/resource.ts";

/**
 * What the area's lists show. No schema and no form, so the list chunk carries neither zod nor the inputs; no
 * table, so the edit chunk (which spreads these into its resources) does not carry the list's.
 */

/** VAT rates (SPEC §2 /mehrwertssteuer_list, /mehrwertssteuer/{slug}). */
export const mehrwertssteuerList: ListResource<TMehrwertssteuer, "stammdaten"> = {
  key: "mehrwertssteuer",
  api: "mehrwertssteuers",
  ns: "stammdaten",
  prefix: "mehrwertssteuer",
  listPath: "/mehrwertssteuer_list",
  editPath: (id) => `/mehrwertssteuer/${id}`,
  columns: (t) => [
    { field: "mwst", title: t("mehrwertssteuer.field.mwst"), render: (r) => formatPercent(r.mwst) },
    { field: "land", title: t("mehrwertssteuer.field.land") },
    { field: "defaultMwst", title: t("mehrwertssteuer.field.defaultMwst") },
  ],
  defaultSort: { field: "mwst", direction: "asc" },
  label: (r) => `${formatPercent(r.mwst)} (${r.land})`,
};
