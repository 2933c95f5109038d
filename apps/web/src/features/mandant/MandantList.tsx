import type { TMandantListItem } from "@kontor/domain/mandant/mandant.schema";
import { Button } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { IconPlus } from "../../components/icons.tsx";
import { EntityList } from "../../components/list/EntityList.tsx";
import type { ListDefinition } from "../../components/list/listTypes.ts";
import { accountQuery } from "../account/account.queries.ts";
import { listMandants } from "./mandant.list.api.ts";
import { mandantKeys } from "./mandant.queries.ts";

/** /mandant_list/: the tenants an administrator manages (SPEC §2, §9: default sort bezeichnung). */
export function MandantList() {
  const { t } = useTranslation(["mandant", "crud"]);
  const account = useQuery(accountQuery);
  const isAdmin = account.data?.authorities.includes("ROLE_ADMIN") ?? false;

  const definition = useMemo(
    (): ListDefinition<TMandantListItem> => ({
      queryKey: mandantKeys.lists(),
      list: listMandants,
      columns: [
        { field: "id", title: t("field.id"), width: 90 },
        { field: "bezeichnung", title: t("field.bezeichnung") },
        { field: "uid", title: t("field.uid") },
        { field: "email", title: t("field.email") },
        { field: "aktiv", title: t("field.aktiv"), width: 90, textAlign: "center" },
      ],
      defaultSort: { field: "bezeichnung", direction: "asc" },
      edit: (id) => `/mandant/${id}`,
      label: (item) => item.bezeichnung,
    }),
    [t],
  );

  return (
    <EntityList
      definition={definition}
      title={t("list.title")}
      actions={
        isAdmin && (
          <>
            <Button
              renderRoot={(props) => <Link {...props} to="/mandant/$slug/wizard" params={{ slug: "new" }} />}
              variant="default"
            >
              {t("list.wizard")}
            </Button>
            <Button
              renderRoot={(props) => <Link {...props} to="/mandant/new" />}
              leftSection={<IconPlus size={16} />}
            >
              {t("list.new")}
            </Button>
          </>
        )
      }
    />
  );
}
