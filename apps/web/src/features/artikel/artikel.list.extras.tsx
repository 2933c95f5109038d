import { DEFAULT_PAGE_SIZE, type SortOrder, sortParam } from "@kontor/domain/http/paging";
import { Button, Checkbox, Group, Paper, Text } from "@mantine/core";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useSearch } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import type { Page } from "../../app/api.ts";
import type { ListQuery } from "../../components/list/listTypes.ts";
import { type ListSearch, parseSort } from "../../components/list/listValues.ts";
import type { ArtikelListRow } from "./artikel.resource.ts";

/** The quick search loads after the table (it brings the combobox and its dialogs). */
export { ArtikelSearchSelect } from "./quick/ArtikelSearchSelect.tsx";

const SORTABLE = ["artikelNummer", "artikelBezeichnung", "lagerstand"] as const;
export const ARTIKEL_DEFAULT_SORT: SortOrder = { field: "artikelBezeichnung", direction: "asc" };

/** A change the selection bar sends for the chosen rows (PUT artikellist). */
export type ArtikelBulkAktion = "loeschen" | "wiederherstellen" | "sperren" | "entsperren";

/** Which rows an action changes: only those not already so. */
export function betroffen(rows: readonly ArtikelListRow[], aktion: ArtikelBulkAktion): number[] {
  const passt = (row: ArtikelListRow) => {
    switch (aktion) {
      case "loeschen":
        return !row.geloescht && !row.locked;
      case "wiederherstellen":
        return row.geloescht && !row.locked;
      case "sperren":
        return !row.locked;
      case "entsperren":
        return row.locked;
    }
  };
  return rows.filter(passt).map((row) => row.id);
}

/**
 * Above the article table: select every row of the page, and — with rows selected, on any page — mark them
 * deleted or restore them, lock or unlock them (PUT artikellist), or clear the selection.
 */
export function ArtikelAuswahlLeiste({
  queryKey,
  load,
  selected,
  onSelect,
  pending,
  onAktion,
}: {
  /** The list's query key prefix and call, as the generic table has them. */
  queryKey: readonly unknown[];
  load: (query: ListQuery, signal: AbortSignal) => Promise<Page<ArtikelListRow>>;
  selected: ReadonlyMap<number, ArtikelListRow>;
  onSelect: (next: ReadonlyMap<number, ArtikelListRow>) => void;
  pending: ArtikelBulkAktion | undefined;
  onAktion: (ids: number[], aktion: ArtikelBulkAktion) => void;
}) {
  const { t } = useTranslation(["artikel", "crud"]);
  // The page the table shows: the same query (key and call) as the generic table's, so no second request.
  const search: ListSearch = useSearch({ strict: false });
  const order: SortOrder = parseSort(search.sort, SORTABLE) ?? ARTIKEL_DEFAULT_SORT;
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
  const knopf = (aktion: ArtikelBulkAktion, danger = false) => {
    const ids = betroffen(chosen, aktion);
    return (
      <Button
        size="xs"
        variant="default"
        color={danger ? "red" : undefined}
        disabled={ids.length === 0}
        loading={pending === aktion}
        onClick={() => onAktion(ids, aktion)}
      >
        {t(`list.bulk.${aktion}`)}
      </Button>
    );
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
            {knopf("loeschen", true)}
            {knopf("wiederherstellen")}
            {knopf("sperren")}
            {knopf("entsperren")}
            <Button size="xs" variant="subtle" onClick={() => onSelect(new Map())}>
              {t("list.bulk.clear")}
            </Button>
          </Group>
        )}
      </Group>
    </Paper>
  );
}
