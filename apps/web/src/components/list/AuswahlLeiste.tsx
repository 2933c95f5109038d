import { DEFAULT_PAGE_SIZE, type SortOrder, sortParam } from "@kontor/domain/http/paging";
import { Button, Checkbox, Group, Paper, Text } from "@mantine/core";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useSearch } from "@tanstack/react-router";
import type { ReactNode } from "react";
import type { Page } from "../../app/api.ts";
import type { ListQuery } from "./listTypes.ts";
import { type ListSearch, parseSort } from "./listValues.ts";

/**
 * Above a list's table (customers, articles): select every row of the page, and — with rows selected, on any
 * page — the bulk actions (`children`, given the chosen rows) and clearing the selection. Reads the page the table
 * shows by the same query (key and call) as the generic table's, so no second request.
 */
export function AuswahlLeiste<Row extends { id: number }, S extends Row = Row>({
  queryKey,
  load,
  sortable,
  defaultSort,
  selected,
  onSelect,
  texte,
  children,
}: {
  /** The list's query key prefix and call, as the generic table has them. */
  queryKey: readonly unknown[];
  load: (query: ListQuery, signal: AbortSignal) => Promise<Page<S>>;
  sortable: readonly string[];
  defaultSort: SortOrder;
  selected: ReadonlyMap<number, Row>;
  onSelect: (next: ReadonlyMap<number, Row>) => void;
  texte: { selectPage: string; ausgewaehlt: (count: number) => string; leeren: string };
  /** The action buttons for the chosen rows. */
  children: (chosen: Row[]) => ReactNode;
}) {
  const search: ListSearch = useSearch({ strict: false });
  const order: SortOrder = parseSort(search.sort, sortable) ?? defaultSort;
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
          label={texte.selectPage}
          checked={rows.length > 0 && onPage === rows.length}
          indeterminate={onPage > 0 && onPage < rows.length}
          disabled={rows.length === 0}
          onChange={(event) => selectPage(event.currentTarget.checked)}
        />
        {chosen.length > 0 && (
          <Group gap="sm">
            <Text size="sm" fw={500} aria-live="polite">
              {texte.ausgewaehlt(chosen.length)}
            </Text>
            {children(chosen)}
            <Button size="xs" variant="subtle" onClick={() => onSelect(new Map())}>
              {texte.leeren}
            </Button>
          </Group>
        )}
      </Group>
    </Paper>
  );
}
