import type { TKundeZeile } from "@kontor/domain/kunde/kunde.api";
import { Badge, Box, Button, Checkbox, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { lazy, Suspense, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError, type Page } from "../../app/api.ts";
import { useConfirm } from "../../components/dialogs/ConfirmDialog.tsx";
import { notifyFailure, notifySuccess } from "../../components/feedback/notify.ts";
import { auswahlSpalte } from "../../components/list/auswahlSpalte.tsx";
import { EntityList } from "../../components/list/EntityList.tsx";
import { useApplyListSearch, useListSearchText } from "../../components/list/ListSearchInput.tsx";
import type { ListColumn, ListDefinition } from "../../components/list/listTypes.ts";
import type { ListSearch } from "../../components/list/listValues.ts";
import { useProblemMessage } from "../../components/problemMessage.ts";
import {
  deleteKunde,
  KUNDE_IN_USE,
  type KundeArt,
  type KundeFilter,
  type KundeListRow,
  kundeEditPath,
  kundeKeys,
  kundeList,
  listKunden,
  readKundeFilter,
  updateKunden,
  writeKundeFilter,
} from "./kunde.resource.ts";
import { Umschalter } from "./Umschalter.tsx";

/* The quick search and the selection bar load after the table (kunde.list.extras.tsx). */
const ladeExtras = () => import("./kunde.list.extras.tsx");
const KundeSearchField = lazy(async () => ({ default: (await ladeExtras()).KundeSearchField }));
const KundeAuswahlLeiste = lazy(async () => ({ default: (await ladeExtras()).KundeAuswahlLeiste }));

/**
 * /kunde_list/ (SPEC §2): customers and suppliers. Above the table the quick search (straight to a customer), the
 * filter customers / suppliers / all, "show deactivated" and the list's search box; rows can be selected and
 * activated or deactivated together (PUT kundeslist). A customer that others still use cannot be deleted: the
 * list offers to deactivate it instead.
 */
export function KundeList() {
  const { t } = useTranslation(["kunde", "crud"]);
  const problemMessage = useProblemMessage();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { confirm, dialog } = useConfirm();
  const search = useListSearchText();
  const applySearch = useApplyListSearch();
  const [filter, setFilterState] = useState<KundeFilter>(() => readKundeFilter());
  const [selected, setSelected] = useState<ReadonlyMap<number, TKundeZeile>>(new Map());

  const listQueryKey = useMemo(() => [...kundeKeys.lists(), filter, search] as const, [filter, search]);
  /** A row's name for dialogs: from the pages loaded (the generic table's queries) or the selection. */
  const nameOf = (id: number) => {
    const row =
      queryClient
        .getQueriesData<Page<KundeListRow>>({ queryKey: listQueryKey })
        .flatMap(([, page]) => page?.items ?? [])
        .find((candidate) => candidate.id === id) ?? selected.get(id);
    return row ? kundeList.label(row) : String(id);
  };

  const setFilter = (next: KundeFilter) => {
    writeKundeFilter(next);
    setFilterState(next);
    setSelected(new Map());
    // Another filter shows other rows: start again at page 1.
    void navigate({
      to: ".",
      search: ((previous: ListSearch) => ({ ...previous, page: undefined })) as never,
      replace: true,
    });
  };

  const refresh = () => queryClient.invalidateQueries({ queryKey: kundeKeys.all });

  const setAktiv = useMutation({
    mutationFn: ({ ids, aktiv }: { ids: number[]; aktiv: boolean }) =>
      updateKunden(ids.map((id) => ({ id, aktiv }))),
    onSuccess: (_, { aktiv }) => {
      notifySuccess(t(aktiv ? "crud:toast.activated" : "crud:toast.deactivated"));
      setSelected(new Map());
    },
    onError: (error, { aktiv }) =>
      notifyFailure(
        t(aktiv ? "crud:toast.activateFailed" : "crud:toast.deactivateFailed"),
        problemMessage(error),
      ),
    onSettled: refresh,
  });

  /** After a refused delete: say why, and offer what is possible instead. */
  const offerDeactivate = async (id: number) => {
    const confirmed = await confirm({
      title: t("list.inUse.title"),
      message: t("list.inUse.text", { name: nameOf(id) }),
      confirmLabel: t("crud:action.deactivate"),
      danger: true,
    });
    if (confirmed) setAktiv.mutate({ ids: [id], aktiv: false });
  };

  const columns = useMemo(
    (): ListColumn<KundeListRow>[] => [
      auswahlSpalte<KundeListRow, TKundeZeile>(selected, setSelected, (row) =>
        t("list.select", { name: kundeList.label(row) }),
      ),
      // E-mail and phone share one column (sorted by the e-mail, its first line): the list fits 1280 px.
      ...kundeList.columns(t).flatMap((column): ListColumn<KundeListRow>[] => {
        if (column.field === "telnr") return [];
        if (column.field !== "email") return [column];
        return [
          {
            ...column,
            title: t("list.kontakt"),
            render: (row) => (
              <Stack gap={0}>
                {row.email && <Text size="sm">{row.email}</Text>}
                {row.telnr && (
                  <Text size="sm" c="dimmed">
                    {row.telnr}
                  </Text>
                )}
              </Stack>
            ),
          },
        ];
      }),
      {
        // Every row says its status (issue 21: the column was empty for active ones); sorted by it.
        field: "aktiv",
        title: t("list.status"),
        render: (row) =>
          row.aktiv ? (
            <Badge color="green" variant="light" size="sm" tt="none">
              {t("list.aktiv")}
            </Badge>
          ) : (
            <Badge color="gray" variant="light" size="sm" tt="none">
              {t("list.deaktiviert")}
            </Badge>
          ),
      },
    ],
    [t, selected],
  );

  // Rebuilt each render (cheap): the table reads it when drawing and when a delete is clicked.
  const definition: ListDefinition<KundeListRow> = {
    queryKey: listQueryKey,
    list: (query, signal) => listKunden(query, filter, search, signal),
    columns,
    defaultSort: kundeList.defaultSort,
    edit: (id) => kundeEditPath(id),
    remove: async (id) => {
      try {
        await deleteKunde(id);
      } catch (error) {
        // The generic table reports the refusal; the list adds what can be done instead.
        if (isApiError(error) && error.code === KUNDE_IN_USE) void offerDeactivate(id);
        throw error;
      }
    },
    label: kundeList.label,
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1}>{t("list.title")}</Title>
        <Group gap="sm">
          <Button component={Link} to={kundeEditPath("new")}>
            {t("list.newKunde")}
          </Button>
          <Button component={Link} to={kundeEditPath("new", true)} variant="default">
            {t("list.newLieferant")}
          </Button>
        </Group>
      </Group>

      <Group gap="md" align="center" justify="space-between">
        <Group gap="md" align="center">
          <Umschalter<KundeArt>
            label={t("list.filter.label")}
            hideLabel
            value={filter.art}
            onChange={(art) => setFilter({ ...filter, art })}
            data={[
              { value: "kunden", label: t("list.filter.kunden") },
              { value: "lieferanten", label: t("list.filter.lieferanten") },
              { value: "alle", label: t("list.filter.alle") },
            ]}
          />
          <Checkbox
            label={t("list.includeDeactivated")}
            checked={filter.includeDeactivated}
            onChange={(event) => setFilter({ ...filter, includeDeactivated: event.currentTarget.checked })}
          />
        </Group>
        {/* One search box (issue 21): typing filters the table; a hit in its list opens the customer, and
            nothing found offers quick create. */}
        <Box w={{ base: "100%", sm: 340 }}>
          <Suspense fallback={<TextInput aria-label={t("list.quickSearch")} disabled />}>
            <KundeSearchField
              label={t("list.quickSearch")}
              placeholder={t("list.searchPlaceholder")}
              lieferant={filter.art === "lieferanten"}
              includeDeactivated={filter.includeDeactivated}
              listText={search}
              onListText={applySearch}
              onChange={(kunde) => {
                if (kunde) void navigate({ to: kundeEditPath(kunde.id) });
              }}
            />
          </Suspense>
        </Box>
      </Group>

      <Suspense fallback={<div style={{ minHeight: 44 }} />}>
        <KundeAuswahlLeiste
          queryKey={listQueryKey}
          load={(query, signal) => listKunden(query, filter, search, signal)}
          selected={selected}
          onSelect={setSelected}
          pending={setAktiv.isPending ? setAktiv.variables?.aktiv : undefined}
          onAktiv={async (ids, aktiv) => {
            const confirmed = await confirm({
              title: t(aktiv ? "crud:confirm.activateTitle" : "crud:confirm.deactivateTitle"),
              message: t(aktiv ? "list.bulk.activateText" : "list.bulk.deactivateText", {
                count: ids.length,
              }),
              confirmLabel: t(aktiv ? "crud:action.activate" : "crud:action.deactivate"),
              danger: !aktiv,
            });
            if (confirmed) setAktiv.mutate({ ids, aktiv });
          }}
        />
      </Suspense>

      <EntityList definition={definition} />
      {dialog}
    </Stack>
  );
}
