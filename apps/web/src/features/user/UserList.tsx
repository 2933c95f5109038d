import { Button } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { IconPlus } from "../../components/icons.tsx";
import { EntityList } from "../../components/list/EntityList.tsx";
import { ListSearchInput, useListSearchText } from "../../components/list/ListSearchInput.tsx";
import type { ListDefinition } from "../../components/list/listTypes.ts";
import { listUsers, type TUserRecord, userKeys } from "./user.list.api.ts";
import { fullName, userLabel } from "./user.rules.ts";

/** /user_list/: the users an administrator manages (SPEC §2; §9 default sort id descending), with a search. */
export function UserList() {
  const { t } = useTranslation(["user", "crud", "common"]);
  const search = useListSearchText();

  const definition = useMemo(
    (): ListDefinition<TUserRecord> => ({
      queryKey: userKeys.list(search),
      list: (query, signal) => listUsers(query, search, signal),
      columns: [
        { field: "id", title: t("field.id"), width: 80 },
        { field: "login", title: t("field.login") },
        { field: "lastName", title: t("field.name"), render: (user) => fullName(user) ?? "" },
        { field: "email", title: t("field.email") },
        { field: "activated", title: t("field.activated"), width: 110, textAlign: "center" },
        {
          field: "langKey",
          title: t("field.langKey"),
          width: 110,
          render: (user) => t(`common:language.${user.langKey}`),
        },
      ],
      defaultSort: { field: "id", direction: "desc" },
      edit: (id) => `/user/${id}`,
      label: userLabel,
    }),
    [t, search],
  );

  return (
    <EntityList
      definition={definition}
      title={t("list.title")}
      actions={
        <>
          <ListSearchInput label={t("list.search")} placeholder={t("list.searchPlaceholder")} />
          <Button
            renderRoot={(props) => <Link {...props} to="/user/new" />}
            leftSection={<IconPlus size={16} />}
          >
            {t("list.new")}
          </Button>
        </>
      }
    />
  );
}
