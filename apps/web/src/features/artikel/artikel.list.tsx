import { Badge, Box, Button, Checkbox, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Link, useLocation, useNavigate } from "@tanstack/react-router";
import { lazy, Suspense, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError, type Page } from "../../app/api.ts";
import { useShellAccess } from "../../app/shell/useShellAccess.ts";
import { useConfirm } from "../../components/dialogs/ConfirmDialog.tsx";
import { notifyFailure, notifySuccess } from "../../components/feedback/notify.ts";
import { saveBlob } from "../../components/files/files.ts";
import { formatMoney, formatPercent, formatQuantity } from "../../components/format/format.ts";
import { auswahlSpalte } from "../../components/list/auswahlSpalte.tsx";
import { EntityList } from "../../components/list/EntityList.tsx";
import { useApplyListSearch, useListSearchText } from "../../components/list/ListSearchInput.tsx";
import type { ListColumn, ListDefinition } from "../../components/list/listTypes.ts";
import type { ListSearch } from "../../components/list/listValues.ts";
import { useProblemMessage } from "../../components/problemMessage.ts";
import {
  ARTIKEL_IN_USE,
  type ArtikelListRow,
  artikelEditPath,
  artikelKeys,
  deleteArtikel,
  fetchArtikelExcel,
  listArtikel,
  updateArtikel,
} from "./artikel.resource.ts";

/* The quick search and the selection bar load after the table (artikel.list.extras.tsx). */
const ladeExtras = () => import("./artikel.list.extras.tsx");
const ArtikelSearchField = lazy(async () => ({ default: (await ladeExtras()).ArtikelSearchField }));
const ArtikelAuswahlLeiste = lazy(async () => ({ default: (await ladeExtras()).ArtikelAuswahlLeiste }));

type BulkAktion = "loeschen" | "wiederherstellen" | "sperren" | "entsperren";
const PATCH: Record<BulkAktion, { geloescht?: boolean; locked?: boolean }> = {
  loeschen: { geloescht: true },
  wiederherstellen: { geloescht: false },
  sperren: { locked: true },
  entsperren: { locked: false },
};

const GELOESCHT_KEY = "kontor.tenant.artikel.geloescht";
const readGeloescht = () => {
  try {
    return globalThis.sessionStorage?.getItem(GELOESCHT_KEY) === "true";
  } catch {
    return false;
  }
};

/**
 * /artikel_list/ (SPEC §2): the articles, paged and sorted on the server. Above the table the quick search
 * (straight to an article), "show deleted", the list's search box and the Excel export; with ROLE_ARTIKEL_WRITE
 * rows can be selected and marked deleted / restored, locked / unlocked together (PUT artikellist). An article
 * that others still use cannot be deleted: the list offers to mark it deleted instead.
 */
