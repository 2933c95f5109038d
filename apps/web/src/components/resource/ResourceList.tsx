import type { Namespace } from "@kontor/i18n/languages";
import { Button } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { useMemo } from "react";
import { EntityList } from "../list/EntityList.tsx";
import { ListSearchInput, useListSearchText } from "../list/ListSearchInput.tsx";
import type { ListDefinition } from "../list/listTypes.ts";
import { type ListResource, listCalls } from "./resource.ts";
import { useResourceT } from "./resourceTexts.ts";

type Row = { id?: number | undefined };

/** The list screen of a resource: the generic table with its columns, edit and delete, and a "Neu" button. */
export function ResourceList<T extends Row, N extends Namespace>({
  resource,
}: {
  resource: ListResource<T, N>;
}) {
  const { t, own, rt } = useResourceT(resource);
  const calls = useMemo(() => listCalls<T, N>(resource), [resource]);
  const typedSearch = useListSearchText();
  const search = resource.search ? typedSearch : "";
  const definition = useMemo(
    (): ListDefinition<T> => ({
      queryKey: [...calls.keys.lists(), search],
      list: (query, signal) => calls.list(query, signal, search),
      columns: resource.columns(own),
      defaultSort: resource.defaultSort,
      edit: (id) => resource.editPath(id),
      remove: calls.remove,
      label: resource.label,
      invalidates: resource.invalidates,
    }),
    [calls, resource, own, search],
  );
  return (
    <EntityList
      definition={definition}
      title={rt("list.title")}
      actions={
        <>
          {resource.search && <ListSearchInput label={rt("list.search")} />}
          {!resource.noCreate && (
            <Button component={Link} to={resource.editPath("new")}>
              {t("action.new")}
            </Button>
          )}
        </>
      }
    />
  );
}
