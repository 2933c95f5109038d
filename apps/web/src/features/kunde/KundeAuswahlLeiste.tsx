import { DEFAULT_PAGE_SIZE, type SortOrder, sortParam } from "@kontor/domain/http/paging";
import type { TKundeZeile } from "@kontor/domain/kunde/kunde.api";
import { Button, Checkbox, Group, Paper, Text } from "@mantine/core";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useSearch } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import type { Page } from "../../app/api.ts";
import type { ListQuery } from "../../components/list/listTypes.ts";
import { type ListSearch, parseSort } from "../../components/list/listValues.ts";
import { type KundeListRow, kundeList } from "./kunde.resource.ts";

const SORTABLE = ["kundenNummer", "sortname", "plz", "ort"] as const;

/**
 * Above the customer table: select every row of the page, and — with rows selected, on any page — activate or
 * deactivate them together (PUT kundeslist) or clear the selection.
 */
export function KundeAuswahlLeiste({
  queryKey,
  load,
  selected,
  onSelect,
  pending,
  onAktiv,
}: {
  /** The list's query key prefix and call, as the generic table has them. */
  queryKey: readonly unknown[];
  load: (query: ListQuery, signal: AbortSignal) => Promise<Page<KundeListRow>>;
  selected: ReadonlyMap<number, TKundeZeile>;
  onSelect: (next: ReadonlyMap<number, TKundeZeile>) => void;
  /** Which change is being sent (activate true, deactivate false), if any. */
  pending: boolean | undefined;
  /** Change these customers (only those not already so). */
  onAktiv: (ids: number[], aktiv: boolean) => void;
}) {
  const { t } = useTranslation(["kunde", "crud"]);
  // The page the table shows: the same query (key and call) as the generic table's, so no second request.
  const search: ListSearch = useSearch({ strict: false });
  const order: SortOrder = parseSort(search.sort, SORTABLE) ?? kundeList.defaultSort;
  const page = search.page ?? 1;
  const current = useQuery({
    queryKey: [...queryKey, { page, size: DEFAULT_PAGE_SIZE, sort: sortParam(order) }],
    queryFn: ({ signal }) => load({ page: page - 1, size: DEFAULT_PAGE_SIZE, sort: [order] }, signal),
    placeholderData: keepPreviousData,
  });
  const rows = current.data?.items ?? [];
  const onPage = rows.filter((row) => selected.has(row.id)).length;
  const chosen = [...selected.values()];
  const selectPage = (checked: boolean) => {
    const next = new Map(selected);
    for (const row of rows) {
      if (checked) next.set(row.id, row);
      else next.delete(row.id);
    }
    onSelect(next);
  };
  const change = (aktiv: boolean) => {
    const ids = chosen.filter((row) => row.aktiv !== aktiv).map((row) => row.id);
    if (ids.length > 0) onAktiv(ids, aktiv);
  };

  return (
    <Paper
      withBorder={chosen.length > 0}
      radius="md"
      px="md"
      py={4}
      bg={chosen.length > 0 ? "var(--mantine-color-blue-light)" : "transparent"}
    >
      <Group gap="md" justify="space-between" mih={36}>
        <Checkbox
          label={t("list.selectPage")}
          checked={rows.length > 0 && onPage === rows.length}
          indeterminate={onPage > 0 && onPage < rows.length}
          disabled={rows.length === 0}
          onChange={(event) => selectPage(event.currentTarget.checked)}
        />
        {chosen.length > 0 && (
          <Group gap="sm">
            <Text size="sm" fw={500} aria-live="polite">
              {t("list.bulk.selected", { count: chosen.length })}
            </Text>
            <Button
              size="xs"
              variant="default"
              disabled={!chosen.some((row) => !row.aktiv)}
              loading={pending === true}
              onClick={() => change(true)}
            >
              {t("crud:action.activate")}
            </Button>
            <Button
              size="xs"
              variant="default"
              color="red"
              disabled={!chosen.some((row) => row.aktiv)}
              loading={pending === false}
              onClick={() => change(false)}
            >
              {t("crud:action.deactivate")}
            </Button>
            <Button size="xs" variant="subtle" onClick={() => onSelect(new Map())}>
              {t("list.bulk.clear")}
            </Button>
          </Group>
        )}
      </Group>
    </Paper>
  );
}
