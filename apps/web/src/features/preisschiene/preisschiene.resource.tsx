import type { TPreisschiene } from "@kontor/domain/preisschiene/preisschiene.schema";
import { Badge } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { ListResource } from "../../components/resource/resource.ts";

/**
 * What the area's lists show. No schema and no form, so the list chunk carries neither zod nor the inputs; no
 * table, so the edit chunk (which spreads these into its resources) does not carry the list's.
 */

/** "aktiv" / "inaktiv": the state of a price tier, in the list and in the form. */
export function AktivBadge({ aktiv }: { aktiv: boolean }) {
  const { t } = useTranslation("stammdaten");
  return (
    <Badge color={aktiv ? "green" : "gray"} variant="light">
      {aktiv ? t("preisschiene.status.aktiv") : t("preisschiene.status.inaktiv")}
    </Badge>
  );
}

/** Price tiers (SPEC §2 /preisschiene_list, /preisschiene/{slug}). */
export const preisschieneList: ListResource<TPreisschiene, "stammdaten"> = {
  key: "preisschiene",
  api: "preisschienen",
  ns: "stammdaten",
  prefix: "preisschiene",
  listPath: "/preisschiene_list",
  editPath: (id) => `/preisschiene/${id}`,
  columns: (t) => [
    { field: "bezeichnung", title: t("preisschiene.field.bezeichnung") },
    { field: "aktiv", title: t("preisschiene.field.aktiv"), render: (r) => <AktivBadge aktiv={r.aktiv} /> },
  ],
  defaultSort: { field: "bezeichnung", direction: "asc" },
  label: (r) => r.bezeichnung,
};
