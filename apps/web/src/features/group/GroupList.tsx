import { Button } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { IconPlus } from "../../components/icons.tsx";
import { EntityList } from "../../components/list/EntityList.tsx";
import type { ListDefinition } from "../../components/list/listTypes.ts";
import { deleteGroup, groupKeys, listGroups, type TGroupRecord } from "./group.list.api.ts";

/** /group_list/: user groups (SPEC §2; admin only; §9 default sort name). */
export function GroupList() {
  const { t } = useTranslation(["group", "crud"]);
  const definition = useMemo(
    (): ListDefinition<TGroupRecord> => ({
      queryKey: groupKeys.lists(),
      list: listGroups,
      columns: [
        { field: "id", title: t("field.id"), width: 80 },
        { field: "name", title: t("field.name") },
        { field: "beschreibung", title: t("field.beschreibung"), sortable: false },
      ],
      defaultSort: { field: "name", direction: "asc" },
      edit: (id) => `/group/${id}`,
      remove: deleteGroup,
      label: (group) => group.name,
      invalidates: [groupKeys.options()],
    }),
    [t],
  );
  return (
    <EntityList
      definition={definition}
      title={t("list.title")}
      actions={
        <Button
          renderRoot={(props) => <Link {...props} to="/group/new" />}
          leftSection={<IconPlus size={16} />}
        >
          {t("list.new")}
        </Button>
      }
    />
  );
}
