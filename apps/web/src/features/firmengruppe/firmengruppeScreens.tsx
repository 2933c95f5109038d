import { type TFirmengruppe, ZFirmengruppe } from "@kontor/domain/firmengruppe/firmengruppe.schema";
import { sortParam } from "@kontor/domain/http/paging.schema";
import { Button, List, Stack, Text, TextInput, Title } from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import { Link, useNavigate, useSearch } from "@tanstack/react-router";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../app/api.ts";
import { EntityList } from "../../components/list/EntityList.tsx";
import type { ListDefinition, ListQuery } from "../../components/list/listTypes.ts";
import { ResourceEditPage } from "../../components/resource/ResourceScreens.tsx";
import { listCalls, type Resource } from "../../components/resource/resource.ts";

interface Values {
  id?: number;
  bezeichnung: string;
}

/**
 * Firm groups (SPEC §2 /firmengruppe_list, /firmengruppe/{slug}; §7 GET/PUT firmengruppe, 20 a page): customers
 * that belong together. Members are chosen on the customer; the group shows them read-only.
 */
const firmengruppe: Resource<TFirmengruppe, Values, "felddefinition"> = {
  key: "firmengruppe",
  api: "firmengruppe",
  schema: ZFirmengruppe,
  ns: "felddefinition",
  prefix: "firmengruppe",
  listPath: "/firmengruppe_list",
  editPath: (id) => `/firmengruppe/${id}`,
  columns: (t) => [{ field: "bezeichnung", title: t("firmengruppe.field.bezeichnung") }],
  defaultSort: { field: "bezeichnung", direction: "asc" },
  label: (r) => r.bezeichnung,
  empty: () => ({ bezeichnung: "" }),
  toForm: ({ id, bezeichnung }) => ({ ...(id !== undefined ? { id } : {}), bezeichnung }),
  fromForm: (values) => values,
  Fields: function FirmengruppeFields({ form, record }) {
    const { t } = useTranslation("felddefinition");
    const kunden = record?.kunden ?? [];
    return (
      <>
        <TextInput
          label={t("firmengruppe.field.bezeichnung")}
          withAsterisk
          maxLength={100}
          key={form.key("bezeichnung")}
          {...form.getInputProps("bezeichnung")}
        />
        {record && (
          <Stack gap={4}>
            <Title order={2} size="h5">
              {t("firmengruppe.kunden.title")}
            </Title>
            {kunden.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t("firmengruppe.kunden.empty")}
              </Text>
            ) : (
              <List size="sm">
                {kunden.map((kunde) => (
                  <List.Item key={kunde.id}>{kunde.bezeichnung}</List.Item>
                ))}
              </List>
            )}
          </Stack>
        )}
      </>
    );
  },
};

const calls = listCalls(firmengruppe);

/** One page of firm groups whose name contains every word of `search` (GET firmengruppe?search=). */
async function listFirmengruppen(query: ListQuery, search: string, signal?: AbortSignal) {
  const text = search.trim();
  const page = await api.getPage(firmengruppe.api, {
    signal,
    query: {
      page: query.page,
      size: query.size,
      sort: query.sort.map(sortParam),
      search: text === "" ? undefined : text,
    },
  });
  // The server's response schema guarantees the shape (as in listCalls).
  return { items: page.items as TFirmengruppe[], totalCount: page.totalCount };
}

/** The list with a search box: the text lives in the URL (`?search=`), so back and reload keep it. */
export function FirmengruppeList() {
  const { t } = useTranslation("felddefinition");
  const { t: crud } = useTranslation("crud");
  const { search = "" } = useSearch({ strict: false }) as { search?: string };
  const navigate = useNavigate();
  const [typed, setTyped] = useState(search);

  const applySearch = useDebouncedCallback((value: string) => {
    const next = value.trim();
    void navigate({
      to: ".",
      search: ((previous: Record<string, unknown>) => ({
        ...previous,
        search: next === "" ? undefined : next,
        page: undefined,
      })) as never,
      replace: true,
    });
  }, 300);

  const definition = useMemo(
    (): ListDefinition<TFirmengruppe> => ({
      queryKey: [...calls.keys.lists(), { search }],
      list: (query, signal) => listFirmengruppen(query, search, signal),
      columns: firmengruppe.columns(t),
      defaultSort: firmengruppe.defaultSort,
      edit: firmengruppe.editPath,
      remove: calls.remove,
      label: firmengruppe.label,
    }),
    [t, search],
  );

  return (
    <EntityList
      definition={definition}
      title={t("firmengruppe.list.title")}
      actions={
        <>
          <TextInput
            type="search"
            aria-label={t("firmengruppe.list.search")}
            placeholder={t("firmengruppe.list.searchPlaceholder")}
            value={typed}
            onChange={(event) => {
              setTyped(event.currentTarget.value);
              applySearch(event.currentTarget.value);
            }}
            w={280}
          />
          <Button component={Link} to={firmengruppe.editPath("new")}>
            {crud("action.new")}
          </Button>
        </>
      }
    />
  );
}

export const FirmengruppeEdit = () => <ResourceEditPage resource={firmengruppe} />;