export function ArtikelList() {
  const { t } = useTranslation(["artikel", "crud"]);
  const problemMessage = useProblemMessage();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { href } = useLocation();
  const access = useShellAccess();
  const schreiben = access.can("artikelWrite");
  const { confirm, dialog } = useConfirm();
  const search = useListSearchText();
  const applySearch = useApplyListSearch();
  const [geloescht, setGeloeschtState] = useState(readGeloescht);
  const [selected, setSelected] = useState<ReadonlyMap<number, ArtikelListRow>>(new Map());

  const listQueryKey = useMemo(
    () => [...artikelKeys.lists(), { geloescht }, search] as const,
    [geloescht, search],
  );
  const load = (query: Parameters<typeof listArtikel>[0], signal: AbortSignal) =>
    listArtikel(query, { search, geloescht }, signal);

  const nameOf = (id: number) => {
    const row =
      queryClient
        .getQueriesData<Page<ArtikelListRow>>({ queryKey: listQueryKey })
        .flatMap(([, page]) => page?.items ?? [])
        .find((candidate) => candidate.id === id) ?? selected.get(id);
    return row ? row.artikelBezeichnung || row.artikelNummer : String(id);
  };

  const setGeloescht = (next: boolean) => {
    try {
      globalThis.sessionStorage?.setItem(GELOESCHT_KEY, String(next));
    } catch {
      // not remembered
    }
    setGeloeschtState(next);
    setSelected(new Map());
    void navigate({
      to: ".",
      search: ((previous: ListSearch) => ({ ...previous, page: undefined })) as never,
      replace: true,
    });
  };

  const refresh = () => queryClient.invalidateQueries({ queryKey: artikelKeys.all });

  const bulk = useMutation({
    mutationFn: ({ ids, aktion }: { ids: number[]; aktion: BulkAktion }) =>
      updateArtikel(ids.map((id) => ({ id, ...PATCH[aktion] }))),
    onSuccess: (_, { aktion }) => {
      notifySuccess(t(`list.bulk.done.${aktion}`));
      setSelected(new Map());
    },
    onError: (error) => notifyFailure(t("list.bulk.failed"), problemMessage(error)),
    onSettled: refresh,
  });

  const excel = useMutation({
    mutationFn: () =>
      fetchArtikelExcel(() => {
        void navigate({ to: "/login", search: { redirect: href }, replace: true });
      }),
    onSuccess: ({ blob, name }) => saveBlob(blob, name ?? "Artikel.xlsx"),
    onError: (error) => notifyFailure(t("list.excelFehler"), problemMessage(error)),
  });

  /** After a refused delete: say why, and offer what is possible instead. */
  const offerMarkDeleted = async (id: number) => {
    const confirmed = await confirm({
      title: t("list.inUse.title"),
      message: t("list.inUse.text", { name: nameOf(id) }),
      confirmLabel: t("list.inUse.confirm"),
      danger: true,
    });
    if (confirmed) bulk.mutate({ ids: [id], aktion: "loeschen" });
  };

  const columns = useMemo((): ListColumn<ArtikelListRow>[] => {
    const spalten: ListColumn<ArtikelListRow>[] = [
      { field: "artikelNummer", title: t("list.nr"), width: 90 },
      {
        field: "artikelBezeichnung",
        title: t("field.artikelBezeichnung"),
        // The deleted / locked markers beside the name (a column of their own would not fit).
        render: (row) => (
          <Group gap={6} wrap="wrap">
            <Text size="sm">{row.artikelBezeichnung}</Text>
            {row.locked && (
              <Badge color="orange" variant="light" size="sm" tt="none">
                {t("status.gesperrt")}
              </Badge>
            )}
            {row.geloescht && (
              <Badge color="gray" variant="light" size="sm" tt="none">
                {t("status.geloescht")}
              </Badge>
            )}
          </Group>
        ),
      },
      {
        field: "gruppe",
        title: t("list.gruppe"),
        render: (row) =>
          row.warengruppe || row.untergruppe ? (
            <Stack gap={0}>
              <Text size="sm">{row.warengruppe ?? ""}</Text>
              {row.untergruppe ? (
                <Text c="dimmed" size="xs">
                  {row.untergruppe}
                </Text>
              ) : null}
            </Stack>
          ) : null,
      },
      {
        field: "preis",
        title: t("list.preis"),
        textAlign: "right",
        width: 100,
        render: (row) => formatMoney(row.preis),
      },
      {
        field: "mwst",
        title: t("list.mwst"),
        textAlign: "right",
        width: 75,
        render: (row) => formatPercent(row.mwst),
      },
      {
        field: "lagerstand",
        title: t("field.lagerstand"),
        textAlign: "right",
        width: 110,
        render: (row) => formatQuantity(row.lagerstand),
      },
      { field: "verleihbar", title: t("field.verleihbar"), textAlign: "center", width: 110 },
    ];
    if (!schreiben) return spalten;
    return [
      auswahlSpalte(selected, setSelected, (row) => t("list.select", { name: row.artikelBezeichnung })),
      ...spalten,
    ];
  }, [t, selected, schreiben]);

  const definition: ListDefinition<ArtikelListRow> = {
    queryKey: listQueryKey,
    list: load,
    columns,
    defaultSort: { field: "artikelBezeichnung", direction: "asc" },
    edit: (id) => artikelEditPath(id),
    ...(schreiben
      ? {
          remove: async (id: number) => {
            try {
              await deleteArtikel(id);
            } catch (error) {
              // The generic table reports the refusal; the list adds what can be done instead.
              if (isApiError(error) && error.code === ARTIKEL_IN_USE) void offerMarkDeleted(id);
              throw error;
            }
          },
        }
      : {}),
    label: (row) => row.artikelBezeichnung || row.artikelNummer,
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1}>{t("list.title")}</Title>
        <Group gap="sm">
          <Button variant="default" loading={excel.isPending} onClick={() => excel.mutate()}>
            {t("list.excel")}
          </Button>
          {schreiben && (
            <Button component={Link} to={artikelEditPath("new")}>
              {t("list.neu")}
            </Button>
          )}
        </Group>
      </Group>

      <Group gap="md" align="center" justify="space-between">
        <Checkbox
          label={t("list.geloeschteAnzeigen")}
          checked={geloescht}
          onChange={(event) => setGeloescht(event.currentTarget.checked)}
        />
        {/* One search box (issue 21): typing filters the table; a hit in its list opens the article, and
            nothing found offers quick create. */}
        <Box w={{ base: "100%", sm: 400 }}>
          <Suspense fallback={<TextInput aria-label={t("list.quickSearch")} disabled />}>
            <ArtikelSearchField
              label={t("list.quickSearch")}
              placeholder={t("list.searchPlaceholder")}
              withDetailSearch
              withQrScan
              allowCreate={schreiben}
              listText={search}
              onListText={applySearch}
              onChange={(artikel) => {
                if (artikel) void navigate({ to: artikelEditPath(artikel.id) });
              }}
            />
          </Suspense>
        </Box>
      </Group>

      {schreiben && (
        <Suspense fallback={<div style={{ minHeight: 44 }} />}>
          <ArtikelAuswahlLeiste
            queryKey={listQueryKey}
            load={load}
            selected={selected}
            onSelect={setSelected}
            pending={bulk.isPending ? bulk.variables?.aktion : undefined}
            onAktion={async (ids, aktion) => {
              if (aktion === "loeschen") {
                const confirmed = await confirm({
                  title: t("list.bulk.loeschenTitel"),
                  message: t("list.bulk.loeschenText", { count: ids.length }),
                  confirmLabel: t("list.bulk.loeschen"),
                  danger: true,
                });
                if (!confirmed) return;
              }
              bulk.mutate({ ids, aktion });
            }}
          />
        </Suspense>
      )}

      <EntityList definition={definition} />
      {dialog}
    </Stack>
  );
}
