import type { TEinheit } from "@kontor/domain/einheit/einheit.schema";
import { Text } from "@mantine/core";
import { currentLanguage } from "../../app/i18n.ts";
import type { ListResource } from "../../components/resource/resource.ts";
import { einheitCodeName } from "./einheitCodes.ts";

/**
 * What the area's lists show. No schema and no form, so the list chunk carries neither zod nor the inputs; no
 * table, so the edit chunk (which spreads these into its resources) does not carry the list's.
 */

/** Base units (SPEC §2 /einheit_list, /einheit/{slug}). */
export const einheitList: ListResource<TEinheit, "stammdaten"> = {
  key: "einheit",
  api: "einheits",
  ns: "stammdaten",
  prefix: "einheit",
  listPath: "/einheit_list",
  editPath: (id) => `/einheit/${id}`,
  columns: (t) => [
    { field: "bezeichnung", title: t("einheit.field.bezeichnung") },
    { field: "kuerzel", title: t("einheit.field.kuerzel") },
    {
      field: "code",
      title: t("einheit.field.code"),
      render: (r) => (
        <>
          {r.code}{" "}
          <Text span size="sm" c="dimmed">
            {einheitCodeName(r.code, currentLanguage())}
          </Text>
        </>
      ),
    },
    { field: "defaultEinheit", title: t("einheit.field.defaultEinheit") },
  ],
  defaultSort: { field: "bezeichnung", direction: "asc" },
  label: (r) => `${r.bezeichnung} (${r.code})`,
};
