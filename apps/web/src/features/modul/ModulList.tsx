import type { TModultyp } from "@kontor/domain/modul/modul.schema";
import { Code } from "@mantine/core";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { EntityList } from "../../components/list/EntityList.tsx";
import type { ListDefinition } from "../../components/list/listTypes.ts";
import { listModultypen, modulKeys } from "./modul.list.api.ts";

/** /module_list/ (admin only): the 24 module types with the names administrators gave them. */
export function ModulList() {
  const { t } = useTranslation("modultyp");
  const definition = useMemo(
    (): ListDefinition<TModultyp> => ({
      queryKey: modulKeys.lists(),
      list: listModultypen,
      columns: [
        { field: "id", title: t("field.id"), width: 80 },
        { field: "name", title: t("field.name"), width: 190, render: (item) => <Code>{item.name}</Code> },
        { field: "bezeichnung", title: t("field.bezeichnung") },
        { field: "beschreibung", title: t("field.beschreibung"), sortable: false },
      ],
      defaultSort: { field: "name", direction: "asc" },
      edit: (id) => `/module/${id}`,
      label: (item) => item.bezeichnung,
    }),
    [t],
  );
  return <EntityList definition={definition} title={t("list.title")} />;
}
