import type { TBelegnummerkreis, TRechnungskreis } from "@kontor/domain/nummernkreis/nummernkreis.schema";
import { BELEGS_TYPEN, type TBelegsTyp } from "@kontor/domain/typen/typen.codes";
import { Text } from "@mantine/core";
import i18next from "i18next";
import type { ListResource } from "../../components/resource/resource.ts";

/**
 * What the area's lists show. No schema and no form, so the list chunk carries neither zod nor the inputs; no
 * table, so the edit chunk (which spreads these into its resources) does not carry the list's.
 */

/** Document types by their names in the current language, in the order of BELEGS_TYPEN. */
const typNames = (typs: readonly TBelegsTyp[]) =>
  BELEGS_TYPEN.filter((typ) => typs.includes(typ))
    .map((typ) => i18next.t(`belegsTyp.${typ}`, { ns: "nummernkreis" }))
    .join(", ");

const monospace = (text: string | undefined) => (
  <Text span inherit ff="monospace">
    {text}
  </Text>
);

/** Document number circles (SPEC §3 belegnummerkreis). */
export const belegnummerkreisList: ListResource<TBelegnummerkreis, "nummernkreis"> = {
  key: "belegnummerkreis",
  api: "belegnummerkreis",
  ns: "nummernkreis",
  prefix: "belegnummerkreis",
  listPath: "/belegnummerkreise_list",
  editPath: (id) => `/belegnummerkreis/${id}`,
  columns: (t) => [
    {
      field: "belegsTypsString",
      title: t("belegnummerkreis.field.belegsTyps"),
      sortable: false,
      render: (r) => typNames(r.belegsTyps),
    },
    {
      field: "nummernkreisPattern",
      title: t("belegnummerkreis.field.nummernkreisPattern"),
      render: (r) => monospace(r.nummernkreisPattern),
    },
    { field: "lastNummer", title: t("belegnummerkreis.field.lastNummer"), textAlign: "right" },
    {
      field: "nextNummer",
      title: t("belegnummerkreis.field.nextNummer"),
      sortable: false,
      render: (r) => monospace(r.nextNummer),
    },
  ],
  defaultSort: { field: "id", direction: "asc" },
  label: (r) => typNames(r.belegsTyps) || r.nummernkreisPattern,
};

/** Invoice circles (SPEC §3 rechnungskreis). */
export const rechnungskreisList: ListResource<TRechnungskreis, "nummernkreis"> = {
  key: "rechnungskreise",
  api: "rechnungskreise",
  ns: "nummernkreis",
  prefix: "rechnungskreis",
  listPath: "/rechnungskreise_list",
  editPath: (id) => `/rechnungskreise/${id}`,
  columns: (t) => [
    { field: "rechnungskreisName", title: t("rechnungskreis.field.rechnungskreisName") },
    {
      field: "rechnungsnummernPattern",
      title: t("rechnungskreis.field.rechnungsnummernPattern"),
      render: (r) => monospace(r.rechnungsnummernPattern),
    },
    {
      field: "lastRechnungsnummer",
      title: t("rechnungskreis.field.lastRechnungsnummer"),
      textAlign: "right",
    },
    {
      field: "nextRechnungsnummer",
      title: t("rechnungskreis.field.nextRechnungsnummer"),
      sortable: false,
      render: (r) => monospace(r.nextRechnungsnummer),
    },
    { field: "rksv", title: t("rechnungskreis.field.rksv") },
  ],
  defaultSort: { field: "rechnungskreisName", direction: "asc" },
  label: (r) => r.rechnungskreisName,
};
